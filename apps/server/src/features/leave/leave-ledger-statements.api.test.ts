import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext } from '../../../test/helper';
import { officeClockAt } from '../../../test/office-clock';

/**
 * One person's balances and ledger read the same statements on every call:
 * each goes as a prepared statement (built once per shape and kept with its
 * plan per connection), none is built and planned afresh.
 */
let ctx: TestContext;
let restore = () => {};
beforeAll(async () => {
  ctx = await setupApi();
  restore = officeClockAt('Asia/Dhaka', new Date('2026-04-15T10:00:00+06:00'));
});
afterAll(() => restore());

/** The statements sent while `run` runs, each with whether it went as a prepared statement. */
async function sentDuring(run: () => Promise<unknown>): Promise<{ text: string; prepared: boolean }[]> {
  const pglite = ctx.database.pglite;
  if (pglite) {
    const texts: string[] = [];
    const original = pglite.query;
    pglite.query = ((text: string, ...rest: unknown[]) => {
      texts.push(text);
      return (original as (...a: unknown[]) => unknown)(text, ...rest);
    }) as typeof pglite.query;
    try {
      await run();
    } finally {
      pglite.query = original;
    }
    const kept = new Set(
      (await pglite.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
        (r) => r.statement,
      ),
    );
    return texts.map((text) => ({ text, prepared: kept.has(text) }));
  }
  const sent: { text: string; prepared: boolean }[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0] as string | { text: string; name?: string };
    sent.push(
      typeof config === 'string'
        ? { text: config, prepared: false }
        : { text: config.text, prepared: Boolean(config.name) },
    );
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return sent;
}

describe("one person's leave balances and ledger", () => {
  it('send prepared statements only', async () => {
    const admin = await ctx.factory.employee({ admin: true });
    const person = await ctx.factory.employee();
    const adminToken = await ctx.factory.token(admin);
    const token = await ctx.factory.token(person);
    const type = await ctx.call({
      method: 'POST',
      url: '/api/v1/leave/types',
      token: adminToken,
      payload: {
        name: 'Statements leave',
        days: 12,
        short_leave_applied: true,
        has_balance: true,
        enabled: true,
      },
    });
    expect(type.statusCode, type.body).toBe(201);
    const typeId: number = type.json().id;
    const policy = await ctx.call({
      method: 'POST',
      url: '/api/v1/leave/policies',
      token: adminToken,
      payload: {
        name: 'Statements, monthly',
        type_id: typeId,
        effective_from: '2026-01-01',
        days_per_year: 12,
        accrual: 'monthly',
      },
    });
    expect(policy.statusCode, policy.body).toBe(201);

    for (const url of ['/api/v1/leave/balances', `/api/v1/leave/ledger?type_id=${typeId}`]) {
      const first = await ctx.call({ method: 'GET', url, token });
      expect(first.statusCode, first.body).toBe(200);
      let answer = '';
      const sent = await sentDuring(async () => {
        const again = await ctx.call({ method: 'GET', url, token });
        expect(again.statusCode).toBe(200);
        answer = again.body;
      });
      expect(answer, url).toBe(first.body);
      expect(sent.length, url).toBeGreaterThan(3);
      expect(
        sent.filter((s) => !s.prepared).map((s) => s.text.slice(0, 120)),
        url,
      ).toEqual([]);
    }
  });
});
