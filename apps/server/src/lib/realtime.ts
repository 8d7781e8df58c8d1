import pg from 'pg';
import type { Database } from '../db/client';

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

  constructor(private readonly database: Database) {}

  /** Starts listening; resolves once the listener is in place. */
  async start(): Promise<void> {
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
    if (this.retry) clearTimeout(this.retry);
    this.listeners.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
    await this.stopPglite?.().catch(() => {});
  }
}
