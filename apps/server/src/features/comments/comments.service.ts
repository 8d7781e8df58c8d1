import type { ErrorCode } from '@hr/contracts/error-codes';
import type { Comment, Discovery } from '@hr/contracts/kpi';
import type { Db } from '../../db/client';
import { type AuthContext, asSomeoneElse } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import { notify } from '../../lib/notifications';
import {
  COMMENTS_CHANNEL,
  type CommentNotice,
  type RealtimeHub,
  realtimeSubscriber,
  realtimeToken,
  type Subscriber,
} from '../../lib/realtime';
import { photoUrls } from '../../lib/signed-urls';
import {
  type CommentRow,
  commentsRepository as repo,
  type ThreadAccess,
  type ThreadKind,
} from './comments.repository';

export type { Subscriber };

const STATUS_DRAFT = 1;

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
    const commentId = await this.db.transaction(async (tx) => {
      const added = await repo.add(tx, {
        threadKind: kind,
        threadId: id,
        rootKind: access.rootKind,
        rootId: access.rootId,
        employeeId: auth.employeeId,
        body: text,
      });
      // The sheet's employee hears of a comment someone else made on it (docs/decisions.md, "Notifications").
      await notify(tx, {
        recipients: [access.employeeId],
        event: 'comment',
        module: access.rootKind,
        recordId: access.rootId,
        actorEmployeeId: auth.employeeId,
      });
      return added;
    });
    return this.toComment((await repo.one(this.db, commentId))!);
  }

  /**
   * `GET discovery/employee`: the realtime channel in the fields SPEC.md
   * names, with a token bound to the caller's session: it opens the
   * session's streams (a chat's, the bell's: lib/realtime.ts) only while
   * that session holds.
   */
  discovery(auth: AuthContext): Discovery {
    return {
      api_key: 'hr-portal',
      url: '/api/v1/realtime/comments',
      ref: 'comments',
      project_id: 'hr-portal',
      token: realtimeToken(this.secret, auth.sessionId),
    };
  }

  /**
   * Who a realtime token is for: its session, when the token is genuine and
   * fresh (else 401 `realtime_token_invalid`) and the session holds as a
   * bearer token's would (else 401 `session_invalid`).
   */
  subscriber(token: string | undefined): Promise<Subscriber> {
    return realtimeSubscriber(this.db, this.secret, token);
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
    const stop = this.hub.subscribe(COMMENTS_CHANNEL, (notice) => {
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
