import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditsOf, makeLoan, makeSchedule, salariesOf } from '../../../test/factories/compensation';
import { setupApi, type TestContext } from '../../../test/helper';
import { atOnce } from '../../../test/races';
import { loans } from '../../db/schema';

/** Changes at the same moment, on several connections (PostgreSQL; see leave.race.test.ts). */
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
  token = await ctx.factory.token(await ctx.factory.employee({ admin: true }));
});

describe('compensation at the same moment', () => {
  it('repayments at once never take a loan past its amount: the loan row is locked, each sees the one before', async () => {
    const { employee } = await ctx.factory.chain();
    const schedule = await makeSchedule(ctx.db);
    const loan = await makeLoan(ctx.db, employee.id, schedule.id, { amount: '1000.00', installments: 10 });
    const replies = await atOnce(6, () =>
      ctx.call({
        method: 'PATCH',
        url: `/api/v1/employees/loans/${loan.id}`,
        token,
        payload: { repayment: 300 },
      }),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    // Three fit (900 of 1000), the other three would pass the amount.
    expect(statuses).toEqual([200, 200, 200, 422, 422, 422]);
    for (const r of replies.filter((x) => x.statusCode === 422))
      expect(r.json().errors.children.repayment).toBeDefined();
    const [row] = await ctx.db.select().from(loans).where(eq(loans.id, loan.id));
    expect(row!.repaid).toBe('900.00');
    const audits = (await auditsOf(ctx.db, 'loan')).filter((a) => a.entityId === loan.id);
    expect(audits).toHaveLength(3);
  });

  it('one employee given salaries of the same date at once keeps one row for the date', async () => {
    const { employee } = await ctx.factory.chain();
    const replies = await Promise.all(
      [41000, 42000, 43000, 44000].map((amount) =>
        ctx.call({
          method: 'PATCH',
          url: '/api/v1/employees/salaries/assign/basic',
          token,
          payload: { employee_id: employee.id, amount, effective_date: '2026-07-01' },
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await salariesOf(ctx.db, employee.id);
    expect(rows).toHaveLength(1);
  });
});
