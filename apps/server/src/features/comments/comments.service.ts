import type { Comment, Discovery } from '@hr/contracts/kpi';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import type { RealtimeHub } from '../../lib/realtime';
import { photoUrls } from '../../lib/signed-urls';
import { hmac, safeEqualHex } from '../../lib/tokens';
import {
  type CommentRow,
  commentsRepository as repo,
  type ThreadAccess,
  type ThreadKind,
} from './comments.repository';

/** How long a realtime token lasts; the client asks for a new one when it reconnects. */
export const REALTIME_TOKEN_SECONDS = 300;
const STATUS_DRAFT = 1;

/** Who holds a realtime token: an employee, and whether they are an HR administrator. */
export interface Subscriber {
  employeeId: number;
  isAdmin: boolean;
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
   * New comments read for the open windows of this process: one read per
   * comment, however many windows follow its thread (with 500 windows on one
   * thread, a read each put 145 ms between a comment and its readers).
   */
  private readonly fresh = new Map<number, Promise<CommentRow | null>>();

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly hub: RealtimeHub,
  ) {}

  private readNew(id: number): Promise<CommentRow | null> {
    let row = this.fresh.get(id);
    if (!row) {
      row = repo.one(this.db, id);
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

  /** The one access rule of every thread. */
  private async access(who: Subscriber, kind: ThreadKind, id: number): Promise<ThreadAccess> {
    const access = await repo.access(this.db, kind, id);
    if (!access) throw domainError('kpi_item_not_found', { item: ITEM_NAMES[kind] });
    const mine =
      who.isAdmin ||
      access.employeeId === who.employeeId ||
      access.lineManagerId === who.employeeId ||
      access.oneOverOneId === who.employeeId;
    if (!mine) throw domainError('comment_forbidden');
    if (access.statusId <= STATUS_DRAFT) throw domainError('comments_closed');
    return access;
  }

  async list(auth: AuthContext, kind: ThreadKind, id: number, after = 0): Promise<Comment[]> {
    await this.access(auth, kind, id);
    return (await repo.thread(this.db, kind, id, after)).map((r) => this.toComment(r));
  }

  async post(auth: AuthContext, kind: ThreadKind, id: number, text: string): Promise<Comment> {
    const access = await this.access(auth, kind, id);
    if (access.removed) throw domainError('comment_item_removed');
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

  /** `GET discovery/employee`: the realtime channel in the fields SPEC.md names, with a token for the caller. */
  discovery(auth: AuthContext): Discovery {
    const expires = Math.floor(Date.now() / 1000) + REALTIME_TOKEN_SECONDS;
    const body = `${auth.employeeId}.${auth.isAdmin ? 1 : 0}.${expires}`;
    return {
      api_key: 'hr-portal',
      url: '/api/v1/realtime/comments',
      ref: 'comments',
      project_id: 'hr-portal',
      token: `${body}.${hmac(this.secret, `realtime:${body}`)}`,
    };
  }

  /** The holder of a realtime token, or a 401 when it is forged or expired. */
  subscriber(token: string | undefined): Subscriber {
    const match = /^(\d{1,10})\.([01])\.(\d{1,12})\.([0-9a-f]{64})$/.exec(token ?? '');
    if (!match) throw domainError('realtime_token_invalid');
    const [, employeeId, admin, expires, signature] = match;
    const body = `${employeeId}.${admin}.${expires}`;
    if (!safeEqualHex(hmac(this.secret, `realtime:${body}`), signature!))
      throw domainError('realtime_token_invalid');
    if (Number(expires) < Date.now() / 1000) throw domainError('realtime_token_invalid');
    return { employeeId: Number(employeeId), isAdmin: admin === '1' };
  }

  /**
   * Opens a subscription to threads: checks each with the access rule, and
   * answers what was missed since `after` and a way to follow new comments.
   */
  async subscribe(
    who: Subscriber,
    threads: { kind: ThreadKind; id: number }[],
    after: number,
    send: (comment: Comment & { thread: { kind: ThreadKind; id: number } }) => void,
  ): Promise<() => void> {
    for (const t of threads) await this.access(who, t.kind, t.id);
    const wanted = new Set(threads.map((t) => `${t.kind}:${t.id}`));
    let last = after;
    const deliver = (row: CommentRow) => {
      if (row.id <= last) return;
      last = row.id;
      send({ ...this.toComment(row), thread: { kind: row.kind as ThreadKind, id: row.thread } });
    };
    // Follow first, then catch up, so nothing falls between the two; `last` drops repeats.
    const pending: number[] = [];
    let caughtUp = false;
    let queue: Promise<void> = Promise.resolve();
    const stop = this.hub.subscribe((notice) => {
      if (!wanted.has(`${notice.kind}:${notice.thread}`)) return;
      if (!caughtUp) {
        pending.push(notice.id);
        return;
      }
      // One after another, so that comments go out in the order they were made.
      queue = queue
        .then(async () => {
          const row = await this.readNew(notice.id);
          if (row) deliver(row);
        })
        // A failed read loses this push only (the window catches up when it reconnects), not the ones after.
        .catch(() => undefined);
    });
    if (after > 0 && threads.length > 0)
      for (const row of await repo.threads(this.db, threads, after)) deliver(row);
    caughtUp = true;
    for (const id of pending) {
      const row = await this.readNew(id);
      if (row) deliver(row);
    }
    return stop;
  }
}
