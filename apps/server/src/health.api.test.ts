import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext } from '../test/helper';
import { buildApp } from './app';

/** Liveness and readiness, for a proxy's health checks and an orchestrator's probes. */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await setupApi();
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('live answers without a token or the database', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'live' });
  });

  it('ready answers 200 on a migrated database, without a token', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', reason: null });
  });

  it('ready answers 503 "migrations" while the newest migration is not applied', async () => {
    const [newest] = (
      (await ctx.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as { rows: { id: number; hash: string; created_at: string }[] }
    ).rows;
    await ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const res = await ctx.call({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', reason: 'migrations' });
    } finally {
      await ctx.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      );
    }
    const again = await ctx.call({ method: 'GET', url: '/api/health/ready' });
    expect(again.statusCode).toBe(200);
  });

  it('ready answers 503 "shutting_down" once the server begins to shut down', async () => {
    const app = await buildApp({ config: ctx.config, database: ctx.database });
    await app.ready();
    app.beginShutdown();
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    await app.close();
    expect({ statusCode: res.statusCode, body: res.json() }).toEqual({
      statusCode: 503,
      body: { status: 'not_ready', reason: 'shutting_down' },
    });
  });
});

describe('X-Request-Id', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('echoes the id a proxy sends, on answers of every kind', async () => {
    for (const url of ['/api/health/live', '/api/v1/me', '/api/v1/nope']) {
      const res = await ctx.call({ method: 'GET', url, headers: { 'x-request-id': 'edge-7f3a.42_b' } });
      expect(res.headers['x-request-id'], url).toBe('edge-7f3a.42_b');
    }
  });

  it('makes one when none is sent, a new one each call', async () => {
    const first = await ctx.call({ method: 'GET', url: '/api/health/live' });
    const second = await ctx.call({ method: 'GET', url: '/api/health/live' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('replaces an id that is not a plain token (too long, spaces, quotes)', async () => {
    for (const given of ['x'.repeat(65), 'two words', 'a"b', 'a\tb']) {
      const res = await ctx.call({
        method: 'GET',
        url: '/api/health/live',
        headers: { 'x-request-id': given },
      });
      expect(res.headers['x-request-id'], given).toMatch(UUID);
    }
  });
});
