import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeActivities } from '../../../test/factories/profile';
import { type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';
import { periodOf } from './activities.service';

let ctx: TestContext;
let people: { employee: MadeEmployee; lm: MadeEmployee; oo: MadeEmployee };
let tokens: Record<'self' | 'lm' | 'oo' | 'admin' | 'other', string>;

/** Activities at known distances from now: this week, earlier this month, last month, three and five months ago. */
function timeline() {
  const now = dayjs();
  const { from: weekStart } = periodOf('this_week');
  const thisWeek = Array.from({ length: 12 }, (_, i) => dayjs(weekStart!).add(i, 'minute'));
  const lastMonth = Array.from({ length: 5 }, (_, i) =>
    now
      .startOf('month')
      .subtract(1, 'month')
      .add(i + 2, 'day'),
  );
  const twoMonthsAgo = Array.from({ length: 4 }, (_, i) =>
    now.startOf('month').subtract(2, 'month').add(i, 'day'),
  );
  const fiveMonthsAgo = Array.from({ length: 4 }, (_, i) =>
    now.startOf('month').subtract(5, 'month').add(i, 'day'),
  );
  return { thisWeek, lastMonth, twoMonthsAgo, fiveMonthsAgo };
}

beforeAll(async () => {
  ctx = await setupApi();
  people = await ctx.factory.chain();
  const t = timeline();
  await makeActivities(
    ctx.db,
    people.employee.id,
    [...t.fiveMonthsAgo, ...t.twoMonthsAgo, ...t.lastMonth, ...t.thisWeek].map((d) => d.toDate()),
  );
  tokens = {
    self: await ctx.factory.token(people.employee),
    lm: await ctx.factory.token(people.lm),
    oo: await ctx.factory.token(people.oo),
    admin: await ctx.factory.token(await ctx.factory.employee({ admin: true })),
    other: await ctx.factory.token(await ctx.factory.employee()),
  };
});

const list = (query: string, token: string | null = tokens.self) =>
  ctx.call({ method: 'GET', url: `/api/v1/employee/activities?${query}`, token });

describe('GET employee/activities', () => {
  it('pages 10 at a time, newest first, with links to the next and previous pages', async () => {
    const first = await list(`employee_id=${people.employee.id}&page=1&limit=10&sort=id,desc`);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      count: 10,
      total: 25,
      pagination: { page: 1, limit: 10, pages: 3, prev: null },
    });
    expect(body.pagination.next).toBe(
      `/api/v1/employee/activities?employee_id=${people.employee.id}&page=2&limit=10&sort=id%2Cdesc`,
    );
    const ids = body.items.map((i: { id: number }) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(body.items[0]).toMatchObject({
      category: 'Attendance',
      latitude: expect.any(Number),
      longitude: expect.any(Number),
    });

    // Following the links walks the pages.
    const second = (await ctx.call({ method: 'GET', url: body.pagination.next, token: tokens.self })).json();
    expect(second.pagination).toMatchObject({ page: 2, prev: expect.stringContaining('page=1') });
    const third = (await ctx.call({ method: 'GET', url: second.pagination.next, token: tokens.self })).json();
    expect(third).toMatchObject({ count: 5, pagination: { page: 3, next: null } });
    const all = [
      ...ids,
      ...second.items.map((i: { id: number }) => i.id),
      ...third.items.map((i: { id: number }) => i.id),
    ];
    expect(new Set(all).size).toBe(25);
  });

  it('the map takes 100 at once, and the own log is the default', async () => {
    const res = await list('limit=100');
    expect(res.json()).toMatchObject({ count: 25, total: 25, pagination: { pages: 1, next: null } });
  });

  it.each(['this_week', 'this_month', 'last_month', 'last_three_months'] as const)(
    'filter %s',
    async (filter) => {
      // The periods themselves are checked with fixed dates below; here the log must match them.
      const { from, to } = periodOf(filter);
      const t = timeline();
      const expected = [...t.fiveMonthsAgo, ...t.twoMonthsAgo, ...t.lastMonth, ...t.thisWeek].filter(
        (d) => !d.isBefore(from!) && (!to || d.isBefore(to)),
      ).length;
      expect(expected).toBeGreaterThan(0);
      const res = await list(`employee_id=${people.employee.id}&filter=${filter}&limit=100`);
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(expected);
      expect(res.json().count).toBe(expected);
      if (filter === 'last_three_months') expect(expected).toBe(21);
    },
  );

  it('sorts oldest first when asked', async () => {
    const res = await list('sort=created,asc&limit=10');
    const times = res.json().items.map((i: { created: string }) => i.created);
    expect(times).toEqual([...times].sort());
  });

  it.each([
    ['limit=7', 'limit'],
    ['limit=1000', 'limit'],
    ['page=0', 'page'],
    ['page=x', 'page'],
    ['filter=yesterday', 'filter'],
    ['sort=name,asc', 'sort'],
    ['employee_id=-3', 'employee_id'],
  ])('answers 400 for %s', async (query, name) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(name);
  });

  it.each([
    ['self', 200],
    ['lm', 200],
    ['oo', 200],
    ['admin', 200],
    ['other', 403],
    ['nobody', 401],
  ] as const)('reading the log of the employee: %s → %i', async (who, status) => {
    const token = who === 'nobody' ? null : tokens[who];
    const res = await list(`employee_id=${people.employee.id}`, token);
    expect(res.statusCode).toBe(status);
  });

  it('an unknown employee is a 404', async () => {
    expect((await list('employee_id=99999999', tokens.admin)).statusCode).toBe(404);
  });
});

describe('periods', () => {
  it('weeks start on Saturday; last month and the last three months are whole months', () => {
    const wednesday = new Date(2025, 0, 15, 10, 30); // Wed 15 January 2025
    expect(dayjs(periodOf('this_week', wednesday).from!).format('YYYY-MM-DD ddd')).toBe('2025-01-11 Sat');
    const saturday = new Date(2025, 0, 11, 8, 0);
    expect(dayjs(periodOf('this_week', saturday).from!).format('YYYY-MM-DD')).toBe('2025-01-11');
    const friday = new Date(2025, 0, 17, 23, 0);
    expect(dayjs(periodOf('this_week', friday).from!).format('YYYY-MM-DD')).toBe('2025-01-11');
    const last = periodOf('last_month', wednesday);
    expect([dayjs(last.from!).format('YYYY-MM-DD'), dayjs(last.to!).format('YYYY-MM-DD')]).toEqual([
      '2024-12-01',
      '2025-01-01',
    ]);
    expect(dayjs(periodOf('last_three_months', wednesday).from!).format('YYYY-MM-DD')).toBe('2024-11-01');
    expect(periodOf(undefined, wednesday)).toEqual({ from: null, to: null });
  });
});
