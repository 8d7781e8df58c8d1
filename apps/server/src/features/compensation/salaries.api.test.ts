import { COMPENSATION_MESSAGES as M } from '@hr/contracts/compensation';
import { errorText } from '@hr/contracts/error-codes';
import { beforeAll, describe, expect, it } from 'vitest';
import { lastAuditId } from '../../../test/factories/changes';
import { daysFromToday, makeSalary, salariesOf } from '../../../test/factories/compensation';
import { type Cast, setupApi, type TestContext } from '../../../test/helper';

/**
 * Salaries (DESIGN.md §9): the history and the current basic and tax are
 * read by the employee and HR administrators only; HR administrators set
 * them from a date on, correct and remove rows, each change audited in the
 * record's change log with the values masked for the managers.
 */

let ctx: TestContext;
let cast: Cast;

beforeAll(async () => {
  ctx = await setupApi();
  cast = await ctx.factory.cast();
});

type Role = 'self' | 'line manager' | 'O&O' | 'peer' | 'unrelated' | 'admin' | 'no token';
const token = (role: Role): string | null =>
  ({
    self: cast.tokens.employee,
    'line manager': cast.tokens.lm,
    'O&O': cast.tokens.oo,
    peer: cast.tokens.peer,
    unrelated: cast.tokens.stranger,
    admin: cast.tokens.admin,
    'no token': null,
  })[role];

// Every reader of an employee's pay, and everyone else.
const READERS: [Role, number][] = [
  ['self', 200],
  ['line manager', 403],
  ['O&O', 403],
  ['peer', 403],
  ['unrelated', 403],
  ['admin', 200],
  ['no token', 401],
];

const assign = (kind: 'basic' | 'tax', payload: object, role: Role = 'admin') =>
  ctx.call({
    method: 'PATCH',
    url: `/api/v1/employees/salaries/assign/${kind}`,
    token: token(role),
    payload,
  });

describe('GET salaries?employee_id=', () => {
  let salaryId: number;
  beforeAll(async () => {
    const e = cast.employee.id;
    await makeSalary(ctx.db, e, 'basic', '40000.00', '2024-01-01');
    salaryId = (await makeSalary(ctx.db, e, 'basic', '45000.00', '2025-01-01')).id;
    await makeSalary(ctx.db, e, 'tax', '1500.00', '2025-01-01');
    await makeSalary(ctx.db, e, 'basic', '50000.00', daysFromToday(40));
  });

  it.each(READERS)('%s: %i', async (role, status) => {
    const res = await ctx.call({
      method: 'GET',
      url: `/api/v1/salaries?employee_id=${cast.employee.id}`,
      token: token(role),
    });
    expect(res.statusCode, res.body).toBe(status);
    if (status === 403) {
      expect(res.json()).toMatchObject({
        error: 'compensation_hidden',
        message: errorText('compensation_hidden'),
      });
      // Nothing of the pay travels with the refusal.
      expect(res.body).not.toContain('45000');
    }
    if (status !== 200) return;
    const body = res.json();
    expect(body.employee_id).toBe(cast.employee.id);
    expect(body.current.basic).toMatchObject({
      id: salaryId,
      amount: '45000.00',
      effective_date: '2025-01-01',
    });
    expect(body.current.tax).toMatchObject({ amount: '1500.00', state: 'current' });
    expect(body.history.map((h: { amount: string; state: string }) => [h.amount, h.state])).toEqual([
      ['50000.00', 'upcoming'],
      ['45000.00', 'current'],
      ['1500.00', 'current'],
      ['40000.00', 'past'],
    ]);
  });

  it.each(READERS)('GET salaries/{id}, %s: %i', async (role, status) => {
    const res = await ctx.call({ method: 'GET', url: `/api/v1/salaries/${salaryId}`, token: token(role) });
    expect(res.statusCode, res.body).toBe(status);
    if (status === 200)
      expect(res.json()).toMatchObject({ id: salaryId, kind: 'basic', amount: '45000.00', state: 'current' });
  });

  it("answers the caller's own without employee_id", async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/v1/salaries', token: token('self') });
    expect(res.statusCode).toBe(200);
    expect(res.json().history).toHaveLength(4);
    const lm = await ctx.call({ method: 'GET', url: '/api/v1/salaries', token: token('line manager') });
    expect(lm.json()).toMatchObject({
      employee_id: cast.lm.id,
      history: [],
      current: { basic: null, tax: null },
    });
  });

  it.each([
    ['an unknown employee', '?employee_id=99999999', 404, 'employee_not_found'],
    ['a bad employee id', '?employee_id=x', 400, 'invalid_query'],
    ['an employee id past the integers', '?employee_id=99999999999', 400, 'invalid_query'],
  ])('answers %s with %i', async (_label, query, status, code) => {
    const res = await ctx.call({ method: 'GET', url: `/api/v1/salaries${query}`, token: token('admin') });
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toBe(code);
  });

  it('answers 404 for a salary row that does not exist', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/v1/salaries/99999999', token: token('admin') });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('salary_not_found');
  });
});

describe('PATCH employees/salaries/assign/basic and /tax', () => {
  it.each<[Role, number]>([
    ['self', 403],
    ['line manager', 403],
    ['O&O', 403],
    ['unrelated', 403],
    ['no token', 401],
  ])('refuses %s (%i) and changes nothing', async (role, status) => {
    const { employee } = await ctx.factory.chain();
    const before = await lastAuditId(ctx.db);
    const res = await assign(
      'basic',
      { employee_id: employee.id, amount: 1, effective_date: '2026-01-01' },
      role,
    );
    expect(res.statusCode).toBe(status);
    expect(await salariesOf(ctx.db, employee.id)).toEqual([]);
    expect(await lastAuditId(ctx.db)).toBe(before);
  });

  it('sets the basic salary and the tax from a date on, with who set them and an audit row each', async () => {
    const { employee } = await ctx.factory.chain();
    const res = await assign('basic', {
      employee_id: employee.id,
      amount: 55000.5,
      effective_date: '2026-01-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      employee_id: employee.id,
      kind: 'basic',
      amount: '55000.50',
      effective_date: '2026-01-01',
      state: 'current',
      created_by: { id: cast.admin.id, name: cast.admin.name },
    });
    expect(Date.parse(res.json().created)).not.toBeNaN();
    const tax = await assign('tax', { employee_id: employee.id, amount: 2500, effective_date: '2026-01-01' });
    expect(tax.json()).toMatchObject({ kind: 'tax', amount: '2500.00' });
    const rows = await salariesOf(ctx.db, employee.id);
    expect(rows.map((r) => [r.kind, r.amount, r.effectiveDate, r.createdById])).toEqual([
      ['basic', '55000.50', '2026-01-01', cast.admin.id],
      ['tax', '2500.00', '2026-01-01', cast.admin.id],
    ]);
    const log = await ctx.call({
      method: 'GET',
      url: `/api/v1/employees/${employee.id}/changes`,
      token: token('admin'),
    });
    expect(log.json().items.map((i: object) => i)).toMatchObject([
      {
        action: 'item_add',
        section: 'salary',
        item_id: rows[1]!.id,
        changes: [
          { field: 'tax', before: null, after: '2500.00', masked: false },
          { field: 'from', before: null, after: '2026-01-01', masked: false },
        ],
      },
      { action: 'item_add', section: 'salary', item_id: rows[0]!.id },
    ]);
  });

  it('the same employee, kind and date again replaces the amount; the same amount again changes nothing', async () => {
    const { employee } = await ctx.factory.chain();
    const body = { employee_id: employee.id, amount: 30000, effective_date: '2026-03-01' };
    const first = await assign('basic', body);
    const again = await assign('basic', body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const afterSame = await lastAuditId(ctx.db);
    const raised = await assign('basic', { ...body, amount: 32000 });
    expect(raised.json()).toMatchObject({ id: first.json().id, amount: '32000.00' });
    const rows = await salariesOf(ctx.db, employee.id);
    expect(rows.map((r) => r.amount)).toEqual(['32000.00']);
    const log = await ctx.call({
      method: 'GET',
      url: `/api/v1/employees/${employee.id}/changes`,
      token: token('admin'),
    });
    expect(log.json().items).toHaveLength(2);
    expect(log.json().items[0]).toMatchObject({
      action: 'item_update',
      changes: [{ field: 'basic', before: '30000.00', after: '32000.00', masked: false }],
    });
    expect(await lastAuditId(ctx.db)).toBeGreaterThan(afterSame);
  });

  it('shows a future-dated row as upcoming and keeps the current one', async () => {
    const { employee } = await ctx.factory.chain();
    await assign('basic', { employee_id: employee.id, amount: 20000, effective_date: daysFromToday(-10) });
    const later = await assign('basic', {
      employee_id: employee.id,
      amount: 25000,
      effective_date: daysFromToday(30),
    });
    expect(later.json().state).toBe('upcoming');
    const res = await ctx.call({
      method: 'GET',
      url: `/api/v1/salaries?employee_id=${employee.id}`,
      token: token('admin'),
    });
    expect(res.json().current.basic.amount).toBe('20000.00');
  });

  const good = { amount: 1000, effective_date: '2026-01-01' };
  it.each<[string, object, string, string]>([
    ['no amount', { amount: undefined }, 'amount', M.amountRequired],
    ['a negative amount', { ...good, amount: -5 }, 'amount', M.amountPositive],
    ['a zero amount', { ...good, amount: 0 }, 'amount', M.amountPositive],
    ['three decimals', { ...good, amount: 100.125 }, 'amount', M.amountDecimals],
    ['a huge amount', { ...good, amount: 100_000_000.01 }, 'amount', M.amountTooLarge],
    ['an amount as text', { ...good, amount: '1000' }, 'amount', M.amountType],
    ['no date', { effective_date: undefined }, 'effective_date', M.effectiveDateRequired],
    ['a day that does not exist', { ...good, effective_date: '2026-02-30' }, 'effective_date', M.dateFormat],
    ['a date in another form', { ...good, effective_date: '01-01-2026' }, 'effective_date', M.dateFormat],
    ['a date of another century', { ...good, effective_date: '2999-01-01' }, 'effective_date', M.dateRange],
    ['no employee', { employee_id: null }, 'employee_id', M.employeeRequired],
    ['an employee id as text', { employee_id: 'x' }, 'employee_id', M.employeeUnknown],
    ['an unknown employee', { employee_id: 99_999_999 }, 'employee_id', M.employeeUnknown],
  ])('refuses %s with a 422 on its field and changes nothing', async (_label, patch, field, message) => {
    const { employee } = await ctx.factory.chain();
    const before = await lastAuditId(ctx.db);
    const res = await assign('basic', { employee_id: employee.id, ...good, ...patch });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.children[field].errors).toContain(message);
    expect(await salariesOf(ctx.db, employee.id)).toEqual([]);
    expect(await lastAuditId(ctx.db)).toBe(before);
  });

  it('takes the largest amount allowed, to the cent', async () => {
    const { employee } = await ctx.factory.chain();
    const res = await assign('tax', {
      employee_id: employee.id,
      amount: 99_999_999.99,
      effective_date: '2026-01-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().amount).toBe('99999999.99');
  });
});

describe('PATCH salaries/{id} and DELETE salaries', () => {
  // A day of its own for each row made for the test's employee (one row per kind and date).
  let days = 0;
  const pastDay = () => daysFromToday(-1000 - ++days);

  it('HR corrects a row (amount and date), audited; the date of another row of its kind is a 422', async () => {
    const { employee } = await ctx.factory.chain();
    const a = await makeSalary(ctx.db, employee.id, 'basic', '30000.00', '2025-01-01');
    await makeSalary(ctx.db, employee.id, 'basic', '35000.00', '2026-01-01');
    const res = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/salaries/${a.id}`,
      token: token('admin'),
      payload: { amount: 31000, effective_date: '2025-02-01' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: a.id,
      amount: '31000.00',
      effective_date: '2025-02-01',
      state: 'past',
    });
    const before = await lastAuditId(ctx.db);
    const taken = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/salaries/${a.id}`,
      token: token('admin'),
      payload: { effective_date: '2026-01-01' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.children.effective_date.errors).toEqual([M.dateTaken]);
    expect((await salariesOf(ctx.db, employee.id)).map((r) => r.effectiveDate)).toEqual([
      '2025-02-01',
      '2026-01-01',
    ]);
    expect(await lastAuditId(ctx.db)).toBe(before);
    const log = await ctx.call({
      method: 'GET',
      url: `/api/v1/employees/${employee.id}/changes`,
      token: token('admin'),
    });
    expect(log.json().items[0]).toMatchObject({
      action: 'item_update',
      section: 'salary',
      item_id: a.id,
      changes: [
        { field: 'basic', before: '30000.00', after: '31000.00', masked: false },
        { field: 'from', before: '2025-01-01', after: '2025-02-01', masked: false },
      ],
    });
  });

  it('HR removes a row, audited; an unknown row is a 404', async () => {
    const { employee } = await ctx.factory.chain();
    const a = await makeSalary(ctx.db, employee.id, 'tax', '900.00', '2025-01-01');
    const res = await ctx.call({
      method: 'DELETE',
      url: '/api/v1/salaries',
      token: token('admin'),
      payload: { salary_id: a.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await salariesOf(ctx.db, employee.id)).toEqual([]);
    const log = await ctx.call({
      method: 'GET',
      url: `/api/v1/employees/${employee.id}/changes`,
      token: token('admin'),
    });
    expect(log.json().items[0]).toMatchObject({
      action: 'item_delete',
      changes: [
        { field: 'tax', before: '900.00', after: null },
        { field: 'from', before: '2025-01-01', after: null },
      ],
    });
    const again = await ctx.call({
      method: 'DELETE',
      url: '/api/v1/salaries',
      token: token('admin'),
      payload: { salary_id: a.id },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('salary_not_found');
  });

  it.each<[Role, number]>([
    ['self', 403],
    ['line manager', 403],
    ['unrelated', 403],
    ['no token', 401],
  ])('refuses %s (%i) to correct or remove a row', async (role, status) => {
    const a = await makeSalary(ctx.db, cast.employee.id, 'tax', '777.00', pastDay());
    const patch = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/salaries/${a.id}`,
      token: token(role),
      payload: { amount: 1 },
    });
    const del = await ctx.call({
      method: 'DELETE',
      url: '/api/v1/salaries',
      token: token(role),
      payload: { salary_id: a.id },
    });
    expect([patch.statusCode, del.statusCode]).toEqual([status, status]);
    expect((await salariesOf(ctx.db, cast.employee.id)).find((r) => r.id === a.id)?.amount).toBe('777.00');
  });

  it.each([
    ['nothing to change', {}, M.nothingToChange],
    ['three decimals', { amount: 1.001 }, M.amountDecimals],
    ['a negative amount', { amount: -1 }, M.amountPositive],
  ])('refuses %s with a 422', async (_label, payload, message) => {
    const a = await makeSalary(ctx.db, cast.employee.id, 'tax', '555.00', pastDay());
    const res = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/salaries/${a.id}`,
      token: token('admin'),
      payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(message);
    expect((await salariesOf(ctx.db, cast.employee.id)).find((r) => r.id === a.id)?.amount).toBe('555.00');
  });
});

describe('the change log and the search keep pay to its readers', () => {
  // reader, status, sees the values
  it.each<[Role, number, boolean | null]>([
    ['self', 200, true],
    ['line manager', 200, false],
    ['O&O', 200, false],
    ['admin', 200, true],
    ['unrelated', 403, null],
  ])('%s reads the salary change as %i, values shown: %s', async (role, status, sees) => {
    const e = cast.employee.id;
    await assign('basic', { employee_id: e, amount: 61000, effective_date: '2027-05-01' });
    const res = await ctx.call({ method: 'GET', url: `/api/v1/employees/${e}/changes`, token: token(role) });
    expect(res.statusCode).toBe(status);
    if (status !== 200) return;
    const [row] = res.json().items;
    expect(row).toMatchObject({ section: 'salary', action: 'item_add' });
    expect(row.changes).toEqual(
      sees
        ? [
            { field: 'basic', before: null, after: '61000.00', masked: false },
            { field: 'from', before: null, after: '2027-05-01', masked: false },
          ]
        : [
            { field: 'basic', before: null, after: null, masked: true },
            { field: 'from', before: null, after: null, masked: true },
          ],
    );
    if (!sees) expect(res.body).not.toContain('61000');
  });

  it.each([
    ['a salary filter', '', { basic_salary: [1, 100000] }],
    ['a loan filter', '', { loan: true }],
    ['a salary sort', '?sort=salary,desc', {}],
  ])('the employee search offers no %s', async (_label, query, filter) => {
    const res = await ctx.call({
      method: 'POST',
      url: `/api/v1/employees/search${query}`,
      token: token('admin'),
      payload: filter,
    });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
