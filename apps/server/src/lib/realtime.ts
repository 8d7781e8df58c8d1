import type { ErrorCode } from '@hr/contracts/error-codes';
import { and, desc, eq, getTableName, gt, notInArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { STREAMS_PER_PERSON } from '../config';
import type { Database, Db } from '../db/client';
import { realtimeStreams } from '../db/schema';
import { findSessionById, heldSessions } from './auth';
import { domainError } from './errors';
import { watchStreams } from './metrics';
import { hmac, safeEqualHex } from './tokens';

/** The channel new comments are announced on, in the inserting transaction (`pg_notify`). */
export const COMMENTS_CHANNEL = 'hr_comments';
/** The channel a person's unread notifications are announced on (a new one, or some marked read). */
export const NOTIFICATIONS_CHANNEL = 'hr_notifications';
/**
 * The channel an ending of sessions is announced on, in the ending
 * transaction: every process checks its open streams at once, rather than
 * at its next periodic check.
 */
export const SESSIONS_ENDED_CHANNEL = 'hr_sessions_ended';

/** What a notification names: the comment and its thread. */
export interface CommentNotice {
  id: number;
  kind: string;
  thread: number;
}

/** Sessions that ended (the streams of each process are checked at once). */
export interface SessionsEndedNotice {
  session_ids: number[];
}

/** Whose unread notifications changed. */
export interface NotificationNotice {
  employee_id: number;
}

/** What each channel carries (its JSON payload). */
export interface RealtimeMessages {
  [COMMENTS_CHANNEL]: CommentNotice;
  [NOTIFICATIONS_CHANNEL]: NotificationNotice;
  [SESSIONS_ENDED_CHANNEL]: SessionsEndedNotice;
}
export type RealtimeChannel = keyof RealtimeMessages;
const CHANNELS: readonly RealtimeChannel[] = [
  COMMENTS_CHANNEL,
  NOTIFICATIONS_CHANNEL,
  SESSIONS_ENDED_CHANNEL,
];
const isChannel = (name: string): name is RealtimeChannel => (CHANNELS as readonly string[]).includes(name);

/**
 * Announces, in the transaction that ended them, that sessions ended: every
 * process checks its open streams at once (the notice leaves with the commit).
 */
export async function announceSessionsEnded(db: Db, sessionIds: readonly number[]): Promise<void> {
  if (sessionIds.length === 0) return;
  const notice: SessionsEndedNotice = { session_ids: [...sessionIds] };
  await db.execute(sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${JSON.stringify(notice)})`);
}

type Listener<C extends RealtimeChannel> = (message: RealtimeMessages[C]) => void;

/**
 * The fan-out of realtime news (new comments, a person's unread
 * notifications) to the open streams of this process (DESIGN.md §6, §11).
 * Every process LISTENs on each channel on one PostgreSQL connection, and a
 * change is NOTIFY'd in the transaction that makes it, so it reaches the
 * streams of every API process once committed, and never when rolled back.
 * PGlite (one process) has the same LISTEN/NOTIFY, so there is one path.
 */
export class RealtimeHub {
  private readonly listeners = new Map<RealtimeChannel, Set<Listener<RealtimeChannel>>>(
    CHANNELS.map((c) => [c, new Set()]),
  );
  private client: pg.Client | null = null;
  private stopPglite: (() => Promise<void>)[] = [];
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  /** The streams open on this process, each bound to its session (below). */
  readonly streams: RealtimeStreams;

  constructor(
    private readonly database: Database,
    options: StreamOptions = {},
  ) {
    this.streams = new RealtimeStreams(database.db, options);
    // An ended session's streams close at once on every process, not at the next check.
    this.subscribe(SESSIONS_ENDED_CHANNEL, () => this.streams.checkNow());
  }

  /** Starts listening on every channel; resolves once the listeners are in place. */
  async start(): Promise<void> {
    this.streams.start();
    const pglite = this.database.pglite;
    if (pglite) {
      for (const channel of CHANNELS)
        this.stopPglite.push(await pglite.listen(channel, (payload) => this.dispatch(channel, payload)));
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
      // A dropped connection is opened again; what was sent meanwhile is read on the clients' reconnect.
      if (!this.stopped) this.retry = setTimeout(() => void this.connect().catch(again), 1000);
    };
    client.on('error', again);
    client.on('end', again);
    client.on('notification', (message) => {
      if (isChannel(message.channel) && message.payload) this.dispatch(message.channel, message.payload);
    });
    this.client = client;
    await client.connect();
    for (const channel of CHANNELS) await client.query(`LISTEN ${channel}`);
  }

  private dispatch(channel: RealtimeChannel, payload: string) {
    let message: RealtimeMessages[RealtimeChannel];
    try {
      message = JSON.parse(payload) as RealtimeMessages[RealtimeChannel];
    } catch {
      return;
    }
    for (const listener of this.listeners.get(channel) ?? []) listener(message);
  }

  /** Calls `listener` for every message of `channel` until the returned function is called. */
  subscribe<C extends RealtimeChannel>(channel: C, listener: Listener<C>): () => void {
    const set = this.listeners.get(channel)!;
    const held = listener as Listener<RealtimeChannel>;
    set.add(held);
    return () => set.delete(held);
  }

  /** The listeners of this process, on every channel. */
  get size(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.streams.stop();
    if (this.retry) clearTimeout(this.retry);
    for (const set of this.listeners.values()) set.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
    for (const stop of this.stopPglite.splice(0)) await stop().catch(() => {});
  }
}

/** How long a realtime token may wait to open a stream; the client asks for a new one when it reconnects. */
export const REALTIME_TOKEN_SECONDS = 300;

/**
 * A token that opens the realtime streams of a session (an EventSource
 * cannot send the bearer token): the session's id and an expiry, signed with
 * the server secret. It opens a stream only while that session holds.
 */
export function realtimeToken(secret: string, sessionId: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + REALTIME_TOKEN_SECONDS;
  const body = `${sessionId}.${expires}`;
  return `${body}.${hmac(secret, `realtime-session:${body}`)}`;
}

/**
 * Who follows a stream: the session its token was issued for, and that
 * session's employee and administrator flag (kept current while the stream
 * is open: `RealtimeStreams`).
 */
export interface Subscriber {
  sessionId: number;
  employeeId: number;
  isAdmin: boolean;
}

/**
 * Who a realtime token is for: its session, when the token is genuine and
 * fresh (else 401 `realtime_token_invalid`) and the session holds as a
 * bearer token's would (else 401 `session_invalid`).
 */
export async function realtimeSubscriber(
  db: Db,
  secret: string,
  token: string | undefined,
): Promise<Subscriber> {
  const match = /^(\d{1,15})\.(\d{1,12})\.([0-9a-f]{64})$/.exec(token ?? '');
  if (!match) throw domainError(token ? 'realtime_token_invalid' : 'unauthorized');
  const [, sessionId, expires, signature] = match;
  const body = `${sessionId}.${expires}`;
  if (!safeEqualHex(hmac(secret, `realtime-session:${body}`), signature!))
    throw domainError('realtime_token_invalid');
  if (Number(expires) < Date.now() / 1000) throw domainError('realtime_token_invalid');
  const session = await findSessionById(db, Number(sessionId));
  if (!session) throw domainError('session_invalid');
  return { sessionId: session.sessionId, employeeId: session.employeeId, isAdmin: session.isAdmin };
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
  /** A check was asked for while one was under way: the next runs as soon as it ends. */
  private again = false;
  private stopped = true;
  /** Takes this process's streams out of the metrics' open count (lib/metrics.ts). */
  private unwatch = () => {};

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
    this.unwatch = watchStreams(this);
    this.schedule();
  }

  /** The next check, once the last one is over: checks never pile up. */
  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.run();
    }, this.checkEveryMs);
    this.timer.unref();
  }

  private run(): void {
    this.checking = this.check()
      .catch((err) => this.options.onError?.(err))
      .finally(() => {
        this.checking = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.run();
        } else this.schedule();
      });
  }

  /**
   * Checks the open streams now (some session ended somewhere): at once, or
   * right after the check under way, which may have read the session before
   * it ended.
   */
  checkNow(): void {
    if (this.stopped || this.open.size === 0) return;
    if (this.checking) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.run();
  }

  /**
   * Adds a stream of a session: its row, after dropping the person's oldest
   * beyond the limit. Answers its id (for `close`).
   */
  async add(stream: OpenStream): Promise<number> {
    // A process closing takes no new stream: 503, which a proxy sends on to another process.
    if (this.stopped) throw domainError('shutting_down');
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
      throw domainError('shutting_down');
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
    this.unwatch();
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
