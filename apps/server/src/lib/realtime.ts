import type { ErrorCode } from '@hr/contracts/error-codes';
import { and, desc, eq, getTableName, gt, notInArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { STREAMS_PER_PERSON } from '../config';
import type { Database, Db } from '../db/client';
import { realtimeStreams } from '../db/schema';
import { heldSessions } from './auth';

/** The channel new comments are announced on, in the inserting transaction (`pg_notify`). */
export const COMMENTS_CHANNEL = 'hr_comments';

/** What a notification names: the comment and its thread. */
export interface CommentNotice {
  id: number;
  kind: string;
  thread: number;
}

type Listener = (notice: CommentNotice) => void;

/**
 * The fan-out of new comments to the open chat windows of this process
 * (DESIGN.md §6). Every process LISTENs on one PostgreSQL channel and a
 * comment is NOTIFY'd in the transaction that inserts it, so it reaches the
 * windows of every API process once committed, and never when rolled back.
 * PGlite (one process) has the same LISTEN/NOTIFY, so there is one path.
 */
export class RealtimeHub {
  private readonly listeners = new Set<Listener>();
  private client: pg.Client | null = null;
  private stopPglite: (() => Promise<void>) | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  /** The streams open on this process, each bound to its session (below). */
  readonly streams: RealtimeStreams;

  constructor(
    private readonly database: Database,
    options: StreamOptions = {},
  ) {
    this.streams = new RealtimeStreams(database.db, options);
  }

  /** Starts listening; resolves once the listener is in place. */
  async start(): Promise<void> {
    this.streams.start();
    if (this.database.pglite) {
      this.stopPglite = await this.database.pglite.listen(COMMENTS_CHANNEL, (payload) =>
        this.dispatch(payload),
      );
      return;
    }
    if (this.database.url) await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped || !this.database.url) return;
    const client = new pg.Client({ connectionString: this.database.url });
    const again = () => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => {});
      // A dropped connection is opened again; comments sent meanwhile are read on the clients' reconnect.
      if (!this.stopped) this.retry = setTimeout(() => void this.connect().catch(again), 1000);
    };
    client.on('error', again);
    client.on('end', again);
    client.on('notification', (message) => {
      if (message.channel === COMMENTS_CHANNEL && message.payload) this.dispatch(message.payload);
    });
    this.client = client;
    await client.connect();
    await client.query(`LISTEN ${COMMENTS_CHANNEL}`);
  }

  private dispatch(payload: string) {
    let notice: CommentNotice;
    try {
      notice = JSON.parse(payload) as CommentNotice;
    } catch {
      return;
    }
    for (const listener of this.listeners) listener(notice);
  }

  /** Calls `listener` for every new comment until the returned function is called. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.streams.stop();
    if (this.retry) clearTimeout(this.retry);
    this.listeners.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
    await this.stopPglite?.().catch(() => {});
  }
}

/** How often a process checks its open streams. */
export const STREAM_CHECK_MS = 2_000;
/** A stream row not seen for this long belongs to a process that died: it is not counted. */
export const STREAM_STALE_SECONDS = 30;
const STREAM_SESSION = sql`${sql.identifier(getTableName(realtimeStreams))}.${sql.identifier('session_id')}`;

export interface StreamOptions {
  /** How often this process checks its open streams, in ms (tests make it short). */
  checkEveryMs?: number;
  /** Streams one person may hold open; opening one more ends the oldest. */
  perPerson?: number;
  /** Told of a check that failed (the streams stay open until the next one). */
  onError?: (err: unknown) => void;
}

/** An open stream as its route holds it. */
export interface OpenStream {
  /** The session it belongs to, and whose it is. */
  sessionId: number;
  employeeId: number;
  /** The session's administrator flag, kept current by each check. */
  isAdmin: boolean;
  /**
   * Ends the stream: with a final event naming `code` (the client stops), or
   * with none (`null`: this process is closing; the client opens it again
   * on another).
   */
  end(code: ErrorCode | null): void;
}

/**
 * The realtime streams of this process, each a row of `realtime_streams`
 * bound to the session its token was issued for, so that every process sees
 * them all (DESIGN.md §14):
 *
 * - opening one locks the person, adds the row and drops the person's rows
 *   beyond `perPerson` (the oldest) in one transaction, so opens at once on
 *   several processes still leave at most `perPerson`;
 * - every `checkEveryMs` (one check at a time; none while no stream is open)
 *   one statement moves `seen_at` on for the rows of this process whose
 *   session still holds by the bearer token's rules (lib/auth.ts); a stream
 *   whose row is gone (dropped by a newer one) or whose session ended
 *   (logout, expiry, a new password, a disabled employee) is ended with a
 *   final event saying why;
 * - closing one deletes its row; the rows of a process that died stop moving
 *   and are not counted after `STREAM_STALE_SECONDS`.
 */
export class RealtimeStreams {
  private readonly open = new Map<number, OpenStream>();
  private readonly checkEveryMs: number;
  private readonly perPerson: number;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly options: StreamOptions = {},
  ) {
    this.checkEveryMs = options.checkEveryMs ?? STREAM_CHECK_MS;
    this.perPerson = options.perPerson ?? STREAMS_PER_PERSON;
  }

  get size(): number {
    return this.open.size;
  }

  /** Starts the periodic check. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule();
  }

  /** The next check, once the last one is over: checks never pile up. */
  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.checking = this.check()
        .catch((err) => this.options.onError?.(err))
        .finally(() => {
          this.checking = null;
          this.schedule();
        });
    }, this.checkEveryMs);
    this.timer.unref();
  }

  /**
   * Adds a stream of a session: its row, after dropping the person's oldest
   * beyond the limit. Answers its id (for `close`).
   */
  async add(stream: OpenStream): Promise<number> {
    const { db, perPerson } = this;
    const id = await db.transaction(async (tx) => {
      // One open at a time per person, on every process: the limit below counts what the others added.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('realtime_streams'), ${stream.employeeId})`);
      const [row] = await tx
        .insert(realtimeStreams)
        .values({ sessionId: stream.sessionId, employeeId: stream.employeeId })
        .returning({ id: realtimeStreams.id });
      // Ids follow the order of opening (each is taken under the lock); a row not seen lately is not counted.
      const kept = tx
        .select({ id: realtimeStreams.id })
        .from(realtimeStreams)
        .where(
          and(
            eq(realtimeStreams.employeeId, stream.employeeId),
            gt(realtimeStreams.seenAt, sql`now() - make_interval(secs => ${STREAM_STALE_SECONDS})`),
          ),
        )
        .orderBy(desc(realtimeStreams.id))
        .limit(perPerson);
      await tx
        .delete(realtimeStreams)
        .where(and(eq(realtimeStreams.employeeId, stream.employeeId), notInArray(realtimeStreams.id, kept)));
      return row!.id;
    });
    if (this.stopped) {
      await this.db.delete(realtimeStreams).where(eq(realtimeStreams.id, id));
      throw new Error('The realtime streams are stopped.');
    }
    this.open.set(id, stream);
    return id;
  }

  /** A stream that ended: forgets it and deletes its row (a stream the check ended is already forgotten). */
  async close(id: number): Promise<void> {
    if (!this.open.delete(id)) return;
    await this.db.delete(realtimeStreams).where(eq(realtimeStreams.id, id));
  }

  /**
   * One check of this process's open streams, in one statement: the rows
   * still there move `seen_at` on and say whether their session holds (and
   * its administrator flag). A stream whose row is gone was dropped for a
   * newer one of its person; one whose session ended ends with it (its row
   * goes too).
   */
  async check(): Promise<void> {
    if (this.open.size === 0) return;
    const ids = [...this.open.keys()];
    const held = heldSessions(this.db, new Date());
    const rows = await this.db
      .update(realtimeStreams)
      .set({ seenAt: sql`now()` })
      .where(sql`${realtimeStreams.id} = any(${sql.param(ids)})`)
      .returning({
        id: realtimeStreams.id,
        // Null when the session no longer holds. Named with its table: an update's columns are not.
        isAdmin: sql<
          boolean | null
        >`(select ${held.isAdmin} from ${held} where ${held.id} = ${STREAM_SESSION})`,
      });
    const found = new Map(rows.map((r) => [r.id, r.isAdmin]));
    const ending: [OpenStream, ErrorCode][] = [];
    const sessionEnded: number[] = [];
    for (const id of ids) {
      const stream = this.open.get(id);
      if (!stream) continue;
      const isAdmin = found.get(id);
      if (typeof isAdmin === 'boolean') {
        stream.isAdmin = isAdmin;
        continue;
      }
      this.open.delete(id);
      if (isAdmin === null) sessionEnded.push(id);
      ending.push([stream, isAdmin === null ? 'session_invalid' : 'realtime_stream_replaced']);
    }
    try {
      if (sessionEnded.length > 0)
        await this.db
          .delete(realtimeStreams)
          .where(sql`${realtimeStreams.id} = any(${sql.param(sessionEnded)})`);
    } finally {
      for (const [stream, code] of ending) stream.end(code);
    }
  }

  /**
   * Stops the checks (waiting for one under way), deletes this process's
   * rows and ends its streams without a final event: their clients open
   * them again on another process.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.checking;
    const ids = [...this.open.keys()];
    const streams = [...this.open.values()];
    this.open.clear();
    for (const stream of streams) stream.end(null);
    if (ids.length > 0)
      await this.db
        .delete(realtimeStreams)
        .where(sql`${realtimeStreams.id} = any(${sql.param(ids)})`)
        .catch((err) => this.options.onError?.(err));
  }
}
