import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { type OutboxRow, outbox } from '../db/schema';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  recipient: string;
  subject?: string;
  body: string;
  topic: string;
  employeeId?: number | null;
}

/** Queues a message inside the caller's transaction; it leaves only if the transaction commits. */
export async function enqueueMessage(db: Db, message: OutgoingMessage): Promise<void> {
  await db.insert(outbox).values({
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject ?? null,
    body: message.body,
    topic: message.topic,
    employeeId: message.employeeId ?? null,
  });
}

export interface Transport {
  send(message: OutboxRow): Promise<void>;
}

/** Prints each message to the server log: the demo transport, so a user can read a code. */
export function logTransport(log: FastifyBaseLogger): Transport {
  return {
    async send(m) {
      log.info(
        { outbox: { id: m.id, channel: m.channel, to: m.recipient, topic: m.topic } },
        `[outbox] ${m.channel.toUpperCase()} to ${m.recipient}${m.subject ? ` (${m.subject})` : ''}: ${m.body}`,
      );
    },
  };
}

/** POSTs each message as JSON to an SMS or e-mail gateway. */
export function webhookTransport(url: string): Transport {
  return {
    async send(m) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          id: m.id,
          channel: m.channel,
          to: m.recipient,
          subject: m.subject,
          body: m.body,
          topic: m.topic,
          created_at: m.createdAt,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`gateway answered ${res.status}`);
    },
  };
}

const MAX_ATTEMPTS = 8;

/**
 * Sends queued messages. Rows are claimed with a lease (locked_until) in a
 * short transaction and sent outside it, so several server processes can run
 * dispatchers on one database without sending a message twice.
 */
export class OutboxDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly transport: Transport,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 2000,
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 20));
  }

  /** Runs a pass now (or right after the current one). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.runOnce()
      .catch((err) => this.log.error({ err }, 'outbox pass failed'))
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  async runOnce(): Promise<number> {
    const claimed = await this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            isNull(outbox.sentAt),
            isNull(outbox.failedAt),
            lte(outbox.availableAt, sql`now()`),
            or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(outbox.id))
        .limit(20)
        .for('update', { skipLocked: true });
      const rows: OutboxRow[] = [];
      for (const { id } of due) {
        const [row] = await tx
          .update(outbox)
          .set({ lockedUntil: sql`now() + interval '60 seconds'`, attempts: sql`${outbox.attempts} + 1` })
          .where(eq(outbox.id, id))
          .returning();
        if (row) rows.push(row);
      }
      return rows;
    });

    for (const row of claimed) {
      try {
        await this.transport.send(row);
        await this.db
          .update(outbox)
          .set({ sentAt: new Date(), lockedUntil: null, lastError: null })
          .where(eq(outbox.id, row.id));
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const giveUp = row.attempts >= MAX_ATTEMPTS;
        const backoffSeconds = Math.min(3600, 2 ** row.attempts * 5);
        this.log.warn({ outboxId: row.id, attempts: row.attempts, err: message }, 'message not sent');
        await this.db
          .update(outbox)
          .set({
            lockedUntil: null,
            lastError: message.slice(0, 1000),
            availableAt: sql`now() + make_interval(secs => ${backoffSeconds})`,
            ...(giveUp ? { failedAt: new Date() } : {}),
          })
          .where(eq(outbox.id, row.id));
      }
    }
    return claimed.length;
  }
}
