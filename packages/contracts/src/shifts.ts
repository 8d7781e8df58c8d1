import { z } from 'zod';
import { referenceListQuery } from './admin';
import { isCalendarDate } from './dates';
import { sortWithDefault } from './employee-search';
import { type ListResponse, listResponse } from './lists';
import { defineMessages, MESSAGES } from './messages';
import { lineText } from './text';
import { nameTranslations, nameTranslationsAnswer } from './translations';

/**
 * Working shifts (DESIGN.md §7): the hours against which lateness is
 * counted, the grace after the start, and the weekly off days. HR
 * administrators manage them (a reference list) and assign them to
 * employees from a date on; one shift is the default, the shift of everyone
 * without one assigned.
 */

export const SHIFT_NAME_MIN = 2;
export const SHIFT_NAME_MAX = 100;
export const GRACE_MINUTES_MAX = 240;
/** 0 Sunday .. 6 Saturday, as JavaScript's `Date.getDay()` and PostgreSQL's `extract(dow)` count. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** Texts SPEC.md does not give, in its style. */
export const SHIFT_MESSAGES = defineMessages('shifts.validation', {
  nameRequired: MESSAGES.nameRequired,
  nameLength: `Name must have a length between ${SHIFT_NAME_MIN} and ${SHIFT_NAME_MAX}`,
  startRequired: 'Start must not be empty',
  endRequired: 'End must not be empty',
  timeFormat: 'A time looks like HH:mm, from 00:00 to 23:59',
  endIsStart: 'The end must not be the start',
  graceRange: `Grace must be a whole number of minutes from 0 to ${GRACE_MINUTES_MAX}`,
  weeklyOffDays: 'Weekly off days must be days of the week (0 Sunday to 6 Saturday), each once',
  isDefault: 'Default must be true or false',
  enabled: 'Enabled must be true or false',
  defaultDisabled: 'The default shift must be enabled',
  nothingToChange: 'Send at least one field to change',
  employeeRequired: 'Employee must not be empty',
  employeeUnknown: 'This employee does not exist',
  shiftRequired: 'Shift must not be empty',
  shiftUnknown: 'This shift does not exist',
  shiftDisabled: 'This shift is disabled; enable it before assigning it',
  fromDateRequired: MESSAGES.fromDateRequired,
  dateFormat: 'A date looks like YYYY-MM-DD and must be a real day',
});
const M = SHIFT_MESSAGES;

/** `HH:mm`, 00:00 to 23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether a shift ends on the next day: its end is at or before its start (`HH:mm` compare as text). */
export function endsNextDay(start: string, end: string): boolean {
  return end <= start;
}

const name = lineText(
  z
    .string({ error: (i) => (i.input === undefined || i.input === null ? M.nameRequired : M.nameLength) })
    .trim(),
)
  .min(1, { error: M.nameRequired, abort: true })
  .min(SHIFT_NAME_MIN, M.nameLength)
  .max(SHIFT_NAME_MAX, M.nameLength);

const time = (required: string) =>
  z
    .string({ error: (i) => (i.input === undefined || i.input === null ? required : M.timeFormat) })
    .min(1, { error: required, abort: true })
    .regex(TIME_PATTERN, M.timeFormat);

const graceMinutes = z
  .number({ error: M.graceRange })
  .int(M.graceRange)
  .min(0, M.graceRange)
  .max(GRACE_MINUTES_MAX, M.graceRange);

const isWeekday = (day: unknown) => Number.isInteger(day) && (day as number) >= 0 && (day as number) <= 6;

/**
 * Days of the week, each once (answered sorted); null: the company's weekly
 * off day; an empty list: no day off. Checked as one field, so the form
 * shows one message under its checkboxes.
 */
const weeklyOffDays = z
  .array(z.unknown(), { error: M.weeklyOffDays })
  .refine((days) => days.every(isWeekday) && new Set(days).size === days.length, M.weeklyOffDays)
  .transform((days) => [...(days as number[])].sort((a, b) => a - b))
  .nullable();

const flag = (message: string) => z.boolean({ error: message });

const shiftFields = {
  name,
  name_translations: nameTranslations(SHIFT_NAME_MAX, M.nameLength),
  start: time(M.startRequired),
  end: time(M.endRequired),
  grace_minutes: graceMinutes,
  weekly_off_days: weeklyOffDays,
  is_default: flag(M.isDefault),
  enabled: flag(M.enabled),
};

/** The rules of a shift as a whole: a shift has a length, and the default is always enabled. */
function wholeShift(
  v: { start?: string | undefined; end?: string | undefined; is_default?: boolean; enabled?: boolean },
  ctx: z.RefinementCtx,
) {
  if (v.start !== undefined && v.end !== undefined && v.start === v.end)
    ctx.addIssue({ code: 'custom', path: ['end'], message: M.endIsStart });
  if (v.is_default === true && v.enabled === false)
    ctx.addIssue({ code: 'custom', path: ['enabled'], message: M.defaultDisabled });
}

/** POST shifts. Absent: no grace, the company's weekly off day, not the default, enabled. */
export const shiftCreate = z
  .object({
    name: shiftFields.name,
    name_translations: shiftFields.name_translations.optional(),
    start: shiftFields.start,
    end: shiftFields.end,
    grace_minutes: shiftFields.grace_minutes.default(0),
    weekly_off_days: shiftFields.weekly_off_days.default(null),
    is_default: shiftFields.is_default.default(false),
    enabled: shiftFields.enabled.default(true),
  })
  .superRefine(wholeShift);
export type ShiftCreate = z.input<typeof shiftCreate>;

/** PATCH shifts/{id}: the fields sent change (the server checks the shift as a whole once changed). */
export const shiftUpdate = z
  .object({
    name: shiftFields.name.optional(),
    name_translations: shiftFields.name_translations.optional(),
    start: shiftFields.start.optional(),
    end: shiftFields.end.optional(),
    grace_minutes: shiftFields.grace_minutes.optional(),
    weekly_off_days: shiftFields.weekly_off_days.optional(),
    is_default: shiftFields.is_default.optional(),
    enabled: shiftFields.enabled.optional(),
  })
  .superRefine((v, ctx) => {
    if (Object.values(v).every((x) => x === undefined))
      ctx.addIssue({ code: 'custom', path: [], message: M.nothingToChange });
    wholeShift(v, ctx);
  });
export type ShiftUpdate = z.input<typeof shiftUpdate>;

/** DELETE shifts with `{ shift_id }` in the body (SPEC.md §7). */
export const shiftDelete = z.object({
  shift_id: z
    .number({ error: 'shift_id must be a whole number from 1' })
    .int('shift_id must be a whole number from 1')
    .min(1, 'shift_id must be a whole number from 1'),
});

export const shift = z.object({
  id: z.number().int(),
  name: z.string(),
  /** HH:mm on the office's clock; an end at or before the start is the next morning. */
  start: z.string(),
  end: z.string(),
  grace_minutes: z.number().int(),
  /** Null: the company's weekly off day. */
  weekly_off_days: z.array(z.number().int()).nullable(),
  is_default: z.boolean(),
  enabled: z.boolean(),
  /** Employees whose history names this shift. */
  employees_count: z.number().int(),
  created: z.string(),
  updated: z.string(),
  /** The name in the other languages (the admin form's); `name` is in the caller's language. */
  name_translations: nameTranslationsAnswer.optional(),
});
export type Shift = z.infer<typeof shift>;

export const SHIFT_SORT_FIELDS = ['id', 'name', 'start', 'end', 'grace_minutes'] as const;

const boolParam = (field: string) =>
  z.enum(['true', 'false'], { error: `${field} must be true or false` }).transform((v) => v === 'true');

/** GET shifts: a page with page and limit, else every shift; `enabled=true` for the ones to assign. */
export const shiftsQuery = referenceListQuery.extend({
  sort: sortWithDefault('start,asc'),
  enabled: boolParam('enabled').optional(),
});
export const shiftsResponse = listResponse(shift);
export type ShiftsResponse = ListResponse<Shift>;

/** A form's time: the `HH:mm` text, or a picker's value (anything with `format`). */
function timeText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  const format = (value as { format?: unknown } | null)?.format;
  return typeof format === 'function' ? String(format.call(value, 'HH:mm')) : null;
}

const present = (message: string) =>
  z.custom<unknown>((v) => v !== null && v !== undefined && v !== '', message);

/** The shift form's rules (its times are pickers), under the body's field names. */
export const shiftForm = z
  .object({
    name,
    name_translations: shiftFields.name_translations.optional(),
    start: present(M.startRequired),
    end: present(M.endRequired),
    grace_minutes: graceMinutes,
    is_default: z.boolean().optional(),
    enabled: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    const start = timeText(v.start);
    if (start !== null && start === timeText(v.end))
      ctx.addIssue({ code: 'custom', path: ['end'], message: M.endIsStart });
    if (v.is_default === true && v.enabled === false)
      ctx.addIssue({ code: 'custom', path: ['enabled'], message: M.defaultDisabled });
  });

/* Assignment */

const requiredId = (required: string, unknown: string) =>
  z
    .number({ error: (i) => (i.input === undefined || i.input === null ? required : unknown) })
    .int(unknown)
    .min(1, unknown)
    .max(2_147_483_647, unknown);

/** PATCH employees/shifts/assign: the employee works this shift from this date on (the same date again replaces it). */
export const assignShiftBody = z.object({
  employee_id: requiredId(M.employeeRequired, M.employeeUnknown),
  shift_id: requiredId(M.shiftRequired, M.shiftUnknown),
  from_date: z
    .string({ error: M.fromDateRequired })
    .min(1, { error: M.fromDateRequired, abort: true })
    .refine(isCalendarDate, M.dateFormat),
});
export type AssignShiftBody = z.input<typeof assignShiftBody>;

/** The assign form's rules (a select and a date picker), under the body's field names. */
export const assignShiftForm = z.object({
  shift_id: present(M.shiftRequired),
  from_date: present(M.fromDateRequired),
});

/** A shift as an employee's history names it. */
export const shiftBrief = z.object({
  id: z.number().int(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  grace_minutes: z.number().int(),
  /** The days off of this employee on this shift: the shift's own, else their company's weekly off day. */
  weekly_off_days: z.array(z.number().int()),
  enabled: z.boolean(),
});
export type ShiftBrief = z.infer<typeof shiftBrief>;

export const employeeShifts = z.object({
  employee_id: z.number().int(),
  /** The shift of today: the last assignment from today or before, else the default shift. */
  current: z.object({
    shift: shiftBrief.nullable(),
    /** The date of the assignment it comes from; null for the default shift. */
    from_date: z.string().nullable(),
    /** No assignment is valid today: the default shift applies. */
    is_default: z.boolean(),
  }),
  /** Every assignment, the latest first (those from a future date too). */
  history: z.array(z.object({ id: z.number().int(), from_date: z.string(), shift: shiftBrief })),
});
export type EmployeeShifts = z.infer<typeof employeeShifts>;
