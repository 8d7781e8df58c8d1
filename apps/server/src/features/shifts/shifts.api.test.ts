import { errorText } from '@hr/contracts/error-codes';
import { SHIFT_MESSAGES } from '@hr/contracts/shifts';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRows, lastAuditId } from '../../../test/factories/changes';
import { makeCompany, setEmployee, tag } from '../../../test/factories/directory';
import { type Cast, type CastRole, setupApi, statementsDuring, type TestContext } from '../../../test/helper';
import { auditLog, companies, employeeShifts, shifts } from '../../db/schema';
import { shiftPeriods } from '.';

/**
 * Shifts: a reference list HR administrators manage (one default shift, the
 * shift of everyone without one assigned), their assignment to employees
 * from a date on, an employee's shifts for the readers of their personal
 * data, and the periods the attendance reports read.
 */

let ctx: TestContext;
let cast: Cast;
type Actor = CastRole | 'no token';
const token = (who: Actor) => (who === 'no token' ? null : cast.tokens[who]);

beforeAll(async () => {
  ctx = await setupApi();
  cast = await ctx.factory.cast();
});

const M = SHIFT_MESSAGES;
const SHIFTS = '/api/v1/shifts';
const ASSIGN = '/api/v1/employees/shifts/assign';
const shiftsOf = (id: number) => `/api/v1/employees/${id}/shifts`;

const body = (over: Record<string, unknown> = {}) => ({
  name: tag('Shift '),
  start: '08:00',
  end: '16:00',
  grace_minutes: 10,
  ...over,
});

interface Made {
  id: number;
  name: string;
  start: string;
  end: string;
  is_default: boolean;
  enabled: boolean;
}

async function make(over: Record<string, unknown> = {}): Promise<Made> {
  const res = await ctx.call({ method: 'POST', url: SHIFTS, token: cast.tokens.admin, payload: body(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const call = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, who: Actor, payload?: object) =>
  ctx.call({ method, url, token: token(who), ...(payload ? { payload } : {}) });

async function row(id: number) {
  const [r] = await ctx.db.select().from(shifts).where(eq(shifts.id, id));
  return r ?? null;
}
async function defaults() {
  return ctx.db.select({ id: shifts.id, name: shifts.name }).from(shifts).where(eq(shifts.isDefault, true));
}
async function shiftAudits(id: number, action: string) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'shift'), eq(auditLog.entityId, id), eq(auditLog.action, action)));
}
/** Everything a refused call must leave as it was. */
async function state() {
  const [s] = await ctx.db.select({ n: count() }).from(shifts);
  const [a] = await ctx.db.select({ n: count() }).from(auditLog);
  const [es] = await ctx.db.select({ n: count() }).from(employeeShifts);
  return {
    shifts: s?.n,
    audits: a?.n,
    assignments: es?.n,
    rows: await ctx.db.select().from(shifts).orderBy(shifts.id),
  };
}
const assignmentsOf = (employeeId: number) =>
  ctx.db
    .select({ shiftId: employeeShifts.shiftId, fromDate: employeeShifts.fromDate })
    .from(employeeShifts)
    .where(eq(employeeShifts.employeeId, employeeId))
    .orderBy(employeeShifts.fromDate);

describe('the shift list: everyone reads it, HR administrators change it', () => {
  it.each([
    ['employee', 403],
    ['lm', 403],
    ['admin', 201],
    ['no token', 401],
  ] as const)('create — %s: %i, and only the admin writes', async (who, status) => {
    const before = await state();
    const res = await call('POST', SHIFTS, who, body());
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json().error).toBe('admin_only');
    const after = await state();
    expect(after.shifts).toBe(Number(before.shifts) + (status === 201 ? 1 : 0));
    if (status === 201) expect(await shiftAudits(res.json().id, 'create')).toHaveLength(1);
    else expect(after).toEqual(before);
  });

  it.each([
    ['employee', 403],
    ['lm', 403],
    ['admin', 200],
    ['no token', 401],
  ] as const)('update — %s: %i, and only the admin writes', async (who, status) => {
    const made = await make();
    const before = await row(made.id);
    const res = await call('PATCH', `${SHIFTS}/${made.id}`, who, { grace_minutes: 30 });
    expect(res.statusCode).toBe(status);
    const after = await row(made.id);
    if (status === 200) {
      expect(after?.graceMinutes).toBe(30);
      expect(res.json()).toMatchObject({ id: made.id, grace_minutes: 30 });
      const [audit] = await shiftAudits(made.id, 'update');
      expect(audit?.data).toEqual({
        changes: { grace_minutes: { before: 10, after: 30 } },
        fields: ['grace_minutes'],
      });
    } else {
      expect(after).toEqual(before);
      expect(await shiftAudits(made.id, 'update')).toHaveLength(0);
    }
  });

  it.each([
    ['employee', 403],
    ['lm', 403],
    ['admin', 200],
    ['no token', 401],
  ] as const)('delete (id in the body, SPEC.md §7) — %s: %i', async (who, status) => {
    const made = await make();
    const res = await call('DELETE', SHIFTS, who, { shift_id: made.id });
    expect(res.statusCode).toBe(status);
    expect(await row(made.id)).toEqual(status === 200 ? null : expect.objectContaining({ id: made.id }));
    if (status === 200) expect(res.json().message).toBe(`${made.name} has been successfully deleted!`);
    expect(await shiftAudits(made.id, 'delete')).toHaveLength(status === 200 ? 1 : 0);
  });

  it('a non-admin with a bad body learns nothing: 403 before the body is read', async () => {
    for (const [method, url] of [
      ['POST', SHIFTS],
      ['PATCH', `${SHIFTS}/1`],
      ['DELETE', SHIFTS],
      ['PATCH', ASSIGN],
    ] as const) {
      const res = await call(method, url, 'employee', { name: 1, start: 'x' });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('a new shift: no grace, the company’s weekly off day, not the default, enabled unless said', async () => {
    const res = await call('POST', SHIFTS, 'admin', { name: tag('Night '), start: '22:00', end: '06:00' });
    expect(res.statusCode).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({
      start: '22:00',
      end: '06:00',
      grace_minutes: 0,
      weekly_off_days: null,
      is_default: false,
      enabled: true,
      employees_count: 0,
    });
    expect(await row(made.id)).toMatchObject({
      startTime: '22:00:00',
      endTime: '06:00:00',
      weeklyOffDays: null,
    });
    const days = await make({ weekly_off_days: [6, 5] });
    expect(days).toMatchObject({ weekly_off_days: [5, 6] });
    const none = await make({ weekly_off_days: [] });
    expect(none).toMatchObject({ weekly_off_days: [] });
  });

  it('every signed-in employee reads the list: pages, sorts, searches, and enabled=true for the ones to assign', async () => {
    const t = tag('Pq');
    await make({ name: `${t} Charlie`, start: '10:00', end: '19:00' });
    await make({ name: `${t} Alpha`, start: '06:00', end: '14:00' });
    await make({ name: `${t} Bravo`, start: '22:00', end: '06:00', enabled: false });
    const names = async (query: string, who: Actor = 'employee') => {
      const res = await call('GET', `${SHIFTS}?search=${t}&${query}`, who);
      expect(res.statusCode).toBe(200);
      return res.json().items.map((s: { name: string }) => s.name.replace(`${t} `, ''));
    };
    expect(await names('sort=name,asc')).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await names('sort=start,asc')).toEqual(['Alpha', 'Charlie', 'Bravo']);
    expect(await names('sort=end,desc&limit=10&page=1')).toEqual(['Charlie', 'Alpha', 'Bravo']);
    expect(await names('enabled=true&sort=name,asc')).toEqual(['Alpha', 'Charlie']);
    const page = await call('GET', `${SHIFTS}?search=${t}&sort=name,asc&limit=10&page=2`, 'lm');
    expect(page.json()).toMatchObject({ count: 0, total: 3, pagination: { page: 2, pages: 1 } });
    const whole = await call('GET', SHIFTS, 'employee');
    expect(whole.json().total).toBe(whole.json().count);
    expect(whole.json().items.some((s: { is_default: boolean }) => s.is_default)).toBe(true);
    expect((await call('GET', SHIFTS, 'no token')).statusCode).toBe(401);
    expect((await call('GET', `${SHIFTS}?sort=salary,asc`, 'admin')).statusCode).toBe(400);
    expect((await call('GET', `${SHIFTS}?enabled=maybe`, 'admin')).statusCode).toBe(400);
  });

  it.each([
    ['a missing name', { name: undefined }, 'name', M.nameRequired],
    ['a blank name', { name: '   ' }, 'name', M.nameRequired],
    ['a name of one letter', { name: 'N' }, 'name', M.nameLength],
    ['a name of 101 letters', { name: 'N'.repeat(101) }, 'name', M.nameLength],
    ['a missing start', { start: undefined }, 'start', M.startRequired],
    ['a missing end', { end: undefined }, 'end', M.endRequired],
    ['a start of 25:00', { start: '25:00' }, 'start', M.timeFormat],
    ['a start of 9:00', { start: '9:00' }, 'start', M.timeFormat],
    ['an end with seconds', { end: '16:00:00' }, 'end', M.timeFormat],
    ['an end that is the start', { start: '09:00', end: '09:00' }, 'end', M.endIsStart],
    ['a grace of -1', { grace_minutes: -1 }, 'grace_minutes', M.graceRange],
    ['a grace of 241', { grace_minutes: 241 }, 'grace_minutes', M.graceRange],
    ['a grace of 1.5', { grace_minutes: 1.5 }, 'grace_minutes', M.graceRange],
    ['a grace as text', { grace_minutes: '10' }, 'grace_minutes', M.graceRange],
    ['weekday 7', { weekly_off_days: [7] }, 'weekly_off_days', M.weeklyOffDays],
    ['weekday -1', { weekly_off_days: [5, -1] }, 'weekly_off_days', M.weeklyOffDays],
    ['a weekday twice', { weekly_off_days: [5, 5] }, 'weekly_off_days', M.weeklyOffDays],
    ['weekdays as text', { weekly_off_days: 'friday' }, 'weekly_off_days', M.weeklyOffDays],
    ['a default that is disabled', { is_default: true, enabled: false }, 'enabled', M.defaultDisabled],
    ['enabled as text', { enabled: 'yes' }, 'enabled', M.enabled],
  ])(
    'answers 422 for %s, on create and on change, and writes nothing',
    async (_label, over, field, message) => {
      const made = await make();
      const before = await state();
      const created = await call('POST', SHIFTS, 'admin', body(over));
      expect(created.statusCode).toBe(422);
      expect(created.json().errors.children[field].errors).toEqual([message]);
      const patch = Object.fromEntries(Object.entries(over).map(([k, v]) => [k, v === undefined ? null : v]));
      // A PATCH may leave a field out; sent empty, it is refused as on create (null is no name, no time).
      const changed = await call('PATCH', `${SHIFTS}/${made.id}`, 'admin', patch);
      expect(changed.statusCode).toBe(422);
      expect(changed.json().errors.children[field].errors).toEqual([message]);
      expect(await state()).toEqual(before);
    },
  );

  it('a change checks the shift as a whole: an end moved onto the kept start is refused', async () => {
    const made = await make({ start: '08:00', end: '16:00' });
    const before = await state();
    const res = await call('PATCH', `${SHIFTS}/${made.id}`, 'admin', { end: '08:00' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children.end.errors).toEqual([M.endIsStart]);
    const moved = await call('PATCH', `${SHIFTS}/${made.id}`, 'admin', { start: '16:00' });
    expect(moved.json().errors.children.start.errors).toEqual([M.endIsStart]);
    const empty = await call('PATCH', `${SHIFTS}/${made.id}`, 'admin', {});
    expect(empty.statusCode).toBe(422);
    expect(await state()).toEqual(before);
  });

  it('a name taken (any case) is a 409 reference_name_taken, on create and rename', async () => {
    const first = await make();
    const second = await make();
    const before = await state();
    const dup = await call('POST', SHIFTS, 'admin', body({ name: first.name.toUpperCase() }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      error: 'reference_name_taken',
      message: 'A shift with this name exists already.',
    });
    const rename = await call('PATCH', `${SHIFTS}/${second.id}`, 'admin', { name: first.name });
    expect(rename.statusCode).toBe(409);
    expect(await state()).toEqual(before);
  });

  it('an unknown id is a 404 reference_not_found; a bad one a 400', async () => {
    const before = await state();
    for (const [method, url, payload] of [
      ['PATCH', `${SHIFTS}/99999999`, { grace_minutes: 5 }],
      ['DELETE', `${SHIFTS}/99999999`, undefined],
      ['DELETE', SHIFTS, { shift_id: 99999999 }],
    ] as const) {
      const res = await call(method, url, 'admin', payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({
        error: 'reference_not_found',
        message: 'This shift does not exist.',
      });
    }
    expect((await call('DELETE', SHIFTS, 'admin', { shift_id: 'x' })).statusCode).toBe(422);
    expect((await call('PATCH', `${SHIFTS}/abc`, 'admin', { grace_minutes: 5 })).statusCode).toBe(400);
    expect(await state()).toEqual(before);
  });

  it('audits only the fields that changed: the same weekly off days sent again are no change', async () => {
    const made = await make({ weekly_off_days: [5, 6] });
    const res = await call('PATCH', `${SHIFTS}/${made.id}`, 'admin', {
      ...body({ name: made.name, weekly_off_days: [6, 5] }),
      start: '07:30',
    });
    expect(res.statusCode).toBe(200);
    const [audit] = await shiftAudits(made.id, 'update');
    expect(audit?.data).toEqual({
      changes: { start: { before: '08:00', after: '07:30' } },
      fields: ['start'],
    });
  });
});

describe('the default shift', () => {
  it('is the seeded General 09:00–18:00 with 15 minutes of grace, and there is one', async () => {
    const list = await call('GET', `${SHIFTS}?search=General`, 'employee');
    expect(list.json().items).toContainEqual(
      expect.objectContaining({
        name: 'General',
        start: '09:00',
        end: '18:00',
        grace_minutes: 15,
        is_default: true,
      }),
    );
    expect(await defaults()).toHaveLength(1);
  });

  it('making a shift the default unsets the other in the same change; a new shift may be made the default', async () => {
    const [was] = await defaults();
    const made = await make();
    const res = await call('PATCH', `${SHIFTS}/${made.id}`, 'admin', { is_default: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_default: true });
    expect(await defaults()).toEqual([{ id: made.id, name: made.name }]);
    expect((await row(was!.id))?.isDefault).toBe(false);

    const created = await make({ is_default: true });
    expect(created.is_default).toBe(true);
    expect(await defaults()).toEqual([{ id: created.id, name: created.name }]);

    // Back to the one it was, for the tests after this one.
    expect((await call('PATCH', `${SHIFTS}/${was!.id}`, 'admin', { is_default: true })).statusCode).toBe(200);
    expect(await defaults()).toEqual([was]);
  });

  it('cannot be disabled, stop being the default or be deleted: 409 shift_default_locked', async () => {
    const [current] = await defaults();
    const before = await state();
    const message = errorText('shift_default_locked', { name: current!.name });
    for (const [method, url, payload, field] of [
      ['PATCH', `${SHIFTS}/${current!.id}`, { enabled: false }, 'enabled'],
      ['PATCH', `${SHIFTS}/${current!.id}`, { is_default: false }, 'is_default'],
      ['DELETE', SHIFTS, { shift_id: current!.id }, null],
      ['DELETE', `${SHIFTS}/${current!.id}`, undefined, null],
    ] as const) {
      const res = await call(method, url, 'admin', payload);
      expect(res.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(409);
      expect(res.json()).toMatchObject({ error: 'shift_default_locked', message });
      if (field) expect(res.json().errors.children[field].errors).toEqual([message]);
    }
    expect(await state()).toEqual(before);
  });

  it('a disabled shift becomes the default only when enabled with it', async () => {
    const [was] = await defaults();
    const off = await make({ enabled: false });
    const before = await state();
    const refused = await call('PATCH', `${SHIFTS}/${off.id}`, 'admin', { is_default: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.children.is_default.errors).toEqual([M.defaultDisabled]);
    expect(await state()).toEqual(before);
    const both = await call('PATCH', `${SHIFTS}/${off.id}`, 'admin', { is_default: true, enabled: true });
    expect(both.statusCode).toBe(200);
    expect(await defaults()).toEqual([{ id: off.id, name: off.name }]);
    await call('PATCH', `${SHIFTS}/${was!.id}`, 'admin', { is_default: true });
    expect(await defaults()).toEqual([was]);
  });
});

describe('assigning a shift to an employee', () => {
  it.each([
    ['employee', 403],
    ['lm', 403],
    ['oo', 403],
    ['admin', 200],
    ['no token', 401],
  ] as const)('%s: %i, and only the admin writes', async (who, status) => {
    const { employee } = await ctx.factory.chain();
    const made = await make();
    const before = await state();
    const res = await call('PATCH', ASSIGN, who, {
      employee_id: employee.id,
      shift_id: made.id,
      from_date: '2026-05-01',
    });
    expect(res.statusCode).toBe(status);
    if (status === 200) {
      expect(res.json()).toEqual({ message: 'Your data has been updated!' });
      expect(await assignmentsOf(employee.id)).toEqual([{ shiftId: made.id, fromDate: '2026-05-01' }]);
    } else {
      expect(await state()).toEqual(before);
    }
  });

  it('adds to the history; the same date again takes the new shift; each change is audited on the record', async () => {
    const { employee } = await ctx.factory.chain();
    const [general] = await defaults();
    const day = await make({ name: tag('Day ') });
    const night = await make({ name: tag('Night '), start: '22:00', end: '06:00' });
    const since = await lastAuditId(ctx.db);
    const assign = (shiftId: number, fromDate: string) =>
      call('PATCH', ASSIGN, 'admin', { employee_id: employee.id, shift_id: shiftId, from_date: fromDate });

    expect((await assign(day.id, '2026-01-01')).statusCode).toBe(200);
    expect((await assign(night.id, '2026-03-15')).statusCode).toBe(200);
    expect((await assign(day.id, '2026-03-15')).statusCode).toBe(200);
    expect(await assignmentsOf(employee.id)).toEqual([
      { shiftId: day.id, fromDate: '2026-01-01' },
      { shiftId: day.id, fromDate: '2026-03-15' },
    ]);
    const audits = await changeRows(ctx.db, employee.id, since);
    expect(audits.map((a) => [a.action, (a.data as { section: string }).section])).toEqual([
      ['assign_shift', 'shift'],
      ['assign_shift', 'shift'],
      ['assign_shift', 'shift'],
    ]);
    expect(audits.map((a) => (a.data as { changes: unknown }).changes)).toEqual([
      {
        shift: { before: general!.name, after: day.name },
        from: { before: null, after: '2026-01-01' },
      },
      {
        shift: { before: day.name, after: night.name },
        from: { before: '2026-01-01', after: '2026-03-15' },
      },
      { shift: { before: night.name, after: day.name } },
    ]);
    expect(audits.every((a) => a.actorEmployeeId === cast.admin.id)).toBe(true);
  });

  it.each([
    ['a missing employee', { employee_id: undefined }, 'employee_id', M.employeeRequired],
    ['an unknown employee', { employee_id: 99999999 }, 'employee_id', M.employeeUnknown],
    ['an employee id as text', { employee_id: 'me' }, 'employee_id', M.employeeUnknown],
    ['a missing shift', { shift_id: undefined }, 'shift_id', M.shiftRequired],
    ['an unknown shift', { shift_id: 99999999 }, 'shift_id', M.shiftUnknown],
    ['a missing date', { from_date: undefined }, 'from_date', M.fromDateRequired],
    ['30 February', { from_date: '2026-02-30' }, 'from_date', M.dateFormat],
    ['a date of another shape', { from_date: '01-03-2026' }, 'from_date', M.dateFormat],
  ])('answers 422 for %s on the field and writes nothing', async (_label, over, field, message) => {
    const { employee } = await ctx.factory.chain();
    const made = await make();
    const before = await state();
    const res = await call('PATCH', ASSIGN, 'admin', {
      employee_id: employee.id,
      shift_id: made.id,
      from_date: '2026-04-01',
      ...over,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children[field].errors).toEqual([message]);
    expect(await state()).toEqual(before);
  });

  it('refuses a disabled shift', async () => {
    const { employee } = await ctx.factory.chain();
    const off = await make({ enabled: false });
    const before = await state();
    const res = await call('PATCH', ASSIGN, 'admin', {
      employee_id: employee.id,
      shift_id: off.id,
      from_date: '2026-04-01',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children.shift_id.errors).toEqual([M.shiftDisabled]);
    expect(await state()).toEqual(before);
  });

  it('a shift in someone’s history cannot be deleted: 409 naming how many employees; disabling is allowed', async () => {
    const made = await make();
    const people = [(await ctx.factory.chain()).employee, (await ctx.factory.chain()).employee];
    await call('PATCH', ASSIGN, 'admin', {
      employee_id: people[0]!.id,
      shift_id: made.id,
      from_date: '2026-01-01',
    });
    const one = await call('DELETE', SHIFTS, 'admin', { shift_id: made.id });
    expect(one.statusCode).toBe(409);
    expect(one.json()).toMatchObject({
      error: 'shift_in_use_one',
      message: `${made.name} cannot be deleted: 1 employee has it in their shift history. Disable it instead.`,
    });
    await call('PATCH', ASSIGN, 'admin', {
      employee_id: people[1]!.id,
      shift_id: made.id,
      from_date: '2026-01-01',
    });
    await call('PATCH', ASSIGN, 'admin', {
      employee_id: people[1]!.id,
      shift_id: made.id,
      from_date: '2026-02-01',
    });
    const before = await state();
    const two = await call('DELETE', `${SHIFTS}/${made.id}`, 'admin');
    expect(two.statusCode).toBe(409);
    expect(two.json()).toMatchObject({
      error: 'shift_in_use',
      params: { name: made.name, employees: 2 },
      message: `${made.name} cannot be deleted: 2 employees have it in their shift history. Disable it instead.`,
    });
    expect(await state()).toEqual(before);
    const list = await call('GET', `${SHIFTS}?search=${encodeURIComponent(made.name)}`, 'admin');
    expect(list.json().items[0]).toMatchObject({ id: made.id, employees_count: 2 });
    const disabled = await call('PATCH', `${SHIFTS}/${made.id}`, 'admin', { enabled: false });
    expect(disabled.statusCode).toBe(200);
  });
});

describe("an employee's shifts", () => {
  it.each([
    ['employee', 200],
    ['lm', 200],
    ['oo', 200],
    ['admin', 200],
    ['peer', 403],
    ['stranger', 403],
    ['no token', 401],
  ] as const)('%s: %i (personal data: the employee, the managers above and HR)', async (who, status) => {
    const res = await call('GET', shiftsOf(cast.employee.id), who);
    expect(res.statusCode).toBe(status);
    if (status === 403)
      expect(res.json()).toMatchObject({ error: 'shifts_hidden', message: errorText('shifts_hidden') });
  });

  it('an unknown employee is a 404; a bad id a 400', async () => {
    expect((await call('GET', shiftsOf(99999999), 'admin')).json()).toMatchObject({
      error: 'employee_not_found',
    });
    expect((await call('GET', '/api/v1/employees/abc/shifts', 'admin')).statusCode).toBe(400);
  });

  it('without an assignment: the default shift, flagged, with the company’s weekly off day', async () => {
    const { employee } = await ctx.factory.chain();
    const [general] = await defaults();
    const res = await call('GET', shiftsOf(employee.id), 'admin');
    expect(res.json()).toEqual({
      employee_id: employee.id,
      current: {
        shift: expect.objectContaining({ id: general!.id, name: general!.name, weekly_off_days: [5] }),
        from_date: null,
        is_default: true,
      },
      history: [],
    });
  });

  it('the shift of today is the latest assignment from today or before; a later one waits in the history', async () => {
    const { employee, lm } = await ctx.factory.chain();
    const early = await make({ name: tag('Early '), start: '06:00', end: '14:00', weekly_off_days: [0] });
    const late = await make({ name: tag('Late '), start: '22:00', end: '06:00' });
    const now = new Date();
    const nextYear = `${now.getFullYear() + 1}-01-01`;
    for (const [shiftId, fromDate] of [
      [early.id, '2020-01-01'],
      [late.id, nextYear],
    ] as const)
      await call('PATCH', ASSIGN, 'admin', {
        employee_id: employee.id,
        shift_id: shiftId,
        from_date: fromDate,
      });
    const res = await ctx.call({
      method: 'GET',
      url: shiftsOf(employee.id),
      token: await ctx.factory.token(lm),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      current: {
        shift: { id: early.id, start: '06:00', end: '14:00', weekly_off_days: [0] },
        from_date: '2020-01-01',
        is_default: false,
      },
      history: [
        {
          from_date: nextYear,
          shift: { id: late.id, name: late.name, start: '22:00', end: '06:00', weekly_off_days: [5] },
        },
        { from_date: '2020-01-01', shift: { id: early.id } },
      ],
    });

    // The record's change log shows the shift to the line manager: it is personal data, which they read.
    const log = await ctx.call({
      method: 'GET',
      url: `/api/v1/employees/${employee.id}/changes`,
      token: await ctx.factory.token(lm),
    });
    const shiftRows = log.json().items.filter((c: { section: string }) => c.section === 'shift');
    expect(shiftRows).toHaveLength(2);
    expect(
      shiftRows.flatMap((c: { changes: { masked: boolean }[] }) => c.changes.map((x) => x.masked)),
    ).not.toContain(true);
  });
});

describe('shiftPeriods: the shifts in effect over a range, for the attendance reports', () => {
  it('follows a change of shift in the middle of the range, from the assignment valid at its start', async () => {
    const [general] = await defaults();
    const day = await make({ name: tag('Day '), start: '08:00', end: '17:00', grace_minutes: 10 });
    const night = await make({
      name: tag('Night '),
      start: '22:00',
      end: '06:00',
      grace_minutes: 0,
      weekly_off_days: [5, 6],
    });
    const changing = (await ctx.factory.chain()).employee;
    const unassigned = (await ctx.factory.chain()).employee;
    const joining = (await ctx.factory.chain()).employee;
    const assign = (employeeId: number, shiftId: number, fromDate: string) =>
      call('PATCH', ASSIGN, 'admin', { employee_id: employeeId, shift_id: shiftId, from_date: fromDate });
    await assign(changing.id, day.id, '2026-01-01');
    await assign(changing.id, night.id, '2026-03-15');
    await assign(changing.id, day.id, '2026-04-10'); // after the range
    await assign(joining.id, night.id, '2026-03-20');

    const periods = await shiftPeriods(
      ctx.db,
      [changing.id, unassigned.id, joining.id, 99999999],
      '2026-03-01',
      '2026-03-31',
    );
    const dayShift = {
      id: day.id,
      name: day.name,
      start: '08:00',
      end: '17:00',
      graceMinutes: 10,
      weeklyOffDays: [5],
    };
    const nightShift = {
      id: night.id,
      name: night.name,
      start: '22:00',
      end: '06:00',
      graceMinutes: 0,
      weeklyOffDays: [5, 6],
    };
    const generalShift = {
      id: general!.id,
      name: general!.name,
      start: '09:00',
      end: '18:00',
      graceMinutes: 15,
      weeklyOffDays: [5],
    };
    expect(periods.get(changing.id)).toEqual([
      { from: '2026-01-01', shift: dayShift },
      { from: '2026-03-15', shift: nightShift },
    ]);
    expect(periods.get(unassigned.id)).toEqual([{ from: '2026-03-01', shift: generalShift }]);
    expect(periods.get(joining.id)).toEqual([
      { from: '2026-03-01', shift: generalShift },
      { from: '2026-03-20', shift: nightShift },
    ]);
    expect(periods.has(99999999)).toBe(false);

    // An assignment of the range's first day is the one valid then; the last day is inside the range.
    const edges = await shiftPeriods(ctx.db, [changing.id], '2026-03-15', '2026-04-10');
    expect(edges.get(changing.id)).toEqual([
      { from: '2026-03-15', shift: nightShift },
      { from: '2026-04-10', shift: dayShift },
    ]);
  });

  it('a shift without its own weekly off days takes the employee’s company’s', async () => {
    const saturdays = await makeCompany(ctx.db);
    await ctx.db.update(companies).set({ weeklyOffDay: 6 }).where(eq(companies.id, saturdays.id));
    const other = (await ctx.factory.chain()).employee;
    await setEmployee(ctx.db, other.id, { companyId: saturdays.id, officeId: null });
    const plain = await make();
    const own = await make({ weekly_off_days: [0] });
    const none = await make({ weekly_off_days: [] });
    const local = (await ctx.factory.chain()).employee;
    await call('PATCH', ASSIGN, 'admin', {
      employee_id: other.id,
      shift_id: plain.id,
      from_date: '2026-01-01',
    });
    await call('PATCH', ASSIGN, 'admin', {
      employee_id: other.id,
      shift_id: own.id,
      from_date: '2026-06-10',
    });
    await call('PATCH', ASSIGN, 'admin', {
      employee_id: local.id,
      shift_id: none.id,
      from_date: '2026-06-01',
    });
    const periods = await shiftPeriods(ctx.db, [other.id, local.id], '2026-06-01', '2026-06-30');
    expect(periods.get(other.id)?.map((p) => [p.from, p.shift.weeklyOffDays])).toEqual([
      ['2026-01-01', [6]],
      ['2026-06-10', [0]],
    ]);
    expect(periods.get(local.id)?.map((p) => [p.from, p.shift.weeklyOffDays])).toEqual([['2026-06-01', []]]);
    // The employee's shifts answer says the same.
    const res = await call('GET', shiftsOf(other.id), 'admin');
    expect(
      res.json().history.map((h: { shift: { weekly_off_days: number[] } }) => h.shift.weekly_off_days),
    ).toEqual([[0], [6]]);
  });

  it('is one statement for any number of employees, and none for none', async () => {
    const people: number[] = [];
    for (let i = 0; i < 5; i++) people.push((await ctx.factory.chain()).employee.id);
    const made = await make();
    for (const id of people.slice(0, 3))
      await call('PATCH', ASSIGN, 'admin', { employee_id: id, shift_id: made.id, from_date: '2026-02-10' });
    let answer = new Map<number, unknown[]>();
    const sent = await statementsDuring(ctx, async () => {
      answer = await shiftPeriods(ctx.db, people, '2026-02-01', '2026-02-28');
    });
    expect(sent).toHaveLength(1);
    expect([...answer.keys()].sort((a, b) => a - b)).toEqual([...people].sort((a, b) => a - b));
    expect(people.map((id) => answer.get(id)?.length)).toEqual([2, 2, 2, 1, 1]);
    expect(await statementsDuring(ctx, () => shiftPeriods(ctx.db, [], '2026-02-01', '2026-02-28'))).toEqual(
      [],
    );
  });
});
