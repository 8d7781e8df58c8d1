import { z } from 'zod';
import { referenceListQuery } from './admin';
import { isCalendarDate } from './dates';
import { listResponse } from './lists';
import { idName } from './lookups';
import { defineMessages } from './messages';
import { personRef } from './people';
import { linesText, lineText } from './text';

/**
 * The leave engine (DESIGN.md §12): a leave type's policies, effective-dated
 * and scoped; the ledger whose dated entries sum to every balance; the
 * forecast of a balance on a day; HR's adjustments; the team calendar and
 * the calendar feeds.
 */

/** How a policy earns its allowance: up front on 1 January, on each month's first day, or on each hire anniversary. */
export const LEAVE_ACCRUALS = ['yearly', 'monthly', 'anniversary'] as const;
export type LeaveAccrual = (typeof LEAVE_ACCRUALS)[number];

/** The kinds of a ledger entry. */
export const LEDGER_KINDS = ['accrual', 'carry-forward', 'expiry', 'taken', 'held', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The most days any policy number may name (allowance, cap, carry, notice, run). */
export const POLICY_DAYS_MAX = 366;
/** An adjustment's reason, at most. */
export const ADJUSTMENT_REASON_MAX = 500;
/** The longest range the team calendar answers, in days. */
export const CALENDAR_RANGE_MAX_DAYS = 62;

export const LEAVE_POLICY_MESSAGES = defineMessages('leavePolicies.validation', {
  nameRequired: 'Please input the policy name',
  nameLength: 'Name must have at most 100 characters',
  typeRequired: 'Please select leave type',
  fromRequired: 'Please select the first day it applies',
  dateFormat: 'Please enter a date as YYYY-MM-DD',
  toBeforeFrom: 'The last day cannot be before the first day',
  daysPerYear: 'Days a year must be a number from 0 to 366, in quarter days',
  accrualRequired: 'Please choose how the days are earned',
  cap: 'The cap must be a number from 0 to 366, in quarter days',
  carryForwardMax: 'Days carried forward must be a number from 0 to 366, in quarter days',
  carryForwardExpiry: 'Carried days lapse after 1 to 366 days',
  minNotice: 'Notice must be a whole number of days from 0 to 366',
  maxConsecutive: 'The longest request must be a whole number of days from 1 to 366',
  negativeAllowed: 'The balance may go below zero by 0 to 366 days, in quarter days',
  scopeUnknown: 'This does not exist',
  policyId: 'policy_id must be a policy id',
  employeeRequired: 'Please select the employee',
  adjustmentDays: 'Days must be a number from -366 to 366, not 0, in quarter days',
  reasonRequired: 'Please write the reason',
  reasonLength: 'The reason must have at most 500 characters',
  rangeTooLong: 'Choose at most 62 days',
});

const M = LEAVE_POLICY_MESSAGES;

const day = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, M.dateFormat)
    .refine(isCalendarDate, M.dateFormat);

/** A number of days in quarter days from `min` to POLICY_DAYS_MAX. */
const quarterDays = (message: string, min = 0) =>
  z
    .number({ error: message })
    .min(min, message)
    .max(POLICY_DAYS_MAX, message)
    .refine((n) => Number.isInteger(n * 4), message);
const wholeDays = (message: string, min: number) =>
  z.number({ error: message }).int(message).min(min, message).max(POLICY_DAYS_MAX, message);
const ref = (message: string) => z.number({ error: message }).int(message).positive(message);
const optionalRef = z
  .number({ error: M.scopeUnknown })
  .int(M.scopeUnknown)
  .positive(M.scopeUnknown)
  .nullable();

/** The fields as a change gives them (no defaults). */
const patchFields = {
  name: lineText(z.string({ error: M.nameRequired }).trim())
    .min(1, { error: M.nameRequired, abort: true })
    .max(100, M.nameLength),
  type_id: ref(M.typeRequired),
  company_id: optionalRef,
  office_id: optionalRef,
  grade_id: optionalRef,
  employment_status_id: optionalRef,
  effective_from: day(M.fromRequired),
  effective_to: day(M.dateFormat).nullable(),
  days_per_year: quarterDays(M.daysPerYear),
  accrual: z.enum(LEAVE_ACCRUALS, { error: M.accrualRequired }),
  pro_rata: z.boolean(),
  cap: quarterDays(M.cap).nullable(),
  carry_forward_max: quarterDays(M.carryForwardMax),
  carry_forward_expiry_days: wholeDays(M.carryForwardExpiry, 1).nullable(),
  min_notice_days: wholeDays(M.minNotice, 0),
  max_consecutive_days: wholeDays(M.maxConsecutive, 1).nullable(),
  negative_allowed: quarterDays(M.negativeAllowed),
  counts_short_leave: z.boolean(),
};

/** A new policy's fields: what it leaves out takes these values. */
const policyFields = {
  ...patchFields,
  company_id: optionalRef.default(null),
  office_id: optionalRef.default(null),
  grade_id: optionalRef.default(null),
  employment_status_id: optionalRef.default(null),
  effective_to: patchFields.effective_to.default(null),
  pro_rata: patchFields.pro_rata.default(true),
  cap: patchFields.cap.default(null),
  carry_forward_max: patchFields.carry_forward_max.default(0),
  carry_forward_expiry_days: patchFields.carry_forward_expiry_days.default(null),
  min_notice_days: patchFields.min_notice_days.default(0),
  max_consecutive_days: patchFields.max_consecutive_days.default(null),
  negative_allowed: patchFields.negative_allowed.default(0),
  counts_short_leave: patchFields.counts_short_leave.default(true),
};

function checkDays(v: { effective_from?: string; effective_to?: string | null }, ctx: z.RefinementCtx) {
  if (v.effective_from && v.effective_to && v.effective_to < v.effective_from)
    ctx.addIssue({ code: 'custom', path: ['effective_to'], message: M.toBeforeFrom });
}

/** POST leave/policies. */
export const leavePolicyBody = z.object(policyFields).strict().superRefine(checkDays);
export type LeavePolicyBody = z.infer<typeof leavePolicyBody>;

/** PATCH leave/policies/{id}: any of the fields (a policy in force may only be given its last day). */
export const leavePolicyPatch = z.object(patchFields).partial().strict().superRefine(checkDays);
export type LeavePolicyPatch = z.infer<typeof leavePolicyPatch>;

/** DELETE leave/policies: the id in the body. */
export const leavePolicyIdBody = z.object({ policy_id: ref(M.policyId) }).strict();

export const leavePoliciesQuery = referenceListQuery.extend({
  type_id: z.coerce.number().int().positive().optional(),
});

/** What a policy's holder may do with it (decided on the server). */
export const POLICY_ACTIONS = ['edit', 'end', 'delete'] as const;

export const leavePolicy = z.object({
  id: z.number().int(),
  name: z.string(),
  type: idName,
  company_id: z.number().int().nullable(),
  office_id: z.number().int().nullable(),
  grade_id: z.number().int().nullable(),
  employment_status_id: z.number().int().nullable(),
  effective_from: z.string(),
  effective_to: z.string().nullable(),
  days_per_year: z.number(),
  accrual: z.enum(LEAVE_ACCRUALS),
  pro_rata: z.boolean(),
  cap: z.number().nullable(),
  carry_forward_max: z.number(),
  carry_forward_expiry_days: z.number().int().nullable(),
  min_notice_days: z.number().int(),
  max_consecutive_days: z.number().int().nullable(),
  negative_allowed: z.number(),
  counts_short_leave: z.boolean(),
  /** `edit` before it takes effect; `end` once in force (only its last day may change); `delete` before it takes effect. */
  actions: z.array(z.enum(POLICY_ACTIONS)),
});
export type LeavePolicy = z.infer<typeof leavePolicy>;
export const leavePoliciesResponse = z.union([z.array(leavePolicy), listResponse(leavePolicy)]);

/** The policy a ledger was replayed with, in short (null: the leave type's yearly days, the default). */
export const policySummary = leavePolicy
  .pick({
    id: true,
    name: true,
    days_per_year: true,
    accrual: true,
    cap: true,
    carry_forward_max: true,
    carry_forward_expiry_days: true,
    min_notice_days: true,
    max_consecutive_days: true,
    negative_allowed: true,
    counts_short_leave: true,
  })
  .extend({ id: z.number().int().nullable(), name: z.string().nullable() });
export type PolicySummary = z.infer<typeof policySummary>;

/** GET leave/ledger. */
export const ledgerQuery = z.object({
  type_id: z.coerce.number().int().positive(),
  employee_id: z.coerce.number().int().positive().optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

export const ledgerEntry = z.object({
  date: z.string(),
  kind: z.enum(LEDGER_KINDS),
  days: z.number(),
  /** The balance after this entry. */
  balance: z.number(),
  /** What the entry is: an adjustment's reason, the period an accrual or a close is of. */
  note: z.string().nullable(),
  /** The leave request of a `taken` or `held` entry. */
  leave_id: z.number().int().nullable(),
  /** False: due by the policy but not yet written by the period close (it will write the same); requests are always true. */
  written: z.boolean(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const ledger = z.object({
  employee_id: z.number().int(),
  year: z.number().int(),
  type: idName,
  policy: policySummary,
  items: z.array(ledgerEntry),
  /** The sum of the items: the `remaining` of GET leave/balances for this type and year. */
  remaining: z.number(),
});
export type Ledger = z.infer<typeof ledger>;

/** GET leave/forecast: the balance on `date`; with `to` (or `duration_id`), also after a request on those dates. */
export const forecastQuery = z.object({
  type_id: z.coerce.number().int().positive(),
  date: day(M.dateFormat),
  to: day(M.dateFormat).optional(),
  duration_id: z.coerce.number().int().positive().optional(),
  /** The request being edited, left out of the count. */
  leave_id: z.coerce.number().int().positive().optional(),
  employee_id: z.coerce.number().int().positive().optional(),
});

export const forecast = z.object({
  type: idName,
  date: z.string(),
  /** The balance on `date`, pending requests counted. */
  balance: z.number(),
  /** The request's working days (0 without `to`). */
  days: z.number(),
  /** What remains after the request: `balance - days`. */
  after: z.number(),
  /** The lowest the balance may go (minus the negative allowed). */
  floor: z.number(),
  /** The lowest the balance goes from `date` to the year's end with this request. */
  lowest: z.number(),
  policy: policySummary,
});
export type Forecast = z.infer<typeof forecast>;

/** POST leave/adjustments (HR). */
export const adjustmentBody = z
  .object({
    employee_id: ref(M.employeeRequired),
    type_id: ref(M.typeRequired),
    days: z
      .number({ error: M.adjustmentDays })
      .min(-POLICY_DAYS_MAX, M.adjustmentDays)
      .max(POLICY_DAYS_MAX, M.adjustmentDays)
      .refine((n) => n !== 0 && Number.isInteger(n * 4), M.adjustmentDays),
    reason: linesText(z.string({ error: M.reasonRequired }).trim())
      .min(1, { error: M.reasonRequired, abort: true })
      .max(ADJUSTMENT_REASON_MAX, M.reasonLength),
    /** The day it counts from; today when left out. */
    date: day(M.dateFormat).optional(),
  })
  .strict();
export type AdjustmentBody = z.infer<typeof adjustmentBody>;

/** GET leave/calendar: the team calendar of a range (at most CALENDAR_RANGE_MAX_DAYS days). */
export const calendarQuery = z.object({
  from: day(M.dateFormat),
  to: day(M.dateFormat),
  group_id: z.coerce.number().int().positive().optional(),
});
export type CalendarQuery = z.infer<typeof calendarQuery>;

/**
 * What is wrong with a calendar range, or null: the last day before the
 * first, or more than CALENDAR_RANGE_MAX_DAYS days (both counted).
 */
export function calendarRangeIssue(from: string, to: string): string | null {
  if (to < from) return M.toBeforeFrom;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  return days > CALENDAR_RANGE_MAX_DAYS ? M.rangeTooLong : null;
}

export const CALENDAR_KINDS = ['leave', 'remote_work', 'holiday'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

export const calendarEntry = z.object({
  kind: z.enum(CALENDAR_KINDS),
  /** The first and last day (YYYY-MM-DD), as stored: they may reach outside the range asked. */
  from: z.string(),
  to: z.string(),
  /** The hours (HH:mm) of short leave and of hourly remote work, on `from`; null for whole days. */
  from_time: z.string().nullable(),
  to_time: z.string().nullable(),
  /** Submitted, not yet approved. */
  pending: z.boolean(),
  /** The leave or remote-work type or the holiday's name where the reader may see it; null at directory level ("on leave"). */
  label: z.string().nullable(),
});
export type CalendarEntry = z.infer<typeof calendarEntry>;

export const CALENDAR_RELATIONS = ['self', 'team', 'peer'] as const;
export type CalendarRelation = (typeof CALENDAR_RELATIONS)[number];

export const calendarPerson = z.object({
  employee: personRef,
  /** `team`: the reader's report or a report's report; `peer`: a colleague under the same manager; `self`. */
  relation: z.enum(CALENDAR_RELATIONS),
  /** The person's weekly day off (0 Sunday .. 6 Saturday), their company's. */
  weekly_off_day: z.number().int().min(0).max(6),
  entries: z.array(calendarEntry),
});
export type CalendarPerson = z.infer<typeof calendarPerson>;

export const teamCalendar = z.object({
  from: z.string(),
  to: z.string(),
  /** The reader first, then their team, then their peers, each by name. */
  people: z.array(calendarPerson),
});
export type TeamCalendar = z.infer<typeof teamCalendar>;

export const CALENDAR_FEED_SCOPES = ['own', 'team'] as const;
export type CalendarFeedScope = (typeof CALENDAR_FEED_SCOPES)[number];

/** POST calendar/feeds: a new secret URL for one scope; the old one stops working. */
export const calendarFeedsBody = z.object({ scope: z.enum(CALENDAR_FEED_SCOPES).default('own') }).strict();
export type CalendarFeedsBody = z.infer<typeof calendarFeedsBody>;

/**
 * GET/POST calendar/feeds: the caller's own feed and, for managers, their
 * team's. A feed's secret URL is kept only as a hash: it is in the answer
 * that made it (the first GET, or the POST that replaced it) and null in
 * every later one (docs/decisions.md, "Calendar feeds").
 */
export const calendarFeeds = z.object({
  url: z.string().nullable(),
  team_url: z.string().nullable(),
  /** When the own feed's URL was made; null before it is (signed in as someone else, none is made). */
  created: z.string().nullable(),
  /** Whether the caller has a team feed: people with at least one report. */
  team: z.boolean(),
  /** When the team feed's URL was made; null without one. */
  team_created: z.string().nullable(),
});
export type CalendarFeeds = z.infer<typeof calendarFeeds>;
