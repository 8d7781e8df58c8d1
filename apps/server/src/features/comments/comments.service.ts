import type { ErrorCode } from '@hr/contracts/error-codes';
import type { Comment, Discovery } from '@hr/contracts/kpi';
import type { Db } from '../../db/client';
import { findSessionById } from '../../lib/auth';
import { type AuthContext, asSomeoneElse } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import type { CommentNotice, RealtimeHub } from '../../lib/realtime';
import { photoUrls } from '../../lib/signed-urls';
import { hmac, safeEqualHex } from '../../lib/tokens';
import {
  type CommentRow,
  commentsRepository as repo,
  type ThreadAccess,
  type ThreadKind,
} from './comments.repository';

/** How long a realtime token may wait to open a stream; the client asks for a new one when it reconnects. */
export const REALTIME_TOKEN_SECONDS = 300;
const STATUS_DRAFT = 1;

/**
 * Who follows a stream: the session its token was issued for, and that
 * session's employee and administrator flag (kept current while the stream
 * is open: lib/realtime.ts).
 */
export interface Subscriber {
  sessionId: number;
  employeeId: number;
  isAdmin: boolean;
}

/** A new comment and what decides who may read it, read once for every window of this process. */
interface Fresh {
  row: CommentRow | null;
  access: ThreadAccess | null;
}

/** Why a thread is refused to `who`, or null when they may read it: the one access rule of every thread. */
function refusal(
  who: Pick<Subscriber, 'employeeId' | 'isAdmin'>,
  access: ThreadAccess | null,
): 'kpi_item_not_found' | 'comment_forbidden' | 'comments_closed' | null {
  if (!access) return 'kpi_item_not_found';
  const mine =
    who.isAdmin ||
    access.employeeId === who.employeeId ||
    access.lineManagerId === who.employeeId ||
    access.oneOverOneId === who.employeeId;
  if (!mine) return 'comment_forbidden';
  if (access.statusId <= STATUS_DRAFT) return 'comments_closed';
  return null;
}

const ITEM_NAMES: Record<ThreadKind, string> = {
  kpi: 'KPI sheet',
  kpi_objective: 'objective',
  kpi_objective_kpi: 'KPI',
};

/**
 * Comments (DESIGN.md §6): rows in PostgreSQL, read and written only by the
 * record's employee, its stored line manager and O&O and HR administrators,
 * once the record has left Draft; new ones pushed to open windows through
 * the realtime hub.
 */
/** How long a new comment's row is kept for the windows that follow its thread. */
const FRESH_MS = 5_000;

export class CommentsService {
  /**
   * New comments read for the open windows of this process, with their
   * thread's access row: one read of each per comment, however many windows
   * follow its thread (with 500 windows on one thread, a read each put 145 ms
   * between a comment and its readers).
   */
  private readonly fresh = new Map<number, Promise<Fresh>>();

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly hub: RealtimeHub,
  ) {}

  private readNew(id: number, kind: ThreadKind, thread: number): Promise<Fresh> {
    let row = this.fresh.get(id);
    if (!row) {
      row = Promise.all([repo.one(this.db, id), repo.access(this.db, kind, thread)]).then(
        ([one, access]) => ({ row: one, access }),
      );
      this.fresh.set(id, row);
      // The windows that follow the thread ask within moments; a reconnect later reads the thread itself.
      setTimeout(() => this.fresh.delete(id), FRESH_MS).unref();
      row.catch(() => this.fresh.delete(id));
    }
    return row;
  }

  toComment(row: CommentRow): Comment {
    return {
      id: row.id,
      comment: row.body,
      employee: {
        id: row.employeeId,
        name: row.name,
        photo: photoUrls(this.secret, row.employeeId, row.photoVersion),
      },
      sentAt: row.createdAt.toISOString(),
    };
  }

  /** A thread's access row, when `who` may read it (`refusal`); else its refusal. */
  private async access(
    who: Pick<Subscriber, 'employeeId' | 'isAdmin'>,
    kind: ThreadKind,
    id: number,
  ): Promise<ThreadAccess> {
    const access = await repo.access(this.db, kind, id);
    const refused = refusal(who, access);
    if (refused === 'kpi_item_not_found') throw domainError(refused, { item: ITEM_NAMES[kind] });
    if (refused) throw domainError(refused);
    return access!;
  }

  async list(auth: AuthContext, kind: ThreadKind, id: number, after = 0): Promise<Comment[]> {
    await this.access(auth, kind, id);
    return (await repo.thread(this.db, kind, id, after)).map((r) => this.toComment(r));
  }

  async post(auth: AuthContext, kind: ThreadKind, id: number, text: string): Promise<Comment> {
    const access = await this.access(auth, kind, id);
    if (access.removed) throw domainError('comment_item_removed');
    // A comment is a message to others: nobody writes one in someone else's name.
    if (asSomeoneElse(auth)) throw domainError('impersonation_no_comment');
    const commentId = await repo.add(this.db, {
      threadKind: kind,
      threadId: id,
      rootKind: access.rootKind,
      rootId: access.rootId,
      employeeId: auth.employeeId,
      body: text,
    });
    return this.toComment((await repo.one(this.db, commentId))!);
  }

  /**
   * `GET discovery/employee`: the realtime channel in the fields SPEC.md
   * names, with a token bound to the caller's session: it opens a stream
   * only while that session holds.
   */
  discovery(auth: AuthContext): Discovery {
    const expires = Math.floor(Date.now() / 1000) + REALTIME_TOKEN_SECONDS;
    const body = `${auth.sessionId}.${expires}`;
    return {
      api_key: 'hr-portal',
      url: '/api/v1/realtime/comments',
      ref: 'comments',
      project_id: 'hr-portal',
      token: `${body}.${hmac(this.secret, `realtime-session:${body}`)}`,
    };
  }

  /**
   * Who a realtime token is for: its session, when the token is genuine and
   * fresh (else 401 `realtime_token_invalid`) and the session holds as a
   * bearer token's would (else 401 `session_invalid`).
   */
  async subscriber(token: string | undefined): Promise<Subscriber> {
    const match = /^(\d{1,15})\.(\d{1,12})\.([0-9a-f]{64})$/.exec(token ?? '');
    if (!match) throw domainError(token ? 'realtime_token_invalid' : 'unauthorized');
    const [, sessionId, expires, signature] = match;
    const body = `${sessionId}.${expires}`;
    if (!safeEqualHex(hmac(this.secret, `realtime-session:${body}`), signature!))
      throw domainError('realtime_token_invalid');
    if (Number(expires) < Date.now() / 1000) throw domainError('realtime_token_invalid');
    const session = await findSessionById(this.db, Number(sessionId));
    if (!session) throw domainError('session_invalid');
    return { sessionId: session.sessionId, employeeId: session.employeeId, isAdmin: session.isAdmin };
  }

  /**
   * Opens a subscription to threads: checks each with the access rule, and
   * answers what was missed since `after` (0: the window holds none yet, so
   * every comment; null: no catching up) and a way to follow new comments.
   * Each new comment's thread is checked again, for this subscriber as they
   * are then (`who` is read at each comment), before it is sent: a window
   * that lost a thread (the sheet moved to another line manager...) gets
   * `end` with the refusal's code instead, and nothing more.
   */
  async subscribe(
    who: Pick<Subscriber, 'employeeId' | 'isAdmin'>,
    threads: { kind: ThreadKind; id: number }[],
    after: number | null,
    to: {
      send: (comment: Comment & { thread: { kind: ThreadKind; id: number } }) => void;
      end: (code: ErrorCode) => void;
    },
  ): Promise<() => void> {
    for (const t of threads) await this.access(who, t.kind, t.id);
    const wanted = new Set(threads.map((t) => `${t.kind}:${t.id}`));
    let last = after ?? 0;
    let ended = false;
    const deliver = (row: CommentRow) => {
      if (ended || row.id <= last) return;
      last = row.id;
      to.send({ ...this.toComment(row), thread: { kind: row.kind as ThreadKind, id: row.thread } });
    };
    /** A new comment, once its thread is still the subscriber's. */
    const deliverNew = (fresh: Fresh) => {
      if (ended || !fresh.row) return;
      const refused = refusal(who, fresh.access);
      if (refused) {
        ended = true;
        stop();
        to.end(refused);
        return;
      }
      deliver(fresh.row);
    };
    // Follow first, then catch up, so nothing falls between the two; `last` drops repeats.
    const pending: CommentNotice[] = [];
    let caughtUp = false;
    let queue: Promise<void> = Promise.resolve();
    const stop = this.hub.subscribe((notice) => {
      if (ended || !wanted.has(`${notice.kind}:${notice.thread}`)) return;
      if (!caughtUp) {
        pending.push(notice);
        return;
      }
      // One after another, so that comments go out in the order they were made.
      queue = queue
        .then(async () => deliverNew(await this.readNew(notice.id, notice.kind as ThreadKind, notice.thread)))
        // A failed read loses this push only (the window catches up when it reconnects), not the ones after.
        .catch(() => undefined);
    });
    if (after !== null && threads.length > 0)
      for (const row of await repo.threads(this.db, threads, after)) deliver(row);
    caughtUp = true;
    for (const notice of pending)
      deliverNew(await this.readNew(notice.id, notice.kind as ThreadKind, notice.thread));
    return () => {
      ended = true;
      stop();
    };
  }
}
