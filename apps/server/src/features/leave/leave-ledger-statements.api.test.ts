import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedDuring, setupApi, type TestContext } from '../../../test/helper';
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
      const sent = await preparedDuring(ctx, async () => {
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
