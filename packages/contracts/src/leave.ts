import { z } from 'zod';
import { isCalendarDate, isCalendarDateTime } from './dates';
import { LEAVE_FORMAT } from './leave-rules';
import { ADDRESS_MAX } from './limits';
import { dateRange, decision, listQuery, listResponse, recordActions, status } from './lists';
import { idName } from './lookups';
import { defineMessages, MESSAGES } from './messages';
import { personRef } from './people';
import { linesText, lineText } from './text';
import { nameTranslations, nameTranslationsAnswer } from './translations';
import { LEAVE_ACTIONS } from './workflow';

export * from './leave-rules';

/** Texts SPEC.md does not give, in its style. */
export const LEAVE_MESSAGES = defineMessages('leave.validation', {
  typeRequired: 'Please select leave type',
  fromRequired: 'Please select start date',
  toRequired: 'Please select end date',
  durationRequired: 'Please select duration',
  addressRequired: 'Please input leave address',
  endBeforeStart: 'The end must not be before the start',
  dateFormat: 'Dates look like YYYY-MM-DD (full day) or YYYY-MM-DD HH:mm:ss (short leave)',
  minServiceMonths: 'Minimum service must be a whole number of months from 0 to 600',
  genderUnknown: 'This gender does not exist',
  employmentStatusUnknown: 'This employment status does not exist',
  employmentStatusesTooMany: 'Choose at most 20 employment statuses',
  groupUnknown: 'This group item does not exist',
  officeUnknown: 'This office does not exist',
});

/** The longest minimum service a leave type may ask for, in months (50 years). */
export const MIN_SERVICE_MONTHS_MAX = 600;

/** An optional reference to another record: a positive id, or null for none. */
const optionalRef = (message: string) =>
  z.number({ error: message }).int(message).positive(message).nullable().default(null);

const required = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true });
/** A required name (of a leave type, a duration, a holiday): one line. */
const requiredName = (message: string) =>
  lineText(z.string({ error: message }).trim()).min(1, { error: message, abort: true });
/** The leave address: several lines, at most ADDRESS_MAX characters. */
const leaveAddress = linesText(z.string({ error: LEAVE_MESSAGES.addressRequired }).trim())
  .min(1, { error: LEAVE_MESSAGES.addressRequired, abort: true })
  .max(ADDRESS_MAX, MESSAGES.addressTooLong);
const requiredId = (message: string) => z.number({ error: message }).int(message).positive(message);

/**
 * POST leave / PATCH leave/{id}: full-day leave sends dates (YYYY-MM-DD);
 * short leave sends date-times with seconds and a duration, `to` being
 * `from` plus the duration (the server checks it).
 */
export const leaveBody = z
  .object({
    leave_format: z.union([z.literal(1), z.literal(2)], { error: MESSAGES.selectFormat }),
    type_id: requiredId(LEAVE_MESSAGES.typeRequired),
    duration_id: z.number().int().positive().nullable().optional(),
    from: required(LEAVE_MESSAGES.fromRequired),
    to: required(LEAVE_MESSAGES.toRequired),
    responsible_id: requiredId(MESSAGES.selectResponsible),
    leave_address: leaveAddress,
  })
  .superRefine((v, ctx) => {
    const valid = v.leave_format === LEAVE_FORMAT.short ? isCalendarDateTime : isCalendarDate;
    for (const key of ['from', 'to'] as const) {
      if (!valid(v[key])) ctx.addIssue({ code: 'custom', path: [key], message: LEAVE_MESSAGES.dateFormat });
    }
    if (v.leave_format === LEAVE_FORMAT.short && !v.duration_id) {
      ctx.addIssue({ code: 'custom', path: ['duration_id'], message: LEAVE_MESSAGES.durationRequired });
    }
    if (valid(v.from) && valid(v.to) && v.to < v.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: LEAVE_MESSAGES.endBeforeStart });
    }
  });
export type LeaveBody = z.infer<typeof leaveBody>;

/**
 * The form's rules (its values are pickers, not strings): the same messages,
 * checked on the form's own shape.
 */
const present = (message: string) =>
  z.custom<unknown>((v) => v !== null && v !== undefined && v !== '', message);
export const leaveForm = z
  .object({
    leave_format: z.union([z.literal(1), z.literal(2)], { error: MESSAGES.selectFormat }),
    type_id: present(LEAVE_MESSAGES.typeRequired),
    duration_id: z.unknown().optional(),
    from: present(LEAVE_MESSAGES.fromRequired),
    to: present(LEAVE_MESSAGES.toRequired),
    responsible_id: present(MESSAGES.selectResponsible),
    leave_address: leaveAddress,
  })
  .superRefine((v, ctx) => {
    if (v.leave_format === LEAVE_FORMAT.short && (v.duration_id === null || v.duration_id === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['duration_id'], message: LEAVE_MESSAGES.durationRequired });
    }
  });

export const leaveListQuery = listQuery.extend({
  type_id: z.coerce.number().int().positive().optional(),
  from_range: dateRange.optional(),
  to_range: dateRange.optional(),
  employee_id: z.coerce.number().int().positive().optional(),
  status_id: z.coerce.number().int().min(1).max(4).optional(),
});
export type LeaveListQuery = z.input<typeof leaveListQuery>;

export const leaveType = z.object({
  id: z.number().int(),
  name: z.string(),
  days: z.number().int(),
  short_leave_applied: z.boolean(),
  has_balance: z.boolean(),
  enabled: z.boolean(),
  /** The name in the other languages (the admin form's); `name` is in the caller's language. */
  name_translations: nameTranslationsAnswer.optional(),
  /** Who may take it: each condition that is set must hold (null or empty: anyone). */
  gender_id: z.number().int().nullable(),
  employment_status_ids: z.array(z.number().int()),
  min_service_months: z.number().int(),
  /** A group item (department, team, project): its members and the members of the items below it. */
  group_tree_id: z.number().int().nullable(),
});
export type LeaveType = z.infer<typeof leaveType>;

export const leaveDuration = z.object({
  id: z.number().int(),
  name: z.string(),
  minutes: z.number().int(),
  enabled: z.boolean().optional(),
  /** The name in the other languages (the admin form's); `name` is in the caller's language. */
  name_translations: nameTranslationsAnswer.optional(),
});
export type LeaveDuration = z.infer<typeof leaveDuration>;

export const leave = z.object({
  id: z.number().int(),
  employee: personRef,
  responsible: personRef.nullable(),
  line_manager: personRef.nullable(),
  one_over_one: personRef.nullable(),
  type: idName,
  duration: leaveDuration.nullable(),
  leave_format: z.number().int(),
  from: z.string(),
  to: z.string(),
  days: z.number(),
  /** Where the employee can be reached while away: null to the colleague who only covers the leave. */
  leave_address: z.string().nullable(),
  status: status,
  decision,
  /** What the caller may do with it now (approve, reject, submit, edit, delete). */
  actions: recordActions(LEAVE_ACTIONS),
  created: z.string(),
  updated: z.string(),
});
export type Leave = z.infer<typeof leave>;

export const leaveList = listResponse(leave);

export const leaveBalance = z.object({
  type: idName,
  days: z.number(),
  taken: z.number(),
  pending: z.number(),
  remaining: z.number(),
});
export type LeaveBalance = z.infer<typeof leaveBalance>;

export const leaveBalances = z.object({
  year: z.number().int(),
  employee_id: z.number().int(),
  items: z.array(leaveBalance),
});
export type LeaveBalances = z.infer<typeof leaveBalances>;

export const leaveIdBody = z.object({
  leave_id: z.number({ error: 'leave_id must be a number' }).int().positive(),
});

const LEAVE_TYPE_NAME_LENGTH = 'Name must have a length between 2 and 60';

/** Admin screens: leave types, durations and holidays. */
export const leaveTypeBody = z.object({
  name: requiredName('Name must not be empty').pipe(
    z.string().min(2, LEAVE_TYPE_NAME_LENGTH).max(60, LEAVE_TYPE_NAME_LENGTH),
  ),
  days: z.number({ error: 'Days must be a number from 0 to 365' }).int().min(0).max(365),
  short_leave_applied: z.boolean().default(false),
  has_balance: z.boolean().default(true),
  enabled: z.boolean().default(true),
  name_translations: nameTranslations(60, LEAVE_TYPE_NAME_LENGTH).optional(),
  gender_id: optionalRef(LEAVE_MESSAGES.genderUnknown),
  employment_status_ids: z
    .array(
      z
        .number({ error: LEAVE_MESSAGES.employmentStatusUnknown })
        .int(LEAVE_MESSAGES.employmentStatusUnknown)
        .positive(LEAVE_MESSAGES.employmentStatusUnknown),
      {
        error: LEAVE_MESSAGES.employmentStatusUnknown,
      },
    )
    .max(20, LEAVE_MESSAGES.employmentStatusesTooMany)
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
    .default([]),
  min_service_months: z
    .number({ error: LEAVE_MESSAGES.minServiceMonths })
    .int(LEAVE_MESSAGES.minServiceMonths)
    .min(0, LEAVE_MESSAGES.minServiceMonths)
    .max(MIN_SERVICE_MONTHS_MAX, LEAVE_MESSAGES.minServiceMonths)
    .default(0),
  group_tree_id: optionalRef(LEAVE_MESSAGES.groupUnknown),
});

const DURATION_NAME_LENGTH = 'Name must have a length between 2 and 40';
export const leaveDurationBody = z.object({
  name: requiredName('Name must not be empty').pipe(
    z.string().min(2, DURATION_NAME_LENGTH).max(40, DURATION_NAME_LENGTH),
  ),
  name_translations: nameTranslations(40, DURATION_NAME_LENGTH).optional(),
  minutes: z
    .number({ error: 'Minutes must be a number from 15 to 480' })
    .int('Minutes must be a number from 15 to 480')
    .min(15, 'Minutes must be a number from 15 to 480')
    .max(480, 'Minutes must be a number from 15 to 480'),
  enabled: z.boolean().default(true),
});

/** The holiday form's rules (its dates are pickers). */
export const holidayForm = z.object({
  name: requiredName('Name must not be empty').pipe(
    z.string().max(100, 'Name must have at most 100 characters'),
  ),
  from: present(LEAVE_MESSAGES.fromRequired),
});

export const holiday = z.object({
  id: z.number().int(),
  name: z.string(),
  from: z.string(),
  to: z.string(),
  /** Null: everyone's. */
  company_id: z.number().int().nullable(),
  /** Set: that office's people only (`company_id` is then the office's company). */
  office_id: z.number().int().nullable(),
});
export type Holiday = z.infer<typeof holiday>;

export const holidayBody = z
  .object({
    name: requiredName('Name must not be empty').pipe(
      z.string().max(100, 'Name must have at most 100 characters'),
    ),
    from: z.string({ error: LEAVE_MESSAGES.fromRequired }).refine(isCalendarDate, LEAVE_MESSAGES.dateFormat),
    to: z.string({ error: LEAVE_MESSAGES.toRequired }).refine(isCalendarDate, LEAVE_MESSAGES.dateFormat),
    company_id: z.number().int().positive().nullable().optional(),
    /** An office's own holiday; without `company_id` the office's company is stored too. */
    office_id: z
      .number({ error: LEAVE_MESSAGES.officeUnknown })
      .int(LEAVE_MESSAGES.officeUnknown)
      .positive(LEAVE_MESSAGES.officeUnknown)
      .nullable()
      .optional(),
  })
  .refine((v) => v.to >= v.from, { path: ['to'], message: LEAVE_MESSAGES.endBeforeStart });
