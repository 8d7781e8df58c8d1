import { z } from 'zod';
import { isCalendarDate } from './dates';
import { COMMENT_MAX } from './limits';
import { decision, listQuery, listResponse, recordActions, status } from './lists';
import { idName } from './lookups';
import { defineMessages, MESSAGES } from './messages';
import { personRef, photo } from './people';
import { linesText, lineText } from './text';
import { nameTranslations, nameTranslationsAnswer } from './translations';
import { REVIEW_ACTIONS } from './workflow';

/**
 * KPI sheets (SPEC.md §2–§5, §7; DESIGN.md §4). The workflow table is
 * `KPI_WORKFLOW` in `./workflow`; this file holds the fields, limits and
 * texts that the form, the server and the client share.
 */

export * from './kpi-rules';

import {
  KPI_DIRECTIONS,
  KPI_OBJECTIVE_NAME,
  KPI_SHEET_NAME_MAX,
  KPI_TEXT,
  KPI_TYPE,
  KPI_WEIGHT_MAX,
  KPI_WEIGHT_MIN,
} from './kpi-rules';

/** Texts SPEC.md does not give, in its style. */
export const KPI_MESSAGES = defineMessages('kpi.validation', {
  typeRequired: 'Please select the type',
  yearRequired: 'Please select the year',
  fromRequired: 'Please select the start date',
  toRequired: 'Please select the end date',
  dateFormat: 'A date looks like YYYY-MM-DD and must be a real day',
  toBeforeFrom: 'The end date must not be before the start date',
  sheetNameLength: 'Name must have a length between 4 and 150',
  kpiNameLength: 'Name must have a length between 4 and 150',
  timeLength: 'Time must have a length between 4 and 150',
  initiativeLength: 'Initiative must have a length between 4 and 150',
  targetUnitRequired: 'Target unit must not be empty',
  budgetMin: 'Budget must be at least 1',
  perspectiveRequired: 'Perspective must not be empty',
  weightDecimals: 'Weight may have at most 2 decimals',
  orderRange: 'Order must be a whole number from 0 to 100',
  directionUnknown: 'Please choose whether higher, lower or within the target is better',
});

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const requiredId = (message: string) => z.number({ error: message }).int(message).positive(message);
const weight = z
  .number({ error: MESSAGES.weightRange })
  .min(KPI_WEIGHT_MIN, MESSAGES.weightRange)
  .max(KPI_WEIGHT_MAX, MESSAGES.weightRange)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, KPI_MESSAGES.weightDecimals);
/** Required one-line text of `min` to `max` characters (a name, a time). */
const textBetween = (required: string, length: string, min: number, max: number) =>
  lineText(z.string({ error: required }).trim())
    .min(1, { error: required, abort: true })
    .min(min, length)
    .max(max, length);

/**
 * POST kpis / PATCH kpis/{id}. Type 1: `year_id` (name, from and to are
 * taken from the year). Type 2: `from` and `to` (YYYY-MM-DD) and a name
 * (the server names it after the period when none is given).
 * `employee_id`: a line manager creating a sheet for a direct report.
 */
export const kpiBody = z
  .object({
    name: lineText(z.string().trim())
      .max(KPI_SHEET_NAME_MAX, KPI_MESSAGES.sheetNameLength)
      .nullable()
      .optional(),
    type_id: requiredId(KPI_MESSAGES.typeRequired),
    year_id: z.number().int().positive().nullable().optional(),
    from: z.string().nullable().optional(),
    to: z.string().nullable().optional(),
    employee_id: z.number().int().positive().nullable().optional(),
    /** Saves even where another sheet of the employee covers part of the period (kpi_period_overlap). */
    allow_overlap: z.boolean({ error: 'allow_overlap must be true or false' }).optional(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.type_id === KPI_TYPE.yearly) {
      if (blank(v.year_id)) issue('year_id', KPI_MESSAGES.yearRequired);
      return;
    }
    let ok = true;
    for (const [key, message] of [
      ['from', KPI_MESSAGES.fromRequired],
      ['to', KPI_MESSAGES.toRequired],
    ] as const) {
      const value = v[key];
      if (blank(value)) {
        issue(key, message);
        ok = false;
      } else if (!isCalendarDate(value as string)) {
        issue(key, KPI_MESSAGES.dateFormat);
        ok = false;
      }
    }
    if (ok && (v.to as string) < (v.from as string)) issue('to', KPI_MESSAGES.toBeforeFrom);
    if (!blank(v.name) && (v.name as string).trim().length < 4) issue('name', KPI_MESSAGES.sheetNameLength);
  });
export type KpiBody = z.infer<typeof kpiBody>;

/**
 * The sheet form's rules (its dates are pickers, not strings), under the
 * body's field names so that the server's field errors land on the same fields.
 */
const present = (v: unknown) => v !== null && v !== undefined && v !== '';
export const kpiForm = z
  .object({
    type_id: z.custom<unknown>(present, KPI_MESSAGES.typeRequired),
    year_id: z.unknown().optional(),
    from: z.unknown().optional(),
    to: z.unknown().optional(),
    name: lineText(z.string()).max(KPI_SHEET_NAME_MAX, KPI_MESSAGES.sheetNameLength).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    const required = (path: 'year_id' | 'from' | 'to', message: string) => {
      if (!present(v[path])) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (v.type_id === KPI_TYPE.yearly) required('year_id', KPI_MESSAGES.yearRequired);
    else if (present(v.type_id)) {
      required('from', KPI_MESSAGES.fromRequired);
      required('to', KPI_MESSAGES.toRequired);
    }
  });

/** POST kpis/objectives / PATCH kpis/objectives/{id}. */
export const objectiveBody = z.object({
  name: textBetween(
    MESSAGES.nameRequired,
    MESSAGES.objectiveNameLength,
    KPI_OBJECTIVE_NAME.min,
    KPI_OBJECTIVE_NAME.max,
  ),
  weight,
  kpi_id: z.number().int().positive(),
  perspective_id: requiredId(KPI_MESSAGES.perspectiveRequired),
});
export type ObjectiveBody = z.infer<typeof objectiveBody>;

/** POST kpis/objectives/kpis / PATCH kpis/objectives/kpis/{id}. */
export const objectiveKpiBody = z.object({
  name: textBetween(MESSAGES.nameRequired, KPI_MESSAGES.kpiNameLength, KPI_TEXT.min, KPI_TEXT.max),
  weight,
  time: textBetween(MESSAGES.timeRequired, KPI_MESSAGES.timeLength, KPI_TEXT.min, KPI_TEXT.max),
  target: z.number({ error: MESSAGES.targetRequired }).min(1, MESSAGES.targetRequired),
  target_unit_id: requiredId(KPI_MESSAGES.targetUnitRequired),
  /** Which way the KPI is better; `higher` when not given. */
  direction: z.enum(KPI_DIRECTIONS, { error: KPI_MESSAGES.directionUnknown }).optional(),
  budget: z.number({ error: KPI_MESSAGES.budgetMin }).min(1, KPI_MESSAGES.budgetMin).nullable().optional(),
  initiative: lineText(z.string().trim())
    .min(KPI_TEXT.min, KPI_MESSAGES.initiativeLength)
    .max(KPI_TEXT.max, KPI_MESSAGES.initiativeLength)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  kpi_id: z.number().int().positive(),
  objective_id: z.number().int().positive(),
});
export type ObjectiveKpiBody = z.infer<typeof objectiveKpiBody>;

/** Bodies of the calls that name their record in the body (SPEC.md §7). */
export const kpiIdBody = z.object({
  kpi_id: z.number({ error: 'kpi_id must be a number' }).int().positive(),
});
export const objectiveIdBody = z.object({
  objective_id: z.number({ error: 'objective_id must be a number' }).int().positive(),
});
export const objectiveKpiIdBody = z.object({
  objective_kpi_id: z.number({ error: 'objective_kpi_id must be a number' }).int().positive(),
});

/** GET kpis: the list conventions plus the KPI filters (employee_id in the Team view only). */
export const kpiListQuery = listQuery.extend({
  type_id: z.coerce.number().int().positive().optional(),
  status_id: z.coerce.number().int().min(1).max(5).optional(),
  from_date: z.string().refine(isCalendarDate, KPI_MESSAGES.dateFormat).optional(),
  to_date: z.string().refine(isCalendarDate, KPI_MESSAGES.dateFormat).optional(),
  employee_id: z.coerce.number().int().positive().optional(),
  company_id: z.coerce.number().int().positive().optional(),
  group_id: z.coerce.number().int().positive().optional(),
});
export type KpiListQuery = z.input<typeof kpiListQuery>;

export const KPI_SORT_FIELDS = [
  'id',
  'created',
  'updated',
  'name',
  'from',
  'to',
  'type',
  'status',
  'employee',
] as const;

/** Sort fields of the KPI reference lists (HR administration). */
export const KPI_YEAR_SORT_FIELDS = ['id', 'name', 'from'] as const;
export const KPI_PERSPECTIVE_SORT_FIELDS = ['id', 'name', 'order'] as const;
export const KPI_TARGET_UNIT_SORT_FIELDS = ['id', 'name'] as const;

/** A KPI year (reference data): its name and period. */
export const kpiYear = z.object({
  id: z.number().int(),
  name: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  enabled: z.boolean(),
});
export type KpiYear = z.infer<typeof kpiYear>;

/** A perspective of objectives and a target unit of KPIs (reference data). */
export const kpiPerspective = z.object({
  id: z.number().int(),
  name: z.string(),
  sort_order: z.number().int(),
  enabled: z.boolean(),
  /** The name in the other languages (the admin form's); `name` is in the caller's language. */
  name_translations: nameTranslationsAnswer.optional(),
});
export type KpiPerspective = z.infer<typeof kpiPerspective>;
export const kpiTargetUnit = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  /** The name in the other languages (the admin form's); `name` is in the caller's language. */
  name_translations: nameTranslationsAnswer.optional(),
});
export type KpiTargetUnit = z.infer<typeof kpiTargetUnit>;

const referenceName = lineText(z.string({ error: MESSAGES.nameRequired }).trim())
  .min(1, { error: MESSAGES.nameRequired, abort: true })
  .max(60, MESSAGES.maxLength60);

/** HR administrators: a KPI year, its period from and to (YYYY-MM-DD). */
export const kpiYearBody = z
  .object({
    name: referenceName,
    from_date: z.string({ error: KPI_MESSAGES.fromRequired }).refine(isCalendarDate, KPI_MESSAGES.dateFormat),
    to_date: z.string({ error: KPI_MESSAGES.toRequired }).refine(isCalendarDate, KPI_MESSAGES.dateFormat),
    enabled: z.boolean().default(true),
  })
  .refine((v) => v.to_date >= v.from_date, { path: ['to_date'], message: KPI_MESSAGES.toBeforeFrom });
/** The KPI year form's rules (its dates are pickers), under the body's field names. */
const dayValue = (v: unknown) => (typeof v === 'string' ? Date.parse(v) : Number(v));
export const kpiYearForm = z
  .object({
    name: referenceName,
    from_date: z.custom<unknown>(present, KPI_MESSAGES.fromRequired),
    to_date: z.custom<unknown>(present, KPI_MESSAGES.toRequired),
  })
  .refine((v) => !(dayValue(v.to_date) < dayValue(v.from_date)), {
    path: ['to_date'],
    message: KPI_MESSAGES.toBeforeFrom,
  });
export const kpiPerspectiveBody = z.object({
  name: referenceName,
  sort_order: z
    .number({ error: KPI_MESSAGES.orderRange })
    .int(KPI_MESSAGES.orderRange)
    .min(0, KPI_MESSAGES.orderRange)
    .max(100, KPI_MESSAGES.orderRange)
    .default(0),
  enabled: z.boolean().default(true),
  name_translations: nameTranslations(60, MESSAGES.maxLength60).optional(),
});
export const kpiTargetUnitBody = z.object({
  name: referenceName,
  enabled: z.boolean().default(true),
  name_translations: nameTranslations(60, MESSAGES.maxLength60).optional(),
});

export const kpiYearsResponse = z.union([z.array(kpiYear), listResponse(kpiYear)]);
export const kpiPerspectivesResponse = z.union([z.array(kpiPerspective), listResponse(kpiPerspective)]);
export const kpiTargetUnitsResponse = z.union([z.array(kpiTargetUnit), listResponse(kpiTargetUnit)]);

const itemStatus = z.object({ id: z.number().int(), name: z.string() });

export const objectiveKpi = z.object({
  id: z.number().int(),
  name: z.string(),
  weight: z.number(),
  time: z.string(),
  target: z.number(),
  target_unit: idName,
  target_unit_id: z.number().int(),
  direction: z.enum(KPI_DIRECTIONS),
  budget: z.number().nullable(),
  initiative: z.string().nullable(),
  status: itemStatus,
  /** The number of comments. */
  comments: z.number().int(),
  objective_id: z.number().int(),
  kpi_id: z.number().int(),
});
export type ObjectiveKpi = z.infer<typeof objectiveKpi>;

export const objective = z.object({
  id: z.number().int(),
  name: z.string(),
  weight: z.number(),
  perspective: idName,
  perspective_id: z.number().int(),
  status: itemStatus,
  comments: z.number().int(),
  kpi_id: z.number().int(),
  kpis: z.array(objectiveKpi),
  /** The sum of the active KPIs' weights (two decimals). */
  total_kpi_weight: z.number(),
});
export type Objective = z.infer<typeof objective>;

/** A sheet as the list shows it. */
export const kpiListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  type: idName,
  year: kpiYear.omit({ enabled: true }).nullable(),
  from: z.string(),
  to: z.string(),
  status,
  decision,
  employee: personRef,
  line_manager: personRef.nullable(),
  one_over_one: personRef.nullable(),
  created_by: personRef.nullable(),
  created: z.string(),
  updated: z.string(),
  total_objective_weight: z.number(),
  /** What the caller may do with it now: its transitions, edit and delete. */
  actions: recordActions(REVIEW_ACTIONS),
});
export type KpiListItem = z.infer<typeof kpiListItem>;
export const kpiList = listResponse(kpiListItem);

/** GET kpis/{id}: the sheet with its objectives and their KPIs. */
export const kpiSheet = kpiListItem.extend({
  objectives: z.array(objective),
  /** Whether the caller may add, change and delete objectives and KPIs now. */
  editable: z.boolean(),
  /** Whether the caller may read and write comments now (status above 1). */
  commentable: z.boolean(),
});
export type KpiSheet = z.infer<typeof kpiSheet>;

/** POST …/comments. */
export const commentBody = z.object({
  comment: linesText(z.string({ error: MESSAGES.commentBlank }).trim())
    .min(1, { error: MESSAGES.commentBlank, abort: true })
    .max(COMMENT_MAX, MESSAGES.commentTooLong),
});
export type CommentBody = z.infer<typeof commentBody>;

export const comment = z.object({
  id: z.number().int(),
  comment: z.string(),
  employee: z.object({ id: z.number().int(), name: z.string(), photo }),
  /** ISO 8601 with offset. */
  sentAt: z.string(),
});
export type Comment = z.infer<typeof comment>;

/**
 * GET discovery/employee: the realtime channel of the comments (DESIGN.md §6)
 * in the fields SPEC.md names. `url` is the event stream's address, `token`
 * a short-lived token scoped to the caller.
 */
export const discovery = z.object({
  api_key: z.string(),
  url: z.string(),
  ref: z.string(),
  project_id: z.string(),
  token: z.string(),
});
export type Discovery = z.infer<typeof discovery>;
