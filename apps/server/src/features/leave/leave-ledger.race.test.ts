import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { leaveBody } from '../../../test/factories/requests';
import { setupApi, type TestContext } from '../../../test/helper';
import { officeClockAt } from '../../../test/office-clock';
import { leaveLedger } from '../../db/schema';
import { LeavePeriodClose } from './leave-close.service';

/**
 * The leave engine where several connections can lose (PostgreSQL): two
 * requests that together overdraw a policy's floor, a request racing the
 * year's close, and two closes at once.
 */
let ctx: TestContext;
let restore: (() => void) | null = null;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
});
afterEach(() => {
  restore?.();
  restore = null;
});
const at = (day: string) => {
  restore?.();
  restore = officeClockAt('Asia/Dhaka', new Date(`${day}T10:00:00+06:00`));
};

let n = 0;
async function setup(policy: object) {
  const { lm, employee } = await ctx.factory.chain();
  const admin = await ctx.factory.employee({ admin: true });
  const adminToken = await ctx.factory.token(admin);
  const type = await ctx.call({
    method: 'POST',
    url: '/api/v1/leave/types',
    token: adminToken,
    payload: { name: `Race leave ${++n}`, days: 5, has_balance: true, enabled: true },
  });
  const typeId = type.json().id as number;
  const made = await ctx.call({
    method: 'POST',
    url: '/api/v1/leave/policies',
    token: adminToken,
    payload: { name: 'Race policy', type_id: typeId, effective_from: '2026-01-01', ...policy },
  });
  expect(made.statusCode, made.body).toBe(201);
  return { lm, employee, typeId, token: await ctx.factory.token(employee) };
}

const submit = (token: string, id: number) =>
  ctx.call({ method: 'PATCH', url: '/api/v1/leave/actions/submit', token, payload: { leave_id: id } });

describe('the leave engine under concurrent writes (PostgreSQL)', () => {
  it('two requests that together go below the floor: one is sent, the other refused', async () => {
    at('2026-04-15');
    // 10 a year up front, 2 below zero allowed: 12 to take; two of 7 each cannot both go.
    const p = await setup({ days_per_year: 10, accrual: 'yearly', negative_allowed: 2 });
    const drafts = await Promise.all(
      [
        ['2026-06-07', '2026-06-14'],
        ['2026-07-05', '2026-07-12'],
      ].map(async ([from, to]) => {
        const res = await ctx.call({
          method: 'POST',
          url: '/api/v1/leave',
          token: p.token,
          payload: leaveBody(p.lm.id, { type_id: p.typeId, from, to }),
        });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().days).toBe(7);
        return res.json().id as number;
      }),
    );
    const answers = await Promise.all(drafts.map((id) => submit(p.token, id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.statusCode === 422)!.json()).toMatchObject({
      error: 'balance_exceeded',
      params: { left: 5, asked: 7 },
    });
    const ledger = await ctx.call({
      method: 'GET',
      url: `/api/v1/leave/ledger?type_id=${p.typeId}`,
      token: p.token,
    });
    expect(ledger.json().remaining).toBe(3);
  });

  it('a request in the closing year and the year’s close at once: one after the other, never both counted', async () => {
    for (let round = 0; round < 4; round++) {
      at('2026-04-15');
      const p = await setup({ days_per_year: 10, accrual: 'yearly', carry_forward_max: 10 });
      const draft = await ctx.call({
        method: 'POST',
        url: '/api/v1/leave',
        token: p.token,
        payload: leaveBody(p.lm.id, { type_id: p.typeId, from: '2026-12-20', to: '2026-12-23' }),
      });
      expect(draft.statusCode, draft.body).toBe(201);
      at('2027-01-02');
      const token = await ctx.factory.token(p.employee);
      const [sent] = await Promise.all([
        submit(token, draft.json().id),
        new LeavePeriodClose(ctx.db, undefined, 50).run(`2027-01-0${2 + round}`),
      ]);
      const year = async (y: number) =>
        (
          await ctx.call({ method: 'GET', url: `/api/v1/leave/ledger?type_id=${p.typeId}&year=${y}`, token })
        ).json();
      const [y2026, y2027] = [await year(2026), await year(2027)];
      const carried = y2027.items.find((e: { kind: string }) => e.kind === 'carry-forward')?.days ?? 0;
      if (sent.statusCode === 200) {
        // The request came first: the close carried what it left.
        expect(carried).toBe(6);
        expect(y2026.remaining).toBe(0);
      } else {
        // The close came first: the year is closed, nothing is left in it.
        expect(sent.json()).toMatchObject({ error: 'balance_exceeded', params: { left: 0 } });
        expect(carried).toBe(10);
        expect(y2026.remaining).toBe(0);
      }
      const written = await ctx.db
        .select({ period: leaveLedger.period })
        .from(leaveLedger)
        .where(and(eq(leaveLedger.employeeId, p.employee.id), eq(leaveLedger.typeId, p.typeId)));
      expect(new Set(written.map((w) => w.period)).size).toBe(written.length);
    }
  });

  it('two closes at once: one works, the other finds it running; everything is written once', async () => {
    at('2026-04-15');
    const p = await setup({ days_per_year: 15, accrual: 'monthly' });
    const [a, b] = await Promise.all([
      new LeavePeriodClose(ctx.db, undefined, 20).run('2026-04-16'),
      new LeavePeriodClose(ctx.db, undefined, 20).run('2026-04-16'),
    ]);
    // Each batch takes the lock on its own: they may share the work, but never write one entry twice.
    expect(a.finished || b.finished).toBe(true);
    const written = await ctx.db
      .select({ period: leaveLedger.period })
      .from(leaveLedger)
      .where(and(eq(leaveLedger.employeeId, p.employee.id), eq(leaveLedger.typeId, p.typeId)));
    // 2025 under the type's own days (no policy then), and 2026 month by month.
    expect(written.map((w) => w.period).sort()).toEqual([
      'accrual:2025',
      'accrual:2026-01',
      'accrual:2026-02',
      'accrual:2026-03',
      'accrual:2026-04',
      'lapse:2025',
    ]);
  });
});
