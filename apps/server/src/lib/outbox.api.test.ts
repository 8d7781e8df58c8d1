import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomAddress, setupApi, type TestContext } from '../../test/helper';
import { type OutboxRow, outbox } from '../db/schema';
import { enqueueMessage, OutboxDispatcher, REDACTED, webhookTransport } from './outbox';

interface Received {
  method: string;
  contentType: string | undefined;
  json: Record<string, unknown>;
}

/** A local SMS/e-mail gateway that records what it receives and answers `status`. */
class Gateway {
  readonly received: Received[] = [];
  status = 200;
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.received.push({
        method: req.method ?? '',
        contentType: req.headers['content-type'],
        json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
      });
      res.writeHead(this.status, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/send`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((err) => (err ? reject(err) : resolve())));
  }
}

let ctx: TestContext;
let gateway: Gateway;
let dispatcher: OutboxDispatcher;

beforeAll(async () => {
  ctx = await setupApi();
  gateway = new Gateway();
  const url = await gateway.start();
  dispatcher = new OutboxDispatcher(ctx.db, webhookTransport(url), ctx.app.log);
});

afterAll(async () => {
  await gateway?.stop();
});

beforeEach(() => {
  gateway.received.length = 0;
  gateway.status = 200;
});

/** A unique topic per test, so rows from one test never match another's. */
const uniqueTopic = () => `t-${randomBytes(4).toString('hex')}`;

async function rowsOf(topic: string): Promise<OutboxRow[]> {
  return ctx.db.select().from(outbox).where(eq(outbox.topic, topic));
}

describe('outbox with the webhook transport', () => {
  it('posts a queued message as JSON to the gateway and marks it sent', async () => {
    const topic = uniqueTopic();
    await enqueueMessage(ctx.db, {
      channel: 'email',
      recipient: 'someone@portal.test',
      subject: 'Your code',
      body: 'Your code is 1234',
      topic,
    });
    const [queued] = await rowsOf(topic);
    expect(queued).toMatchObject({ sentAt: null, attempts: 0 });

    expect(await dispatcher.runOnce()).toBeGreaterThanOrEqual(1);

    const mine = gateway.received.filter((r) => r.json.topic === topic);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.method).toBe('POST');
    expect(mine[0]!.contentType).toMatch(/application\/json/);
    expect(mine[0]!.json).toMatchObject({
      id: queued!.id,
      channel: 'email',
      to: 'someone@portal.test',
      subject: 'Your code',
      body: 'Your code is 1234',
      topic,
    });

    const [sent] = await rowsOf(topic);
    expect(sent!.sentAt).toBeInstanceOf(Date);
    expect(sent!.attempts).toBe(1);
    expect(sent!.lastError).toBeNull();
    expect(sent!.lockedUntil).toBeNull();

    // A sent message is not sent again.
    gateway.received.length = 0;
    await dispatcher.runOnce();
    expect(gateway.received.filter((r) => r.json.topic === topic)).toHaveLength(0);
  });

  it('keeps a message the gateway refuses and retries it later', async () => {
    gateway.status = 500;
    const topic = uniqueTopic();
    await enqueueMessage(ctx.db, { channel: 'sms', recipient: '01712345678', body: 'Hello', topic });

    const before = Date.now();
    await dispatcher.runOnce();
    expect(gateway.received.filter((r) => r.json.topic === topic)).toHaveLength(1);

    const [failed] = await rowsOf(topic);
    expect(failed!.sentAt).toBeNull();
    expect(failed!.failedAt).toBeNull();
    expect(failed!.attempts).toBe(1);
    expect(failed!.lastError).toMatch(/500/);
    expect(failed!.lockedUntil).toBeNull();
    // Backed off: 2^1 * 5 = 10 seconds.
    expect(failed!.availableAt.getTime()).toBeGreaterThan(before + 5_000);
    const [{ future }] = (await ctx.db
      .select({ future: sql<boolean>`${outbox.availableAt} > now()` })
      .from(outbox)
      .where(eq(outbox.id, failed!.id))) as [{ future: boolean }];
    expect(future).toBe(true);

    // Not due yet: the next pass leaves it alone.
    gateway.status = 200;
    gateway.received.length = 0;
    await dispatcher.runOnce();
    expect(gateway.received.filter((r) => r.json.topic === topic)).toHaveLength(0);
    expect((await rowsOf(topic))[0]!.attempts).toBe(1);

    // Once due, it goes out and the error is cleared.
    await ctx.db
      .update(outbox)
      .set({ availableAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, failed!.id));
    await dispatcher.runOnce();
    expect(gateway.received.filter((r) => r.json.topic === topic)).toHaveLength(1);
    const [sent] = await rowsOf(topic);
    expect(sent!.sentAt).toBeInstanceOf(Date);
    expect(sent!.attempts).toBe(2);
    expect(sent!.lastError).toBeNull();
  });

  it('never sends a message queued in a transaction that was rolled back', async () => {
    const rolledBack = uniqueTopic();
    const committed = uniqueTopic();
    await expect(
      ctx.db.transaction(async (tx) => {
        await enqueueMessage(tx, { channel: 'sms', recipient: '01712345678', body: 'x', topic: rolledBack });
        // Visible inside the transaction...
        expect(await tx.select().from(outbox).where(eq(outbox.topic, rolledBack))).toHaveLength(1);
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    await ctx.db.transaction(async (tx) => {
      await enqueueMessage(tx, { channel: 'sms', recipient: '01712345678', body: 'y', topic: committed });
    });

    // ...but not after the rollback.
    expect(await rowsOf(rolledBack)).toHaveLength(0);
    expect(await rowsOf(committed)).toHaveLength(1);

    await dispatcher.runOnce();
    const topics = gateway.received.map((r) => r.json.topic);
    expect(topics).not.toContain(rolledBack);
    expect(topics).toContain(committed);
  });
});

/** Every row of the outbox as the database holds it (a dump or a backup would hold the same). */
async function dumpOutbox(): Promise<Record<string, unknown>[]> {
  const result = (await ctx.db.execute(
    sql`select row_to_json(o)::text as line from outbox o`,
  )) as unknown as {
    rows: { line: string }[];
  };
  return result.rows.map((r) => JSON.parse(r.line) as Record<string, unknown>);
}

const TIMESTAMPS = new Set([
  'created_at',
  'available_at',
  'locked_until',
  'sent_at',
  'failed_at',
  'expires_at',
]);

/** The text of every row, timestamps aside (a 4-digit code could match a year). */
async function outboxTexts(): Promise<string[]> {
  return (await dumpOutbox()).flatMap((row) =>
    Object.entries(row)
      .filter(([key, value]) => !TIMESTAMPS.has(key) && typeof value === 'string')
      .map(([, value]) => value as string),
  );
}

const sentTo = (recipient: string) => gateway.received.filter((r) => r.json.to === recipient);

describe('secrets in the outbox', () => {
  it('a recovery code and a reset link leave through the dispatcher, and the outbox keeps neither', async () => {
    const mobile = `018${String(Date.now()).slice(-8)}`;
    const email = `recovery-${randomBytes(3).toString('hex')}@portal.test`;
    const person = await ctx.factory.employee({ mobile, email });
    const asked = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp/request',
      payload: { eid: person.eid },
      remoteAddress: randomAddress(),
    });
    expect(asked.statusCode).toBe(200);

    await dispatcher.runOnce();

    // The gateway got the code and the link...
    const code = /code is (\d{4})/.exec(String(sentTo(mobile)[0]?.json.body))?.[1];
    const token = /\/resetpassword\/([A-Za-z0-9_-]{43})/.exec(String(sentTo(email)[0]?.json.body))?.[1];
    expect(code).toMatch(/^\d{4}$/);
    expect(token).toBeTruthy();

    // ...and the table keeps who, when and what for, but neither secret.
    const mine = (await dumpOutbox()).filter((row) => row.employee_id === person.id);
    expect(mine.map((row) => row.topic).sort()).toEqual(['password-link', 'password-otp']);
    for (const row of mine) {
      expect(row.sent_at).toBeTruthy();
      expect(row.redacted_body).toBeNull();
      expect(String(row.body)).toContain(REDACTED);
    }
    expect(mine.find((row) => row.topic === 'password-otp')).toMatchObject({
      recipient: mobile,
      body: `Your HR Portal password reset code is ${REDACTED}. It expires in 5 minutes.`,
    });
    expect(String(mine.find((row) => row.topic === 'password-link')!.body)).toContain(
      `http://portal.test/resetpassword/${REDACTED} within one hour`,
    );
    expect(JSON.stringify(await dumpOutbox())).not.toContain(token!);
    for (const text of await outboxTexts()) expect(text).not.toMatch(new RegExp(`\\b${code}\\b`));

    // The secrets still work for the person who received them.
    const reset = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp',
      payload: { eid: person.eid, otp: code, password: 'fromcode1' },
      remoteAddress: randomAddress(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const byLink = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp',
      payload: { token, plain_password: 'fromlink1' },
      remoteAddress: randomAddress(),
    });
    expect(byLink.statusCode, byLink.body).toBe(200);
  });

  it('an invitation link leaves through the dispatcher and is not kept', async () => {
    const admin = await ctx.factory.employee({ admin: true });
    const email = `invite-${randomBytes(3).toString('hex')}@portal.test`;
    const person = await ctx.factory.employee({ withUser: false, email, mobile: '01911000222' });
    const made = await ctx.call({
      method: 'POST',
      url: '/api/v1/users/employees',
      payload: { employee_id: person.id },
      token: await ctx.factory.token(admin),
    });
    expect(made.statusCode, made.body).toBe(201);

    await dispatcher.runOnce();

    const token = /\/resetpassword\/([A-Za-z0-9_-]{43})/.exec(String(sentTo(email)[0]?.json.body))?.[1];
    expect(token).toBeTruthy();
    const rows = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.employeeId, person.id), eq(outbox.topic, 'user-invite')));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.body).toContain(`/resetpassword/${REDACTED}`);
    }
    expect(JSON.stringify(await dumpOutbox())).not.toContain(token!);
  });

  it('a message not sent before its secret expires is given up without it', async () => {
    const topic = uniqueTopic();
    await enqueueMessage(ctx.db, {
      channel: 'sms',
      recipient: '01712345678',
      body: 'Your code is 8642.',
      topic,
      secrets: ['8642'],
      expiresAt: new Date(Date.now() + 60_000),
    });
    // The gateway is down until the code has expired.
    await ctx.db
      .update(outbox)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.topic, topic));

    await dispatcher.runOnce();

    expect(gateway.received.filter((r) => r.json.topic === topic)).toHaveLength(0);
    const [row] = await rowsOf(topic);
    expect(row).toMatchObject({ sentAt: null, body: `Your code is ${REDACTED}.`, redactedBody: null });
    expect(row!.failedAt).toBeInstanceOf(Date);
    expect(row!.lastError).toMatch(/expired/);
  });

  it('a message the gateway keeps refusing is given up without its secret', async () => {
    gateway.status = 500;
    const topic = uniqueTopic();
    await enqueueMessage(ctx.db, {
      channel: 'email',
      recipient: 'someone@portal.test',
      body: 'Open http://portal.test/resetpassword/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde now.',
      topic,
    });
    // The last attempt.
    await ctx.db.update(outbox).set({ attempts: 7 }).where(eq(outbox.topic, topic));

    await dispatcher.runOnce();

    const [row] = await rowsOf(topic);
    expect(row!.failedAt).toBeInstanceOf(Date);
    expect(row!.body).toBe(`Open http://portal.test/resetpassword/${REDACTED} now.`);
    expect(row!.redactedBody).toBeNull();
  });

  it('a message without a secret is kept as it was written', async () => {
    const topic = uniqueTopic();
    await enqueueMessage(ctx.db, {
      channel: 'sms',
      recipient: '01712345678',
      body: 'Meeting at 10:30',
      topic,
    });
    await dispatcher.runOnce();
    expect((await rowsOf(topic))[0]).toMatchObject({ body: 'Meeting at 10:30', redactedBody: null });
  });
});

describe('outbox retention', () => {
  it('deletes messages sent or given up before the retention period, and keeps the rest', async () => {
    const day = 86_400_000;
    const ago = (days: number) => new Date(Date.now() - days * day);
    const topics = {
      sentLongAgo: uniqueTopic(),
      sentRecently: uniqueTopic(),
      failedLongAgo: uniqueTopic(),
      waiting: uniqueTopic(),
      sentTenDaysAgo: uniqueTopic(),
    };
    for (const topic of Object.values(topics))
      await enqueueMessage(ctx.db, { channel: 'sms', recipient: '01712345678', body: 'x', topic });
    const mark = (topic: string, values: Partial<OutboxRow>) =>
      ctx.db.update(outbox).set(values).where(eq(outbox.topic, topic));
    await mark(topics.sentLongAgo, { createdAt: ago(40), sentAt: ago(31) });
    await mark(topics.sentRecently, { sentAt: ago(1) });
    await mark(topics.failedLongAgo, { createdAt: ago(40), failedAt: ago(31) });
    await mark(topics.waiting, { createdAt: ago(40), availableAt: ago(-1) });
    await mark(topics.sentTenDaysAgo, { sentAt: ago(10) });

    const monthly = new OutboxDispatcher(ctx.db, webhookTransport('http://127.0.0.1:9/'), ctx.app.log, {
      retentionDays: 30,
    });
    expect(await monthly.purge()).toBeGreaterThanOrEqual(2);
    expect(await rowsOf(topics.sentLongAgo)).toHaveLength(0);
    expect(await rowsOf(topics.failedLongAgo)).toHaveLength(0);
    expect(await rowsOf(topics.sentRecently)).toHaveLength(1);
    expect(await rowsOf(topics.waiting)).toHaveLength(1);
    expect(await rowsOf(topics.sentTenDaysAgo)).toHaveLength(1);

    // A shorter retention deletes sooner.
    const weekly = new OutboxDispatcher(ctx.db, webhookTransport('http://127.0.0.1:9/'), ctx.app.log, {
      retentionDays: 7,
    });
    await weekly.purge();
    expect(await rowsOf(topics.sentTenDaysAgo)).toHaveLength(0);
    expect(await rowsOf(topics.sentRecently)).toHaveLength(1);
    expect(await rowsOf(topics.waiting)).toHaveLength(1);
  });
});
