import dayjs from 'dayjs';
import { z } from 'zod';
import { referenceListQuery } from './admin';
import { isCalendarDate } from './dates';
import { sortWithDefault } from './employee-search';
import { type ListResponse, listResponse } from './lists';
import { idName } from './lookups';
import { defineMessages, MESSAGES } from './messages';
import { personRef } from './people';
import { linesText, lineText } from './text';

/**
 * Compensation (DESIGN.md §9: the employee and HR administrators only):
 * salary history (basic and tax, each from an effective date), loans repaid
 * in installments on a pay schedule, and the pay schedules and their types
 * (calendars every employee may read). Amounts travel as JSON numbers in and
 * as text with two decimals out ("55000.00"); dates as YYYY-MM-DD.
 */

export const SALARY_KINDS = ['basic', 'tax'] as const;
export type SalaryKind = (typeof SALARY_KINDS)[number];

/** The currency amounts are in (ISO 4217): the company pays in taka. */
export const PAY_CURRENCY = 'BDT';
/** The largest amount a salary, tax or loan may have (the columns hold numeric(12,2)). */
export const AMOUNT_MAX = 100_000_000;
export const INSTALLMENTS_MIN = 1;
export const INSTALLMENTS_MAX = 120;
export const PURPOSE_MAX = 500;
export const PERIODS_MIN = 1;
export const PERIODS_MAX = 365;
export const PAY_NAME_MIN = 2;
export const PAY_NAME_MAX = 100;
/** The days an effective, start or first pay date may be on. */
export const DATE_MIN = '1950-01-01';
export const DATE_MAX = '2100-12-31';
/** How many coming pay dates a schedule's answer names. */
export const NEXT_PAY_DATES = 4;

/** Texts SPEC.md does not give, in its style. */
export const COMPENSATION_MESSAGES = defineMessages('compensation.validation', {
  employeeRequired: 'Employee must not be empty',
  employeeUnknown: 'This employee does not exist',
  amountRequired: 'Amount must not be empty',
  amountType: 'Amount must be a number',
  amountPositive: 'Amount must be more than 0',
  amountDecimals: 'Amount may have at most 2 decimals',
  amountTooLarge: 'Amount must be at most 100,000,000',
  effectiveDateRequired: 'Effective date must not be empty',
  startDateRequired: 'Start date must not be empty',
  firstPayDateRequired: 'First pay date must not be empty',
  dateFormat: 'A date looks like YYYY-MM-DD and must be a real day',
  dateRange: 'The date must be between 1950 and 2100',
  dateTaken: 'There is already a row of this kind from this date',
  installmentsRequired: 'Installments must not be empty',
  installmentsRange: `Installments must be a whole number from ${INSTALLMENTS_MIN} to ${INSTALLMENTS_MAX}`,
  payScheduleRequired: 'Pay schedule must not be empty',
  payScheduleUnknown: 'This pay schedule does not exist',
  payScheduleDisabled: 'This pay schedule is disabled; choose another one',
  payScheduleOtherCompany: "This pay schedule is another company's; choose one of the employee's company",
  companyUnknown: 'This company does not exist',
  purposeTooLong: `Purpose must be at most ${PURPOSE_MAX} characters`,
  purposeType: 'Purpose must be text',
  repaidType: 'Repaid must be a number',
  repaidDecreases: 'What was repaid can only grow',
  repaidAboveAmount: 'What was repaid cannot be more than the loan amount',
  repaymentAboveRemaining: 'The repayment is more than what remains of the loan',
  repaidTwice: 'Send either repaid or repayment, not both',
  nameRequired: MESSAGES.nameRequired,
  nameType: 'Name must be text',
  nameLength: `Name must have a length between ${PAY_NAME_MIN} and ${PAY_NAME_MAX}`,
  periodsRange: `Pay days a year must be a whole number from ${PERIODS_MIN} to ${PERIODS_MAX}`,
  typeRequired: 'Type must not be empty',
  typeUnknown: 'This pay schedule type does not exist',
  enabled: 'Enabled must be true or false',
  nothingToChange: 'Send at least one field to change',
});
const M = COMPENSATION_MESSAGES;

/* Field rules */

const absent = (v: unknown) => v === undefined || v === null;

/** An id the body must name: `required` when absent, `unknown` for anything but a whole number from 1. */
const requiredId = (required: string, unknown: string) =>
  z
    .number({ error: (i) => (absent(i.input) ? required : unknown) })
    .int(unknown)
    .min(1, unknown)
    .max(2_147_483_647, unknown);

/** Whether a number has at most two decimals, judged by its shortest text (0.1 + 0.2 is not 0.3). */
export function hasCents(value: number): boolean {
  return /^\d+(\.\d{1,2})?$/.test(String(value));
}

/** An amount: more than 0, at most AMOUNT_MAX, at most two decimals. */
export const amount = z
  .number({ error: (i) => (absent(i.input) ? M.amountRequired : M.amountType) })
  .positive(M.amountPositive)
  .max(AMOUNT_MAX, M.amountTooLarge)
  .refine(hasCents, M.amountDecimals);

/** A day between DATE_MIN and DATE_MAX, as YYYY-MM-DD. */
export const payDate = (required: string) =>
  z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .refine(isCalendarDate, { error: M.dateFormat, abort: true })
    .refine((v) => v >= DATE_MIN && v <= DATE_MAX, M.dateRange);

const installments = z
  .number({ error: (i) => (absent(i.input) ? M.installmentsRequired : M.installmentsRange) })
  .int(M.installmentsRange)
  .min(INSTALLMENTS_MIN, M.installmentsRange)
  .max(INSTALLMENTS_MAX, M.installmentsRange);

const purpose = linesText(z.string({ error: M.purposeType }).trim())
  .max(PURPOSE_MAX, M.purposeTooLong)
  .transform((v) => (v === '' ? null : v))
  .nullish();

const employeeId = requiredId(M.employeeRequired, M.employeeUnknown);
const payScheduleId = requiredId(M.payScheduleRequired, M.payScheduleUnknown);

const name = lineText(z.string({ error: (i) => (absent(i.input) ? M.nameRequired : M.nameType) }).trim())
  .min(1, { error: M.nameRequired, abort: true })
  .min(PAY_NAME_MIN, M.nameLength)
  .max(PAY_NAME_MAX, M.nameLength);

const enabled = z.boolean({ error: M.enabled });

const notEmpty = (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined);

/** A form's value present (a picker's or a select's). */
const present = (message: string) =>
  z.custom<unknown>((v) => v !== null && v !== undefined && v !== '', message);

/** DELETE with the id in the body (SPEC.md §7). */
function idBody<K extends string>(key: K) {
  const message = `${key} must be a whole number from 1`;
  return z.object({ [key]: z.number({ error: message }).int(message).min(1, message) } as Record<
    K,
    z.ZodNumber
  >);
}

/* Pay days */

/**
 * The `k`-th pay day (from 0) of a schedule paying `periodsPerYear` times a
 * year from `firstPayDate`: monthly kinds (12, 6, 4, 3, 2, 1) count whole
 * months from the first date (31 January, 28 February, 31 March), weekly
 * kinds (52, 26, 13) whole weeks, 24 the first date and half a month later
 * each month, anything else an even number of days.
 */
export function payDayAt(periodsPerYear: number, firstPayDate: string, k: number): string {
  const first = dayjs(firstPayDate);
  const p = Math.max(1, Math.trunc(periodsPerYear));
  let day: dayjs.Dayjs;
  if (12 % p === 0) day = first.add(k * (12 / p), 'month');
  else if (52 % p === 0) day = first.add(k * (52 / p) * 7, 'day');
  else if (p === 24) day = first.add(Math.floor(k / 2), 'month').add(k % 2 === 1 ? 15 : 0, 'day');
  else day = first.add(k * Math.max(1, Math.round(365 / p)), 'day');
  return day.format('YYYY-MM-DD');
}

/** The index of the first pay day on or after `from` (0 when the schedule starts later). */
export function firstPayIndexFrom(periodsPerYear: number, firstPayDate: string, from: string): number {
  if (from <= firstPayDate) return 0;
  const days = dayjs(from).diff(dayjs(firstPayDate), 'day');
  const p = Math.max(1, Math.trunc(periodsPerYear));
  // An estimate from the pay days a year, walked to the first day on or after `from` (a step of days is rounded).
  let k = Math.max(0, Math.floor((days * p) / 366));
  while (payDayAt(p, firstPayDate, k) < from) k++;
  while (k > 0 && payDayAt(p, firstPayDate, k - 1) >= from) k--;
  return k;
}

/** `count` pay days of a schedule from `from` on (that day included). */
export function payDaysFrom(
  periodsPerYear: number,
  firstPayDate: string,
  from: string,
  count: number,
): string[] {
  const start = firstPayIndexFrom(periodsPerYear, firstPayDate, from);
  return Array.from({ length: count }, (_, i) => payDayAt(periodsPerYear, firstPayDate, start + i));
}

/* Pay schedule types */

export const payScheduleTypeBody = z.object({
  name,
  periods_per_year: z
    .number({ error: M.periodsRange })
    .int(M.periodsRange)
    .min(PERIODS_MIN, M.periodsRange)
    .max(PERIODS_MAX, M.periodsRange),
  enabled: enabled.default(true),
});
export type PayScheduleTypeBody = z.input<typeof payScheduleTypeBody>;
export const payScheduleTypeUpdate = z
  .object({
    name: name.optional(),
    periods_per_year: payScheduleTypeBody.shape.periods_per_year.optional(),
    enabled: enabled.optional(),
  })
  .refine(notEmpty, M.nothingToChange);

export const payScheduleType = z.object({
  id: z.number().int(),
  name: z.string(),
  periods_per_year: z.number().int(),
  enabled: z.boolean(),
});
export type PayScheduleType = z.infer<typeof payScheduleType>;

export const PAY_SCHEDULE_TYPE_SORT_FIELDS = ['id', 'name', 'periods_per_year'] as const;

const boolParam = (field: string) =>
  z.enum(['true', 'false'], { error: `${field} must be true or false` }).transform((v) => v === 'true');

/** Every type without page or limit; `enabled=true` for the ones a schedule may take. */
export const payScheduleTypesQuery = referenceListQuery.extend({
  sort: sortWithDefault('periods_per_year,asc'),
  enabled: boolParam('enabled').optional(),
});
export const payScheduleTypesResponse = listResponse(payScheduleType);
export type PayScheduleTypesResponse = ListResponse<PayScheduleType>;
export const payScheduleTypeDelete = idBody('pay_schedule_type_id');

/* Pay schedules */

/** The company whose people a schedule pays; null: every company's. */
const scheduleCompany = z
  .number({ error: M.companyUnknown })
  .int(M.companyUnknown)
  .positive(M.companyUnknown)
  .nullable();

export const payScheduleBody = z.object({
  name,
  type_id: requiredId(M.typeRequired, M.typeUnknown),
  first_pay_date: payDate(M.firstPayDateRequired),
  company_id: scheduleCompany.default(null),
  enabled: enabled.default(true),
});
export type PayScheduleBody = z.input<typeof payScheduleBody>;
export const payScheduleUpdate = z
  .object({
    name: name.optional(),
    type_id: payScheduleBody.shape.type_id.optional(),
    first_pay_date: payDate(M.firstPayDateRequired).optional(),
    company_id: scheduleCompany.optional(),
    enabled: enabled.optional(),
  })
  .refine(notEmpty, M.nothingToChange);
export type PayScheduleUpdate = z.input<typeof payScheduleUpdate>;
/** PATCH employees/pay-schedules with the schedule's id in the body (SPEC.md §7). */
export const payScheduleUpdateByBody = z
  .object({
    pay_schedule_id: requiredId(M.payScheduleRequired, M.payScheduleUnknown),
    name: name.optional(),
    type_id: payScheduleBody.shape.type_id.optional(),
    first_pay_date: payDate(M.firstPayDateRequired).optional(),
    company_id: scheduleCompany.optional(),
    enabled: enabled.optional(),
  })
  .refine(({ pay_schedule_id: _id, ...rest }) => notEmpty(rest), M.nothingToChange);

/** The pay schedule form's rules (its date is a picker), under the body's field names. */
export const payScheduleForm = z.object({
  name,
  type_id: present(M.typeRequired),
  first_pay_date: present(M.firstPayDateRequired),
});

export const paySchedule = z.object({
  id: z.number().int(),
  name: z.string(),
  type: payScheduleType.pick({ id: true, name: true, periods_per_year: true }),
  first_pay_date: z.string(),
  /** The company whose people it pays; null: every company's. */
  company: idName.nullable(),
  enabled: z.boolean(),
  /** The coming pay days (today included), NEXT_PAY_DATES of them. */
  next_pay_dates: z.array(z.string()),
  created: z.string(),
  updated: z.string(),
});
export type PaySchedule = z.infer<typeof paySchedule>;

export const PAY_SCHEDULE_SORT_FIELDS = ['id', 'name', 'type', 'first_pay_date'] as const;

export const paySchedulesQuery = referenceListQuery.extend({
  sort: sortWithDefault('name,asc'),
  enabled: boolParam('enabled').optional(),
  type_id: z.coerce
    .number({ error: 'type_id must be a pay schedule type id' })
    .int('type_id must be a pay schedule type id')
    .min(1, 'type_id must be a pay schedule type id')
    .optional(),
  /** Only the schedules that may pay this employee: their company's and every company's. */
  employee_id: z.coerce
    .number({ error: 'employee_id must be an employee id' })
    .int('employee_id must be an employee id')
    .min(1, 'employee_id must be an employee id')
    .optional(),
});
export const paySchedulesResponse = listResponse(paySchedule);
export type PaySchedulesResponse = ListResponse<PaySchedule>;
export const payScheduleDelete = idBody('pay_schedule_id');

/* Salaries */

const employeeQuery = z.object({
  /** Whose; the caller's own when absent. */
  employee_id: z.coerce
    .number({ error: 'employee_id must be an employee id' })
    .int('employee_id must be an employee id')
    .min(1, 'employee_id must be an employee id')
    .max(2_147_483_647, 'employee_id must be an employee id')
    .optional(),
});
export const salariesQuery = employeeQuery;

/** PATCH employees/salaries/assign/basic and /tax: the amount from a date on (the same date again replaces it). */
export const assignSalaryBody = z.object({
  employee_id: employeeId,
  amount,
  effective_date: payDate(M.effectiveDateRequired),
});
export type AssignSalaryBody = z.input<typeof assignSalaryBody>;

/** PATCH salaries/{id}: HR corrects a row of the history. */
export const salaryUpdate = z
  .object({ amount: amount.optional(), effective_date: payDate(M.effectiveDateRequired).optional() })
  .refine(notEmpty, M.nothingToChange);
export type SalaryUpdate = z.input<typeof salaryUpdate>;
export const salaryDelete = idBody('salary_id');

/** The salary forms' rules (the date is a picker), under the body's field names. */
export const salaryForm = z.object({ amount, effective_date: present(M.effectiveDateRequired) });

/** `current`: the row in effect today; `upcoming`: from a later day; `past`: replaced by a later one. */
export const SALARY_STATES = ['current', 'upcoming', 'past'] as const;
export type SalaryState = (typeof SALARY_STATES)[number];

export const salaryRecord = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  kind: z.enum(SALARY_KINDS),
  amount: z.string(),
  effective_date: z.string(),
  state: z.enum(SALARY_STATES),
  /** Who set it, and when (ISO 8601). */
  created_by: personRef.nullable(),
  created: z.string(),
});
export type SalaryRecord = z.infer<typeof salaryRecord>;

export const employeeSalaries = z.object({
  employee_id: z.number().int(),
  /** The latest row of each kind on or before today. */
  current: z.object({ basic: salaryRecord.nullable(), tax: salaryRecord.nullable() }),
  /** Both kinds, the newest effective date first (future-dated rows too, marked upcoming). */
  history: z.array(salaryRecord),
});
export type EmployeeSalaries = z.infer<typeof employeeSalaries>;

/* Loans */

export const loanCreate = z.object({
  employee_id: employeeId,
  pay_schedule_id: payScheduleId,
  amount,
  installments,
  start_date: payDate(M.startDateRequired),
  purpose,
});
export type LoanCreate = z.input<typeof loanCreate>;

const repaid = z
  .number({ error: M.repaidType })
  .min(0, M.repaidDecreases)
  .max(AMOUNT_MAX, M.repaidAboveAmount)
  .refine(hasCents, M.amountDecimals);

const loanChanges = {
  pay_schedule_id: payScheduleId.optional(),
  installments: installments.optional(),
  start_date: payDate(M.startDateRequired).optional(),
  purpose,
  /** What has been repaid in all (it only grows, up to the amount). */
  repaid: repaid.optional(),
  /** A repayment made now: added to what was repaid. */
  repayment: amount.optional(),
};

function wholeLoanPatch(
  v: { repaid?: number | undefined; repayment?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (Object.values(v).every((x) => x === undefined))
    ctx.addIssue({ code: 'custom', path: [], message: M.nothingToChange });
  if (v.repaid !== undefined && v.repayment !== undefined)
    ctx.addIssue({ code: 'custom', path: ['repayment'], message: M.repaidTwice });
}

/** PATCH employees/loans/{id}: another schedule, installments or start, or what was repaid. */
export const loanUpdate = z.object(loanChanges).superRefine(wholeLoanPatch);
export type LoanUpdate = z.input<typeof loanUpdate>;
/** PATCH employees/loans with `loan_id` in the body (SPEC.md §7). */
export const loanUpdateByBody = z
  .object({
    loan_id: requiredId('loan_id must be a whole number from 1', 'loan_id must be a whole number from 1'),
    ...loanChanges,
  })
  .superRefine(({ loan_id: _id, ...rest }, ctx) => wholeLoanPatch(rest, ctx));
export const loanDelete = idBody('loan_id');
export const loansQuery = employeeQuery;

/** The loan forms' rules (pickers and selects), under the body's field names. */
export const loanForm = z.object({
  pay_schedule_id: present(M.payScheduleRequired),
  amount,
  installments,
  start_date: present(M.startDateRequired),
  purpose,
});
export const loanScheduleForm = z.object({
  pay_schedule_id: present(M.payScheduleRequired),
  installments,
});
export const repaymentForm = z.object({ repayment: amount });

export const LOAN_STATUSES = ['active', 'repaid'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

export const loan = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  amount: z.string(),
  installments: z.number().int(),
  /** The amount over the installments, to the cent (the last one takes what is left). */
  installment_amount: z.string(),
  pay_schedule: idName,
  start_date: z.string(),
  /** The pay day of the last installment. */
  end_date: z.string(),
  repaid: z.string(),
  remaining: z.string(),
  installments_paid: z.number().int(),
  installments_left: z.number().int(),
  /** The pay day of the next installment on the loan's schedule; null once repaid. */
  next_due_date: z.string().nullable(),
  status: z.enum(LOAN_STATUSES),
  purpose: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type Loan = z.infer<typeof loan>;

export const employeeLoans = z.object({ employee_id: z.number().int(), items: z.array(loan) });
export type EmployeeLoans = z.infer<typeof employeeLoans>;

/* Money in cents, the way answers compute it */

/** Cents of an amount as the database or a body has it ("55000.50", 55000.5). */
export const toCents = (value: string | number) => Math.round(Number(value) * 100);
/** An amount's answer text: two decimals. */
export const fromCents = (cents: number) => (cents / 100).toFixed(2);

/** What a loan's installments come to, from its amount, installments and what was repaid (all in cents). */
export function installmentPlan(amountCents: number, count: number, repaidCents: number) {
  const each = Math.max(1, Math.round(amountCents / count));
  const paid = repaidCents >= amountCents ? count : Math.min(count - 1, Math.floor(repaidCents / each));
  return { each, paid, left: count - paid };
}
