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
