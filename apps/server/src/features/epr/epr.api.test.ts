import { EPR_MESSAGES } from '@hr/contracts/epr';
import { MESSAGES } from '@hr/contracts/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvedSheet, eprRow, eprState, setEprStatus } from '../../../test/factories/epr';
import { makeGroupTree } from '../../../test/factories/profile';
import {
  CAST_ROLES,
  type Cast,
  type CastRole,
  setupApi,
  statementsDuring,
  type TestContext,
} from '../../../test/helper';
import { employeeGroups, groupTrees } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

type Who = CastRole;
const ROLES = CAST_ROLES;

const BASE = '/api/v1/eprs';
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
) => ctx.call({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });

interface Line {
  id: number;
  actual: number | null;
  lm_actual: number | null;
  achievement: number | null;
  mark: number | null;
  lm_mark: number | null;
}
interface Detail {
  id: number;
  status: { id: number };
  section_a: {
    objectives: { id: number; lines: Line[] }[];
    total_objective: Record<string, { mark: number | null; weight: number; lm_mark: number | null }>;
    total_mark: number;
    total_lm_mark: number;
    unfilled: number;
  };
  section_b: { stables: { id: number }[] };
  section_c: { kpi_rating: number | null; stable_rating: number | null; overall_rating: string | null };
  section_d: { id: number; dev_plans: { id: number }[] };
  editable: Record<string, boolean>;
  actions: string[];
}
const linesOf = (d: Detail) => d.section_a.objectives.flatMap((o) => o.lines);

/** A review of the employee's approved sheet (objectives 60/40, KPIs 70/30 and 100). */
async function review(c: Cast): Promise<Detail> {
  const { sheet } = await approvedSheet(ctx.db, {
    employeeId: c.employee.id,
    lineManagerId: c.lm.id,
    oneOverOneId: c.oo.id,
  });
  const res = await call('POST', BASE, c.tokens.employee, {
    kpi_id: sheet.id,
    type_id: 2,
    from_date: '2031-01-01',
    to_date: '2031-06-30',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function ok(method: 'PATCH' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown) {
  const res = await call(method, url, token, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json() as Detail;
}

/** The employee's side: actuals 80, 12 and 25, ratings of A, B and every value. */
async function fillSelf(c: Cast, d: Detail) {
  const [l1, l2, l3] = linesOf(d);
  await ok('PATCH', `${BASE}/${d.id}/sections/a/objectives`, c.tokens.employee, [
    { objective_id: l1!.id, actual: 80 },
    { objective_id: l2!.id, actual: 12 },
    { objective_id: l3!.id, actual: 25 },
  ]);
  await ok('PATCH', `${BASE}/${d.id}/sections/a`, c.tokens.employee, { rating: 2, comment: 'A good year' });
  await ok('PATCH', `${BASE}/${d.id}/sections/b`, c.tokens.employee, { rating: 3 });
  let last = d;
  for (const st of d.section_b.stables) {
    last = await ok('PATCH', `${BASE}/sections/b/stables/${st.id}`, c.tokens.employee, {
      rating: 2,
      comment: 'Yes',
    });
  }
  return last;
}

/** The line manager's side: actuals 90, 10 and 50, ratings 3 (A) and 2 (B). */
async function fillLineManager(c: Cast, d: Detail) {
  const [l1, l2, l3] = linesOf(d);
  await ok('PATCH', `${BASE}/${d.id}/sections/a/objectives`, c.tokens.lm, {
    objectives: [
      { objective_id: l1!.id, lm_actual: 90 },
      { objective_id: l2!.id, lm_actual: 10 },
    ],
  });
  await ok('PATCH', `${BASE}/sections/a/objectives/${l3!.id}`, c.tokens.lm, { lm_actual: 50 });
  await ok('PATCH', `${BASE}/${d.id}/sections/a`, c.tokens.lm, { lm_rating: 3, lm_comment: 'Strong' });
  await ok('PATCH', `${BASE}/${d.id}/sections/b`, c.tokens.lm, { lm_rating: 2 });
  for (const st of d.section_b.stables) {
    await ok('PATCH', `${BASE}/sections/b/stables/${st.id}`, c.tokens.lm, { lm_rating: 2 });
  }
}

const act = (token: string, action: string, id: number) =>
  call('PATCH', `${BASE}/actions/${action}`, token, { epr_id: id });

describe('lookups', () => {
  it('types, the statuses 0 to 6 and 10, and the approved sheets a review may be made for', async () => {
    const c = await ctx.factory.cast();
    expect((await call('GET', `${BASE}/types`, c.tokens.employee)).json()).toEqual([
      { id: 1, name: 'Annual review' },
      { id: 2, name: 'Interim review' },
    ]);
    const statuses = (await call('GET', `${BASE}/statuses`, c.tokens.employee)).json();
    expect(statuses.map((s: { id: number }) => s.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 10]);
    const people = { employeeId: c.employee.id, lineManagerId: c.lm.id, oneOverOneId: c.oo.id };
    const approved = await approvedSheet(ctx.db, people);
    await approvedSheet(ctx.db, people, { statusId: 2 });
    await approvedSheet(ctx.db, { ...people, employeeId: c.peer.id });
    const periods = (await call('GET', `${BASE}/periods`, c.tokens.employee)).json();
    expect(periods.map((p: { id: number }) => p.id)).toEqual([approved.sheet.id]);
    for (const path of ['types', 'statuses', 'periods']) {
      expect((await call('GET', `${BASE}/${path}`, null)).statusCode).toBe(401);
    }
  });
});

describe('making a review', () => {
  it('takes the sheet’s active KPIs as Section A and the company’s values as Section B', async () => {
    const c = await ctx.factory.cast();
    const { sheet } = await approvedSheet(
      ctx.db,
      { employeeId: c.employee.id, lineManagerId: c.lm.id, oneOverOneId: c.oo.id },
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
    const res = await call('POST', BASE, c.tokens.employee, {
      kpi_id: sheet.id,
      type_id: 2,
      from_date: '2031-01-01',
      to_date: '2031-03-31',
    });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json();
    expect(d.status).toMatchObject({ id: 1, name: 'Draft' });
    expect(d.kpi).toMatchObject({ id: sheet.id, status: { id: 4 } });
    expect(d.line_manager.id).toBe(c.lm.id);
    expect(d.one_over_one.id).toBe(c.oo.id);
    expect(linesOf(d)).toHaveLength(1);
    expect(d.section_b.stables.map((s: { original: { name: string } }) => s.original.name)).toEqual([
      'Integrity',
      'Customer focus',
      'Teamwork',
      'Ownership',
    ]);
    expect(d.section_b.stables[0].original.objectives[0]).toEqual({
      name: 'Keeps promises and owns mistakes',
      enabled: true,
    });
    expect(d.section_d.dev_plans).toEqual([]);
    expect(d.editable).toEqual({ self: true, line_manager: false, section_c: false, next_level: false });
    expect(d.actions).toEqual(['submit', 'edit', 'delete']);
  });

  it('an annual review of a yearly sheet takes the sheet’s dates', async () => {
    const c = await ctx.factory.cast();
    const { sheet } = await approvedSheet(
      ctx.db,
      { employeeId: c.employee.id, lineManagerId: c.lm.id, oneOverOneId: c.oo.id },
      { typeId: 1, from: '2032-01-01', to: '2032-12-31' },
    );
    const res = await call('POST', BASE, c.tokens.employee, {
      kpi_id: sheet.id,
      type_id: 1,
      from_date: '2032-03-01',
      to_date: '2032-03-02',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ from_date: '2032-01-01', to_date: '2032-12-31' });
  });

  it('shows the exact messages of SPEC.md §5 and refuses sheets that are not approved, not theirs or taken', async () => {
    const c = await ctx.factory.cast();
    const people = { employeeId: c.employee.id, lineManagerId: c.lm.id, oneOverOneId: c.oo.id };
    const empty = await call('POST', BASE, c.tokens.employee, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.children).toMatchObject({
      kpi_id: { errors: [EPR_MESSAGES.periodRequired] },
      type_id: { errors: [EPR_MESSAGES.typeRequired] },
      from_date: { errors: [MESSAGES.startDateRequired] },
      to_date: { errors: [MESSAGES.endDateRequired] },
    });
    const body = (kpiId: number) => ({
      kpi_id: kpiId,
      type_id: 2,
      from_date: '2031-01-01',
      to_date: '2031-06-30',
    });
    const draft = await approvedSheet(ctx.db, people, { statusId: 1 });
    const refused = await call('POST', BASE, c.tokens.employee, body(draft.sheet.id));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('epr_kpi_not_approved');
    const peers = await approvedSheet(ctx.db, { ...people, employeeId: c.peer.id });
    expect((await call('POST', BASE, c.tokens.employee, body(peers.sheet.id))).json().error).toBe(
      'epr_kpi_unknown',
    );
    const approved = await approvedSheet(ctx.db, people);
    expect((await call('POST', BASE, c.tokens.employee, body(approved.sheet.id))).statusCode).toBe(201);
    const again = await call('POST', BASE, c.tokens.employee, body(approved.sheet.id));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: 'epr_exists', errors: { children: { kpi_id: {} } } });
    const backwards = await call('POST', BASE, c.tokens.employee, {
      ...body(approved.sheet.id),
      to_date: '2030-01-01',
    });
    expect(backwards.json().errors.children.to_date.errors).toEqual([EPR_MESSAGES.toBeforeFrom]);
    expect((await call('POST', BASE, null, body(approved.sheet.id))).statusCode).toBe(401);
  });
});

describe('the whole way, with both send-back loops', () => {
  it('draft → 2 → 5 → 2 → 3 → 10 → 3 → 4, scored as DESIGN.md §4 says', async () => {
    const c = await ctx.factory.cast();
    let d = await review(c);

    // Nothing is filled: submitting says what is missing.
    const early = await act(c.tokens.employee, 'submit', d.id);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ error: 'epr_incomplete' });
    expect(early.json().message).toContain('3 actual value(s) of Section A');
    // The parts as codes, for the web to word in the reader's language.
    expect(early.json().params.missing_parts).toMatch(/^a_actuals:3,a_rating,b_rating,b_values:\d+$/);

    d = await fillSelf(c, d);
    // Objective 1: 80 % of 70 = 56, 120 % capped at 100 of 30 = 30, (56 + 30) × 60 % = 51.6;
    // objective 2: 50 % of 100 = 50, × 40 % = 20; total 71.6.
    expect(linesOf(d).map((l) => [l.achievement, l.mark])).toEqual([
      [80, 56],
      [100, 30],
      [50, 50],
    ]);
    expect(Object.values(d.section_a.total_objective).map((o) => o.mark)).toEqual([51.6, 20]);
    expect(d.section_a.total_mark).toBe(71.6);
    expect(d.section_a.unfilled).toBe(0);

    expect((await act(c.tokens.employee, 'submit', d.id)).statusCode).toBe(200);
    expect((await act(c.tokens.employee, 'submit', d.id)).statusCode).toBe(409);
    // The line manager sends it back; the employee changes an actual and submits again.
    const back = await act(c.tokens.lm, 'update-requested', d.id);
    expect(back.json().status.id).toBe(5);
    await ok('PATCH', `${BASE}/sections/a/objectives/${linesOf(d)[2]!.id}`, c.tokens.employee, {
      actual: 40,
    });
    expect((await act(c.tokens.employee, 'submit', d.id)).json().status.id).toBe(2);

    // The line manager approves only with their side filled; Section C starts from it.
    expect((await act(c.tokens.lm, 'approve-line-manager', d.id)).json().error).toBe('epr_incomplete');
    await fillLineManager(c, d);
    await ok('POST', `${BASE}/sections/d/${d.id}/dev-plan`, c.tokens.lm, {
      dev_area: 'Presentation',
      action_plan: 'Present the quarterly results to the team',
      when: 'Next quarter',
      who: 'Line manager',
    });
    const approved = await act(c.tokens.lm, 'approve-line-manager', d.id);
    expect(approved.statusCode, approved.body).toBe(200);
    d = approved.json();
    expect(d.status.id).toBe(3);
    // LM: 90 % of 70 = 63, 100 % of 30 = 30, 93 × 60 % = 55.8; 100 % × 40 % = 40; total 95.8.
    expect(d.section_a.total_lm_mark).toBe(95.8);
    expect(d.section_c).toMatchObject({ kpi_rating: 3, stable_rating: 2, overall_rating: '3.2' });
    expect(d.section_d.dev_plans).toHaveLength(1);

    // The O&O returns it to the line manager, who changes Section C and approves again.
    await ok('PATCH', `${BASE}/${d.id}/sections/d`, c.tokens.oo, {
      next_level_remarks: 'Check the value rating',
    });
    expect((await act(c.tokens.oo, 'update-requested', d.id)).json().status.id).toBe(10);
    expect(
      (
        await call('PATCH', `${BASE}/${d.id}/sections/c`, c.tokens.employee, {
          kpi_rating: 3,
          stable_rating: 3,
        })
      ).statusCode,
    ).toBe(403);
    d = await ok('PATCH', `${BASE}/${d.id}/sections/c`, c.tokens.lm, { kpi_rating: 3, stable_rating: 3 });
    expect(d.section_c.overall_rating).toBe('3.3');
    expect((await act(c.tokens.lm, 'approve-line-manager', d.id)).json().status.id).toBe(3);
    const done = await act(c.tokens.oo, 'approve', d.id);
    expect(done.json().status).toMatchObject({ id: 4, name: 'Completed' });
    expect((await eprRow(ctx.db, d.id))!.completedAt).not.toBeNull();
    // A completed review is read by its people and HR, changed by nobody.
    for (const who of ['employee', 'lm', 'oo', 'admin'] as const) {
      expect((await call('GET', `${BASE}/${d.id}`, c.tokens[who])).statusCode).toBe(200);
    }
    for (const who of ['peer', 'stranger'] as const) {
      expect((await call('GET', `${BASE}/${d.id}`, c.tokens[who])).statusCode).toBe(403);
    }
  });
});

describe('who changes which part, and when', () => {
  const PARTS = {
    self: { path: 'sections/a', body: { rating: 1 } },
    line_manager: { path: 'sections/a', body: { lm_rating: 1 } },
    section_c: { path: 'sections/c', body: { kpi_rating: 1, stable_rating: 1 } },
    next_level: { path: 'sections/d', body: { next_level_remarks: 'Well done' } },
  } as const;
  const OWNER: Record<keyof typeof PARTS, { who: Who; statuses: number[] }> = {
    self: { who: 'employee', statuses: [1, 5] },
    line_manager: { who: 'lm', statuses: [2] },
    section_c: { who: 'lm', statuses: [10] },
    next_level: { who: 'oo', statuses: [3] },
  };

  it.each(Object.keys(PARTS) as (keyof typeof PARTS)[])('%s: every role in every status', async (name) => {
    const c = await ctx.factory.cast();
    const d = await review(c);
    const part = PARTS[name];
    for (const status of [1, 2, 3, 4, 5, 10]) {
      await setEprStatus(ctx.db, d.id, status);
      for (const who of ROLES) {
        const before = await eprState(ctx.db, d.id);
        const res = await call('PATCH', `${BASE}/${d.id}/${part.path}`, c.tokens[who], part.body);
        const owner = OWNER[name];
        const expected = who === owner.who ? (owner.statuses.includes(status) ? 200 : 409) : 403;
        expect(res.statusCode, `${name} by ${who} in ${status}: ${res.body}`).toBe(expected);
        if (expected !== 200) expect(await eprState(ctx.db, d.id)).toEqual(before);
      }
    }
  });

  it('the header changes and the review is deleted in Draft only, by its employee', async () => {
    const c = await ctx.factory.cast();
    const d = await review(c);
    const other = await approvedSheet(
      ctx.db,
      { employeeId: c.employee.id, lineManagerId: c.lm.id, oneOverOneId: c.oo.id },
      {
        objectives: [{ weight: 100, lines: [{ weight: 100, target: 3 }] }],
      },
    );
    const body = { kpi_id: other.sheet.id, type_id: 2, from_date: '2031-02-01', to_date: '2031-02-28' };
    for (const who of ['lm', 'oo', 'admin'] as const) {
      expect((await call('PATCH', `${BASE}/${d.id}`, c.tokens[who], body)).statusCode).toBe(403);
    }
    const changed = await ok('PATCH', `${BASE}/${d.id}`, c.tokens.employee, body);
    // Another sheet: Section A is rebuilt from it.
    expect(linesOf(changed)).toHaveLength(1);
    await setEprStatus(ctx.db, d.id, 5);
    expect((await call('PATCH', `${BASE}/${d.id}`, c.tokens.employee, body)).statusCode).toBe(409);
    expect((await call('DELETE', BASE, c.tokens.employee, { epr_id: d.id })).statusCode).toBe(409);
    await setEprStatus(ctx.db, d.id, 1);
    expect((await call('DELETE', BASE, c.tokens.lm, { epr_id: d.id })).statusCode).toBe(403);
    expect((await call('DELETE', BASE, c.tokens.employee, { epr_id: d.id })).statusCode).toBe(200);
    expect(await eprRow(ctx.db, d.id)).toBeNull();
  });

  it('each workflow action only from its status and by its role', async () => {
    const c = await ctx.factory.cast();
    const d = await review(c);
    const table: [string, number, Who, number][] = [
      ['submit', 1, 'lm', 403],
      ['approve-line-manager', 1, 'lm', 409],
      ['approve-line-manager', 2, 'oo', 403],
      ['approve', 2, 'oo', 409],
      ['approve', 3, 'lm', 403],
      ['update-requested', 3, 'lm', 409],
      ['update-requested', 2, 'employee', 403],
      ['approve', 4, 'oo', 409],
      ['submit', 10, 'employee', 409],
    ];
    for (const [action, status, who, expected] of table) {
      await setEprStatus(ctx.db, d.id, status);
      const res = await act(c.tokens[who], action, d.id);
      expect(res.statusCode, `${action} by ${who} in ${status}`).toBe(expected);
      expect((await eprRow(ctx.db, d.id))!.statusId).toBe(status);
    }
  });
});

describe('bad input changes nothing', () => {
  it('ratings, comments, actuals and plan rows out of range; unknown and other reviews’ ids', async () => {
    const c = await ctx.factory.cast();
    const d = await review(c);
    const other = await review(await ctx.factory.cast());
    const before = await eprState(ctx.db, d.id);
    const cases: [string, string, unknown, number, string?][] = [
      [`${BASE}/${d.id}/sections/a`, 'rating', { rating: 4 }, 422, EPR_MESSAGES.ratingRange],
      [`${BASE}/${d.id}/sections/b`, 'rating', { rating: 'three' }, 422, EPR_MESSAGES.ratingRequired],
      [`${BASE}/${d.id}/sections/a`, 'comment', { comment: 'x'.repeat(2001) }, 422, MESSAGES.commentTooLong],
      [`${BASE}/${d.id}/sections/a`, '', { rating: 1, lm_rating: 1 }, 422],
      [`${BASE}/${d.id}/sections/a`, '', {}, 422],
      [`${BASE}/${d.id}/sections/a`, '', { rating: 1, extra: true }, 422],
      [
        `${BASE}/sections/a/objectives/${linesOf(d)[0]!.id}`,
        'actual',
        { actual: -1 },
        422,
        EPR_MESSAGES.actualMin,
      ],
      [`${BASE}/sections/a/objectives/999999`, '', { actual: 1 }, 404],
      [`${BASE}/sections/a/objectives/2147483648`, '', { actual: 1 }, 400],
      [
        `${BASE}/${d.id}/sections/a/objectives`,
        '',
        [{ objective_id: linesOf(other)[0]!.id, actual: 1 }],
        422,
      ],
      [`${BASE}/${d.id}/sections/a/objectives`, '', [], 422],
      [`${BASE}/sections/b/stables/${other.section_b.stables[0]!.id}`, '', { rating: 1 }, 403],
    ];
    for (const [url, field, body, status, message] of cases) {
      const res = await call('PATCH', url, c.tokens.employee, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)}: ${res.body}`).toBe(status);
      if (message) expect(res.json().errors.children[field].errors).toEqual([message]);
    }
    expect(await eprState(ctx.db, d.id)).toEqual(before);
    await setEprStatus(ctx.db, d.id, 2);
    const plan = await call('POST', `${BASE}/sections/d/${d.id}/dev-plan`, c.tokens.lm, { dev_area: ' ' });
    expect(plan.statusCode).toBe(422);
    expect(plan.json().errors.children).toMatchObject({
      dev_area: { errors: [EPR_MESSAGES.devAreaRequired] },
      action_plan: { errors: [EPR_MESSAGES.actionPlanRequired] },
      when: { errors: [EPR_MESSAGES.whenRequired] },
      who: { errors: [EPR_MESSAGES.whoRequired] },
    });
    expect(
      (await call('DELETE', `${BASE}/sections/d/dev-plan`, c.tokens.lm, { dev_plan_id: 999999 })).statusCode,
    ).toBe(404);
    expect((await eprState(ctx.db, d.id)).plans).toEqual([]);
  });
});

interface RatedB {
  rating: number | null;
  comment: string | null;
  lm_rating: number | null;
  lm_comment: string | null;
  stables: { id: number; rating: number | null; comment: string | null; lm_rating: number | null }[];
}

describe('Section B as one form', () => {
  const b = (d: Detail) => d.section_b as unknown as RatedB;

  it('the section’s rating and every value’s are saved together, by the side whose turn it is', async () => {
    const c = await ctx.factory.cast();
    const d = await review(c);
    const [v1, v2] = d.section_b.stables;
    const mine = await ok('PATCH', `${BASE}/${d.id}/sections/b`, c.tokens.employee, {
      rating: 3,
      comment: 'Lived the values',
      stables: [
        { id: v1!.id, rating: 2, comment: 'Often' },
        { id: v2!.id, rating: 3 },
      ],
    });
    expect(b(mine)).toMatchObject({ rating: 3, comment: 'Lived the values', lm_rating: null });
    expect(b(mine).stables.slice(0, 2)).toMatchObject([
      { id: v1!.id, rating: 2, comment: 'Often', lm_rating: null },
      { id: v2!.id, rating: 3, comment: null },
    ]);
    // Values only, or the rating only, are a save too.
    const only = await ok('PATCH', `${BASE}/${d.id}/sections/b`, c.tokens.employee, {
      stables: [{ id: v2!.id, rating: 1 }],
    });
    expect(b(only).stables[1]).toMatchObject({ rating: 1 });
    expect(b(only).rating).toBe(3);
    // A value named with nothing beside it stays as it is; the rest is saved.
    const bare = await call('PATCH', `${BASE}/${d.id}/sections/b`, c.tokens.employee, {
      comment: 'Lived the values, every day',
      stables: [{ id: v1!.id }],
    });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(b(bare.json())).toMatchObject({ rating: 3, comment: 'Lived the values, every day' });
    expect(b(bare.json()).stables[0]).toMatchObject({ rating: 2, comment: 'Often' });

    await setEprStatus(ctx.db, d.id, 2);
    const lm = await ok('PATCH', `${BASE}/${d.id}/sections/b`, c.tokens.lm, {
      lm_rating: 2,
      lm_comment: 'Agreed',
      stables: d.section_b.stables.map((st) => ({ id: st.id, lm_rating: 2 })),
    });
    expect(b(lm)).toMatchObject({ rating: 3, lm_rating: 2, lm_comment: 'Agreed' });
    expect(b(lm).stables.every((st) => st.lm_rating === 2)).toBe(true);
  });

  it('refuses mixed sides, other reviews’ values, empty saves and the wrong turn, and changes nothing', async () => {
    const c = await ctx.factory.cast();
    const d = await review(c);
    const other = await review(await ctx.factory.cast());
    const [v1] = d.section_b.stables;
    const before = await eprState(ctx.db, d.id);
    const url = `${BASE}/${d.id}/sections/b`;
    const cases: [string, unknown, number, string?][] = [
      ['employee', { rating: 2, stables: [{ id: v1!.id, lm_rating: 2 }] }, 422],
      ['employee', { stables: [{ id: v1!.id, rating: 2, lm_comment: 'x' }] }, 422],
      ['employee', { rating: 2, stables: [{ id: other.section_b.stables[0]!.id, rating: 2 }] }, 422],
      ['employee', { rating: 2, stables: [{ id: 999999, rating: 2 }] }, 422],
      ['employee', { stables: [{ id: v1!.id, rating: 4 }] }, 422, EPR_MESSAGES.ratingRange],
      ['employee', { stables: [{ id: 'one', rating: 2 }] }, 422],
      ['employee', { stables: [{ id: v1!.id, rating: 2, extra: 1 }] }, 422],
      ['employee', { stables: [{ id: v1!.id }] }, 422],
      ['employee', { stables: [] }, 422],
      ['employee', {}, 422],
      ['employee', { stables: Array.from({ length: 51 }, () => ({ id: v1!.id, rating: 1 })) }, 422],
      ['lm', { lm_rating: 2, stables: [{ id: v1!.id, lm_rating: 2 }] }, 409],
      ['stranger', { rating: 2, stables: [{ id: v1!.id, rating: 2 }] }, 403],
      ['peer', { rating: 2 }, 403],
    ];
    for (const [who, body, status, message] of cases) {
      const res = await call('PATCH', url, c.tokens[who as Who], body);
      expect(res.statusCode, `${who} ${JSON.stringify(body).slice(0, 80)}: ${res.body}`).toBe(status);
      if (message) expect(JSON.stringify(res.json().errors)).toContain(message);
    }
    expect((await call('PATCH', url, null, { rating: 2 })).statusCode).toBe(401);
    expect(await eprState(ctx.db, d.id)).toEqual(before);
  });
});

describe('the line manager’s side, as the employee reads it', () => {
  it('comes empty while it is the line manager’s draft (2, 5) and in full once passed on (3, 10, 4)', async () => {
    const c = await ctx.factory.cast();
    const d = await review(c);
    const filled = await fillSelf(c, d);
    expect((await act(c.tokens.employee, 'submit', filled.id)).statusCode).toBe(200);
    await fillLineManager(c, d);
    await ok('POST', `${BASE}/sections/d/${d.id}/dev-plan`, c.tokens.lm, {
      dev_area: 'Public speaking',
      action_plan: 'Two talks',
      when: 'Q3',
      who: 'Line manager',
    });
    await ok('PATCH', `${BASE}/${d.id}/sections/d`, c.tokens.lm, { lm_remarks: 'Ready for more' });

    const read = async (who: Who) =>
      (await call('GET', `${BASE}/${d.id}`, c.tokens[who])).json() as Detail & {
        line_manager_shown: boolean;
        section_a: { lm_rating: number | null; total_lm_mark: number | null };
        section_b: RatedB;
        section_d: { lm_remarks: string | null; dev_plans: unknown[] };
      };
    for (const status of [2, 5]) {
      await setEprStatus(ctx.db, d.id, status);
      const mine = await read('employee');
      expect(mine.line_manager_shown, `status ${status}`).toBe(false);
      expect(linesOf(mine).every((l) => l.lm_actual === null && l.lm_mark === null)).toBe(true);
      expect(mine.section_a).toMatchObject({ lm_rating: null, total_lm_mark: null });
      expect(Object.values(mine.section_a.total_objective).every((o) => o.lm_mark === null)).toBe(true);
      expect(mine.section_b.lm_rating).toBeNull();
      expect((mine.section_b as RatedB).stables.every((st) => st.lm_rating === null)).toBe(true);
      expect(mine.section_d).toMatchObject({ lm_remarks: null, dev_plans: [] });
      // The employee's own side stays.
      expect(linesOf(mine).map((l) => l.actual)).toEqual([80, 12, 25]);
      // Everyone else reads the line manager's side as it is.
      for (const who of ['lm', 'oo', 'admin'] as const) {
        const theirs = await read(who);
        expect(theirs.line_manager_shown, who).toBe(true);
        expect(
          linesOf(theirs).map((l) => l.lm_actual),
          who,
        ).toEqual([90, 10, 50]);
        expect(theirs.section_d.dev_plans, who).toHaveLength(1);
      }
    }
    for (const status of [3, 10, 4]) {
      await setEprStatus(ctx.db, d.id, status);
      const mine = await read('employee');
      expect(mine.line_manager_shown, `status ${status}`).toBe(true);
      expect(linesOf(mine).map((l) => l.lm_actual)).toEqual([90, 10, 50]);
      expect(mine.section_a.total_lm_mark).not.toBeNull();
      expect(mine.section_b.lm_rating).toBe(2);
      expect(mine.section_d).toMatchObject({ lm_remarks: 'Ready for more' });
      expect(mine.section_d.dev_plans).toHaveLength(1);
    }
  });
});

describe('a review’s name in the reader’s language', () => {
  it('names the type in the language of the call, in the list and the review', async () => {
    const c = await ctx.factory.cast();
    const d = await review(c);
    const english = (await call('GET', `${BASE}/${d.id}`, c.tokens.employee)).json().name as string;
    expect(english).toMatch(/ – Interim review$/);
    const sheetName = english.slice(0, -' – Interim review'.length);
    const read = (language: string, url: string) =>
      ctx.call({ method: 'GET', url, token: c.tokens.employee, headers: { 'accept-language': language } });
    expect((await read('ar', `${BASE}/${d.id}`)).json().name).toBe(`${sheetName} – التقييم المرحلي`);
    expect((await read('fr', `${BASE}/${d.id}`)).json().name).toBe(`${sheetName} – Évaluation intermédiaire`);
    const list = (await read('zh', `${BASE}?list_type=self&page=1&limit=50`)).json().items as {
      id: number;
      name: string;
    }[];
    expect(list.find((r) => r.id === d.id)?.name).toBe(`${sheetName} – 中期考核`);
  });
});

describe('reading', () => {
  it('self lists the own reviews; team those of the reports, as line manager or O&O', async () => {
    const c = await ctx.factory.cast();
    const d = await review(c);
    const ids = async (who: Who, type: string) =>
      (
        (await call('GET', `${BASE}?list_type=${type}&limit=50`, c.tokens[who])).json().items as {
          id: number;
        }[]
      ).map((i) => i.id);
    expect(await ids('employee', 'self')).toContain(d.id);
    expect(await ids('lm', 'team')).toContain(d.id);
    expect(await ids('oo', 'team')).toContain(d.id);
    expect(await ids('peer', 'team')).not.toContain(d.id);
    const filtered = await call(
      'GET',
      `${BASE}?list_type=team&status_id=1&kpi_status_id=4&type_id=2`,
      c.tokens.lm,
    );
    expect(filtered.json().items.map((i: { id: number }) => i.id)).toContain(d.id);
    // The sheet's filters with the others of the drawer, counted with the page.
    // The group filter takes in the items below the chosen one (a department and its teams).
    const tree = await makeGroupTree(ctx.db);
    const [team, sibling] = await ctx.db
      .insert(groupTrees)
      .values([
        { groupId: tree.groupId, parentId: tree.id, name: 'Team' },
        { groupId: tree.groupId, name: 'Sibling' },
      ])
      .returning();
    await ctx.db.insert(employeeGroups).values({ employeeId: c.employee.id, groupTreeId: team!.id });
    const bySibling = await call('GET', `${BASE}?list_type=team&group_id=${sibling!.id}`, c.tokens.lm);
    expect(bySibling.json().items).toEqual([]);
    const byTeam = await call('GET', `${BASE}?list_type=team&group_id=${team!.id}`, c.tokens.lm);
    expect(byTeam.json().items.map((i: { id: number }) => i.id)).toEqual([d.id]);
    for (const [kpiType, kpiStatus, expected] of [
      [2, 4, [d.id]],
      [1, 4, []],
      [2, 1, []],
    ] as const) {
      const res = await call(
        'GET',
        `${BASE}?list_type=team&kpi_type_id=${kpiType}&kpi_status_id=${kpiStatus}&group_id=${tree.id}`,
        c.tokens.lm,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items.map((i: { id: number }) => i.id)).toEqual(expected);
      expect(res.json().total).toBe(expected.length);
    }
    // A page past the last counts apart, on the review's table alone.
    const past = await call(
      'GET',
      `${BASE}?list_type=team&kpi_type_id=2&kpi_status_id=4&group_id=${tree.id}&page=3`,
      c.tokens.lm,
    );
    expect(past.statusCode, past.body).toBe(200);
    expect([past.json().items, past.json().total]).toEqual([[], 1]);
    expect(
      (await call('GET', `${BASE}?list_type=self&employee_id=${c.employee.id}`, c.tokens.employee))
        .statusCode,
    ).toBe(400);
  });

  it('a review of any size is read with the same number of statements', async () => {
    const c = await ctx.factory.cast();
    const people = { employeeId: c.employee.id, lineManagerId: c.lm.id, oneOverOneId: c.oo.id };
    const counts: number[] = [];
    for (const size of [1, 6]) {
      const { sheet } = await approvedSheet(ctx.db, people, {
        objectives: Array.from({ length: size }, () => ({
          weight: 100 / size,
          lines: Array.from({ length: size }, () => ({ weight: 100 / size, target: 10 })),
        })),
      });
      const made = await ok('POST', BASE, c.tokens.employee, {
        kpi_id: sheet.id,
        type_id: 2,
        from_date: '2031-01-01',
        to_date: '2031-06-30',
      });
      await call('GET', `${BASE}/${made.id}`, c.tokens.employee);
      const sent = await statementsDuring(ctx, () => call('GET', `${BASE}/${made.id}`, c.tokens.employee));
      counts.push(sent.length);
    }
    expect(counts[0]).toBe(counts[1]);
  });
});
