import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tag } from '../../../test/factories/directory';
import { setupApi, type TestContext } from '../../../test/helper';
import { employeeShifts, shifts } from '../../db/schema';

/** Changes at the same moment, on several connections (PostgreSQL; see leave.race.test.ts). */
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
  token = await ctx.factory.token(await ctx.factory.employee({ admin: true }));
});

const make = async () => {
  const res = await ctx.call({
    method: 'POST',
    url: '/api/v1/shifts',
    token,
    payload: { name: tag('Shift '), start: '08:00', end: '16:00' },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
};

describe('shifts at the same moment', () => {
  it('several shifts made the default at once: every change succeeds, one after another, and one default remains', async () => {
    const made = [];
    for (let i = 0; i < 6; i++) made.push(await make());
    const replies = await Promise.all(
      made.map((s) =>
        ctx.call({ method: 'PATCH', url: `/api/v1/shifts/${s.id}`, token, payload: { is_default: true } }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(made.map(() => 200));
    const defaults = await ctx.db.select({ id: shifts.id }).from(shifts).where(eq(shifts.isDefault, true));
    expect(defaults).toHaveLength(1);
    expect(made.map((s) => s.id)).toContain(defaults[0]!.id);
  });

  it('one employee assigned shifts of the same date at once keeps one row for the date', async () => {
    const { employee } = await ctx.factory.chain();
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await make());
    const replies = await Promise.all(
      made.map((s) =>
        ctx.call({
          method: 'PATCH',
          url: '/api/v1/employees/shifts/assign',
          token,
          payload: { employee_id: employee.id, shift_id: s.id, from_date: '2026-07-01' },
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(made.map(() => 200));
    const rows = await ctx.db.select().from(employeeShifts).where(eq(employeeShifts.employeeId, employee.id));
    expect(rows).toHaveLength(1);
  });
});
