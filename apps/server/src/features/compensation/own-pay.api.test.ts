import { beforeAll, describe, expect, it } from 'vitest';
import {
  loansOf,
  makeLoan,
  makeSalary,
  makeSchedule,
  salariesOf,
} from '../../../test/factories/compensation';
import { setupApi, type TestContext } from '../../../test/helper';

/**
 * Four eyes on pay: an HR administrator never changes their own salary,
 * tax or loans; another administrator does, and an administrator signed in
 * as someone else has no administrator's rights to do it with.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

async function twoAdmins() {
  const self = await ctx.factory.employee({ admin: true });
  const other = await ctx.factory.employee({ admin: true });
  return {
    self,
    other,
    selfToken: await ctx.factory.token(self),
    otherToken: await ctx.factory.token(other),
  };
}

describe('an HR administrator and their own pay', () => {
  it('refuses their own salary and tax, which another administrator sets', async () => {
    const { self, selfToken, otherToken } = await twoAdmins();
    for (const kind of ['basic', 'tax'] as const) {
      const payload = { employee_id: self.id, amount: 999999, effective_date: '2027-01-01' };
      const url = `/api/v1/employees/salaries/assign/${kind}`;
      const own = await ctx.call({ method: 'PATCH', url, token: selfToken, payload });
      expect(own.statusCode, own.body).toBe(403);
      expect(own.json()).toMatchObject({ error: 'compensation_own' });
      expect(await salariesOf(ctx.db, self.id)).toHaveLength(kind === 'basic' ? 0 : 1);
      const byOther = await ctx.call({ method: 'PATCH', url, token: otherToken, payload });
      expect(byOther.statusCode, byOther.body).toBe(200);
    }
  });

  it('refuses changing or deleting a row of their own salary history', async () => {
    const { self, selfToken, otherToken } = await twoAdmins();
    const row = await makeSalary(ctx.db, self.id, 'basic', '50000.00', '2026-01-01');
    const changed = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/salaries/${row.id}`,
      token: selfToken,
      payload: { amount: 90000 },
    });
    expect(changed.statusCode, changed.body).toBe(403);
    expect(changed.json()).toMatchObject({ error: 'compensation_own' });
    const deleted = await ctx.call({
      method: 'DELETE',
      url: '/api/v1/salaries',
      token: selfToken,
      payload: { salary_id: row.id },
    });
    expect(deleted.statusCode, deleted.body).toBe(403);
    expect(await salariesOf(ctx.db, self.id)).toEqual([expect.objectContaining({ amount: '50000.00' })]);
    // They still read their own pay, as every employee does.
    const read = await ctx.call({ method: 'GET', url: `/api/v1/salaries/${row.id}`, token: selfToken });
    expect(read.statusCode, read.body).toBe(200);
    const byOther = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/salaries/${row.id}`,
      token: otherToken,
      payload: { amount: 52000 },
    });
    expect(byOther.statusCode, byOther.body).toBe(200);
  });

  it('refuses a loan of their own, its changes and its deletion', async () => {
    const { self, selfToken, otherToken } = await twoAdmins();
    const schedule = await makeSchedule(ctx.db);
    const made = await ctx.call({
      method: 'POST',
      url: '/api/v1/employees/loans',
      token: selfToken,
      payload: {
        employee_id: self.id,
        pay_schedule_id: schedule.id,
        amount: 50000,
        installments: 10,
        start_date: '2026-02-01',
      },
    });
    expect(made.statusCode, made.body).toBe(403);
    expect(made.json()).toMatchObject({ error: 'compensation_own' });
    expect(await loansOf(ctx.db, self.id)).toHaveLength(0);

    const loan = await makeLoan(ctx.db, self.id, schedule.id);
    const repaid = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/employees/loans/${loan.id}`,
      token: selfToken,
      payload: { repayment: 12000 },
    });
    expect(repaid.statusCode, repaid.body).toBe(403);
    const deleted = await ctx.call({
      method: 'DELETE',
      url: '/api/v1/employees/loans',
      token: selfToken,
      payload: { loan_id: loan.id },
    });
    expect(deleted.statusCode, deleted.body).toBe(403);
    expect(await loansOf(ctx.db, self.id)).toEqual([
      expect.objectContaining({ id: loan.id, repaid: '0.00' }),
    ]);

    const byOther = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/employees/loans/${loan.id}`,
      token: otherToken,
      payload: { repayment: 1000 },
    });
    expect(byOther.statusCode, byOther.body).toBe(200);
  });

  it('signed in as another administrator, they cannot reach their own pay either', async () => {
    const { self, other, selfToken } = await twoAdmins();
    const impersonated = await ctx.call({
      method: 'POST',
      url: '/api/v1/impersonate',
      token: selfToken,
      payload: { employee_id: other.id },
    });
    expect(impersonated.statusCode, impersonated.body).toBe(200);
    const res = await ctx.call({
      method: 'PATCH',
      url: '/api/v1/employees/salaries/assign/basic',
      token: impersonated.json().token,
      payload: { employee_id: self.id, amount: 999999, effective_date: '2027-01-01' },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(await salariesOf(ctx.db, self.id)).toHaveLength(0);
  });
});
