import { z } from 'zod';
import { ATTENDANCE_RANGE_MAX_DAYS, daysInRange } from './attendance-report';
import { isCalendarDate } from './dates';
import { defineMessages } from './messages';
import { personRef } from './people';

/**
 * Attendance (SPEC.md §2, §3, §7; DESIGN.md §7): the day rows of the
 * individual report and the profile calendar, the team summary, and the
 * queries that ask for them. The day rule itself is the server's
 * (`features/attendance/day-rule.ts`); this file holds the shapes, limits
 * and texts both sides share.
 */

export {
  ATTENDANCE_RANGE_MAX_DAYS,
  attendanceFileName,
  daysInRange,
  summaryFileName,
} from './attendance-report';

/** Texts SPEC.md does not give (it says only that from, to and employee are needed), in its style. */
export const ATTENDANCE_MESSAGES = defineMessages('attendance.validation', {
  fromRequired: 'From date must not be empty',
  toRequired: 'To date must not be empty',
  employeeRequired: 'Employee must not be empty',
  dateFormat: 'A date looks like YYYY-MM-DD and must be a real day',
  monthFormat: 'A month looks like YYYY-MM',
  toBeforeFrom: 'To date must not be before the from date',
  rangeTooLong: `A report covers at most ${ATTENDANCE_RANGE_MAX_DAYS} days`,
});

const date = (required: string) =>
  z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .refine(isCalendarDate, ATTENDANCE_MESSAGES.dateFormat);

const range = <T extends { from_date: string; to_date: string }>(q: T, ctx: z.RefinementCtx) => {
  if (q.to_date < q.from_date)
    ctx.addIssue({ code: 'custom', path: ['to_date'], message: ATTENDANCE_MESSAGES.toBeforeFrom });
  else if (daysInRange(q.from_date, q.to_date) > ATTENDANCE_RANGE_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to_date'], message: ATTENDANCE_MESSAGES.rangeTooLong });
};

export const RESPONSE_TYPES = ['json', 'csv'] as const;

/** GET report/attendance/individual: one employee's days (SPEC.md §7). */
export const individualQuery = z
  .object({
    from_date: date(ATTENDANCE_MESSAGES.fromRequired),
    to_date: date(ATTENDANCE_MESSAGES.toRequired),
    employee_id: z.coerce
      .number({ error: ATTENDANCE_MESSAGES.employeeRequired })
      .int(ATTENDANCE_MESSAGES.employeeRequired)
      .positive(ATTENDANCE_MESSAGES.employeeRequired),
    response_type: z.enum(RESPONSE_TYPES).default('json'),
  })
  .superRefine(range);
export type IndividualQuery = z.output<typeof individualQuery>;

/**
 * GET report/attendance/summary: per employee of the caller's team (HR
 * administrators: everyone, or one company, unless they ask for their team),
 * one row over the range.
 */
export const summaryQuery = z
  .object({
    from_date: date(ATTENDANCE_MESSAGES.fromRequired),
    to_date: date(ATTENDANCE_MESSAGES.toRequired),
    /** Only this employee's row (one of the caller's team). */
    employee_id: z.coerce.number().int().positive().optional(),
    /** HR administrators: only this company's employees. */
    company_id: z.coerce.number().int().positive().optional(),
    /**
     * `team`: the people below the caller; `all` (HR administrators only):
     * everyone. Default: `all` for HR administrators, `team` for the others.
     */
    scope: z.enum(['team', 'all']).optional(),
    response_type: z.enum(RESPONSE_TYPES).default('json'),
  })
  .superRefine(range);
export type SummaryQuery = z.output<typeof summaryQuery>;

/** GET report/attendance/calendar: one employee's month for the profile calendar. */
export const calendarQuery = z.object({
  employee_id: z.coerce
    .number({ error: ATTENDANCE_MESSAGES.employeeRequired })
    .int(ATTENDANCE_MESSAGES.employeeRequired)
    .positive(ATTENDANCE_MESSAGES.employeeRequired),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, ATTENDANCE_MESSAGES.monthFormat),
});
export type CalendarQuery = z.output<typeof calendarQuery>;

/** The shift a day was worked against. */
export const dayShift = z.object({
  id: z.number().int(),
  name: z.string(),
  /** HH:mm on the office's clock; an end at or before the start is the next morning. */
  start: z.string(),
  end: z.string(),
  grace_minutes: z.number().int(),
});

/**
 * One day of an employee (SPEC.md §3 attendance row, plus what the row is
 * made of): a working day with no punch and no approved leave or remote work
 * is absent; lateness is counted from the shift's start once past the grace.
 */
export const attendanceDay = z.object({
  date: z.string(),
  /** A working day: not the weekly off day of the shift (or company), not a holiday. */
  working: z.boolean(),
  weekly_off: z.boolean(),
  holiday: z.boolean(),
  absent: z.boolean(),
  present: z.boolean(),
  late: z.boolean(),
  late_in_minute: z.number().int(),
  leave: z.boolean(),
  remote_work: z.boolean(),
  /** First punch in and last punch out of the shift's day, HH:mm (null without one). */
  punch_in: z.string().nullable(),
  punch_out: z.string().nullable(),
  shift: dayShift.nullable(),
});
export type AttendanceDay = z.infer<typeof attendanceDay>;

/** The counts of a range of days (the report's footer and a summary row). */
export const attendanceTotals = z.object({
  working_days: z.number().int(),
  present: z.number().int(),
  absent: z.number().int(),
  late: z.number().int(),
  late_minutes: z.number().int(),
  leave: z.number().int(),
  remote_work: z.number().int(),
});
export type AttendanceTotals = z.infer<typeof attendanceTotals>;

export const individualReport = z.object({
  employee: personRef,
  from_date: z.string(),
  to_date: z.string(),
  rows: z.array(attendanceDay),
  totals: attendanceTotals,
});
export type IndividualReport = z.infer<typeof individualReport>;

export const summaryRow = attendanceTotals.extend({ employee: personRef });
export type SummaryRow = z.infer<typeof summaryRow>;

export const summaryReport = z.object({
  from_date: z.string(),
  to_date: z.string(),
  rows: z.array(summaryRow),
});
export type SummaryReport = z.infer<typeof summaryReport>;

export const calendarMonth = z.object({
  employee: personRef,
  month: z.string(),
  days: z.array(attendanceDay),
  holidays: z.array(z.object({ name: z.string(), from: z.string(), to: z.string() })),
});
export type CalendarMonth = z.infer<typeof calendarMonth>;
