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
