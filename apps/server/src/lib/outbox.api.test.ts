import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupApi, type TestContext } from '../../test/helper';
import { type OutboxRow, outbox } from '../db/schema';
import { enqueueMessage, OutboxDispatcher, webhookTransport } from './outbox';

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
