import dayjs from 'dayjs';
import { and, eq, inArray, sum } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { leaveBody } from '../../../test/factories/requests';
import { setupApi, type TestContext } from '../../../test/helper';
import { leaves, leaveTypes } from '../../db/schema';

/**
 * Races that only a server with several connections can lose: these run on
 * PostgreSQL (`npm test` with DATABASE_URL), where the requests below really
 * run at the same moment on different connections.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
});

const create = (token: string, payload: object) =>
  ctx.call({ method: 'POST', url: '/api/v1/leave', token, payload });
const update = (token: string, id: number, payload: object) =>
  ctx.call({ method: 'PATCH', url: `/api/v1/leave/${id}`, token, payload });
const act = (token: string, action: string, id: number) =>
  ctx.call({ method: 'PATCH', url: `/api/v1/leave/actions/${action}`, token, payload: { leave_id: id } });

async function person() {
  const { lm, employee } = await ctx.factory.chain();
  return { lm, employee, token: await ctx.factory.token(employee) };
}

async function rowsOf(employeeId: number) {
  return ctx.db.select().from(leaves).where(eq(leaves.employeeId, employeeId));
}

/** Submitted and approved days of a type (what the balance counts). */
async function usedDays(employeeId: number, typeId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ days: sum(leaves.days) })
    .from(leaves)
    .where(
      and(eq(leaves.employeeId, employeeId), eq(leaves.typeId, typeId), inArray(leaves.statusId, [2, 3])),
    );
  return Number(row?.days ?? 0);
}

describe('leave under concurrent writes (PostgreSQL)', () => {
  it('eight identical applications at once: exactly one is saved, seven are refused as overlapping', async () => {
    const p = await person();
    const body = leaveBody(p.lm.id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(p.token, body)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 422, 422, 422, 422, 422, 422, 422]);
    for (const a of answers.filter((x) => x.statusCode === 422)) {
      expect(a.json()).toMatchObject({ error: 'leave_overlap', errors: { children: { from: {} } } });
    }
    expect(await rowsOf(p.employee.id)).toHaveLength(1);
  });

  it('a new application and a change of another one to the same dates: exactly one of them holds', async () => {
    const p = await person();
    const first = await create(p.token, leaveBody(p.lm.id, { from: '2027-04-05', to: '2027-04-06' }));
    expect(first.statusCode).toBe(201);
    const target = { from: '2027-05-03', to: '2027-05-04' };
    const [created, changed] = await Promise.all([
      create(p.token, leaveBody(p.lm.id, target)),
      update(p.token, first.json().id, leaveBody(p.lm.id, target)),
    ]);
    expect([created.statusCode, changed.statusCode].sort()).toEqual(
      created.statusCode === 201 ? [201, 422] : [200, 422],
    );
    const onTarget = (await rowsOf(p.employee.id)).filter((r) => r.fromDate === target.from);
    expect(onTarget).toHaveLength(1);
  });

  it('eight drafts submitted at once never take more than the balance', async () => {
    const p = await person();
    const [type] = await ctx.db
      .insert(leaveTypes)
      .values({ name: `Race leave ${p.employee.eid}`, days: 5, hasBalance: true, shortLeaveApplied: false })
      .returning();
    // Eight drafts of three working days each, in eight different weeks (Monday to Wednesday).
    const ids: number[] = [];
    for (let week = 0; week < 8; week++) {
      const monday = dayjs('2027-06-07').add(week, 'week');
      const from = monday.format('YYYY-MM-DD');
      const to = monday.add(2, 'day').format('YYYY-MM-DD');
      const res = await create(p.token, leaveBody(p.lm.id, { type_id: type!.id, from, to }));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const answers = await Promise.all(ids.map((id) => act(p.token, 'submit', id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422, 422, 422]);
    for (const a of answers.filter((x) => x.statusCode === 422)) {
      expect(a.json()).toMatchObject({ error: 'balance_exceeded' });
    }
    expect(await usedDays(p.employee.id, type!.id)).toBeLessThanOrEqual(5);
  });
});
