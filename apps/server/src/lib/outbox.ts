import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { type OutboxRow, outbox } from '../db/schema';
import { runJob } from './jobs';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  recipient: string;
  subject?: string;
  body: string;
  topic: string;
  employeeId?: number | null;
  /**
   * Codes or tokens the body carries. The outbox keeps them only until the
   * message has left (or `expiresAt`); then the body keeps `REDACTED` in
   * their place. Links to the password page are found without being named.
   */
  secrets?: readonly string[];
  /** When the secret is of no more use: a message not sent by then is dropped. */
  expiresAt?: Date;
}

/** What a code or link is replaced with once its message has left. */
export const REDACTED = '[removed]';

/** A link to the password page carries a single-use token (reset and invitation links alike). */
const PASSWORD_LINK = /\/resetpassword\/[A-Za-z0-9_-]+/g;

/** The body without its secrets: the given ones and every link to the password page. */
export function redact(body: string, secrets: readonly string[] = []): string {
  let out = body.replace(PASSWORD_LINK, `/resetpassword/${REDACTED}`);
  for (const secret of secrets) if (secret) out = out.split(secret).join(REDACTED);
  return out;
}

/** Queues a message inside the caller's transaction; it leaves only if the transaction commits. */
export async function enqueueMessage(db: Db, message: OutgoingMessage): Promise<void> {
  const redacted = redact(message.body, message.secrets);
  await db.insert(outbox).values({
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject ?? null,
    body: message.body,
    redactedBody: redacted === message.body ? null : redacted,
    expiresAt: message.expiresAt ?? null,
    topic: message.topic,
    employeeId: message.employeeId ?? null,
  });
}

/** An e-mail without secrets (a notification), queued with many others. */
export interface OutgoingEmail {
  recipient: string;
  subject: string;
  body: string;
  topic: string;
  employeeId: number;
}

/** The longest subject the outbox keeps. */
const SUBJECT_MAX = 200;

/**
 * Queues many e-mails in one statement, inside the caller's transaction (a
 * review cycle tells thousands of people at once). They carry no secret.
 */
export async function enqueueEmails(db: Db, messages: readonly OutgoingEmail[]): Promise<void> {
  if (messages.length === 0) return;
  const texts = (values: string[]) => sql`${sql.param(values)}::text[]`;
  const subject = (s: string) => (s.length > SUBJECT_MAX ? `${s.slice(0, SUBJECT_MAX - 1)}…` : s);
  await db.execute(sql`
    insert into ${outbox} (channel, recipient, subject, body, topic, employee_id)
    select 'email', m.recipient, m.subject, m.body, m.topic, m.employee_id
      from unnest(${texts(messages.map((m) => m.recipient))}, ${texts(messages.map((m) => subject(m.subject)))},
                  ${texts(messages.map((m) => m.body))}, ${texts(messages.map((m) => m.topic))},
                  ${sql`${sql.param(messages.map((m) => m.employeeId))}::int[]`})
           as m(recipient, subject, body, topic, employee_id)`);
}

/** The column values that drop a message's secret: its body becomes the redacted one. */
const dropSecret = {
  body: sql`coalesce(${outbox.redactedBody}, ${outbox.body})`,
  redactedBody: null,
};

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

/**
 * Sends e-mails through an SMTP server (`SMTP_URL`, e.g.
 * `smtps://user:password@mail.example.com:465`), as plain text from
 * `MAIL_FROM`. A refusal or a lost connection throws, and the dispatcher
 * tries again later as with any transport.
 */
export function smtpTransport(url: string, from: string): Transport {
  const mailer = nodemailer.createTransport(url);
  return {
    async send(m) {
      if (m.channel !== 'email') throw new Error('the SMTP transport sends e-mails only');
      // The flow it comes from (a reset link, a notification...), for the receiving side's filters; nothing personal.
      await mailer.sendMail({
        from,
        to: m.recipient,
        subject: m.subject ?? '',
        text: m.body,
        headers: { 'X-HR-Topic': m.topic },
      });
    },
  };
}

/** Each channel by its own transport: e-mails by SMTP where configured, SMS by the gateway. */
export function byChannel(transports: Record<OutboxRow['channel'], Transport>): Transport {
  return { send: (m) => transports[m.channel].send(m) };
}

const MAX_ATTEMPTS = 8;
const DAY_MS = 86_400_000;
const PURGE_EVERY_MS = 3_600_000;

export interface DispatcherOptions {
  /** How often queued messages are looked for (they are also sent at once when queued). */
  intervalMs?: number;
  /** Days a sent or failed message is kept (who, when, topic; never its secret) before it is deleted. */
  retentionDays?: number;
}

/**
 * Sends queued messages. Rows are claimed with a lease (locked_until) in a
 * short transaction and sent outside it, so several server processes can run
 * dispatchers on one database without sending a message twice. A message's
 * code or link leaves the table with the message; sent messages are deleted
 * after the retention period.
 */
export class OutboxDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private purgeTimer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  private stopped = false;
  private readonly intervalMs: number;
  private readonly retentionDays: number;

  constructor(
    private readonly db: Db,
    private readonly transport: Transport,
    private readonly log: FastifyBaseLogger,
    options: DispatcherOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 2000;
    this.retentionDays = options.retentionDays ?? 30;
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    const purge = () =>
      void runJob('outbox_purge', () => this.purge()).catch((err) =>
        this.log.error({ err }, 'outbox purge failed'),
      );
    this.purgeTimer = setInterval(purge, PURGE_EVERY_MS);
    this.purgeTimer.unref();
    purge();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.purgeTimer) clearInterval(this.purgeTimer);
    while (this.running) await new Promise((r) => setTimeout(r, 20));
  }

  /**
   * Gives up the unsent messages whose secret has expired (a late code is of
   * no use) and drops that secret. A message that is sent or given up drops
   * its secret in the same statement (see `runOnce`).
   */
  async expireSecrets(): Promise<number> {
    const expired = await this.db
      .update(outbox)
      .set({ ...dropSecret, failedAt: sql`now()`, lastError: 'expired before it could be sent' })
      .where(
        and(
          isNull(outbox.sentAt),
          isNull(outbox.failedAt),
          lte(outbox.expiresAt, sql`now()`),
          or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, sql`now()`)),
        ),
      )
      .returning({ id: outbox.id });
    return expired.length;
  }

  /** Deletes the messages sent or given up more than the retention period ago; answers how many. */
  async purge(): Promise<number> {
    const cutoff = new Date(Date.now() - this.retentionDays * DAY_MS);
    const gone = await this.db
      .delete(outbox)
      .where(or(lte(outbox.sentAt, cutoff), lte(outbox.failedAt, cutoff)))
      .returning({ id: outbox.id });
    if (gone.length > 0)
      this.log.info(`outbox: deleted ${gone.length} message(s) older than ${this.retentionDays} days`);
    return gone.length;
  }

  /** Runs a pass now (or right after the current one). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    runJob('outbox_dispatcher', () => this.runOnce())
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
    await this.expireSecrets();
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
            or(isNull(outbox.expiresAt), gt(outbox.expiresAt, sql`now()`)),
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
          .set({ ...dropSecret, sentAt: new Date(), lockedUntil: null, lastError: null })
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
            ...(giveUp ? { ...dropSecret, failedAt: new Date() } : {}),
          })
          .where(eq(outbox.id, row.id));
      }
    }
    return claimed.length;
  }
}
