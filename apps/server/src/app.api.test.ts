import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext, testConfig } from '../test/helper';
import { buildApp } from './app';

const SECRET = 'secret internal detail';

let ctx: TestContext;
let app: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  ctx = await setupApi();
  app = await buildApp({
    config: testConfig(),
    database: ctx.database,
    logger: { level: 'error', stream: { write: (line: string) => void logLines.push(line) } },
  });
  app.get('/api/v1/boom-test', { config: { public: true } }, () => {
    throw new Error(SECRET);
  });
  app.get('/api/v1/boom-async-test', { config: { public: true } }, async () => {
    await Promise.resolve();
    throw new TypeError(`${SECRET} (async)`);
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

describe('unexpected failures', () => {
  it.each(['/api/v1/boom-test', '/api/v1/boom-async-test'])(
    '%s answers a plain JSON 500 without internals',
    async (url) => {
      logLines.length = 0;
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expect(body).toEqual({ code: 500, error: 'internal', message: expect.any(String) });
      expect(body.message.length).toBeGreaterThan(0);
      expect(res.body).not.toContain(SECRET);
      expect(res.body).not.toMatch(/stack|\bat .*\(|\.ts:\d+/);

      // The details go to the log instead.
      const logged = logLines.join('\n');
      expect(logged).toContain(SECRET);
      expect(logged).toContain('unexpected failure');
    },
  );
});

describe('the log line of a call', () => {
  it("carries the request id and the caller's employee id, and leaves the query string out", async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      config: testConfig(),
      database: ctx.database,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    await logged.ready();
    try {
      const person = await ctx.factory.employee();
      const token = await ctx.factory.token(person);
      const res = await logged.inject({
        method: 'GET',
        url: '/api/v1/me?note=private',
        headers: { authorization: `Bearer ${token}`, 'x-request-id': 'trace-me-1' },
      });
      expect(res.statusCode).toBe(200);
      const line = lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.reqId === 'trace-me-1');
      expect(line).toMatchObject({ reqId: 'trace-me-1', employee: person.id });
      expect(String(line?.msg)).toMatch(/^GET \/api\/v1\/me 200 /);
      expect(lines.join('\n')).not.toContain('private');
      expect(lines.join('\n')).not.toContain(token);
    } finally {
      await logged.close();
    }
  });
});
