import { KPI_MESSAGES } from '@hr/contracts/kpi';
import { MESSAGES } from '@hr/contracts/messages';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  customSheetBody,
  kpiRow,
  kpiYear,
  objectiveBody,
  objectiveKpiBody,
  objectiveKpiRows,
  objectiveRows,
  setKpiStatus,
} from '../../../test/factories/kpi';
import {
  CAST_ROLES,
  type CastRole,
  setupApi,
  statementsDuring,
  type TestContext,
} from '../../../test/helper';
import { auditLog, comments, kpis } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

type Who = CastRole;
const ROLES = CAST_ROLES;

const BASE = '/api/v1/kpis';
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string | null,
  payload?: object,
) => ctx.call({ method, url, token, ...(payload ? { payload } : {}) });
const create = (token: string | null, payload: object) => call('POST', BASE, token, payload);
const get = (token: string | null, id: number) => call('GET', `${BASE}/${id}`, token);
const act = (token: string | null, action: string, id: number) =>
  call('PATCH', `${BASE}/actions/${action}`, token, { kpi_id: id });
const addObjective = (token: string | null, payload: object) =>
  call('POST', `${BASE}/objectives`, token, payload);
const addKpi = (token: string | null, payload: object) =>
  call('POST', `${BASE}/objectives/kpis`, token, payload);

async function sheet(token: string, body: object = customSheetBody()): Promise<number> {
  const res = await create(token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** Adds an objective and answers its id (the newest objective of the answer). */
async function objective(token: string, kpiId: number, over: Record<string, unknown> = {}): Promise<number> {
  const res = await addObjective(token, objectiveBody(kpiId, over));
  expect(res.statusCode, res.body).toBe(201);
  const ids = (res.json().objectives as { id: number }[]).map((o) => o.id);
  return Math.max(...ids);
}

async function objectiveKpi(
  token: string,
  kpiId: number,
  objectiveId: number,
  over: Record<string, unknown> = {},
) {
  const res = await addKpi(token, objectiveKpiBody(kpiId, objectiveId, over));
  expect(res.statusCode, res.body).toBe(201);
  const all = (res.json().objectives as { kpis: { id: number }[] }[]).flatMap((o) => o.kpis.map((k) => k.id));
  return Math.max(...all);
}

/** A sheet whose weights add up: objectives 60 (two KPIs 50 + 50) and 40 (one KPI of 100). */
async function balancedSheet(token: string, body: object = customSheetBody()) {
  const id = await sheet(token, body);
  const first = await objective(token, id, { weight: 60 });
  const second = await objective(token, id, { name: 'Delight customers', weight: 40, perspective_id: 2 });
  const k1 = await objectiveKpi(token, id, first);
  const k2 = await objectiveKpi(token, id, first, { name: 'New contracts signed', target_unit_id: 3 });
  const k3 = await objectiveKpi(token, id, second, { weight: 100, name: 'Customer satisfaction score' });
  return { id, first, second, kpis: [k1, k2, k3] };
}

const statusOf = async (id: number) => (await kpiRow(ctx.db, id))?.statusId;
const fieldErrors = (body: { errors?: { children?: Record<string, { errors?: string[] }> } }) =>
  Object.fromEntries(Object.entries(body.errors?.children ?? {}).map(([k, v]) => [k, v.errors ?? []]));

describe('KPI lookups', () => {
  it('answers types, statuses, perspectives, target units and years to any signed-in employee', async () => {
    const c = await ctx.factory.cast();
    const year = await kpiYear(ctx.db);
    const t = c.tokens.stranger;
    expect((await call('GET', `${BASE}/types`, t)).json()).toEqual([
      { id: 1, name: 'Yearly' },
      { id: 2, name: 'Custom period' },
    ]);
    const statuses = (await call('GET', `${BASE}/statuses`, t)).json();
    expect(statuses.map((s: { id: number }) => s.id)).toEqual([1, 2, 3, 4, 5]);
    const perspectives = (await call('GET', `${BASE}/objectives/perspectives`, t)).json();
    expect(perspectives.map((p: { name: string }) => p.name)).toEqual([
      'Financial',
      'Customer',
      'Internal Process',
      'Learning & Growth',
    ]);
    const units = (await call('GET', `${BASE}/objectives/kpis/target-units`, t)).json();
    expect(units.map((u: { name: string }) => u.name)).toContain('%');
    const years = (await call('GET', `${BASE}/years`, t)).json();
    expect(years).toContainEqual({
      id: year.id,
      name: year.name,
      from_date: '2031-01-01',
      to_date: '2031-12-31',
      enabled: true,
    });
  });

  it('refuses them without a token', async () => {
    for (const path of [
      'types',
      'statuses',
      'years',
      'objectives/perspectives',
      'objectives/kpis/target-units',
    ]) {
      expect((await call('GET', `${BASE}/${path}`, null)).statusCode).toBe(401);
    }
  });
});

describe('making a KPI sheet', () => {
  it('type 1 takes its name and period from the year and stores the approvers and the creator', async () => {
    const c = await ctx.factory.cast();
    const year = await kpiYear(ctx.db);
    const res = await create(c.tokens.employee, { type_id: 1, year_id: year.id });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: year.name,
      from: '2031-01-01',
      to: '2031-12-31',
      type: { id: 1, name: 'Yearly' },
      year: { id: year.id, name: year.name },
      status: { id: 1, name: 'Draft' },
      employee: { id: c.employee.id },
      line_manager: { id: c.lm.id },
      one_over_one: { id: c.oo.id },
      created_by: { id: c.employee.id },
      total_objective_weight: 0,
      objectives: [],
      editable: true,
      commentable: false,
      actions: ['submit', 'edit', 'delete'],
    });
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'kpi'), eq(auditLog.entityId, body.id)));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  it('one yearly sheet per employee and year: a second is refused and nothing is added', async () => {
    const c = await ctx.factory.cast();
    const year = await kpiYear(ctx.db);
    const first = await sheet(c.tokens.employee, { type_id: 1, year_id: year.id });
    const again = await create(c.tokens.employee, { type_id: 1, year_id: year.id });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: 'kpi_year_taken', params: { id: first } });
    const [n] = await ctx.db.select({ n: count() }).from(kpis).where(eq(kpis.employeeId, c.employee.id));
    expect(n!.n).toBe(1);
    // Another employee may have one for the same year.
    expect((await create(c.tokens.peer, { type_id: 1, year_id: year.id })).statusCode).toBe(201);
  });

  it('a sheet over days another sheet of the employee covers is saved only once the writer confirms', async () => {
    const c = await ctx.factory.cast();
    const first = await sheet(c.tokens.employee, customSheetBody());
    const sheets = async () =>
      (await ctx.db.select({ n: count() }).from(kpis).where(eq(kpis.employeeId, c.employee.id)))[0]!.n;
    const overlapping = customSheetBody({ from: '2031-06-01', to: '2031-09-30', name: 'Summer plan' });
    for (const token of [c.tokens.employee, c.tokens.lm]) {
      const asked = await create(token, { ...overlapping, employee_id: c.employee.id });
      expect(asked.statusCode, asked.body).toBe(409);
      expect(asked.json()).toMatchObject({
        error: 'kpi_period_overlap',
        params: { id: first, name: 'First half plan', from: '01-01-2031', to: '30-06-2031' },
      });
      expect(asked.json().errors.children.from.errors).toHaveLength(1);
    }
    expect(await sheets()).toBe(1);
    // The day after the other sheet ends does not meet it; confirmed, an overlap is saved.
    expect(
      (await create(c.tokens.employee, customSheetBody({ from: '2031-07-01', to: '2031-12-31' }))).statusCode,
    ).toBe(201);
    const confirmed = await create(c.tokens.employee, { ...overlapping, allow_overlap: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(await sheets()).toBe(3);
    // Changing a sheet's own dates does not meet itself; moving it onto another asks again.
    const own = await call(
      'PATCH',
      `${BASE}/${first}`,
      c.tokens.employee,
      customSheetBody({ to: '2031-05-31' }),
    );
    expect(own.statusCode, own.body).toBe(200);
    const moved = await call(
      'PATCH',
      `${BASE}/${first}`,
      c.tokens.employee,
      customSheetBody({ to: '2031-07-15' }),
    );
    expect(moved.json().error).toBe('kpi_period_overlap');
    expect((await create(c.tokens.employee, { ...overlapping, allow_overlap: 'yes' })).statusCode).toBe(422);
  });

  it('type 2 needs its period; the form messages are those of the contract', async () => {
    const c = await ctx.factory.cast();
    const res = await create(c.tokens.employee, { type_id: 2 });
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res.json())).toEqual({
      from: [KPI_MESSAGES.fromRequired],
      to: [KPI_MESSAGES.toRequired],
    });
    const backwards = await create(
      c.tokens.employee,
      customSheetBody({ from: '2031-06-30', to: '2031-01-01' }),
    );
    expect(fieldErrors(backwards.json())).toEqual({ to: [KPI_MESSAGES.toBeforeFrom] });
    const noYear = await create(c.tokens.employee, { type_id: 1 });
    expect(fieldErrors(noYear.json())).toEqual({ year_id: [KPI_MESSAGES.yearRequired] });
    const noType = await create(c.tokens.employee, {});
    expect(fieldErrors(noType.json()).type_id).toEqual([KPI_MESSAGES.typeRequired]);
    const badDay = await create(c.tokens.employee, customSheetBody({ from: '2031-02-30' }));
    expect(fieldErrors(badDay.json())).toEqual({ from: [KPI_MESSAGES.dateFormat] });
    const [n] = await ctx.db.select({ n: count() }).from(kpis).where(eq(kpis.employeeId, c.employee.id));
    expect(n!.n).toBe(0);
  });

  it('a custom sheet without a name is named after its period', async () => {
    const c = await ctx.factory.cast();
    const res = await create(c.tokens.employee, customSheetBody({ name: null }));
    expect(res.json().name).toBe('01-01-2031 – 30-06-2031');
  });

  it('unknown type or year is a 422 on the field', async () => {
    const c = await ctx.factory.cast();
    const type = await create(c.tokens.employee, { type_id: 99, from: '2031-01-01', to: '2031-02-01' });
    expect(type.statusCode).toBe(422);
    expect(type.json().error).toBe('kpi_type_unknown');
    const year = await create(c.tokens.employee, { type_id: 1, year_id: 2_000_000 });
    expect(year.json().error).toBe('kpi_year_unknown');
  });

  it('a line manager makes a sheet for a direct report; nobody else may make one for another', async () => {
    const c = await ctx.factory.cast();
    const res = await create(c.tokens.lm, customSheetBody({ employee_id: c.employee.id }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      employee: { id: c.employee.id },
      created_by: { id: c.lm.id },
      line_manager: { id: c.lm.id },
    });
    // The creator may change the draft; the employee submits it.
    expect(res.json().editable).toBe(true);
    for (const who of ['oo', 'peer', 'stranger', 'admin'] as const) {
      const refused = await create(c.tokens[who], customSheetBody({ employee_id: c.employee.id }));
      expect(refused.statusCode, who).toBe(403);
      expect(refused.json().error).toBe('kpi_for_forbidden');
    }
    const [n] = await ctx.db.select({ n: count() }).from(kpis).where(eq(kpis.employeeId, c.employee.id));
    expect(n!.n).toBe(1);
  });

  it('refuses without a token and with a wrong body type', async () => {
    expect((await create(null, customSheetBody())).statusCode).toBe(401);
    const c = await ctx.factory.cast();
    const res = await create(c.tokens.employee, customSheetBody({ type_id: 'two' }));
    expect(res.statusCode).toBe(422);
  });
});

describe('objectives and objective KPIs', () => {
  it('are added, changed and deleted by the employee while the sheet is a draft', async () => {
    const c = await ctx.factory.cast();
    const id = await sheet(c.tokens.employee);
    const o = await objective(c.tokens.employee, id, { weight: 60.5 });
    const k = await objectiveKpi(c.tokens.employee, id, o, { weight: 33.33 });
    const res = await get(c.tokens.employee, id);
    const body = res.json();
    expect(body.total_objective_weight).toBe(60.5);
    expect(body.objectives[0]).toMatchObject({
      id: o,
      name: 'Grow revenue',
      weight: 60.5,
      perspective: { id: 1, name: 'Financial' },
      status: { id: 1 },
      comments: 0,
      total_kpi_weight: 33.33,
    });
    expect(body.objectives[0].kpis[0]).toMatchObject({
      id: k,
      weight: 33.33,
      time: 'Quarterly',
      target: 120,
      target_unit: { id: 1, name: '%' },
      status: { id: 1 },
    });

    const changed = await call(
      'PATCH',
      `${BASE}/objectives/${o}`,
      c.tokens.employee,
      objectiveBody(id, { weight: 70 }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().total_objective_weight).toBe(70);
    const changedKpi = await call(
      'PATCH',
      `${BASE}/objectives/kpis/${k}`,
      c.tokens.employee,
      objectiveKpiBody(id, o, {
        name: 'Annual recurring revenue',
        weight: 100,
        initiative: 'Upsell campaign',
      }),
    );
    expect(changedKpi.statusCode, changedKpi.body).toBe(200);
    expect(changedKpi.json().objectives[0].kpis[0]).toMatchObject({
      name: 'Annual recurring revenue',
      initiative: 'Upsell campaign',
    });

    // Before the first submission a delete is a real delete.
    const gone = await call('DELETE', `${BASE}/objectives/kpis`, c.tokens.employee, { objective_kpi_id: k });
    expect(gone.statusCode).toBe(200);
    expect(await objectiveKpiRows(ctx.db, id)).toHaveLength(0);
    await call('DELETE', `${BASE}/objectives`, c.tokens.employee, { objective_id: o });
    expect(await objectiveRows(ctx.db, id)).toHaveLength(0);
  });

  it('know which way they are better: higher unless told, kept by a change that does not say', async () => {
    const c = await ctx.factory.cast();
    const id = await sheet(c.tokens.employee);
    const o = await objective(c.tokens.employee, id);
    const higher = await objectiveKpi(c.tokens.employee, id, o, { weight: 30 });
    const lower = await objectiveKpi(c.tokens.employee, id, o, { weight: 30, direction: 'lower' });
    const budget = await objectiveKpi(c.tokens.employee, id, o, { weight: 40, direction: 'budget' });
    const directions = async () =>
      Object.fromEntries(
        (await get(c.tokens.employee, id))
          .json()
          .objectives[0].kpis.map((k: { id: number; direction: string }) => [k.id, k.direction]),
      );
    expect(await directions()).toEqual({ [higher]: 'higher', [lower]: 'lower', [budget]: 'budget' });

    // A change without a direction keeps it; one with a direction sets it.
    const kept = await call('PATCH', `${BASE}/objectives/kpis/${lower}`, c.tokens.employee, {
      ...objectiveKpiBody(id, o, { weight: 30, name: 'Days to close a defect' }),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const turned = await call(
      'PATCH',
      `${BASE}/objectives/kpis/${higher}`,
      c.tokens.employee,
      objectiveKpiBody(id, o, { weight: 30, direction: 'lower' }),
    );
    expect(turned.statusCode, turned.body).toBe(200);
    expect(await directions()).toEqual({ [higher]: 'lower', [lower]: 'lower', [budget]: 'budget' });
    const refused = await call(
      'PATCH',
      `${BASE}/objectives/kpis/${budget}`,
      c.tokens.employee,
      objectiveKpiBody(id, o, { weight: 40, direction: 'upwards' }),
    );
    expect(refused.statusCode).toBe(422);
    expect(await directions()).toEqual({ [higher]: 'lower', [lower]: 'lower', [budget]: 'budget' });
  });

  it('show the exact messages of SPEC.md §5', async () => {
    const c = await ctx.factory.cast();
    const id = await sheet(c.tokens.employee);
    const cases: [object, Record<string, string[]>][] = [
      [objectiveBody(id, { name: '' }), { name: [MESSAGES.nameRequired] }],
      [objectiveBody(id, { name: 'abc' }), { name: [MESSAGES.objectiveNameLength] }],
      [objectiveBody(id, { name: 'x'.repeat(61) }), { name: [MESSAGES.objectiveNameLength] }],
      [objectiveBody(id, { weight: 0 }), { weight: [MESSAGES.weightRange] }],
      [objectiveBody(id, { weight: 100.01 }), { weight: [MESSAGES.weightRange] }],
      [objectiveBody(id, { weight: 10.005 }), { weight: [KPI_MESSAGES.weightDecimals] }],
      [objectiveBody(id, { perspective_id: null }), { perspective_id: [KPI_MESSAGES.perspectiveRequired] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await addObjective(c.tokens.employee, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(fieldErrors(res.json()), JSON.stringify(payload)).toEqual(errors);
    }
    const o = await objective(c.tokens.employee, id);
    const kpiCases: [object, Record<string, string[]>][] = [
      [objectiveKpiBody(id, o, { name: 'abc' }), { name: [KPI_MESSAGES.kpiNameLength] }],
      [objectiveKpiBody(id, o, { time: '' }), { time: [MESSAGES.timeRequired] }],
      [objectiveKpiBody(id, o, { time: 'Q1' }), { time: [KPI_MESSAGES.timeLength] }],
      [objectiveKpiBody(id, o, { target: 0 }), { target: [MESSAGES.targetRequired] }],
      [
        objectiveKpiBody(id, o, { target_unit_id: null }),
        { target_unit_id: [KPI_MESSAGES.targetUnitRequired] },
      ],
      [objectiveKpiBody(id, o, { budget: 0 }), { budget: [KPI_MESSAGES.budgetMin] }],
      [objectiveKpiBody(id, o, { direction: 'sideways' }), { direction: [KPI_MESSAGES.directionUnknown] }],
      [objectiveKpiBody(id, o, { direction: 1 }), { direction: [KPI_MESSAGES.directionUnknown] }],
      [objectiveKpiBody(id, o, { initiative: 'ab' }), { initiative: [KPI_MESSAGES.initiativeLength] }],
      [objectiveKpiBody(id, o, { weight: 101 }), { weight: [MESSAGES.weightRange] }],
    ];
    for (const [payload, errors] of kpiCases) {
      const res = await addKpi(c.tokens.employee, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(fieldErrors(res.json()), JSON.stringify(payload)).toEqual(errors);
    }
    expect(await objectiveRows(ctx.db, id)).toHaveLength(1);
    expect(await objectiveKpiRows(ctx.db, id)).toHaveLength(0);
  });

  it('refuse unknown ids and other sheets’ items, changing nothing', async () => {
    const c = await ctx.factory.cast();
    const id = await sheet(c.tokens.employee);
    const other = await sheet(c.tokens.peer);
    const otherObjective = await objective(c.tokens.peer, other);
    const o = await objective(c.tokens.employee, id);

    const unknownSheet = await addObjective(c.tokens.employee, objectiveBody(2_000_000));
    expect(unknownSheet.statusCode).toBe(404);
    const unknownPerspective = await addObjective(
      c.tokens.employee,
      objectiveBody(id, { perspective_id: 999 }),
    );
    expect(unknownPerspective.json()).toMatchObject({ error: 'kpi_perspective_unknown' });
    const unknownUnit = await addKpi(c.tokens.employee, objectiveKpiBody(id, o, { target_unit_id: 999 }));
    expect(unknownUnit.json()).toMatchObject({ error: 'kpi_target_unit_unknown' });
    const foreignObjective = await addKpi(c.tokens.employee, objectiveKpiBody(id, otherObjective));
    expect(foreignObjective.statusCode).toBe(422);
    expect(foreignObjective.json().error).toBe('kpi_item_other_sheet');
    const moved = await call(
      'PATCH',
      `${BASE}/objectives/${otherObjective}`,
      c.tokens.employee,
      objectiveBody(id),
    );
    expect(moved.json().error).toBe('kpi_item_other_sheet');
    const unknownObjective = await call(
      'PATCH',
      `${BASE}/objectives/2000000`,
      c.tokens.employee,
      objectiveBody(id),
    );
    expect(unknownObjective.statusCode).toBe(404);
    expect(unknownObjective.json().error).toBe('kpi_item_not_found');
    const unknownDelete = await call('DELETE', `${BASE}/objectives/kpis`, c.tokens.employee, {
      objective_kpi_id: 2_000_000,
    });
    expect(unknownDelete.statusCode).toBe(404);

    expect(await objectiveRows(ctx.db, other)).toHaveLength(1);
    expect(await objectiveRows(ctx.db, id)).toHaveLength(1);
    expect(await objectiveKpiRows(ctx.db, id)).toHaveLength(0);
  });

  it('only the employee or the creator changes them; every other role is refused', async () => {
    const c = await ctx.factory.cast();
    const id = await sheet(c.tokens.employee);
    const o = await objective(c.tokens.employee, id);
    for (const who of ['lm', 'oo', 'admin', 'peer', 'stranger'] as const) {
      const add = await addObjective(c.tokens[who], objectiveBody(id));
      expect(add.statusCode, who).toBe(403);
      expect(add.json().error).toBe('record_edit_forbidden');
      const del = await call('DELETE', `${BASE}/objectives`, c.tokens[who], { objective_id: o });
      expect(del.statusCode, who).toBe(403);
    }
    expect((await addObjective(null, objectiveBody(id))).statusCode).toBe(401);
    expect(await objectiveRows(ctx.db, id)).toHaveLength(1);
  });

  it('are frozen while the sheet is with the line manager, the O&O, or approved', async () => {
    const c = await ctx.factory.cast();
    const id = await sheet(c.tokens.employee);
    const o = await objective(c.tokens.employee, id);
    for (const status of [2, 3, 4]) {
      await setKpiStatus(ctx.db, id, status);
      const add = await addObjective(c.tokens.employee, objectiveBody(id));
      expect(add.statusCode, `status ${status}`).toBe(409);
      expect(add.json().error).toBe('record_not_editable');
      const edit = await call(
        'PATCH',
        `${BASE}/objectives/${o}`,
        c.tokens.employee,
        objectiveBody(id, { weight: 9 }),
      );
      expect(edit.statusCode).toBe(409);
    }
    expect((await objectiveRows(ctx.db, id))[0]!.weight).toBe(50);
  });
});

describe('the audit rows of changed objectives and objective KPIs', () => {
  const updates = (entity: string, id: number) =>
    ctx.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id), eq(auditLog.action, 'update')))
      .orderBy(auditLog.id);

  it('keep the fields that changed as changes { field: { before, after } } with their order', async () => {
    const c = await ctx.factory.cast();
    const id = await sheet(c.tokens.employee);
    const o = await objective(c.tokens.employee, id, { weight: 60 });
    const k = await objectiveKpi(c.tokens.employee, id, o);
    await call('PATCH', `${BASE}/objectives/${o}`, c.tokens.employee, objectiveBody(id, { weight: 70 }));
    await call(
      'PATCH',
      `${BASE}/objectives/kpis/${k}`,
      c.tokens.employee,
      objectiveKpiBody(id, o, { name: 'Annual recurring revenue', target: 150, initiative: 'Upsell' }),
    );
    expect(await updates('kpi_objective', o)).toEqual([
      { data: { kpi_id: id, changes: { weight: { before: 60, after: 70 } }, fields: ['weight'] } },
    ]);
    expect(await updates('kpi_objective_kpi', k)).toEqual([
      {
        data: {
          kpi_id: id,
          changes: {
            name: { before: 'Monthly recurring revenue', after: 'Annual recurring revenue' },
            target: { before: 120, after: 150 },
            initiative: { before: null, after: 'Upsell' },
          },
          fields: ['name', 'target', 'initiative'],
        },
      },
    ]);
  });
});

describe('submitting: the weights must add up to 100', () => {
  it('refuses objective weights that do not add up, naming the sum', async () => {
    const c = await ctx.factory.cast();
    const id = await sheet(c.tokens.employee);
    const o = await objective(c.tokens.employee, id, { weight: 90 });
    await objectiveKpi(c.tokens.employee, id, o, { weight: 100 });
    const res = await act(c.tokens.employee, 'submit', id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'kpi_objective_weights',
      params: { total: '90.00' },
      message: 'The objective weights add up to 90.00, not 100.',
    });
    expect(await statusOf(id)).toBe(1);
  });

  it('refuses an objective whose KPI weights do not add up, naming it', async () => {
    const c = await ctx.factory.cast();
    const id = await sheet(c.tokens.employee);
    const o = await objective(c.tokens.employee, id, { weight: 100, name: 'Reduce churn' });
    await objectiveKpi(c.tokens.employee, id, o, { weight: 33.33 });
    await objectiveKpi(c.tokens.employee, id, o, { weight: 33.33 });
    await objectiveKpi(c.tokens.employee, id, o, { weight: 33.33 });
    const res = await act(c.tokens.employee, 'submit', id);
    expect(res.json()).toMatchObject({
      error: 'kpi_kpi_weights',
      params: { objective: 'Reduce churn', total: '99.99' },
    });
    expect(await statusOf(id)).toBe(1);
  });

  it('an empty sheet cannot be submitted', async () => {
    const c = await ctx.factory.cast();
    const id = await sheet(c.tokens.employee);
    const res = await act(c.tokens.employee, 'submit', id);
    expect(res.json()).toMatchObject({ error: 'kpi_objective_weights', params: { total: '0.00' } });
  });

  it('a balanced sheet goes to the line manager and remembers its first submission', async () => {
    const c = await ctx.factory.cast();
    const { id } = await balancedSheet(c.tokens.employee);
    const res = await act(c.tokens.employee, 'submit', id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: { id: 2 }, editable: false, commentable: true, actions: [] });
    expect((await kpiRow(ctx.db, id))!.firstSubmittedAt).not.toBeNull();
  });
});

describe('the workflow table, every role × every status × every action', () => {
  /** DESIGN.md §4, written out: (action, status) → the one role that may take it. */
  const ALLOWED: Record<string, Partial<Record<number, Who>>> = {
    submit: { 1: 'employee', 5: 'employee' },
    'approve-line-manager': { 2: 'lm' },
    approve: { 3: 'oo' },
    'update-requested': { 2: 'lm', 3: 'oo' },
  };
  const TO: Record<string, number> = {
    submit: 2,
    'approve-line-manager': 3,
    approve: 4,
    'update-requested': 5,
  };

  for (const [action, byStatus] of Object.entries(ALLOWED)) {
    it(`${action}`, async () => {
      const c = await ctx.factory.cast();
      const { id } = await balancedSheet(c.tokens.employee);
      const rolesWithAction = new Set(Object.values(byStatus));
      for (const status of [1, 2, 3, 4, 5]) {
        for (const who of ROLES) {
          await setKpiStatus(ctx.db, id, status);
          const res = await act(c.tokens[who], action, id);
          const label = `${action} by ${who} at ${status}`;
          if (byStatus[status] === who) {
            expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
            expect(await statusOf(id), label).toBe(TO[action]);
          } else {
            expect(res.statusCode, `${label}: ${res.body}`).toBe(rolesWithAction.has(who) ? 409 : 403);
            expect(await statusOf(id), label).toBe(status);
          }
        }
      }
      expect((await act(null, action, id)).statusCode).toBe(401);
    });
  }

  it('the whole way: submit, update requested by the line manager, again, by the O&O, then approved', async () => {
    const c = await ctx.factory.cast();
    const { id } = await balancedSheet(c.tokens.employee);
    const steps: [Who, string, number][] = [
      ['employee', 'submit', 2],
      ['lm', 'update-requested', 5],
      ['employee', 'submit', 2],
      ['lm', 'approve-line-manager', 3],
      ['oo', 'update-requested', 5],
      ['employee', 'submit', 2],
      ['lm', 'approve-line-manager', 3],
      ['oo', 'approve', 4],
    ];
    for (const [who, action, to] of steps) {
      const res = await act(c.tokens[who], action, id);
      expect(res.statusCode, `${who} ${action}: ${res.body}`).toBe(200);
      expect(res.json().status.id).toBe(to);
    }
    const audits = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'kpi'), eq(auditLog.entityId, id)))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(['create', ...steps.map((s) => s[1])]);
  });

  it('a line manager who made the sheet for a report still approves it: the employee submits', async () => {
    const c = await ctx.factory.cast();
    const res = await create(c.tokens.lm, customSheetBody({ employee_id: c.employee.id }));
    const id = res.json().id;
    const o = await objective(c.tokens.lm, id, { weight: 100 });
    await objectiveKpi(c.tokens.lm, id, o, { weight: 100 });
    expect((await act(c.tokens.lm, 'submit', id)).statusCode).toBe(403);
    expect((await act(c.tokens.employee, 'submit', id)).statusCode).toBe(200);
    expect((await act(c.tokens.lm, 'approve-line-manager', id)).statusCode).toBe(200);
  });
});

describe('reading a sheet and the lists', () => {
  it('the employee, line manager, O&O and HR admins read a sheet; a peer and a stranger do not', async () => {
    const c = await ctx.factory.cast();
    const { id } = await balancedSheet(c.tokens.employee);
    await act(c.tokens.employee, 'submit', id);
    for (const who of ROLES) {
      const res = await get(c.tokens[who], id);
      expect(res.statusCode, who).toBe(['peer', 'stranger'].includes(who) ? 403 : 200);
    }
    expect((await get(null, id)).statusCode).toBe(401);
    expect((await get(c.tokens.employee, 2_000_000)).statusCode).toBe(404);
    expect((await get(c.tokens.lm, id)).json().actions).toEqual(['approve-line-manager', 'update-requested']);
    expect((await get(c.tokens.oo, id)).json().actions).toEqual([]);
    expect((await get(c.tokens.admin, id)).json()).toMatchObject({
      actions: [],
      editable: false,
      commentable: true,
    });
  });

  it('a sheet of any size is read with the same number of statements', async () => {
    const c = await ctx.factory.cast();
    const small = await sheet(c.tokens.employee);
    await objective(c.tokens.employee, small);
    const big = (
      await balancedSheet(c.tokens.employee, customSheetBody({ from: '2032-01-01', to: '2032-06-30' }))
    ).id;
    for (let i = 0; i < 6; i++) {
      const o = await objective(c.tokens.employee, big, { weight: 1 });
      for (let j = 0; j < 3; j++) await objectiveKpi(c.tokens.employee, big, o, { weight: 1 });
    }
    const counted = async (id: number) =>
      (await statementsDuring(ctx, () => get(c.tokens.employee, id))).length;
    expect(await counted(big)).toBe(await counted(small));
    expect(await counted(big)).toBeLessThanOrEqual(4);
  });

  it('self lists the own sheets; team lists those of reports to their line manager and O&O', async () => {
    const c = await ctx.factory.cast();
    const mine = await sheet(c.tokens.employee);
    const peers = await sheet(c.tokens.peer);
    const ids = async (token: string, query: string) => {
      const res = await call('GET', `${BASE}?${query}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as { id: number }[]).map((i) => i.id);
    };
    expect(await ids(c.tokens.employee, 'list_type=self')).toEqual([mine]);
    expect(await ids(c.tokens.lm, 'list_type=team')).toEqual([peers, mine]);
    expect(await ids(c.tokens.oo, 'list_type=team')).toEqual([peers, mine]);
    expect(await ids(c.tokens.lm, `list_type=team&employee_id=${c.employee.id}`)).toEqual([mine]);
    expect(await ids(c.tokens.stranger, 'list_type=team')).toEqual([]);
    expect(await ids(c.tokens.peer, 'list_type=team')).toEqual([]);
    await setKpiStatus(ctx.db, mine, 2);
    expect(await ids(c.tokens.lm, 'list_type=team&status_id=2')).toEqual([mine]);
    expect(await ids(c.tokens.lm, 'list_type=team&type_id=1')).toEqual([]);
    expect(await ids(c.tokens.lm, 'list_type=team&from_date=2031-07-01')).toEqual([]);
    expect(await ids(c.tokens.lm, 'list_type=team&to_date=2031-03-01&sort=employee,asc')).toHaveLength(2);
    const refused = await call(
      'GET',
      `${BASE}?list_type=self&employee_id=${c.employee.id}`,
      c.tokens.employee,
    );
    expect(refused.statusCode).toBe(400);
    expect((await call('GET', `${BASE}?sort=__proto__,asc`, c.tokens.employee)).statusCode).toBe(400);
    expect((await call('GET', BASE, null)).statusCode).toBe(401);
  });
});

describe('changing and deleting a sheet', () => {
  it('changes in Draft and Update requested only', async () => {
    const c = await ctx.factory.cast();
    const id = await sheet(c.tokens.employee);
    for (const status of [1, 2, 3, 4, 5]) {
      await setKpiStatus(ctx.db, id, status);
      const res = await call(
        'PATCH',
        `${BASE}/${id}`,
        c.tokens.employee,
        customSheetBody({ name: `Plan ${status}` }),
      );
      expect(res.statusCode, `status ${status}`).toBe([1, 5].includes(status) ? 200 : 409);
    }
    expect((await kpiRow(ctx.db, id))!.name).toBe('Plan 5');
    const other = await call('PATCH', `${BASE}/${id}`, c.tokens.peer, customSheetBody());
    expect(other.statusCode).toBe(403);
  });

  it('deletes in Draft only, by its employee', async () => {
    const c = await ctx.factory.cast();
    const id = await sheet(c.tokens.employee);
    await objective(c.tokens.employee, id);
    for (const who of ['lm', 'oo', 'admin', 'peer', 'stranger'] as const) {
      expect((await call('DELETE', BASE, c.tokens[who], { kpi_id: id })).statusCode, who).toBe(403);
    }
    await setKpiStatus(ctx.db, id, 5);
    expect((await call('DELETE', BASE, c.tokens.employee, { kpi_id: id })).statusCode).toBe(409);
    await setKpiStatus(ctx.db, id, 1, false);
    const res = await call('DELETE', BASE, c.tokens.employee, { kpi_id: id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('First half plan has been successfully deleted!');
    expect(await kpiRow(ctx.db, id)).toBeNull();
    expect(await objectiveRows(ctx.db, id)).toHaveLength(0);
  });
});

describe('items removed after the first submission', () => {
  it('are kept struck through (status 3), out of the totals, and cannot be changed', async () => {
    const c = await ctx.factory.cast();
    const { id, first, second, kpis: k } = await balancedSheet(c.tokens.employee);
    await act(c.tokens.employee, 'submit', id);
    await act(c.tokens.lm, 'update-requested', id);

    const removed = await call('DELETE', `${BASE}/objectives/kpis`, c.tokens.employee, {
      objective_kpi_id: k[1],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const firstObjective = removed.json().objectives.find((o: { id: number }) => o.id === first);
    expect(firstObjective.total_kpi_weight).toBe(50);
    expect(firstObjective.kpis.find((x: { id: number }) => x.id === k[1]).status).toEqual({
      id: 3,
      name: 'Removed',
    });

    const gone = await call('DELETE', `${BASE}/objectives`, c.tokens.employee, { objective_id: second });
    const body = gone.json();
    expect(body.total_objective_weight).toBe(60);
    const secondObjective = body.objectives.find((o: { id: number }) => o.id === second);
    expect(secondObjective.status.id).toBe(3);
    expect(secondObjective.kpis.every((x: { status: { id: number } }) => x.status.id === 3)).toBe(true);
    expect(await objectiveRows(ctx.db, id)).toHaveLength(2);
    expect(await objectiveKpiRows(ctx.db, id)).toHaveLength(3);

    const edit = await call('PATCH', `${BASE}/objectives/${second}`, c.tokens.employee, objectiveBody(id));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toBe('kpi_item_removed');
    const editKpi = await call(
      'PATCH',
      `${BASE}/objectives/kpis/${k[1]}`,
      c.tokens.employee,
      objectiveKpiBody(id, first),
    );
    expect(editKpi.json().error).toBe('kpi_item_removed');
    const addUnder = await addKpi(c.tokens.employee, objectiveKpiBody(id, second));
    expect(addUnder.json().error).toBe('kpi_item_removed');

    // The sheet is submitted again once the active weights add up.
    expect((await act(c.tokens.employee, 'submit', id)).json().error).toBe('kpi_objective_weights');
    await call('PATCH', `${BASE}/objectives/${first}`, c.tokens.employee, objectiveBody(id, { weight: 100 }));
    await call(
      'PATCH',
      `${BASE}/objectives/kpis/${k[0]}`,
      c.tokens.employee,
      objectiveKpiBody(id, first, { weight: 100 }),
    );
    expect((await act(c.tokens.employee, 'submit', id)).statusCode).toBe(200);
  });
});

describe('copying a sheet', () => {
  it('makes a new draft with the active objectives and KPIs, without comments', async () => {
    const c = await ctx.factory.cast();
    const { id, kpis: k } = await balancedSheet(c.tokens.employee);
    await act(c.tokens.employee, 'submit', id);
    await act(c.tokens.lm, 'update-requested', id);
    await call('DELETE', `${BASE}/objectives/kpis`, c.tokens.employee, { objective_kpi_id: k[2] });
    await ctx.db.insert(comments).values({
      threadKind: 'kpi_objective',
      threadId: (await objectiveRows(ctx.db, id))[0]!.id,
      rootKind: 'kpi',
      rootId: id,
      employeeId: c.lm.id,
      body: 'Looks good',
    });
    const year = await kpiYear(ctx.db, '2032-01-01', '2032-12-31');
    const res = await call('POST', `${BASE}/${id}/copy`, c.tokens.employee, { type_id: 1, year_id: year.id });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({ status: { id: 1 }, name: year.name, employee: { id: c.employee.id } });
    expect(copy.id).not.toBe(id);
    expect(
      copy.objectives.map((o: { name: string; weight: number; comments: number }) => [
        o.name,
        o.weight,
        o.comments,
      ]),
    ).toEqual([
      ['Grow revenue', 60, 0],
      ['Delight customers', 40, 0],
    ]);
    expect(copy.objectives.flatMap((o: { kpis: unknown[] }) => o.kpis)).toHaveLength(2);
    expect((await kpiRow(ctx.db, copy.id))!.copiedFromId).toBe(id);
  });

  it('is for the employee and their line manager only', async () => {
    const c = await ctx.factory.cast();
    const { id } = await balancedSheet(c.tokens.employee);
    const next = customSheetBody({ from: '2031-07-01', to: '2031-12-31' });
    expect((await call('POST', `${BASE}/${id}/copy`, c.tokens.lm, next)).statusCode).toBe(201);
    for (const who of ['oo', 'admin'] as const) {
      const res = await call('POST', `${BASE}/${id}/copy`, c.tokens[who], customSheetBody());
      expect(res.statusCode, who).toBe(403);
      expect(res.json().error).toBe('kpi_copy_forbidden');
    }
    for (const who of ['peer', 'stranger'] as const) {
      expect(
        (await call('POST', `${BASE}/${id}/copy`, c.tokens[who], customSheetBody())).statusCode,
        who,
      ).toBe(403);
    }
    const [n] = await ctx.db.select({ n: count() }).from(kpis).where(eq(kpis.employeeId, c.employee.id));
    expect(n!.n).toBe(2);
  });
});

describe('KPI reference data (years, perspectives, target units)', () => {
  const KINDS = [
    ['/kpis/years', { name: 'FY 2040', from_date: '2040-01-01', to_date: '2040-12-31' }],
    ['/kpis/objectives/perspectives', { name: 'Sustainability', sort_order: 5 }],
    ['/kpis/objectives/kpis/target-units', { name: 'Tonnes' }],
  ] as const;

  it('HR administrators add, change and delete them; everyone else is refused and nothing changes', async () => {
    const c = await ctx.factory.cast();
    for (const [path, body] of KINDS) {
      for (const who of ['employee', 'lm', 'oo', 'peer'] as const) {
        const refused = await call('POST', `/api/v1${path}`, c.tokens[who], body);
        expect(refused.statusCode, `${who} ${path}`).toBe(403);
      }
      expect((await call('POST', `/api/v1${path}`, null, body)).statusCode).toBe(401);
      const made = await call('POST', `/api/v1${path}`, c.tokens.admin, body);
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json().id;
      const again = await call('POST', `/api/v1${path}`, c.tokens.admin, body);
      expect(again.statusCode, `${path} twice`).toBe(409);
      const list = (await call('GET', `/api/v1${path}`, c.tokens.employee)).json();
      expect(list.map((x: { id: number }) => x.id)).toContain(id);
      const changed = await call('PATCH', `/api/v1${path}/${id}`, c.tokens.admin, {
        ...body,
        enabled: false,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      // Disabled: gone from the forms, still listed for administrators who ask.
      expect(
        (await call('GET', `/api/v1${path}`, c.tokens.employee)).json().map((x: { id: number }) => x.id),
      ).not.toContain(id);
      const all = (
        await call(
          'GET',
          `/api/v1${path}?all=true&limit=50&search=${encodeURIComponent(body.name)}`,
          c.tokens.admin,
        )
      ).json();
      expect(all.items.map((x: { id: number }) => x.id)).toContain(id);
      expect((await call('DELETE', `/api/v1${path}/${id}`, c.tokens.employee)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/v1${path}/${id}`, c.tokens.admin)).statusCode).toBe(200);
    }
  });

  it('one in use is not deleted', async () => {
    const c = await ctx.factory.cast();
    const year = await kpiYear(ctx.db);
    await sheet(c.tokens.employee, { type_id: 1, year_id: year.id });
    const res = await call('DELETE', `/api/v1/kpis/years/${year.id}`, c.tokens.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('reference_in_use');
    const perspective = await call('DELETE', '/api/v1/kpis/objectives/perspectives/1', c.tokens.admin);
    expect([200, 409]).toContain(perspective.statusCode);
  });

  it('checks names and periods', async () => {
    const c = await ctx.factory.cast();
    const blank = await call('POST', '/api/v1/kpis/years', c.tokens.admin, {
      name: '',
      from_date: '2040-01-01',
      to_date: '2040-12-31',
    });
    expect(fieldErrors(blank.json())).toEqual({ name: [MESSAGES.nameRequired] });
    const backwards = await call('POST', '/api/v1/kpis/years', c.tokens.admin, {
      name: 'FY backwards',
      from_date: '2040-12-31',
      to_date: '2040-01-01',
    });
    expect(fieldErrors(backwards.json())).toEqual({ to_date: [KPI_MESSAGES.toBeforeFrom] });
    const order = await call('POST', '/api/v1/kpis/objectives/perspectives', c.tokens.admin, {
      name: 'People',
      sort_order: 500,
    });
    expect(fieldErrors(order.json())).toEqual({ sort_order: [KPI_MESSAGES.orderRange] });
  });
});
