import { EPR_MESSAGES } from '@hr/contracts/epr';
import { EPR_CYCLE_MESSAGES, type EprCycleDetail, type EprCycleLaunched } from '@hr/contracts/epr-cycles';
import { KPI_MESSAGES } from '@hr/contracts/kpi';
import { MESSAGES } from '@hr/contracts/messages';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvedSheet, setEprStatus } from '../../../test/factories/epr';
import {
  ageReview,
  companyWith,
  cycleBody,
  cycleReviews,
  groupTree,
  joinGroup,
  launchState,
} from '../../../test/factories/epr-cycles';
import { type MadeEmployee, setupApi, statementsDuring, type TestContext } from '../../../test/helper';
import { auditLog, employees, eprCycles, eprLines, eprStables, eprs } from '../../db/schema';

let ctx: TestContext;
let admin: MadeEmployee;
let adminToken: string;
beforeAll(async () => {
  ctx = await setupApi();
  admin = await ctx.factory.employee({ admin: true });
  adminToken = await ctx.factory.token(admin);
});

const BASE = '/api/v1/eprs/cycles';
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string | null, payload?: unknown) =>
  ctx.call({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });

/**
 * A period of its own for each test, far ahead: a cycle for everyone finds
 * only the sheets its test made.
 */
let year = 2100;
function period() {
  year += 1;
  return { from: `${year}-01-01`, to: `${year}-06-30`, year };
}

/** An employee with a line manager and an O&O, and an approved sheet over the period. */
async function reviewee(p: { from: string; to: string }, options: Parameters<typeof approvedSheet>[2] = {}) {
  const { oo, lm, employee } = await ctx.factory.chain();
  const made = await approvedSheet(
    ctx.db,
    { employeeId: employee.id, lineManagerId: lm.id, oneOverOneId: oo.id },
    { from: p.from, to: p.to, ...options },
  );
  return { oo, lm, employee, sheet: made.sheet };
}

async function launch(body: unknown, token = adminToken): Promise<EprCycleLaunched> {
  const res = await call('POST', BASE, token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function relaunch(id: number): Promise<EprCycleLaunched> {
  const res = await call('PATCH', `${BASE}/${id}/launch`, adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function detail(id: number, query = ''): Promise<EprCycleDetail> {
  const res = await call('GET', `${BASE}/${id}${query}`, adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const enabledEmployees = async () =>
  (await ctx.db.select({ n: count() }).from(employees).where(eq(employees.enabled, true)))[0]!.n;

describe('launching a cycle', () => {
  it('makes a draft review for everyone with an approved sheet over the period, as a single review is made', async () => {
    const p = period();
    const a = await reviewee(p, {
      objectives: [
        {
          weight: 100,
          lines: [
            { weight: 100, target: 10 },
            { weight: 50, target: 5, removed: true },
          ],
        },
        { weight: 20, removed: true, lines: [{ weight: 100, target: 1 }] },
      ],
    });
    const b = await reviewee(p);
    // Two approved sheets over the period: the review is of the one that starts last.
    const c = await reviewee(p, { from: `${p.year}-01-01`, to: `${p.year}-03-31` });
    const cLater = await approvedSheet(
      ctx.db,
      { employeeId: c.employee.id, lineManagerId: c.lm.id, oneOverOneId: c.oo.id },
      { from: `${p.year}-04-01`, to: `${p.year}-12-31` },
    );
    // Not covered: a sheet awaiting its line manager, a disabled employee, a sheet of another period.
    const pending = await reviewee(p, { statusId: 2 });
    const disabled = await reviewee(p);
    await ctx.factory.setEnabled(disabled.employee.id, false);
    const elsewhere = await reviewee({ from: `${p.year + 50}-01-01`, to: `${p.year + 50}-12-31` });

    const body = cycleBody(p, { name: `Mid-year ${p.year}`, deadline: `${p.year}-07-31` });
    const launched = await launch(body);
    expect(launched).toMatchObject({
      name: `Mid-year ${p.year}`,
      type: { id: 2, name: 'Interim review' },
      from_date: p.from,
      to_date: p.to,
      deadline: `${p.year}-07-31`,
      company: null,
      group: null,
      launched_by: { id: admin.id },
      overdue: false,
      launch: { created: 3, adopted: 0 },
      progress: { total: 3, completed: 0 },
    });
    expect(launched.progress.by_status.map((s) => [s.id, s.count])).toEqual([
      [4, 0],
      [3, 0],
      [10, 0],
      [2, 0],
      [5, 0],
      [1, 3],
    ]);

    const reviews = await cycleReviews(ctx.db, launched.id);
    expect(reviews.map((r) => r.employeeId).sort()).toEqual(
      [a.employee.id, b.employee.id, c.employee.id].sort(),
    );
    const byEmployee = new Map(reviews.map((r) => [r.employeeId, r]));
    for (const who of [a, b]) {
      expect(byEmployee.get(who.employee.id)).toMatchObject({
        kpiId: who.sheet.id,
        typeId: 2,
        name: `${who.sheet.name} – Interim review`,
        statusId: 1,
        lineManagerId: who.lm.id,
        oneOverOneId: who.oo.id,
        createdById: admin.id,
        fromDate: p.from,
        toDate: p.to,
      });
    }
    expect(byEmployee.get(c.employee.id)!.kpiId).toBe(cLater.sheet.id);
    for (const left of [pending, disabled, elsewhere])
      expect(byEmployee.has(left.employee.id), 'not covered').toBe(false);

    // Each review reads through the reviews' own API as one made by hand: Section A from the sheet's
    // active KPIs, Section B from the company's values.
    const employeeToken = await ctx.factory.token(a.employee);
    const mine = byEmployee.get(a.employee.id)!;
    const launchedReview = (await call('GET', `/api/v1/eprs/${mine.id}`, employeeToken)).json();
    const own = await reviewee(
      { from: `${p.year + 60}-01-01`, to: `${p.year + 60}-12-31` },
      {
        objectives: [
          {
            weight: 100,
            lines: [
              { weight: 100, target: 10 },
              { weight: 50, target: 5, removed: true },
            ],
          },
          { weight: 20, removed: true, lines: [{ weight: 100, target: 1 }] },
        ],
      },
    );
    const byHand = await call('POST', '/api/v1/eprs', await ctx.factory.token(own.employee), {
      kpi_id: own.sheet.id,
      type_id: 2,
      from_date: `${p.year + 60}-01-01`,
      to_date: `${p.year + 60}-06-30`,
    });
    expect(byHand.statusCode, byHand.body).toBe(201);
    const shape = (d: {
      section_a: { objectives: { name: string; lines: { objective_kpi: { name: string } }[] }[] };
      section_b: unknown;
      editable: unknown;
      actions: unknown;
      status: unknown;
    }) => ({
      a: d.section_a.objectives.map((o) => [o.name, o.lines.map((l) => l.objective_kpi.name)]),
      b: (d.section_b as { stables: { original: unknown; rating: unknown }[] }).stables.map((s) => [
        s.original,
        s.rating,
      ]),
      editable: d.editable,
      actions: d.actions,
      status: d.status,
    });
    expect(shape(launchedReview)).toEqual(shape(byHand.json()));
    expect(shape(launchedReview).a).toEqual([['Objective 1', ['KPI 1.1']]]);

    // An audit row for the cycle, its launch, and every review made.
    const cycleAudit = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'epr_cycle'));
    expect(cycleAudit.filter((r) => r.entityId === launched.id).map((r) => r.action)).toEqual([
      'create',
      'launch',
    ]);
    const reviewAudit = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'epr'));
    for (const r of reviews) {
      expect(reviewAudit.filter((x) => x.entityId === r.id)).toEqual([
        expect.objectContaining({
          action: 'create',
          actorEmployeeId: admin.id,
          toStatus: 1,
          data: { cycle_id: launched.id },
        }),
      ]);
    }

    // The detail: everyone in Draft and not started, and whom the cycle covers.
    const d = await detail(launched.id);
    const everyone = await enabledEmployees();
    expect(d.scope).toEqual({
      employees: everyone,
      in_cycle: 3,
      without_sheet: everyone - 3,
      other_cycle: 0,
      not_launched: 0,
    });
    expect(d.stages).toEqual({ not_started: 3, employee: 0, line_manager: 0, one_over_one: 0 });
    expect(d.people.total).toBe(3);
    const row = d.people.items.find((i) => i.employee.id === a.employee.id)!;
    expect(row).toMatchObject({
      epr_id: mine.id,
      name: `${a.sheet.name} – Interim review`,
      status: { id: 1, name: 'Draft' },
      stage: 'not_started',
      turn: 'employee',
      waiting_on: { id: a.employee.id },
      days: 0,
    });

    // The list carries the cycle with its progress.
    const list = (await call('GET', `${BASE}?sort=id,desc`, adminToken)).json();
    expect(list.items[0]).toMatchObject({ id: launched.id, progress: { total: 3, completed: 0 } });
  });

  it('an annual cycle takes the dates of a yearly sheet; an interim one keeps its own', async () => {
    const p = period();
    const yearly = await reviewee(p, { typeId: 1, from: `${p.year}-01-01`, to: `${p.year}-12-31` });
    const annual = await launch(cycleBody(p, { type_id: 1, deadline: `${p.year + 1}-01-31` }));
    const [review] = await cycleReviews(ctx.db, annual.id);
    expect(review).toMatchObject({
      employeeId: yearly.employee.id,
      name: `${yearly.sheet.name} – Annual review`,
      fromDate: `${p.year}-01-01`,
      toDate: `${p.year}-12-31`,
    });
    const interim = await launch(cycleBody(p, { type_id: 2 }));
    const [other] = await cycleReviews(ctx.db, interim.id);
    expect(other).toMatchObject({ employeeId: yearly.employee.id, fromDate: p.from, toDate: p.to });
  });

  it('as a few statements, whatever the number of people', async () => {
    const sizes: number[] = [];
    for (const people of [2, 12]) {
      const p = period();
      for (let i = 0; i < people; i++) await reviewee(p);
      const sent = await statementsDuring(ctx, () => launch(cycleBody(p)));
      sizes.push(sent.length);
      const [made] = await ctx.db
        .select({ n: count() })
        .from(eprs)
        .innerJoin(eprCycles, eq(eprCycles.id, eprs.cycleId))
        .where(eq(eprCycles.fromDate, p.from));
      expect(made!.n).toBe(people);
    }
    expect(sizes[1]).toBe(sizes[0]);
  });
});

describe('who may', () => {
  type Who = 'employee' | 'line manager' | 'O&O' | 'unrelated' | 'no token';
  const REFUSED: [Who, number, string][] = [
    ['employee', 403, 'admin_only'],
    ['line manager', 403, 'admin_only'],
    ['O&O', 403, 'admin_only'],
    ['unrelated', 403, 'admin_only'],
    ['no token', 401, 'unauthorized'],
  ];
  let cycleId: number;
  let tokens: Record<Who, string | null>;
  let p: ReturnType<typeof period>;

  beforeAll(async () => {
    p = period();
    const r = await reviewee(p);
    cycleId = (await launch(cycleBody(p))).id;
    // A second reviewee, so that a launch again would have someone to add.
    await reviewee(p);
    const stranger = await ctx.factory.employee();
    tokens = {
      employee: await ctx.factory.token(r.employee),
      'line manager': await ctx.factory.token(r.lm),
      'O&O': await ctx.factory.token(r.oo),
      unrelated: await ctx.factory.token(stranger),
      'no token': null,
    };
  });

  const calls = (): [string, 'GET' | 'POST' | 'PATCH', string, unknown?][] => [
    ['list', 'GET', BASE],
    ['create', 'POST', BASE, cycleBody(p)],
    ['create with a bad body', 'POST', BASE, { name: '' }],
    ['detail', 'GET', `${BASE}/${cycleId}`],
    ['detail with a bad query', 'GET', `${BASE}/${cycleId}?stage=nobody`],
    ['launch again', 'PATCH', `${BASE}/${cycleId}/launch`],
  ];

  it.each(REFUSED)('%s: refused (%i %s) everywhere, and nothing changes', async (who, status, code) => {
    const before = await launchState(ctx.db);
    for (const [what, method, url, body] of calls()) {
      const res = await call(method, url, tokens[who], body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json().error, what).toBe(code);
    }
    expect(await launchState(ctx.db)).toEqual(before);
  });

  it('an HR administrator: allowed everywhere', async () => {
    for (const [what, method, url, body] of calls()) {
      if (what.includes('bad')) continue;
      const res = await call(method, url, adminToken, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
    }
  });

  it('eprs/cycles is not taken for a review id, and eprs/{id} takes numbers only', async () => {
    const asEmployee = await call('GET', BASE, tokens.employee);
    expect(asEmployee.json().error).toBe('admin_only');
    expect((await call('GET', BASE, adminToken)).json()).toHaveProperty('items');
    const notAnId = await call('GET', '/api/v1/eprs/cyclez', adminToken);
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().error).toBe('invalid_path');
  });
});

describe('scope', () => {
  it('by company: its enabled employees only; the rest counted without a sheet', async () => {
    const p = period();
    const a = await reviewee(p);
    const b = await reviewee(p);
    const noSheet = await ctx.factory.employee();
    const outside = await reviewee(p);
    const companyId = await companyWith(ctx.db, [a.employee.id, b.employee.id, noSheet.id]);
    const launched = await launch(cycleBody(p, { company_id: companyId }));
    expect(launched.company).toMatchObject({ id: companyId });
    expect(launched.launch.created).toBe(2);
    const reviews = await cycleReviews(ctx.db, launched.id);
    expect(reviews.map((r) => r.employeeId).sort()).toEqual([a.employee.id, b.employee.id].sort());
    expect(reviews.some((r) => r.employeeId === outside.employee.id)).toBe(false);
    expect((await detail(launched.id)).scope).toEqual({
      employees: 3,
      in_cycle: 2,
      without_sheet: 1,
      other_cycle: 0,
      not_launched: 0,
    });
  });

  it('by group: the members of the item and of the items below it; with a company, those of both', async () => {
    const p = period();
    const top = await reviewee(p);
    const below = await reviewee(p);
    const notMember = await reviewee(p);
    const otherGroup = await reviewee(p);
    const tree = await groupTree(ctx.db);
    const other = await groupTree(ctx.db);
    await joinGroup(ctx.db, tree.parentId, [top.employee.id]);
    await joinGroup(ctx.db, tree.childId, [below.employee.id]);
    await joinGroup(ctx.db, other.parentId, [otherGroup.employee.id]);

    const byGroup = await launch(cycleBody(p, { group_tree_id: tree.parentId }));
    expect(byGroup.group).toEqual({ id: tree.parentId, name: 'Sales' });
    const members = (await cycleReviews(ctx.db, byGroup.id)).map((r) => r.employeeId).sort();
    expect(members).toEqual([top.employee.id, below.employee.id].sort());
    expect(members).not.toContain(notMember.employee.id);

    // The child item alone, within a company that holds only one of its members.
    const q = period();
    const inCompany = await reviewee(q);
    const notInCompany = await reviewee(q);
    const child = await groupTree(ctx.db);
    await joinGroup(ctx.db, child.childId, [inCompany.employee.id, notInCompany.employee.id]);
    const companyId = await companyWith(ctx.db, [inCompany.employee.id]);
    const both = await launch(cycleBody(q, { group_tree_id: child.childId, company_id: companyId }));
    expect((await cycleReviews(ctx.db, both.id)).map((r) => r.employeeId)).toEqual([inCompany.employee.id]);
    expect((await detail(both.id)).scope.employees).toBe(1);
  });
});

describe('launching again', () => {
  it('makes nothing twice: only those eligible since get a review, and one made by hand is taken in', async () => {
    const p = period();
    const a = await reviewee(p);
    const b = await reviewee(p);
    const companyId = await companyWith(ctx.db, [a.employee.id, b.employee.id]);
    const launched = await launch(cycleBody(p, { company_id: companyId }));
    expect(launched.launch).toEqual({ created: 2, adopted: 0 });

    const before = await launchState(ctx.db);
    const again = await relaunch(launched.id);
    expect(again.launch).toEqual({ created: 0, adopted: 0 });
    expect(again.progress.total).toBe(2);
    const after = await launchState(ctx.db);
    expect(after).toEqual({ ...before, cycleAudit: before.cycleAudit + 1 });

    // A reviewed employee's newer sheet is approved: still one review of theirs in the cycle.
    await approvedSheet(
      ctx.db,
      { employeeId: a.employee.id, lineManagerId: a.lm.id, oneOverOneId: a.oo.id },
      { from: `${p.year}-03-01`, to: `${p.year}-12-31` },
    );
    // A newcomer's sheet is approved; another made a review of theirs by hand before the next launch.
    const newcomer = await reviewee(p);
    const ownReview = await reviewee(p);
    await ctx.db.update(employees).set({ companyId }).where(eq(employees.id, newcomer.employee.id));
    await ctx.db.update(employees).set({ companyId }).where(eq(employees.id, ownReview.employee.id));
    const byHand = await call('POST', '/api/v1/eprs', await ctx.factory.token(ownReview.employee), {
      kpi_id: ownReview.sheet.id,
      type_id: 2,
      from_date: p.from,
      to_date: p.to,
    });
    expect(byHand.statusCode, byHand.body).toBe(201);
    expect((await detail(launched.id)).scope).toMatchObject({ employees: 4, in_cycle: 2, not_launched: 2 });

    const third = await relaunch(launched.id);
    expect(third.launch).toEqual({ created: 1, adopted: 1 });
    const reviews = await cycleReviews(ctx.db, launched.id);
    expect(reviews.map((r) => r.employeeId).sort()).toEqual(
      [a.employee.id, b.employee.id, newcomer.employee.id, ownReview.employee.id].sort(),
    );
    expect(reviews.filter((r) => r.employeeId === a.employee.id)).toHaveLength(1);
    expect(reviews.find((r) => r.employeeId === ownReview.employee.id)!.id).toBe(byHand.json().id);
    // The review taken in keeps its sections (made once, by hand).
    const lines = await ctx.db.select().from(eprLines).where(eq(eprLines.eprId, byHand.json().id));
    const stables = await ctx.db.select().from(eprStables).where(eq(eprStables.eprId, byHand.json().id));
    expect(lines).toHaveLength(3);
    expect(stables).toHaveLength(4);
    expect((await detail(launched.id)).scope).toMatchObject({ employees: 4, in_cycle: 4, not_launched: 0 });
  });

  it('two cycles over one period: the second makes nothing, and counts those reviewed in the first', async () => {
    const p = period();
    const a = await reviewee(p);
    const b = await reviewee(p);
    const companyId = await companyWith(ctx.db, [a.employee.id, b.employee.id]);
    const first = await launch(cycleBody(p, { company_id: companyId }));
    const before = await launchState(ctx.db);
    const second = await launch(cycleBody(p, { company_id: companyId }));
    expect(second.launch).toEqual({ created: 0, adopted: 0 });
    expect(second.progress.total).toBe(0);
    const after = await launchState(ctx.db);
    expect(after).toEqual({ ...before, cycles: before.cycles + 1, cycleAudit: before.cycleAudit + 2 });
    expect((await detail(second.id)).scope).toEqual({
      employees: 2,
      in_cycle: 0,
      without_sheet: 0,
      other_cycle: 2,
      not_launched: 0,
    });
    expect((await detail(first.id)).progress.total).toBe(2);
    // An annual cycle over the same period is another type of review: those are made.
    const annual = await launch(cycleBody(p, { company_id: companyId, type_id: 1 }));
    expect(annual.launch.created).toBe(2);
  });
});

describe('bad input', () => {
  const p = { from: '2190-01-01', to: '2190-06-30' };
  /** What is wrong, the field it is reported on, its text (any, when empty) and the change to a valid body. */
  const cases: [string, string, string, Record<string, unknown>][] = [
    ['no name', 'name', MESSAGES.nameRequired, { name: undefined }],
    ['a blank name', 'name', MESSAGES.nameRequired, { name: '   ' }],
    ['a short name', 'name', KPI_MESSAGES.sheetNameLength, { name: 'Q1' }],
    ['no type', 'type_id', EPR_MESSAGES.typeRequired, { type_id: undefined }],
    ['no start', 'from_date', MESSAGES.startDateRequired, { from_date: undefined }],
    ['no end', 'to_date', MESSAGES.endDateRequired, { to_date: undefined }],
    ['no deadline', 'deadline', EPR_CYCLE_MESSAGES.deadlineRequired, { deadline: undefined }],
    ['a day that does not exist', 'to_date', EPR_MESSAGES.dateFormat, { to_date: '2190-02-30' }],
    ['an end before the start', 'to_date', EPR_MESSAGES.toBeforeFrom, { to_date: '2189-12-31' }],
    [
      'a deadline before the start',
      'deadline',
      EPR_CYCLE_MESSAGES.deadlineBeforeFrom,
      { deadline: '2189-12-31' },
    ],
    [
      'a deadline in the past',
      'deadline',
      'The deadline must not be in the past.',
      { from_date: '2020-01-01', to_date: '2020-06-30', deadline: '2020-07-31' },
    ],
    ['an unknown type', 'type_id', 'This EPR type does not exist.', { type_id: 99 }],
    ['an unknown company', 'company_id', 'This company does not exist.', { company_id: 999_999 }],
    ['an unknown group item', 'group_tree_id', 'This group item does not exist.', { group_tree_id: 999_999 }],
    ['a company id of text', 'company_id', '', { company_id: 'one' }],
  ];

  it.each(cases)('%s: 422 on %s, nothing changed', async (_what, field, message, change) => {
    await reviewee(p);
    const before = await launchState(ctx.db);
    const res = await call('POST', BASE, adminToken, { ...cycleBody(p), ...change });
    expect(res.statusCode, res.body).toBe(422);
    const errors = res.json().errors?.children?.[field]?.errors;
    expect(errors, res.body).toBeDefined();
    if (message) expect(errors).toContain(message);
    expect(await launchState(ctx.db)).toEqual(before);
  });

  it('an unknown cycle is a 404, a malformed id or stage a 400', async () => {
    const before = await launchState(ctx.db);
    for (const [method, url] of [
      ['GET', `${BASE}/999999`],
      ['PATCH', `${BASE}/999999/launch`],
    ] as const) {
      const res = await call(method, url, adminToken);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe('epr_cycle_not_found');
    }
    for (const url of [
      `${BASE}/x`,
      `${BASE}/0`,
      `${BASE}/1?stage=nobody`,
      `${BASE}?limit=7`,
      `${BASE}?sort=x,asc`,
    ])
      expect((await call('GET', url, adminToken)).statusCode, url).toBe(400);
    expect((await call('PATCH', `${BASE}/x/launch`, adminToken)).statusCode).toBe(400);
    expect(await launchState(ctx.db)).toEqual(before);
  });
});

describe('progress', () => {
  it('counts the reviews by status and by stage as they move, and lists who is stuck where', async () => {
    const p = period();
    const people: Awaited<ReturnType<typeof reviewee>>[] = [];
    for (let i = 0; i < 6; i++) people.push(await reviewee(p));
    const companyId = await companyWith(
      ctx.db,
      people.map((x) => x.employee.id),
    );
    const noSheet = await ctx.factory.employee();
    await ctx.db.update(employees).set({ companyId }).where(eq(employees.id, noSheet.id));
    const launched = await launch(cycleBody(p, { company_id: companyId }));
    const reviews = await cycleReviews(ctx.db, launched.id);
    const of = (i: number) => reviews.find((r) => r.employeeId === people[i]!.employee.id)!;

    // 0 stays untouched; 1 types an actual through the API (started, still a draft); 2 is with the
    // line manager, 3 sent back to the employee, 4 with the O&O, 5 completed.
    const token1 = await ctx.factory.token(people[1]!.employee);
    const [line] = await ctx.db
      .select()
      .from(eprLines)
      .where(eq(eprLines.eprId, of(1).id));
    const typed = await call('PATCH', `/api/v1/eprs/sections/a/objectives/${line!.id}`, token1, {
      actual: 7,
    });
    expect(typed.statusCode, typed.body).toBe(200);
    await setEprStatus(ctx.db, of(2).id, 2);
    await setEprStatus(ctx.db, of(3).id, 5);
    await setEprStatus(ctx.db, of(4).id, 3);
    await setEprStatus(ctx.db, of(5).id, 4);
    await ageReview(ctx.db, of(0).id, 9);
    await ageReview(ctx.db, of(2).id, 4);
    await ageReview(ctx.db, of(4).id, 2);

    const d = await detail(launched.id);
    expect(d.progress.total).toBe(6);
    expect(d.progress.completed).toBe(1);
    expect(Object.fromEntries(d.progress.by_status.map((s) => [s.id, s.count]))).toEqual({
      1: 2,
      2: 1,
      3: 1,
      4: 1,
      5: 1,
      10: 0,
    });
    expect(d.stages).toEqual({ not_started: 1, employee: 2, line_manager: 1, one_over_one: 1 });
    expect(d.scope).toEqual({ employees: 7, in_cycle: 6, without_sheet: 1, other_cycle: 0, not_launched: 0 });

    // The longest unchanged first; the completed review is not listed.
    expect(d.people.total).toBe(5);
    expect(d.people.items.map((i) => [i.employee.id, i.stage, i.turn, i.days])).toEqual([
      [people[0]!.employee.id, 'not_started', 'employee', 9],
      [people[2]!.employee.id, 'line_manager', 'line_manager', 4],
      [people[4]!.employee.id, 'one_over_one', 'one_over_one', 2],
      // 1 and 3 changed today; 3 moved last.
      [people[1]!.employee.id, 'employee', 'employee', 0],
      [people[3]!.employee.id, 'employee', 'employee', 0],
    ]);
    const stuck = d.people.items[1]!;
    expect(stuck).toMatchObject({
      epr_id: of(2).id,
      status: { id: 2, name: 'Awaiting line manager' },
      waiting_on: { id: people[2]!.lm.id },
    });
    expect(d.people.items[2]!.waiting_on).toMatchObject({ id: people[4]!.oo.id });

    // Filtered by stage, and paged.
    const byStage = async (stage: string) =>
      (await detail(launched.id, `?stage=${stage}`)).people.items.map((i) => i.employee.id);
    expect(await byStage('not_started')).toEqual([people[0]!.employee.id]);
    expect(await byStage('employee')).toEqual([people[1]!.employee.id, people[3]!.employee.id]);
    expect(await byStage('line_manager')).toEqual([people[2]!.employee.id]);
    expect(await byStage('one_over_one')).toEqual([people[4]!.employee.id]);
    const second = await detail(launched.id, '?limit=10&page=1&stage=employee');
    expect(second.people).toMatchObject({ total: 2, count: 2, pagination: { pages: 1, next: null } });

    // The list shows the same progress; past its deadline with reviews open, a cycle is overdue.
    await ctx.db.update(eprCycles).set({ deadline: '2000-01-31' }).where(eq(eprCycles.id, launched.id));
    const listed = async () =>
      (await call('GET', `${BASE}?limit=50&sort=id,desc`, adminToken))
        .json()
        .items.find((c: { id: number }) => c.id === launched.id);
    expect(await listed()).toMatchObject({ overdue: true, progress: { total: 6, completed: 1 } });
    for (const r of reviews) await setEprStatus(ctx.db, r.id, 4);
    expect(await listed()).toMatchObject({ overdue: false, progress: { total: 6, completed: 6 } });
  });
});
