import { z } from 'zod';
import { DATA_AREAS } from './data-areas';
import { defineMessages } from './messages';

/**
 * Data rights (DESIGN.md §13): a person downloads everything the portal
 * holds about them (`GET account/export`, a zip), and HR erases a leaver's
 * personal data once the retention period has passed
 * (`POST employees/{id}/erasure`), leaving a report of what was removed,
 * replaced or kept and why.
 */
export const DATA_RIGHTS_MESSAGES = defineMessages('dataRights.validation', {
  confirmRequired: 'Type the person’s E-ID to confirm',
  confirmTooLong: 'An E-ID has at most 32 characters',
  reasonRequired: 'Give the reason for erasing inside the retention period',
  reasonTooLong: 'The reason has at most 500 characters',
  employeeId: 'id must be an employee id',
});

/** The longest reason HR may give for an erasure. */
export const ERASURE_REASON_MAX = 500;

export { DATA_AREAS, type DataArea } from './data-areas';

/** Why a part of an erased person's data was kept (each has its text in the web app). */
export const KEPT_REASONS = [
  /** Dates, types, statuses and days of requests: the counts and totals of teams and the company. */
  'aggregates',
  /** Approvals and decisions other people made or received: their own records. */
  'decisions_of_others',
  /** Pay and loans: accounting records the company keeps by law. */
  'accounting',
  /** Where the person sat in the organisation (company, office, manager, dates of service). */
  'organisation',
  /** The audit trail: kept, with the person's details replaced. */
  'audit_trail',
  /** Ids only, which name nobody once the person's details are gone. */
  'identifiers_only',
] as const;
export type KeptReason = (typeof KEPT_REASONS)[number];

export const ERASURE_OUTCOMES = ['removed', 'replaced', 'kept'] as const;
export type ErasureOutcome = (typeof ERASURE_OUTCOMES)[number];

/** One line of an erasure's report: what happened to a part of an area, how many rows, and why when kept. */
export const erasureReportLine = z.object({
  area: z.enum(DATA_AREAS),
  /** The part (a table's rows or fields), as the database names it. */
  what: z.string(),
  outcome: z.enum(ERASURE_OUTCOMES),
  rows: z.number().int().nonnegative(),
  why: z.enum(KEPT_REASONS).nullable(),
});
export type ErasureReportLine = z.infer<typeof erasureReportLine>;

export const erasureReport = z.object({
  employee_id: z.number().int(),
  erased_at: z.string(),
  overrode_retention: z.boolean(),
  retention_end: z.string().nullable(),
  lines: z.array(erasureReportLine),
});
export type ErasureReport = z.infer<typeof erasureReport>;

export const erasureParams = z.object({
  id: z.coerce
    .number({ error: DATA_RIGHTS_MESSAGES.employeeId })
    .int(DATA_RIGHTS_MESSAGES.employeeId)
    .positive(DATA_RIGHTS_MESSAGES.employeeId)
    .max(2_147_483_647, DATA_RIGHTS_MESSAGES.employeeId),
});

/**
 * POST employees/{id}/erasure: `confirm` is the person's E-ID typed again;
 * inside the retention period HR must say so (`override_retention`) and why.
 */
export const erasureBody = z
  .object({
    confirm: z
      .string({ error: DATA_RIGHTS_MESSAGES.confirmRequired })
      .trim()
      .min(1, DATA_RIGHTS_MESSAGES.confirmRequired)
      .max(32, DATA_RIGHTS_MESSAGES.confirmTooLong),
    override_retention: z.boolean().optional(),
    reason: z.string().trim().max(ERASURE_REASON_MAX, DATA_RIGHTS_MESSAGES.reasonTooLong).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.override_retention && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: DATA_RIGHTS_MESSAGES.reasonRequired });
  });
export type ErasureBody = z.infer<typeof erasureBody>;

/** What HR sees of a person before and after an erasure. */
export const erasureState = z.object({
  employee: z.object({
    id: z.number().int(),
    eid: z.string(),
    name: z.string(),
    enabled: z.boolean(),
    erased_at: z.string().nullable(),
  }),
  /** The last working day of the separation, if one is recorded. */
  last_working_day: z.string().nullable(),
  /** When the person was disabled, if the trail says. */
  disabled_at: z.string().nullable(),
  retention_days: z.number().int(),
  /** The first day an erasure needs no override; null while the person is active. */
  retention_end: z.string().nullable(),
  within_retention: z.boolean(),
  /** `erase` when the caller may erase now (`override` when only with an override). */
  actions: z.array(z.enum(['erase', 'override'])),
  erasure: z
    .object({
      id: z.number().int(),
      created: z.string(),
      overrode_retention: z.boolean(),
      reason: z.string().nullable(),
      report: erasureReport,
    })
    .nullable(),
});
export type ErasureState = z.infer<typeof erasureState>;

/** GET erasure/leavers: disabled people, for HR's erasure screen. */
export const leaversQuery = z.object({
  search: z.string().trim().max(100).optional(),
});

export const leaver = z.object({
  id: z.number().int(),
  eid: z.string(),
  name: z.string(),
  retention_end: z.string().nullable(),
  erased_at: z.string().nullable(),
});
export const leaversResponse = z.object({ data: z.array(leaver) });
export type Leaver = z.infer<typeof leaver>;
