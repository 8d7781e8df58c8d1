import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysFromToday } from '../../../test/factories/compensation';
import { createTestDatabase, setupApi, type TestContext } from '../../../test/helper';
import type { Database } from '../../db/client';
import { employees, loans, paySchedules, payScheduleTypes, salaries, users } from '../../db/schema';
import { seedDemoIfEmpty } from '../../db/seed/demo';
import { seedLarge } from '../../db/seed/large';

/** The demo's and the large data set's compensation, read back through the API. */

describe('the demo compensation', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoIfEmpty(database.db);
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it('has the three schedule types and a payroll of each', async () => {
    const types = await database.db.select().from(payScheduleTypes).orderBy(payScheduleTypes.periodsPerYear);
    expect(types.map((t) => [t.name, t.periodsPerYear])).toEqual([
      ['Monthly', 12],
      ['Bi-weekly', 26],
      ['Weekly', 52],
    ]);
    const schedules = await database.db.select({ name: paySchedules.name }).from(paySchedules);
    expect(schedules.map((s) => s.name)).toContain('Head office monthly payroll');
  });

  it('gives every employee a basic salary history and a tax row, the current one rising with each raise', async () => {
    const db = database.db;
    const people = await db.select({ id: employees.id, eid: employees.eid }).from(employees);
    const rows = await db.select().from(salaries);
    for (const p of people) {
      const own = rows.filter((r) => r.employeeId === p.id);
      const basic = own
        .filter((r) => r.kind === 'basic' && r.effectiveDate <= daysFromToday(0))
        .sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate));
      expect(basic.length, p.eid).toBeGreaterThanOrEqual(1);
      expect(basic.length, p.eid).toBeLessThanOrEqual(3);
      const amounts = basic.map((r) => Number(r.amount));
      expect(
        [...amounts].sort((a, b) => a - b),
        p.eid,
      ).toEqual(amounts);
      expect(
        own.some((r) => r.kind === 'tax'),
        p.eid,
      ).toBe(true);
    }
    // Seniority shows: the managing director earns more than the demo employee.
    const current = (eid: string) => {
      const id = people.find((p) => p.eid === eid)!.id;
      return Math.max(
        ...rows
          .filter((r) => r.employeeId === id && r.kind === 'basic' && r.effectiveDate <= daysFromToday(0))
          .map((r) => Number(r.amount)),
      );
    };
    expect(current('1000')).toBeGreaterThan(current('1003'));
    expect(current('1003')).toBeGreaterThan(current('1004'));
  });

  it('has loans in different states: one under way, one fully repaid, one with nothing repaid yet', async () => {
    const all = await database.db.select().from(loans);
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.some((l) => l.repaid === l.amount)).toBe(true);
    expect(all.some((l) => Number(l.repaid) === 0)).toBe(true);
    expect(all.some((l) => Number(l.repaid) > 0 && Number(l.repaid) < Number(l.amount))).toBe(true);
  });
});

describe('the large compensation', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApi();
  });

  it('gives everyone of the large data set one basic and one tax row, and runs twice without adding', async () => {
    await ctx.factory.company();
    await seedLarge(ctx.db, 60);
    const count = async (kind: string) =>
      (
        await ctx.db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(salaries)
          .innerJoin(employees, eq(employees.id, salaries.employeeId))
          .where(and(like(employees.eid, 'L%'), eq(salaries.kind, kind)))
      )[0]!.n;
    const [people] = await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(employees)
      .where(like(employees.eid, 'L%'));
    expect(people!.n).toBeGreaterThan(30);
    expect(await count('basic')).toBe(people!.n);
    expect(await count('tax')).toBe(people!.n);
    await seedLarge(ctx.db, 60);
    expect(await count('basic')).toBe(people!.n);

    // One of them reads their own through the API.
    const [someone] = await ctx.db
      .select({ eid: employees.eid })
      .from(employees)
      .innerJoin(users, eq(users.employeeId, employees.id))
      .where(like(employees.eid, 'L%'))
      .limit(1);
    const token = await ctx.factory.token({ eid: someone!.eid, password: 'demo123' });
    const res = await ctx.call({ method: 'GET', url: '/api/v1/salaries', token });
    expect(res.statusCode, res.body).toBe(200);
    expect(Number(res.json().current.basic.amount)).toBeGreaterThan(0);
    expect(res.json().current.tax).not.toBeNull();
  });
});
