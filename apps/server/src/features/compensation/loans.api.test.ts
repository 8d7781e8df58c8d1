import { COMPENSATION_MESSAGES as M } from '@hr/contracts/compensation';
import { errorText } from '@hr/contracts/error-codes';
import { beforeAll, describe, expect, it } from 'vitest';
import { lastAuditId } from '../../../test/factories/changes';
import { auditsOf, loansOf, makeLoan, makeSchedule } from '../../../test/factories/compensation';
import { type Cast, setupApi, type TestContext } from '../../../test/helper';
import { companies } from '../../db/schema';

/**
 * Loans (DESIGN.md §9): read by the employee and HR administrators only,
 * made and changed by HR administrators; what was repaid only grows, up to
 * the amount; a loan with repayments stays.
 */

let ctx: TestContext;
let cast: Cast;
let schedule: Awaited<ReturnType<typeof makeSchedule>>;

beforeAll(async () => {
  ctx = await setupApi();
  cast = await ctx.factory.cast();
  // Monthly, on the last day of the month.
  schedule = await makeSchedule(ctx.db, { periodsPerYear: 12, firstPayDate: '2026-01-31' });
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

const READERS: [Role, number][] = [
  ['self', 200],
  ['line manager', 403],
  ['O&O', 403],
  ['peer', 403],
  ['unrelated', 403],
  ['admin', 200],
  ['no token', 401],
];

const LOANS = '/api/v1/employees/loans';
const create = (payload: object, role: Role = 'admin') =>
  ctx.call({ method: 'POST', url: LOANS, token: token(role), payload });
const patch = (id: number, payload: object, role: Role = 'admin') =>
  ctx.call({ method: 'PATCH', url: `${LOANS}/${id}`, token: token(role), payload });

describe('reading loans', () => {
  let loanId: number;
  beforeAll(async () => {
    loanId = (
      await makeLoan(ctx.db, cast.employee.id, schedule.id, {
        amount: '12000.00',
        installments: 12,
        startDate: '2026-03-10',
        repaid: '3000.00',
      })
    ).id;
  });

  it.each(READERS)('GET employees/loans?employee_id=, %s: %i', async (role, status) => {
    const res = await ctx.call({
      method: 'GET',
      url: `${LOANS}?employee_id=${cast.employee.id}`,
      token: token(role),
    });
    expect(res.statusCode, res.body).toBe(status);
    if (status === 403) {
      expect(res.json()).toMatchObject({
        error: 'compensation_hidden',
        message: errorText('compensation_hidden'),
      });
      expect(res.body).not.toContain('12000');
    }
    if (status !== 200) return;
    expect(res.json()).toEqual({
      employee_id: cast.employee.id,
      items: [
        {
          id: loanId,
          employee_id: cast.employee.id,
          amount: '12000.00',
          installments: 12,
          installment_amount: '1000.00',
          pay_schedule: { id: schedule.id, name: schedule.name },
          start_date: '2026-03-10',
          // The first pay day on or after the start, then month ends: the twelfth is in February next year.
          end_date: '2027-02-28',
          repaid: '3000.00',
          remaining: '9000.00',
          installments_paid: 3,
          installments_left: 9,
          next_due_date: '2026-06-30',
          status: 'active',
          purpose: 'Test loan',
          created: expect.any(String),
          updated: expect.any(String),
        },
      ],
    });
  });

  it.each(READERS)('GET employees/loans/{id}, %s: %i', async (role, status) => {
    const res = await ctx.call({ method: 'GET', url: `${LOANS}/${loanId}`, token: token(role) });
    expect(res.statusCode, res.body).toBe(status);
    if (status === 200) expect(res.json()).toMatchObject({ id: loanId, remaining: '9000.00' });
  });

  it("answers the caller's own without employee_id, and 404s for unknown ones", async () => {
    const own = await ctx.call({ method: 'GET', url: LOANS, token: token('self') });
    expect(own.json().items.map((l: { id: number }) => l.id)).toEqual([loanId]);
    const none = await ctx.call({ method: 'GET', url: `${LOANS}/99999999`, token: token('admin') });
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe('loan_not_found');
    const nobody = await ctx.call({
      method: 'GET',
      url: `${LOANS}?employee_id=99999999`,
      token: token('admin'),
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().error).toBe('employee_not_found');
  });
});

describe('POST employees/loans', () => {
  const body = (employeeId: number) => ({
    employee_id: employeeId,
    pay_schedule_id: schedule.id,
    amount: 10000,
    installments: 3,
    start_date: '2026-04-01',
    purpose: '  Medical expenses  ',
  });

  it('HR administrators make a loan, audited with its values', async () => {
    const { employee } = await ctx.factory.chain();
    const res = await create(body(employee.id));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      employee_id: employee.id,
      amount: '10000.00',
      installments: 3,
      // 3333.33 twice, and the last one 3333.34.
      installment_amount: '3333.33',
      start_date: '2026-04-01',
      end_date: '2026-06-30',
      repaid: '0.00',
      remaining: '10000.00',
      installments_paid: 0,
      installments_left: 3,
      next_due_date: '2026-04-30',
      status: 'active',
      purpose: 'Medical expenses',
    });
    const [audit] = (await auditsOf(ctx.db, 'loan')).filter((a) => a.entityId === res.json().id);
    expect(audit).toMatchObject({
      action: 'create',
      actorEmployeeId: cast.admin.id,
      data: {
        employee_id: employee.id,
        changes: {
          amount: { before: null, after: '10000.00' },
          installments: { before: null, after: 3 },
          pay_schedule: { before: null, after: schedule.name },
          start_date: { before: null, after: '2026-04-01' },
          purpose: { before: null, after: 'Medical expenses' },
        },
      },
    });
  });

  it.each<[Role, number]>([
    ['self', 403],
    ['line manager', 403],
    ['O&O', 403],
    ['unrelated', 403],
    ['no token', 401],
  ])('refuses %s (%i) and makes nothing', async (role, status) => {
    const { employee } = await ctx.factory.chain();
    const res = await create(body(employee.id), role);
    expect(res.statusCode).toBe(status);
    expect(await loansOf(ctx.db, employee.id)).toEqual([]);
  });

  it.each<[string, object, string, string]>([
    ['no amount', { amount: undefined }, 'amount', M.amountRequired],
    ['a negative amount', { amount: -100 }, 'amount', M.amountPositive],
    ['three decimals', { amount: 10.005 }, 'amount', M.amountDecimals],
    ['a huge amount', { amount: 1e12 }, 'amount', M.amountTooLarge],
    ['an amount as text', { amount: 'ten thousand' }, 'amount', M.amountType],
    ['no installments', { installments: undefined }, 'installments', M.installmentsRequired],
    ['zero installments', { installments: 0 }, 'installments', M.installmentsRange],
    ['121 installments', { installments: 121 }, 'installments', M.installmentsRange],
    ['half an installment', { installments: 2.5 }, 'installments', M.installmentsRange],
    ['no start date', { start_date: undefined }, 'start_date', M.startDateRequired],
    ['a bad start date', { start_date: '2026-13-01' }, 'start_date', M.dateFormat],
    ['no schedule', { pay_schedule_id: undefined }, 'pay_schedule_id', M.payScheduleRequired],
    ['an unknown schedule', { pay_schedule_id: 99_999_999 }, 'pay_schedule_id', M.payScheduleUnknown],
    ['an unknown employee', { employee_id: 99_999_999 }, 'employee_id', M.employeeUnknown],
    ['a purpose too long', { purpose: 'x'.repeat(501) }, 'purpose', M.purposeTooLong],
  ])('refuses %s with a 422 and makes nothing', async (_label, change, field, message) => {
    const { employee } = await ctx.factory.chain();
    const before = await lastAuditId(ctx.db);
    const res = await create({ ...body(employee.id), ...change });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.children[field].errors).toContain(message);
    expect(await loansOf(ctx.db, employee.id)).toEqual([]);
    expect(await lastAuditId(ctx.db)).toBe(before);
  });

  it('refuses a disabled schedule', async () => {
    const { employee } = await ctx.factory.chain();
    const off = await makeSchedule(ctx.db, { enabled: false });
    const res = await create({ ...body(employee.id), pay_schedule_id: off.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children.pay_schedule_id.errors).toEqual([M.payScheduleDisabled]);
  });
});

describe('PATCH employees/loans', () => {
  const fresh = async (values: { amount?: string; repaid?: string; installments?: number } = {}) => {
    const { employee } = await ctx.factory.chain();
    return makeLoan(ctx.db, employee.id, schedule.id, { startDate: '2026-01-15', ...values });
  };

  it('records repayments (a repayment added, or repaid in all) up to the amount, then the loan is repaid', async () => {
    const loan = await fresh({ amount: '1200.00', installments: 4 });
    const first = await patch(loan.id, { repayment: 300 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      repaid: '300.00',
      remaining: '900.00',
      installments_paid: 1,
      next_due_date: '2026-02-28',
    });
    const total = await patch(loan.id, { repaid: 900 });
    expect(total.json()).toMatchObject({ repaid: '900.00', installments_paid: 3, installments_left: 1 });
    const last = await ctx.call({
      method: 'PATCH',
      url: LOANS,
      token: token('admin'),
      payload: { loan_id: loan.id, repayment: 300 },
    });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({
      repaid: '1200.00',
      remaining: '0.00',
      installments_paid: 4,
      installments_left: 0,
      next_due_date: null,
      status: 'repaid',
    });
    const audits = (await auditsOf(ctx.db, 'loan')).filter((a) => a.entityId === loan.id);
    expect(audits.map((a) => a.data)).toEqual([
      {
        employee_id: loan.employeeId,
        changes: { repaid: { before: '0.00', after: '300.00' } },
        fields: ['repaid'],
      },
      {
        employee_id: loan.employeeId,
        changes: { repaid: { before: '300.00', after: '900.00' } },
        fields: ['repaid'],
      },
      {
        employee_id: loan.employeeId,
        changes: { repaid: { before: '900.00', after: '1200.00' } },
        fields: ['repaid'],
      },
    ]);
  });

  it.each<[string, object, string, string]>([
    ['what was repaid going down', { repaid: 100 }, 'repaid', M.repaidDecreases],
    ['repaid above the amount', { repaid: 1000.01 }, 'repaid', M.repaidAboveAmount],
    ['a repayment above what remains', { repayment: 800.01 }, 'repayment', M.repaymentAboveRemaining],
    ['a negative repayment', { repayment: -5 }, 'repayment', M.amountPositive],
    ['both repaid and a repayment', { repaid: 300, repayment: 10 }, 'repayment', M.repaidTwice],
    ['repaid with three decimals', { repaid: 300.001 }, 'repaid', M.amountDecimals],
    [
      'another schedule that does not exist',
      { pay_schedule_id: 99_999_999 },
      'pay_schedule_id',
      M.payScheduleUnknown,
    ],
    ['zero installments', { installments: 0 }, 'installments', M.installmentsRange],
  ])('refuses %s with a 422 and changes nothing', async (_label, payload, field, message) => {
    const loan = await fresh({ amount: '1000.00', repaid: '200.00' });
    const before = await lastAuditId(ctx.db);
    const res = await patch(loan.id, payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.children[field].errors).toContain(message);
    expect((await loansOf(ctx.db, loan.employeeId))[0]).toEqual(loan);
    expect(await lastAuditId(ctx.db)).toBe(before);
  });

  it('refuses nothing to change with a 422', async () => {
    const loan = await fresh();
    const res = await patch(loan.id, {});
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(M.nothingToChange);
  });

  it('moves a loan to another schedule and changes its installments, audited', async () => {
    const loan = await fresh({ amount: '2600.00', installments: 2 });
    const weekly = await makeSchedule(ctx.db, { periodsPerYear: 52, firstPayDate: '2026-01-02' });
    const res = await patch(loan.id, { pay_schedule_id: weekly.id, installments: 26 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      pay_schedule: { id: weekly.id, name: weekly.name },
      installments: 26,
      installment_amount: '100.00',
      next_due_date: '2026-01-16',
    });
    const [audit] = (await auditsOf(ctx.db, 'loan')).filter((a) => a.entityId === loan.id);
    expect(audit!.data).toMatchObject({
      changes: {
        installments: { before: 2, after: 26 },
        pay_schedule: { before: schedule.name, after: weekly.name },
      },
    });
  });

  it.each<[Role, number]>([
    ['self', 403],
    ['line manager', 403],
    ['unrelated', 403],
    ['no token', 401],
  ])('refuses %s (%i)', async (role, status) => {
    const loan = await fresh();
    const res = await patch(loan.id, { repayment: 1 }, role);
    expect(res.statusCode).toBe(status);
    expect((await loansOf(ctx.db, loan.employeeId))[0]).toEqual(loan);
  });

  it('answers 404 for a loan that does not exist', async () => {
    const res = await patch(99_999_999, { repayment: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('loan_not_found');
  });
});

describe('DELETE employees/loans', () => {
  it('deletes a loan nothing is repaid on, audited; one with repayments stays (409)', async () => {
    const { employee } = await ctx.factory.chain();
    const open = await makeLoan(ctx.db, employee.id, schedule.id);
    const paid = await makeLoan(ctx.db, employee.id, schedule.id, { repaid: '0.01' });
    const refused = await ctx.call({
      method: 'DELETE',
      url: LOANS,
      token: token('admin'),
      payload: { loan_id: paid.id },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'loan_has_repayments',
      message: errorText('loan_has_repayments'),
    });
    const res = await ctx.call({
      method: 'DELETE',
      url: LOANS,
      token: token('admin'),
      payload: { loan_id: open.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await loansOf(ctx.db, employee.id)).map((l) => l.id)).toEqual([paid.id]);
    const audits = (await auditsOf(ctx.db, 'loan')).filter((a) => a.entityId === open.id);
    expect(audits).toMatchObject([
      {
        action: 'delete',
        data: { employee_id: employee.id, changes: { amount: { before: '12000.00', after: null } } },
      },
    ]);
    const again = await ctx.call({
      method: 'DELETE',
      url: LOANS,
      token: token('admin'),
      payload: { loan_id: open.id },
    });
    expect(again.statusCode).toBe(404);
  });

  it.each<[Role, number]>([
    ['self', 403],
    ['line manager', 403],
    ['no token', 401],
  ])('refuses %s (%i)', async (role, status) => {
    const { employee } = await ctx.factory.chain();
    const loan = await makeLoan(ctx.db, employee.id, schedule.id);
    const res = await ctx.call({
      method: 'DELETE',
      url: LOANS,
      token: token(role),
      payload: { loan_id: loan.id },
    });
    expect(res.statusCode).toBe(status);
    expect(await loansOf(ctx.db, employee.id)).toHaveLength(1);
  });

  it('refuses a loan id of the wrong type with a 422', async () => {
    const res = await ctx.call({
      method: 'DELETE',
      url: LOANS,
      token: token('admin'),
      payload: { loan_id: 'x' },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe("loans stay out of the record's change log", () => {
  it('a loan leaves no row in the log: nothing of it to show or mask', async () => {
    const { employee } = await ctx.factory.chain();
    const res = await create({
      employee_id: employee.id,
      pay_schedule_id: schedule.id,
      amount: 45678,
      installments: 6,
      start_date: '2026-05-01',
    });
    expect(res.statusCode).toBe(201);
    const log = await ctx.call({
      method: 'GET',
      url: `/api/v1/employees/${employee.id}/changes`,
      token: token('admin'),
    });
    expect(log.json().items).toEqual([]);
    expect(log.body).not.toContain('45678');
  });
});

describe("a loan's pay schedule is one of the employee's company", () => {
  it('offers and accepts the company’s schedules and every company’s, never another company’s', async () => {
    const [other] = await ctx.db
      .insert(companies)
      .values({ name: `Other Co ${Date.now()}` })
      .returning();
    const { companyId } = await ctx.factory.company();
    const theirs = await makeSchedule(ctx.db, { companyId: other!.id });
    const ours = await makeSchedule(ctx.db, { companyId });
    const everyone = await makeSchedule(ctx.db);

    const offered = await ctx.call({
      method: 'GET',
      url: `/api/v1/employees/pay-schedules?enabled=true&limit=50&employee_id=${cast.employee.id}`,
      token: token('admin'),
    });
    const ids = offered.json().items.map((s: { id: number }) => s.id);
    expect(ids).toEqual(expect.arrayContaining([ours.id, everyone.id]));
    expect(ids).not.toContain(theirs.id);
    const all = await ctx.call({
      method: 'GET',
      url: '/api/v1/employees/pay-schedules?limit=50',
      token: token('admin'),
    });
    const item = all.json().items.find((s: { id: number }) => s.id === theirs.id);
    expect(item.company).toEqual({ id: other!.id, name: other!.name });

    const before = (await loansOf(ctx.db, cast.employee.id)).length;
    const body = {
      employee_id: cast.employee.id,
      amount: 5000,
      installments: 5,
      start_date: '2026-04-01',
    };
    const refused = await create({ ...body, pay_schedule_id: theirs.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.children.pay_schedule_id.errors).toEqual([M.payScheduleOtherCompany]);
    expect((await loansOf(ctx.db, cast.employee.id)).length).toBe(before);
    for (const s of [ours, everyone]) {
      const made = await create({ ...body, pay_schedule_id: s.id });
      expect(made.statusCode, made.body).toBe(201);
    }
    const loan = (await create({ ...body, pay_schedule_id: ours.id })).json();
    const moved = await patch(loan.id, { pay_schedule_id: theirs.id });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.children.pay_schedule_id.errors).toEqual([M.payScheduleOtherCompany]);

    // HR names the company of a schedule, an existing one only.
    const SCHEDULES = '/api/v1/employees/pay-schedules';
    const unknown = await ctx.call({
      method: 'POST',
      url: SCHEDULES,
      token: token('admin'),
      payload: {
        name: `Payroll ${Date.now()}`,
        type_id: ours.typeId,
        first_pay_date: '2026-01-31',
        company_id: 99999999,
      },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.children.company_id.errors).toEqual([M.companyUnknown]);
    const named = await ctx.call({
      method: 'POST',
      url: SCHEDULES,
      token: token('admin'),
      payload: {
        name: `Payroll ${Date.now()}`,
        type_id: ours.typeId,
        first_pay_date: '2026-01-31',
        company_id: other!.id,
      },
    });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().company).toEqual({ id: other!.id, name: other!.name });
    expect(
      (
        await ctx.call({
          method: 'POST',
          url: SCHEDULES,
          token: token('self'),
          payload: { name: `Payroll x ${Date.now()}`, type_id: ours.typeId, first_pay_date: '2026-01-31' },
        })
      ).statusCode,
    ).toBe(403);
  });
});
