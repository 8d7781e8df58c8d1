import { and, desc, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext } from '../../../test/helper';
import { employees, eprs, kpis, punches } from '../schema';
import { DEMO_PASSWORD } from './demo-accounts';
import { seedLarge } from './large';
import { seedLargeAttendance } from './large-attendance';
import { seedLargeEprs } from './large-epr';
import { seedLargeKpis } from './large-kpi';
import { seedLargeRequests } from './large-requests';

/**
 * The large data set on a small scale: a review for every employee with a
 * manager, in every status, that reads and scores like one made by hand.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

describe('large seed', () => {
  it('gives every employee below a manager a review of last year, in every status, and runs twice without adding', async () => {
    await ctx.factory.company();
    await seedLarge(ctx.db, 400);
    await seedLargeKpis(ctx.db);
    await seedLargeEprs(ctx.db);
    const count = async () =>
      (
        await ctx.db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(eprs)
          .innerJoin(employees, eq(employees.id, eprs.employeeId))
          .where(like(employees.eid, 'L%'))
      )[0]!.n;
    const managed = (
      await ctx.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(employees)
        .where(and(like(employees.eid, 'L%'), sql`${employees.parentId} is not null`))
    )[0]!.n;
    expect(managed).toBeGreaterThan(50);
    expect(await count()).toBe(managed);
    const statuses = await ctx.db.selectDistinct({ s: eprs.statusId }).from(eprs).orderBy(eprs.statusId);
    expect(statuses.map((r) => r.s)).toEqual([1, 2, 3, 4, 5, 10]);

    await seedLargeEprs(ctx.db);
    expect(await count()).toBe(managed);

    // One manager's team is spread over the statuses too (the seed hands out reports round-robin).
    const [busiest] = await ctx.db
      .select({
        statuses: sql<number>`count(distinct ${eprs.statusId})`.mapWith(Number),
        reviews: sql<number>`count(*)`.mapWith(Number),
      })
      .from(eprs)
      .groupBy(eprs.lineManagerId)
      .orderBy(desc(sql`count(*)`))
      .limit(1);
    expect(busiest!.reviews).toBeGreaterThan(10);
    expect(busiest!.statuses).toBeGreaterThanOrEqual(4);

    // A completed one reads whole for an HR administrator, scored from its actuals.
    const admin = await ctx.factory.employee({ admin: true });
    const token = await ctx.factory.token(admin);
    const [done] = await ctx.db.select({ id: eprs.id }).from(eprs).where(eq(eprs.statusId, 4)).limit(1);
    const res = await ctx.call({ method: 'GET', url: `/api/v1/eprs/${done!.id}`, token });
    expect(res.statusCode, res.body).toBe(200);
    const review = res.json();
    expect(review.section_a.objectives).toHaveLength(5);
    expect(review.section_a.total_mark).toBeGreaterThan(0);
    expect(review.section_a.total_lm_mark).toBeGreaterThan(0);
    expect(review.section_b.stables.length).toBeGreaterThan(0);
    expect(review.section_c.overall_rating).toMatch(/^[1-3]\.[1-3]$/);
    expect(review.section_d.dev_plans).toHaveLength(2);
  });

  it('gives a head of department hundreds of items waiting in every module, at every stage', async () => {
    // The first test seeded the people, their sheets and reviews; a year of requests here.
    await seedLargeRequests(ctx.db);
    const login = await ctx.call({
      method: 'POST',
      url: '/api/v1/login_check',
      payload: { username: 'L00001', password: DEMO_PASSWORD, app_id: 3 },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().token as string;
    const counts = (await ctx.call({ method: 'GET', url: '/api/v1/approvals/counts', token })).json();
    for (const module of ['leave', 'remote-work', 'hr-service', 'kpi', 'epr'])
      expect(counts[module], module).toBeGreaterThan(0);
    // The O&O of about 380 people here (480 on 10,000 employees) and line manager of 20.
    expect(counts.total).toBeGreaterThanOrEqual(200);
    // Sheets with them as line manager (2) and as O&O (3), reviews with them as O&O (3).
    const [head] = await ctx.db
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.eid, 'L00001'));
    const stage = async (
      table: typeof kpis | typeof eprs,
      column: 'lineManagerId' | 'oneOverOneId',
      status: number,
    ) =>
      (
        await ctx.db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(table)
          .where(and(eq(table[column], head!.id), eq(table.statusId, status)))
      )[0]!.n;
    expect(await stage(kpis, 'lineManagerId', 2)).toBeGreaterThan(0);
    expect(await stage(kpis, 'oneOverOneId', 3)).toBeGreaterThan(50);
    expect(await stage(eprs, 'oneOverOneId', 3)).toBeGreaterThan(30);
  });

  it('gives everyone of the large data set punches on working days, late on some, absent on others', async () => {
    // The first test seeded the people; three weeks of punches here (two years in the real seed).
    await seedLargeAttendance(ctx.db, () => {}, 21);
    const [row] = await ctx.db
      .select({
        people: sql<number>`count(distinct ${punches.employeeId})`.mapWith(Number),
        days: sql<number>`count(distinct ${punches.at}::date)`.mapWith(Number),
        late: sql<number>`count(*) filter (where ${punches.at}::time between '09:16' and '12:00')`.mapWith(
          Number,
        ),
        total: sql<number>`count(*)`.mapWith(Number),
      })
      .from(punches)
      .innerJoin(employees, eq(employees.id, punches.employeeId))
      .where(like(employees.eid, 'L%'));
    expect(row!.people).toBeGreaterThan(300);
    // Three weeks hold three weekly off days (no punch) and 18 working days at most.
    expect(row!.days).toBeLessThanOrEqual(18);
    expect(row!.days).toBeGreaterThanOrEqual(15);
    expect(row!.late).toBeGreaterThan(0);
    // Some working days have no punch (absent): fewer than two punches per person and working day.
    expect(row!.total).toBeLessThan(row!.people * row!.days * 2);
    const again = row!.total;
    await seedLargeAttendance(ctx.db, () => {}, 21);
    const [after] = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(punches);
    expect(after!.n).toBe(again);
  });
});
