import { beforeAll, describe, expect, it } from 'vitest';
import { type MadeEmployee, setupApi, statementsDuring, type TestContext } from '../../test/helper';
import { kpis, leaves, remoteWorks, serviceRequests } from '../db/schema';

/**
 * The list path sends the same few statements whatever the page size or the
 * filters: the session, the page and the total.
 */
let ctx: TestContext;
let lmToken: string;
let employeeToken: string;

beforeAll(async () => {
  ctx = await setupApi();
  const { oo, lm, employee } = await ctx.factory.chain();
  const others: MadeEmployee[] = [employee];
  for (let i = 0; i < 4; i++) others.push(await ctx.factory.employee({ parentId: lm.id }));
  const approvers = { lineManagerId: lm.id, oneOverOneId: oo.id };
  for (const [n, person] of others.entries()) {
    const day = (d: number) => `2027-${String(n + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    await ctx.db.insert(leaves).values(
      Array.from({ length: 15 }, (_, i) => ({
        employeeId: person.id,
        ...approvers,
        responsibleId: lm.id,
        typeId: 1,
        leaveFormat: 1,
        fromDate: day(i + 1),
        toDate: day(i + 1),
        days: 1,
        leaveAddress: 'Home',
        statusId: 1 + (i % 4),
      })),
    );
    await ctx.db.insert(remoteWorks).values(
      Array.from({ length: 15 }, (_, i) => ({
        employeeId: person.id,
        ...approvers,
        typeId: 2,
        fromDate: day(i + 1),
        toDate: day(i + 1),
        statusId: 1 + (i % 4),
      })),
    );
    await ctx.db.insert(serviceRequests).values(
      Array.from({ length: 15 }, (_, i) => ({
        employeeId: person.id,
        ...approvers,
        createdBy: person.id,
        category: 'salary_certificate',
        reason: `Reason ${i}`,
        description: 'For the bank',
        issueDate: day(i + 1),
        statusId: 1 + (i % 5),
        submittedAt: i % 5 === 0 ? null : new Date('2026-10-01T10:00:00Z'),
      })),
    );
    await ctx.db.insert(kpis).values(
      Array.from({ length: 15 }, (_, i) => ({
        employeeId: person.id,
        ...approvers,
        typeId: 2,
        name: `Plan ${i}`,
        fromDate: day(i + 1),
        toDate: day(i + 1),
        statusId: 1 + (i % 5),
      })),
    );
  }
  lmToken = await ctx.factory.token(lm);
  employeeToken = await ctx.factory.token(employee);
});

async function statementsOf(url: string, token: string) {
  let body: { items: unknown[]; total: number } = { items: [], total: 0 };
  const sent = await statementsDuring(ctx, async () => {
    const res = await ctx.call({ method: 'GET', url, token });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    body = res.json();
  });
  return { sent, items: body.items.length, total: body.total };
}

const LISTS = [
  ['/api/v1/leave', 'self', 'type_id=1&from_range=2027-01-01,2027-12-31&sort=employee,asc'],
  ['/api/v1/remote-work', 'self', 'type_id=2&to_date_range=2027-01-01,2027-12-31&sort=type,desc'],
  [
    '/api/v1/employee/service-requests',
    'own',
    'category=salary_certificate&submitted_range=2026-01-01,2026-12-31',
  ],
  ['/api/v1/kpis', 'self', 'type_id=2&status_id=2&from_date=2027-01-01&sort=employee,asc'],
] as const;

describe('statements per list call', () => {
  for (const [path, own, filters] of LISTS) {
    it(`${path}: two statements (the session, the page with its total) for 10 or 50 rows, own or team, filtered or not`, async () => {
      const counts: number[] = [];
      for (const [listType, token] of [
        [own, employeeToken],
        ['team', lmToken],
      ] as const) {
        for (const limit of [10, 50]) {
          for (const extra of ['', `&${filters}`]) {
            const url = `${path}?list_type=${listType}&limit=${limit}${extra}`;
            // Twice: the first call of a shape prepares its statements, the second reuses them.
            for (let i = 0; i < 2; i++) {
              const { sent, items, total } = await statementsOf(url, token);
              expect(items, url).toBe(Math.min(limit, total));
              counts.push(sent.length);
            }
          }
        }
      }
      // The team view of the line manager has more than 50 rows, so the page size really differs.
      expect((await statementsOf(`${path}?list_type=team&limit=50`, lmToken)).items).toBe(50);
      expect(new Set(counts)).toEqual(new Set([2]));
    });
  }

  it('a page past the last still tells the total (one statement more); no match at all is a total of 0', async () => {
    const all = await statementsOf('/api/v1/leave?list_type=team&limit=10', lmToken);
    expect(all.total).toBeGreaterThan(50);
    const past = await statementsOf('/api/v1/leave?list_type=team&limit=10&page=99', lmToken);
    expect(past).toMatchObject({ items: 0, total: all.total });
    expect(past.sent).toHaveLength(3);
    const none = await statementsOf('/api/v1/leave?list_type=team&limit=10&status_id=4&type_id=999', lmToken);
    expect(none).toMatchObject({ items: 0, total: 0 });
    expect(none.sent).toHaveLength(2);
  });

  it('one request by id: two statements (session, the request)', async () => {
    const res = await ctx.call({
      method: 'GET',
      url: '/api/v1/leave?list_type=team&limit=10',
      token: lmToken,
    });
    const id = res.json().items[0].id as number;
    const sent = await statementsDuring(ctx, () =>
      ctx.call({ method: 'GET', url: `/api/v1/leave/${id}`, token: lmToken }),
    );
    expect(sent).toHaveLength(2);
  });
});

describe('a team page in id order, read approver column by approver column', () => {
  it('holds exactly the matches of the whole condition, page after page, both ways, filtered or not', async () => {
    const f = ctx.factory;
    const me = await f.employee();
    const [x, y, z] = [await f.employee(), await f.employee(), await f.employee()];
    const token = await f.token(me);
    // Requests naming the caller as line manager, as O&O, as the one standing in, as two of these
    // at once, and others that do not name them at all, interleaved.
    const roles = [
      { lineManagerId: me.id, oneOverOneId: x.id, responsibleId: y.id },
      { lineManagerId: x.id, oneOverOneId: me.id, responsibleId: y.id },
      { lineManagerId: x.id, oneOverOneId: y.id, responsibleId: me.id },
      { lineManagerId: me.id, oneOverOneId: x.id, responsibleId: me.id },
      { lineManagerId: x.id, oneOverOneId: y.id, responsibleId: z.id },
      { lineManagerId: x.id, oneOverOneId: me.id, responsibleId: z.id },
    ];
    const made = await ctx.db
      .insert(leaves)
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          employeeId: z.id,
          ...roles[i % roles.length],
          typeId: 1 + (i % 2),
          leaveFormat: 1,
          fromDate: `2028-01-${String((i % 28) + 1).padStart(2, '0')}`,
          toDate: `2028-01-${String((i % 28) + 1).padStart(2, '0')}`,
          days: 1,
          leaveAddress: 'Home',
          statusId: 1 + (i % 4),
        })),
      )
      .returning({
        id: leaves.id,
        lineManagerId: leaves.lineManagerId,
        oneOverOneId: leaves.oneOverOneId,
        responsibleId: leaves.responsibleId,
        typeId: leaves.typeId,
        statusId: leaves.statusId,
      });
    // The one standing in sees only the submitted and approved requests they cover (docs/decisions.md, Leave).
    const mine = made.filter(
      (r) =>
        [r.lineManagerId, r.oneOverOneId].includes(me.id) ||
        (r.responsibleId === me.id && [2, 3].includes(r.statusId)),
    );
    expect(mine.length).toBeGreaterThan(80);

    const pages = async (query: string, limit: number) => {
      const seen: number[] = [];
      let total = -1;
      for (let page = 1; page <= Math.ceil(mine.length / limit) + 1; page++) {
        const res = await ctx.call({
          method: 'GET',
          url: `/api/v1/leave?list_type=team&limit=${limit}&page=${page}&${query}`,
          token,
        });
        expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
        const body = res.json();
        total = body.total;
        seen.push(...body.items.map((i: { id: number }) => i.id));
      }
      return { seen, total };
    };
    const ids = (rows: typeof mine) => rows.map((r) => r.id);
    const newestFirst = ids(mine).sort((a, b) => b - a);
    for (const limit of [10, 20, 50]) {
      expect(await pages('sort=id,desc', limit)).toEqual({ seen: newestFirst, total: mine.length });
      expect(await pages('sort=id,asc', limit)).toEqual({
        seen: [...newestFirst].reverse(),
        total: mine.length,
      });
    }
    const ofType2 = ids(mine.filter((r) => r.typeId === 2)).sort((a, b) => b - a);
    expect(await pages('type_id=2', 10)).toEqual({ seen: ofType2, total: ofType2.length });
    // The default order is the newest first.
    expect((await pages('', 10)).seen).toEqual(newestFirst);
  });
});

describe('the plans of the Team list pages', () => {
  const teamPage = async (path: string, page: number) => {
    const { sent } = await statementsOf(`${path}?list_type=team&limit=10&page=${page}`, lmToken);
    return sent[1]!;
  };

  it('the first five pages carry their size and offset written in; later pages take them as parameters', async () => {
    for (const path of ['/api/v1/leave', '/api/v1/kpis', '/api/v1/employee/service-requests']) {
      const first = await teamPage(path, 1);
      expect(first, path).toMatch(/ limit 10$/);
      expect(first, path).not.toMatch(/limit \$/);
      expect(await teamPage(path, 3), path).toMatch(/ limit 10 offset 20$/);
      expect(await teamPage(path, 6), path).toMatch(/ limit \$\d+ offset \$\d+$/);
    }
  });
});
