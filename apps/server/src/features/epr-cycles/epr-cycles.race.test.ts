import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvedSheet } from '../../../test/factories/epr';
import { companyWith, cycleBody } from '../../../test/factories/epr-cycles';
import { type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';
import { atOnce } from '../../../test/races';
import { eprLines, eprStables, eprs } from '../../db/schema';

/** Launches at the same moment, on several connections (PostgreSQL; see leave.race.test.ts). */
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
  const admin: MadeEmployee = await ctx.factory.employee({ admin: true });
  token = await ctx.factory.token(admin);
});

const launch = (payload: unknown) =>
  ctx.call({ method: 'POST', url: '/api/v1/eprs/cycles', token, payload: payload as object });
const relaunch = (id: number) =>
  ctx.call({ method: 'PATCH', url: `/api/v1/eprs/cycles/${id}/launch`, token });

/** Eight employees of a company of their own, each with an approved sheet over the period. */
async function company(period: { from: string; to: string }) {
  const ids: number[] = [];
  for (let i = 0; i < 8; i++) {
    const { oo, lm, employee } = await ctx.factory.chain();
    await approvedSheet(
      ctx.db,
      { employeeId: employee.id, lineManagerId: lm.id, oneOverOneId: oo.id },
      { from: period.from, to: period.to },
    );
    ids.push(employee.id);
  }
  return { ids, companyId: await companyWith(ctx.db, ids) };
}

/** The company's reviews: one per employee, each with its sections once. */
async function expectOneReviewEach(ids: number[]) {
  const reviews = await ctx.db.select().from(eprs).where(inArray(eprs.employeeId, ids));
  expect(reviews.map((r) => r.employeeId).sort()).toEqual([...ids].sort());
  for (const r of reviews) {
    expect(await ctx.db.select().from(eprLines).where(eq(eprLines.eprId, r.id))).toHaveLength(3);
    expect(await ctx.db.select().from(eprStables).where(eq(eprStables.eprId, r.id))).toHaveLength(4);
  }
  return reviews;
}

describe('launching review cycles at the same moment (PostgreSQL)', () => {
  it('one cycle launched again five times at once: nothing is made twice', async () => {
    const period = { from: '2301-01-01', to: '2301-06-30' };
    const { ids, companyId } = await company(period);
    const first = await launch(cycleBody(period, { company_id: companyId }));
    expect(first.statusCode, first.body).toBe(201);
    // Half of them lose their review to a later launch: they become eligible again.
    await ctx.db.delete(eprs).where(inArray(eprs.employeeId, ids.slice(0, 4)));
    const replies = await atOnce(5, () => relaunch(first.json().id));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(replies.reduce((sum, r) => sum + r.json().launch.created, 0)).toBe(4);
    const reviews = await expectOneReviewEach(ids);
    expect(new Set(reviews.map((r) => r.cycleId))).toEqual(new Set([first.json().id]));
  });

  it('four cycles over one period launched at once: each employee is reviewed once, in one of them', async () => {
    const period = { from: '2302-01-01', to: '2302-06-30' };
    const { ids, companyId } = await company(period);
    const replies = await atOnce(4, () => launch(cycleBody(period, { company_id: companyId })));
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(replies.reduce((sum, r) => sum + r.json().launch.created, 0)).toBe(8);
    await expectOneReviewEach(ids);
  });

  it('employees making their own review while the cycle launches: one review each, and no 5xx', async () => {
    const period = { from: '2303-01-01', to: '2303-06-30' };
    const ids: number[] = [];
    const own: (() => Promise<LightMyRequestResponse>)[] = [];
    for (let i = 0; i < 8; i++) {
      const { oo, lm, employee } = await ctx.factory.chain();
      const { sheet } = await approvedSheet(
        ctx.db,
        { employeeId: employee.id, lineManagerId: lm.id, oneOverOneId: oo.id },
        { from: period.from, to: period.to },
      );
      const employeeToken = await ctx.factory.token(employee);
      own.push(() =>
        ctx.call({
          method: 'POST',
          url: '/api/v1/eprs',
          token: employeeToken,
          payload: { kpi_id: sheet.id, type_id: 2, from_date: period.from, to_date: period.to },
        }),
      );
      ids.push(employee.id);
    }
    const companyId = await companyWith(ctx.db, ids);
    const replies = await Promise.all([
      launch(cycleBody(period, { company_id: companyId, type_id: 2 })),
      ...own.map((make) => make()),
    ]);
    expect(replies[0]!.statusCode, replies[0]!.body).toBe(201);
    for (const r of replies.slice(1)) {
      expect([201, 422], r.body).toContain(r.statusCode);
      if (r.statusCode === 422) expect(['epr_exists', 'epr_exists_now']).toContain(r.json().error);
    }
    await expectOneReviewEach(ids);
  });
});
