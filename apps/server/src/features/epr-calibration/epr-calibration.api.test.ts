import { CALIBRATION_CELLS, CALIBRATION_NAMES_PER_CELL } from '@hr/contracts/epr-calibration';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addToGroup,
  makeCompany,
  makeGroup,
  makeTreeItem,
  setEmployee,
  tag,
} from '../../../test/factories/directory';
import { approvedSheet, eprRow } from '../../../test/factories/epr';
import { type MadeEmployee, setupApi, statementsDuring, type TestContext } from '../../../test/helper';
import { eprLines, eprStables, eprs } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

const GRID = '/api/v1/eprs/calibration';
const ACCESS = '/api/v1/eprs/calibration/access';

interface Person {
  epr_id: number;
  employee: { id: number; eid: string; name: string; photo: unknown };
  line_manager: string | null;
  status: { id: number; name: string; color: string };
  provisional: boolean;
}
interface Cell {
  kpi_rating: number;
  stable_rating: number;
  overall: string;
  band: string;
  results: string;
  behaviours: string;
  count: number;
  provisional: number;
  people: Person[];
}
interface Grid {
  cells: Cell[];
  not_rated: number;
  totals: Record<'reviews' | 'placed' | 'provisional' | 'not_rated' | 'completed' | 'in_progress', number>;
  names_per_cell: number;
}

const grid = (token: string | null, query = '') => ctx.call({ method: 'GET', url: `${GRID}${query}`, token });

async function gridOf(token: string, query = ''): Promise<Grid> {
  const res = await grid(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Grid;
}

const cell = (g: Grid, overall: string) => g.cells.find((c) => c.overall === overall)!;
/** The review ids of every cell that holds some, as "K.V": [ids]. */
function placed(g: Grid): Record<string, number[]> {
  return Object.fromEntries(
    g.cells.filter((c) => c.count > 0).map((c) => [c.overall, c.people.map((p) => p.epr_id)]),
  );
}

/** An O&O over two line managers with a report each; one token per person. */
async function team() {
  const oo = await ctx.factory.employee({ name: tag('O&O ') });
  const lm = await ctx.factory.employee({ parentId: oo.id, name: tag('Line manager ') });
  const lm2 = await ctx.factory.employee({ parentId: oo.id, name: tag('Other manager ') });
  const a = await ctx.factory.employee({ parentId: lm.id, name: tag('Anna ') });
  const b = await ctx.factory.employee({ parentId: lm.id, name: tag('Bruno ') });
  const c = await ctx.factory.employee({ parentId: lm2.id, name: tag('Chen ') });
  return { oo, lm, lm2, a, b, c, ooToken: await ctx.factory.token(oo) };
}

interface ReviewOptions {
  status: number;
  /** Section C: [KPI rating, value rating]. */
  c?: [number, number];
  /** The line manager's ratings of Section A and Section B. */
  lm?: [number | null, number | null];
  from?: string;
  to?: string;
  oneOverOneId?: number;
}

/**
 * A review written straight to the database, with its own approved sheet:
 * the grid reads the review's status and ratings only.
 */
async function review(employee: MadeEmployee, lineManager: MadeEmployee, oo: MadeEmployee, o: ReviewOptions) {
  const people = {
    employeeId: employee.id,
    lineManagerId: lineManager.id,
    oneOverOneId: o.oneOverOneId ?? oo.id,
  };
  const from = o.from ?? '2031-01-01';
  const to = o.to ?? '2031-06-30';
  const { sheet } = await approvedSheet(ctx.db, people, { objectives: [], from, to });
  const [row] = await ctx.db
    .insert(eprs)
    .values({
      ...people,
      createdById: employee.id,
      kpiId: sheet.id,
      typeId: 2,
      name: `${sheet.name} – Interim review`,
      fromDate: from,
      toDate: to,
      statusId: o.status,
      aLmRating: o.lm?.[0] ?? null,
      bLmRating: o.lm?.[1] ?? null,
      cKpiRating: o.c?.[0] ?? null,
      cStableRating: o.c?.[1] ?? null,
    })
    .returning();
  return row!.id;
}

describe('the grid', () => {
  it('places set ratings (3, 10, 4) and provisional ones (2 with both LM ratings); counts the rest as not yet rated', async () => {
    const t = await team();
    const done = await review(t.b, t.lm, t.oo, { status: 4, c: [3, 2], lm: [3, 3] });
    const withOo = await review(t.a, t.lm, t.oo, { status: 3, c: [3, 2] });
    const returned = await review(t.c, t.lm2, t.oo, { status: 10, c: [1, 1], lm: [2, 2] });
    const provisional = await review(t.a, t.lm, t.oo, { status: 2, lm: [2, 3] });
    const halfRated = await review(t.b, t.lm, t.oo, { status: 2, lm: [2, null] });
    const draft = await review(t.c, t.lm2, t.oo, { status: 1 });
    const sentBack = await review(t.c, t.lm2, t.oo, { status: 5, lm: [1, 1] });
    // Closed reviews are neither completed nor in progress; another O&O's are not this one's.
    await review(t.a, t.lm, t.oo, { status: 6, c: [2, 2] });
    const stranger = await ctx.factory.employee();
    await review(t.a, t.lm, t.oo, { status: 4, c: [2, 2], oneOverOneId: stranger.id });

    const g = await gridOf(t.ooToken);
    expect(g.cells.map((c) => [c.kpi_rating, c.stable_rating])).toEqual(
      CALIBRATION_CELLS.map((c) => [c.kpi_rating, c.stable_rating]),
    );
    expect(g.cells.map((c) => c.overall)).toEqual([
      '3.1',
      '3.2',
      '3.3',
      '2.1',
      '2.2',
      '2.3',
      '1.1',
      '1.2',
      '1.3',
    ]);
    // Names in order: Anna before Bruno.
    expect(placed(g)).toEqual({ '3.2': [withOo, done], '2.3': [provisional], '1.1': [returned] });
    expect(cell(g, '3.2')).toMatchObject({
      band: 'exceeded',
      results: 'superior',
      behaviours: 'good',
      count: 2,
      provisional: 0,
    });
    expect(cell(g, '2.3')).toMatchObject({
      band: 'fully_met',
      results: 'good',
      behaviours: 'superior',
      count: 1,
      provisional: 1,
    });
    expect(cell(g, '1.1')).toMatchObject({ band: 'partially_met', results: 'unsatisfactory' });
    const [first, second] = cell(g, '3.2').people;
    expect(first).toMatchObject({
      epr_id: withOo,
      employee: { id: t.a.id, eid: t.a.eid, name: t.a.name },
      line_manager: t.lm.name,
      status: { id: 3, name: 'Awaiting O&O', color: 'purple' },
      provisional: false,
    });
    expect(second!.status).toEqual({ id: 4, name: 'Completed', color: 'success' });
    expect(cell(g, '2.3').people[0]).toMatchObject({
      status: { id: 2 },
      provisional: true,
      line_manager: t.lm.name,
    });
    expect(g.not_rated).toBe(3);
    expect(g.totals).toEqual({
      reviews: 7,
      placed: 4,
      provisional: 1,
      not_rated: 3,
      completed: 1,
      in_progress: 6,
    });
    expect(g.names_per_cell).toBe(CALIBRATION_NAMES_PER_CELL);
    for (const id of [halfRated, draft, sentBack]) {
      expect(g.cells.flatMap((c) => c.people.map((p) => p.epr_id))).not.toContain(id);
    }

    // The status scope: the completed reviews, or those in progress.
    const completed = await gridOf(t.ooToken, '?scope=completed');
    expect(placed(completed)).toEqual({ '3.2': [done] });
    expect(completed.totals).toMatchObject({ reviews: 1, not_rated: 0, completed: 1, in_progress: 0 });
    const moving = await gridOf(t.ooToken, '?scope=in_progress');
    expect(placed(moving)).toEqual({ '3.2': [withOo], '2.3': [provisional], '1.1': [returned] });
    expect(moving.totals).toMatchObject({ reviews: 6, not_rated: 3, provisional: 1, completed: 0 });
  });

  it('lists the first names of a cell by name and counts them all, in the same statements whatever their number', async () => {
    const t = await team();
    const range = '?from_date=2033-01-01&to_date=2033-12-31';
    const options = { status: 4, c: [1, 3] as [number, number], from: '2033-01-01', to: '2033-12-31' };
    await review(t.a, t.lm, t.oo, options);
    // Warm: the session statement is prepared on first use.
    await grid(t.ooToken, range);
    const one = await statementsDuring(ctx, () => grid(t.ooToken, range));
    const adminUser = await ctx.factory.employee({ admin: true });
    const admin = await ctx.factory.token(adminUser);
    await grid(admin, range);
    const adminOne = await statementsDuring(ctx, () => grid(admin, range));

    const total = CALIBRATION_NAMES_PER_CELL + 5;
    const names: string[] = [t.a.name];
    for (let i = 1; i < total; i++) {
      const who = await ctx.factory.employee({
        parentId: t.lm.id,
        withUser: false,
        name: `Person ${String(i).padStart(3, '0')} ${tag()}`,
      });
      names.push(who.name);
      await review(who, t.lm, t.oo, options);
    }
    const many = await statementsDuring(ctx, () => grid(t.ooToken, range));
    const adminMany = await statementsDuring(ctx, () => grid(admin, range));
    // The session, the caller's standing, the grid; an admin without filters needs no standing.
    expect(one).toHaveLength(3);
    expect(many).toHaveLength(one.length);
    expect(adminOne).toHaveLength(2);
    expect(adminMany).toHaveLength(adminOne.length);

    const g = await gridOf(t.ooToken, range);
    const c = cell(g, '1.3');
    expect(c.count).toBe(total);
    expect(c.people).toHaveLength(CALIBRATION_NAMES_PER_CELL);
    const sorted = [...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    expect(c.people.map((p) => p.employee.name)).toEqual(sorted.slice(0, CALIBRATION_NAMES_PER_CELL));
    expect(g.totals).toMatchObject({ reviews: total, placed: total, completed: total });
  });
});

/** The EPR API's path, called by a person. */
const epr = (method: 'PATCH' | 'POST', url: string, token: string, payload: object) =>
  ctx.call({ method, url: `/api/v1/eprs${url}`, token, payload });

describe('through the review’s workflow', () => {
  it('provisional at 2, set by the line manager’s approval, and a Section C change at 10 shows at once', async () => {
    const t = await team();
    const tokens = { employee: await ctx.factory.token(t.a), lm: await ctx.factory.token(t.lm) };
    const { sheet } = await approvedSheet(
      ctx.db,
      { employeeId: t.a.id, lineManagerId: t.lm.id, oneOverOneId: t.oo.id },
      { from: '2034-01-01', to: '2034-12-31' },
    );
    const made = await epr('POST', '', tokens.employee, {
      kpi_id: sheet.id,
      type_id: 2,
      from_date: '2034-01-01',
      to_date: '2034-06-30',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json() as { id: number }).id;
    const range = '?from_date=2034-01-01&to_date=2034-12-31';
    const where = async () => placed(await gridOf(t.ooToken, range));
    const act = async (token: string, action: string) => {
      const res = await epr('PATCH', `/actions/${action}`, token, { epr_id: id });
      expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
    };

    // Draft: counted, not placed.
    expect(await where()).toEqual({});
    expect((await gridOf(t.ooToken, range)).not_rated).toBe(1);

    // The employee's side is filled (as the EPR tests fill it) and submitted.
    await ctx.db.update(eprLines).set({ actual: 5, lmActual: 8 }).where(eq(eprLines.eprId, id));
    await ctx.db.update(eprStables).set({ rating: 2, lmRating: 2 }).where(eq(eprStables.eprId, id));
    for (const section of ['a', 'b']) {
      const res = await epr('PATCH', `/${id}/sections/${section}`, tokens.employee, { rating: 2 });
      expect(res.statusCode, res.body).toBe(200);
    }
    await act(tokens.employee, 'submit');
    expect(await where()).toEqual({});

    // The line manager rates Section A: still not rated; then Section B: provisional at 3.2.
    expect((await epr('PATCH', `/${id}/sections/a`, tokens.lm, { lm_rating: 3 })).statusCode).toBe(200);
    expect(await where()).toEqual({});
    expect((await epr('PATCH', `/${id}/sections/b`, tokens.lm, { lm_rating: 2 })).statusCode).toBe(200);
    let g = await gridOf(t.ooToken, range);
    expect(placed(g)).toEqual({ '3.2': [id] });
    expect(cell(g, '3.2').people[0]!.provisional).toBe(true);

    // The approval fills Section C from those ratings: the same cell, no longer provisional.
    await act(tokens.lm, 'approve-line-manager');
    g = await gridOf(t.ooToken, range);
    expect(placed(g)).toEqual({ '3.2': [id] });
    expect(cell(g, '3.2').people[0]).toMatchObject({ provisional: false, status: { id: 3 } });

    // Returned to the line manager, who changes Section C: the next read has it.
    await act(t.ooToken, 'update-requested');
    expect((await where())['3.2']).toEqual([id]);
    const changed = await epr('PATCH', `/${id}/sections/c`, tokens.lm, { kpi_rating: 1, stable_rating: 3 });
    expect(changed.statusCode, changed.body).toBe(200);
    g = await gridOf(t.ooToken, range);
    expect(placed(g)).toEqual({ '1.3': [id] });
    expect(cell(g, '1.3').people[0]!.status.id).toBe(10);

    await act(tokens.lm, 'approve-line-manager');
    await act(t.ooToken, 'approve');
    expect((await eprRow(ctx.db, id))!.statusId).toBe(4);
    g = await gridOf(t.ooToken, `${range}&scope=completed`);
    expect(placed(g)).toEqual({ '1.3': [id] });
    expect(cell(g, '1.3').people[0]!.status).toMatchObject({ id: 4, name: 'Completed' });
  });
});

describe('filters', () => {
  it('company, group item (with the items below it), period overlap, each and together', async () => {
    const t = await team();
    const h1 = { from: '2035-01-01', to: '2035-06-30' };
    const h2 = { from: '2035-07-01', to: '2035-12-31' };
    const aFirst = await review(t.a, t.lm, t.oo, { status: 4, c: [3, 3], ...h1 });
    const aSecond = await review(t.a, t.lm, t.oo, { status: 4, c: [2, 2], ...h2 });
    const bFirst = await review(t.b, t.lm, t.oo, { status: 3, c: [2, 2], ...h1 });
    const cSecond = await review(t.c, t.lm2, t.oo, { status: 10, c: [1, 2], ...h2 });
    const year = 'from_date=2035-01-01&to_date=2035-12-31';
    const ids = async (query: string) =>
      Object.values(placed(await gridOf(t.ooToken, `?${query}`)))
        .flat()
        .sort((x, y) => x - y);

    expect(await ids(year)).toEqual([aFirst, aSecond, bFirst, cSecond]);

    // Company: the employee's company now.
    const other = await makeCompany(ctx.db);
    await setEmployee(ctx.db, t.b.id, { companyId: other.id });
    expect(await ids(`${year}&company_id=${other.id}`)).toEqual([bFirst]);

    // Group: an item takes in the members of the items below it.
    const group = await makeGroup(ctx.db, tag('Department '), null);
    const sales = await makeTreeItem(ctx.db, group.id, 'Sales');
    const north = await makeTreeItem(ctx.db, group.id, 'North', sales.id);
    await addToGroup(ctx.db, t.a.id, sales.id);
    await addToGroup(ctx.db, t.c.id, north.id);
    expect(await ids(`${year}&group_id=${sales.id}`)).toEqual([aFirst, aSecond, cSecond]);
    expect(await ids(`${year}&group_id=${north.id}`)).toEqual([cSecond]);

    // Period: the reviews that overlap it; either end may stay open.
    expect(await ids('from_date=2035-06-30&to_date=2035-06-30')).toEqual([aFirst, bFirst]);
    expect(await ids('from_date=2035-07-01&to_date=2035-07-01')).toEqual([aSecond, cSecond]);
    expect(await ids('from_date=2035-06-01&to_date=2035-07-15')).toEqual([aFirst, aSecond, bFirst, cSecond]);
    expect(await ids('from_date=2035-12-31')).toEqual(
      (await ids('from_date=2035-07-01')).filter((id) => [aSecond, cSecond].includes(id)),
    );
    expect(await ids('to_date=2035-01-01')).not.toContain(aSecond);
    expect(await ids('to_date=2035-01-01')).toContain(aFirst);

    // Together.
    expect(await ids(`from_date=2035-07-01&to_date=2035-12-31&group_id=${sales.id}`)).toEqual([
      aSecond,
      cSecond,
    ]);
    expect(await ids(`${year}&group_id=${sales.id}&company_id=${other.id}`)).toEqual([]);
  });
});

describe('who sees what', () => {
  it('admins every review, an O&O the reviews naming them, nobody else (table)', async () => {
    const t = await team();
    // Above the O&O: their own O&O standing, but not the reviews that store another O&O.
    const top = await ctx.factory.employee({ name: tag('Director ') });
    await setEmployee(ctx.db, t.oo.id, { parentId: top.id });
    const other = await team();
    const period = { from: '2036-01-01', to: '2036-12-31' };
    const mine = await review(t.a, t.lm, t.oo, { status: 4, c: [2, 1], ...period });
    const theirs = await review(other.a, other.lm, other.oo, { status: 3, c: [2, 1], ...period });
    // Someone a review stores as its O&O, with nobody two levels below them now.
    const former = await ctx.factory.employee({ name: tag('Former O&O ') });
    const kept = await review(other.b, other.lm, other.oo, {
      status: 4,
      c: [3, 1],
      oneOverOneId: former.id,
      ...period,
    });
    const admin = await ctx.factory.employee({ admin: true });
    const stranger = await ctx.factory.employee();
    const range = '?from_date=2036-01-01&to_date=2036-12-31';

    const table: [string, MadeEmployee | null, number, number[] | null, string | null][] = [
      ['HR admin', admin, 200, [mine, theirs, kept], 'all'],
      ['O&O', t.oo, 200, [mine], 'one_over_one'],
      ['another O&O', other.oo, 200, [theirs], 'one_over_one'],
      ['stored O&O only', former, 200, [kept], 'one_over_one'],
      ['manager above the O&O', top, 200, [], 'one_over_one'],
      ['line manager, nobody’s O&O', t.lm, 403, null, null],
      ['employee', t.a, 403, null, null],
      ['unrelated', stranger, 403, null, null],
      ['no token', null, 401, null, null],
    ];
    for (const [who, person, status, expected, scope] of table) {
      const token = person ? await ctx.factory.token(person) : null;
      const res = await grid(token, range);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
      if (expected) {
        const ids = Object.values(placed(res.json() as Grid))
          .flat()
          .sort((x, y) => x - y);
        expect(ids, who).toEqual([...expected].sort((x, y) => x - y));
      } else if (status === 403) {
        expect(res.json(), who).toMatchObject({ code: 403, error: 'calibration_forbidden' });
      }
      const access = await ctx.call({ method: 'GET', url: ACCESS, token });
      expect(access.statusCode, `${who}: access`).toBe(status === 401 ? 401 : 200);
      if (status !== 401) expect(access.json(), `${who}: access`).toEqual({ scope });
    }
  });

  it('is not taken for a review id by GET eprs/:id', async () => {
    const t = await team();
    const res = await grid(t.ooToken);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Grid).cells).toHaveLength(9);
    // The review route still answers ids.
    const id = await review(t.a, t.lm, t.oo, { status: 4, c: [2, 2] });
    const one = await ctx.call({ method: 'GET', url: `/api/v1/eprs/${id}`, token: t.ooToken });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ id, section_c: { overall_rating: '2.2' } });
  });
});

describe('bad input', () => {
  it('is a 400 for malformed filters and a 404 for a company or group item that does not exist', async () => {
    const t = await team();
    const cases: [string, number, string, string?][] = [
      ['?from_date=2031-02-30', 400, 'invalid_query', 'from_date'],
      ['?to_date=31-12-2031', 400, 'invalid_query', 'to_date'],
      ['?from_date=2031-07-01&to_date=2031-06-30', 400, 'invalid_query', 'to_date'],
      ['?company_id=abc', 400, 'invalid_query', 'company_id'],
      ['?group_id=abc', 400, 'invalid_query', 'group_id'],
      ['?company_id=0', 400, 'invalid_query', 'company_id'],
      ['?group_id=-3', 400, 'invalid_query', 'group_id'],
      ['?company_id=1.5', 400, 'invalid_query', 'company_id'],
      ['?company_id=2147483648', 400, 'invalid_query', 'company_id'],
      ['?scope=everything', 400, 'invalid_query', 'scope'],
      ['?company_id=2147483647', 404, 'reference_not_found'],
      ['?group_id=2147483647', 404, 'group_item_not_found'],
    ];
    for (const [query, status, error, name] of cases) {
      const res = await grid(t.ooToken, query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(status);
      const body = res.json() as { error: string; params?: Record<string, string> };
      expect(body.error, query).toBe(error);
      if (name) expect(body.params?.name, query).toBe(name);
    }
    expect((await grid(t.ooToken, '?company_id=2147483647')).json().params).toEqual({ kind: 'company' });
    // A caller who may not see the grid learns nothing about the filters.
    const lm = await ctx.factory.token(t.lm);
    expect((await grid(lm, '?company_id=2147483647')).statusCode).toBe(403);
  });
});
