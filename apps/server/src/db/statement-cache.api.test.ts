import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbKind, setupApi, type TestContext, whenClosing } from '../../test/helper';
import { STATEMENTS_PER_CONNECTION, StatementCachingClient } from './statement-cache';

/**
 * On PostgreSQL every statement with parameters is prepared by name on its
 * connection (statement-cache.ts): parsed once, its plan kept when PostgreSQL
 * finds one plan for every value no dearer.
 */
describe.runIf(dbKind === 'postgres')('statements prepared on their connection', () => {
  let ctx: TestContext;
  let token: string;

  beforeAll(async () => {
    // One connection: the statements of every call and of the checks below share it.
    ctx = await setupApi({}, { poolSize: 1 });
    token = await ctx.factory.token(await ctx.factory.employee());
  });

  const prepared = async () => {
    const res = await ctx.db.execute(
      sql`select name, statement from pg_prepared_statements where name like 's\\_%'`,
    );
    return (res as unknown as { rows: { name: string; statement: string }[] }).rows;
  };

  it('a call prepares its statements once; calling again runs the same ones, whatever the values', async () => {
    const call = () => ctx.call({ method: 'GET', url: '/api/v1/leave/types', token });
    expect((await call()).statusCode).toBe(200);
    const first = await prepared();
    const types = first.find((r) => r.statement.includes('from "leave_types"'));
    expect(types, JSON.stringify(first.map((r) => r.statement.slice(0, 80)))).toBeDefined();
    expect(types!.name).toMatch(/^s_[0-9a-f]{24}$/);
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
    expect((await prepared()).length).toBe(first.length);

    // The same text with other values is the same statement.
    const other = await ctx.factory.employee();
    const byId = (id: number) => ctx.db.execute(sql`select name from employees where id = ${id}`);
    await byId(other.id);
    const after = await prepared();
    await byId(other.id + 1_000_000);
    expect((await prepared()).length).toBe(after.length);
    expect(after.some((r) => r.statement === 'select name from employees where id = $1')).toBe(true);
  });

  it('a connection keeps at most its limit of them; texts beyond it run unnamed; texts without parameters are not prepared', async () => {
    const client = new StatementCachingClient({ connectionString: ctx.database.url });
    await client.connect();
    whenClosing(() => client.end());
    const count = async () =>
      (
        (await client.query('select count(*)::int as n from pg_prepared_statements')) as pg.QueryResult<{
          n: number;
        }>
      ).rows[0]!.n;
    // Several statements in one text still run (the simple protocol: no parameters, no name).
    await client.query('select 1; select 2');
    expect(await count()).toBe(0);
    for (let i = 0; i < STATEMENTS_PER_CONNECTION + 5; i++) {
      const res = (await client.query(`select $1::int + ${i} as n`, [1])) as pg.QueryResult<{ n: number }>;
      expect(res.rows[0]!.n).toBe(i + 1);
    }
    expect(await count()).toBe(STATEMENTS_PER_CONNECTION);
    // One it has prepared runs as that statement again.
    await client.query({ text: 'select $1::int + 0 as n', values: [7] });
    expect(await count()).toBe(STATEMENTS_PER_CONNECTION);
  });
});
