import { z } from 'zod';
import { enabledListQuery } from './admin';
import { isCalendarDate } from './dates';
import { base64Text } from './employees';
import { fileNameText } from './file-names';
import { KPI_DIRECTIONS } from './kpi';
import { COMMENT_MAX, IMAGE_MAX_BYTES } from './limits';
import { decision, listQuery, listResponse, recordActions, status } from './lists';
import { idName } from './lookups';
import { defineMessages, MESSAGES } from './messages';
import { personRef } from './people';
import { linesText, lineText, type TextKind } from './text';
import { nameTranslations, nameTranslationsAnswer } from './translations';
import { REVIEW_ACTIONS } from './workflow';

/**
 * Employee performance reviews (SPEC.md §2–§5, §7; DESIGN.md §4). The
 * workflow table is `EPR_WORKFLOW` in `./workflow`; the scoring is
 * `./epr-scoring`; this file holds the fields, limits and texts that the
 * forms, the server and the client share.
 */

/** Type 1 (annual) takes its dates from a yearly KPI sheet; type 2 (interim) has its own. */
export const EPR_TYPE = { annual: 1, interim: 2 } as const;

/** Ratings of sections A, B (and each value) and C: 1, 2 or 3 (SPEC.md §5). */
export const EPR_RATINGS = [1, 2, 3] as const;
export const EPR_TEXT_MAX = COMMENT_MAX;
export const EPR_SHORT_TEXT_MAX = 250;

/** Texts SPEC.md does not give, in its style. */
export const EPR_MESSAGES = defineMessages('epr.validation', {
  periodRequired: 'Period must not be empty',
  typeRequired: 'Type must not be empty',
  dateFormat: 'A date looks like YYYY-MM-DD and must be a real day',
  toBeforeFrom: 'End date must not be before the start date',
  ratingRequired: 'Rating must not be empty',
  ratingRange: 'Rating must be 1, 2 or 3',
  actualMin: 'Actual must be a number of at least 0',
  devAreaRequired: 'Development area must not be empty',
  actionPlanRequired: 'Action plan must not be empty',
  whenRequired: 'When must not be empty',
  whoRequired: 'Who must not be empty',
  textTooLong: 'Text must be less then 2001 characters',
  shortTextTooLong: 'Text must be less then 251 characters',
  kpiRatingRequired: 'KPI rating must not be empty',
  stableRatingRequired: 'Value rating must not be empty',
  linesRequired: 'Send at least one line',
  valueUnknown: 'Each value is named by its id',
  tooManyValues: 'Send at most 50 values',
});

const rating = (required: string = EPR_MESSAGES.ratingRequired) =>
  z
    .number({ error: required })
    .int(EPR_MESSAGES.ratingRange)
    .min(1, EPR_MESSAGES.ratingRange)
    .max(3, EPR_MESSAGES.ratingRange);
const comment = linesText(z.string()).max(COMMENT_MAX, MESSAGES.commentTooLong).nullable();
const longText = linesText(z.string()).max(EPR_TEXT_MAX, EPR_MESSAGES.textTooLong).nullable();
/** Required text of the development plan: one line (`line`) or several (`lines`). */
const requiredText = (required: string, max: number, tooLong: string, kind: TextKind = 'line') => {
  const text = z.string({ error: required }).trim();
  return (kind === 'line' ? lineText(text) : linesText(text))
    .min(1, { error: required, abort: true })
    .max(max, tooLong);
};
const actual = z.number({ error: EPR_MESSAGES.actualMin }).min(0, EPR_MESSAGES.actualMin).nullable();
const date = (required: string) =>
  z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .refine(isCalendarDate, EPR_MESSAGES.dateFormat);

/** POST eprs / PATCH eprs/{id}: the approved KPI sheet (its "Period"), the type and the dates. */
export const eprBody = z
  .object({
    kpi_id: z.number({ error: EPR_MESSAGES.periodRequired }).int().positive(EPR_MESSAGES.periodRequired),
    type_id: z.number({ error: EPR_MESSAGES.typeRequired }).int().positive(EPR_MESSAGES.typeRequired),
    from_date: date(MESSAGES.startDateRequired),
    to_date: date(MESSAGES.endDateRequired),
  })
  .refine((v) => v.to_date >= v.from_date, { path: ['to_date'], message: EPR_MESSAGES.toBeforeFrom });
export type EprBody = z.infer<typeof eprBody>;

/** The create form's rules (pickers and selects), under the body's field names. */
const present = (v: unknown) => v !== null && v !== undefined && v !== '';
export const eprForm = z.object({
  kpi_id: z.custom<unknown>(present, EPR_MESSAGES.periodRequired),
  type_id: z.custom<unknown>(present, EPR_MESSAGES.typeRequired),
  from_date: z.custom<unknown>(present, MESSAGES.startDateRequired),
  to_date: z.custom<unknown>(present, MESSAGES.endDateRequired),
});

/** Bodies naming their record (SPEC.md §7). */
export const eprIdBody = z.object({
  epr_id: z.number({ error: 'epr_id must be a number' }).int().positive(),
});
export const devPlanIdBody = z.object({
  dev_plan_id: z.number({ error: 'dev_plan_id must be a number' }).int().positive(),
});

/**
 * PATCH eprs/{id}/sections/a and …/b: the employee's rating and comment (in
 * Draft and Sent back), or the line manager's (while awaiting them). Each
 * caller sends their own fields; the other side's are refused.
 */
export const sectionRatingBody = z
  .object({
    rating: rating().optional(),
    comment: comment.optional(),
    lm_rating: rating().optional(),
    lm_comment: comment.optional(),
  })
  .strict();
export type SectionRatingBody = z.infer<typeof sectionRatingBody>;

/** PATCH eprs/sections/b/stables/{id}: one value's rating and comment, the employee's or the line manager's. */
export const stableBody = sectionRatingBody;

/** The most values a review rates (the company's values, copied into it). */
export const EPR_STABLES_MAX = 50;

/**
 * PATCH eprs/{id}/sections/b: the section's rating and comment and, with
 * `stables`, every value's rating and comment too, one side at a time —
 * Section B saved as one form.
 */
export const sectionBBody = z
  .object({
    rating: rating().optional(),
    comment: comment.optional(),
    lm_rating: rating().optional(),
    lm_comment: comment.optional(),
    stables: z
      .array(
        z
          .object({
            id: z
              .number({ error: EPR_MESSAGES.valueUnknown })
              .int(EPR_MESSAGES.valueUnknown)
              .positive(EPR_MESSAGES.valueUnknown),
            rating: rating().optional(),
            comment: comment.optional(),
            lm_rating: rating().optional(),
            lm_comment: comment.optional(),
          })
          .strict(),
      )
      .max(EPR_STABLES_MAX, EPR_MESSAGES.tooManyValues)
      .optional(),
  })
  .strict();
export type SectionBBody = z.infer<typeof sectionBBody>;

/** PATCH eprs/{id}/sections/c: the line manager's ratings while the O&O has returned the review (10). */
export const sectionCBody = z
  .object({
    kpi_rating: rating(EPR_MESSAGES.kpiRatingRequired),
    stable_rating: rating(EPR_MESSAGES.stableRatingRequired),
  })
  .strict();
export type SectionCBody = z.infer<typeof sectionCBody>;

/** PATCH eprs/{id}/sections/d: the employee's, the line manager's or the O&O's remarks, each on their turn. */
export const sectionDBody = z
  .object({
    self_proposal: longText.optional(),
    remarks: longText.optional(),
    dev_areas: longText.optional(),
    lm_recommendation: longText.optional(),
    lm_remarks: longText.optional(),
    lm_dev_areas: longText.optional(),
    next_level_remarks: longText.optional(),
  })
  .strict();
export type SectionDBody = z.infer<typeof sectionDBody>;

/** PATCH eprs/sections/a/objectives/{lineId}: an actual value, the employee's or the line manager's. */
export const lineBody = z.object({ actual: actual.optional(), lm_actual: actual.optional() }).strict();
export type LineBody = z.infer<typeof lineBody>;

/**
 * PATCH eprs/{id}/sections/a/objectives: several lines at once, each
 * `{ objective_id (the line's id), actual | lm_actual }`; a bare list or
 * `{ objectives: [...] }`.
 */
const lineItem = z
  .object({
    objective_id: z.number().int().positive(),
    actual: actual.optional(),
    lm_actual: actual.optional(),
  })
  .strict();
export const linesBody = z
  .union([z.array(lineItem), z.object({ objectives: z.array(lineItem) }).transform((v) => v.objectives)])
  .refine((v) => v.length > 0, EPR_MESSAGES.linesRequired);
export type LinesBody = z.infer<typeof linesBody>;

/**
 * Evidence images of a Section A line (SPEC.md §5: JPG or PNG under 200 KB,
 * told by the bytes on the server whatever the name says). A line keeps a
 * few; each side adds its own while its part of the review is open.
 */
export const EVIDENCE_PER_LINE_MAX = 5;
export const EVIDENCE_MAX_BYTES = IMAGE_MAX_BYTES;
export const EVIDENCE_TYPES = ['image/jpeg', 'image/png'] as const;
/** Whether a picked file may be sent (the browser's own check; the server checks the bytes again). */
export function evidenceProblem(file: { type: string; size: number; name: string }): string | null {
  if (!(EVIDENCE_TYPES as readonly string[]).includes(file.type)) return MESSAGES.uploadJpgPng;
  if (file.size >= EVIDENCE_MAX_BYTES) return MESSAGES.imageTooLarge;
  // Its name is shown to the other side of the review.
  return evidenceUpload.shape.name.safeParse(file.name).error?.issues[0]?.message ?? null;
}

/** POST eprs/sections/a/objectives/{lineId}/evidence: an image as base64 JSON with its file name. */
export const evidenceUpload = z.object({
  name: fileNameText(MESSAGES.fileRequired, MESSAGES.fileNameTooLong),
  file: base64Text(MESSAGES.fileRequired),
});
export type EvidenceUpload = z.infer<typeof evidenceUpload>;
export const evidenceIdBody = z.object({
  evidence_id: z.number({ error: 'evidence_id must be a number' }).int().positive(),
});

/** POST eprs/sections/d/{sectionDId}/dev-plan and PATCH …/{id}/dev-plan: one row of the development plan. */
export const devPlanBody = z.object({
  dev_area: requiredText(EPR_MESSAGES.devAreaRequired, EPR_SHORT_TEXT_MAX, EPR_MESSAGES.shortTextTooLong),
  action_plan: requiredText(EPR_MESSAGES.actionPlanRequired, EPR_TEXT_MAX, EPR_MESSAGES.textTooLong, 'lines'),
  when: requiredText(EPR_MESSAGES.whenRequired, EPR_SHORT_TEXT_MAX, EPR_MESSAGES.shortTextTooLong),
  who: requiredText(EPR_MESSAGES.whoRequired, EPR_SHORT_TEXT_MAX, EPR_MESSAGES.shortTextTooLong),
});
export type DevPlanBody = z.infer<typeof devPlanBody>;

/** GET eprs: the list conventions plus the EPR and KPI filters (employee_id in the Team view only). */
export const eprListQuery = listQuery.extend({
  kpi_type_id: z.coerce.number().int().positive().optional(),
  kpi_status_id: z.coerce.number().int().min(1).max(5).optional(),
  type_id: z.coerce.number().int().positive().optional(),
  status_id: z.coerce.number().int().min(0).max(10).optional(),
  from_date: z.string().refine(isCalendarDate, EPR_MESSAGES.dateFormat).optional(),
  to_date: z.string().refine(isCalendarDate, EPR_MESSAGES.dateFormat).optional(),
  employee_id: z.coerce.number().int().positive().optional(),
  company_id: z.coerce.number().int().positive().optional(),
  group_id: z.coerce.number().int().positive().optional(),
});
export type EprListQuery = z.input<typeof eprListQuery>;

export const EPR_SORT_FIELDS = [
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

/** The KPI sheet a review is made for, as the list and the detail show it. */
export const eprKpi = z.object({
  id: z.number().int(),
  name: z.string(),
  type: idName,
  status: status,
  from: z.string(),
  to: z.string(),
});

/** A review as the list shows it. */
export const eprListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  status,
  decision,
  type: idName,
  kpi: eprKpi,
  employee: personRef,
  line_manager: personRef.nullable(),
  one_over_one: personRef.nullable(),
  from_date: z.string(),
  to_date: z.string(),
  created: z.string(),
  updated: z.string(),
  /** What the caller may do with it now: its transitions, edit and delete. */
  actions: recordActions(REVIEW_ACTIONS),
});
export type EprListItem = z.infer<typeof eprListItem>;
export const eprList = listResponse(eprListItem);

const mark = z.number().nullable();

/** One objective-KPI line of Section A: the sheet's KPI and the actual values with their scores. */
export const sectionALine = z.object({
  id: z.number().int(),
  objective_kpi: z.object({
    id: z.number().int(),
    name: z.string(),
    weight: z.number(),
    time: z.string(),
    target: z.number(),
    /** Which way the KPI is better (kpi.ts KPI_DIRECTIONS): it decides the achievement. */
    direction: z.enum(KPI_DIRECTIONS),
    target_unit: idName,
    objective: z.object({ id: z.number().int(), name: z.string(), perspective: idName }),
  }),
  actual: z.number().nullable(),
  achievement: mark,
  mark,
  lm_actual: z.number().nullable(),
  lm_achievement: mark,
  lm_mark: mark,
  /** Evidence images of the line (SPEC.md §5: JPG/PNG under 200 KB). */
  evidence: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      url: z.string(),
      size: z.number().int(),
      /** Whose it is: the employee's or the line manager's. */
      side: z.enum(['self', 'line_manager']),
    }),
  ),
});
export type SectionALine = z.infer<typeof sectionALine>;

/** Section A: the lines grouped by objective, their marks and the section's ratings. */
export const sectionA = z.object({
  rating: z.number().int().nullable(),
  comment: z.string().nullable(),
  lm_rating: z.number().int().nullable(),
  lm_comment: z.string().nullable(),
  objectives: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      weight: z.number(),
      perspective: idName,
      /** The sum of the line weights. */
      total_weight: z.number(),
      lines: z.array(sectionALine),
    }),
  ),
  /** Marks per objective id (SPEC.md §3). */
  total_objective: z.record(z.string(), z.object({ mark, weight: z.number(), lm_mark: mark })),
  total_mark: z.number(),
  /** Null while the line manager's side is not shown to the reader (`line_manager_shown`). */
  total_lm_mark: z.number().nullable(),
  /** Lines without an actual value yet (the employee's, the line manager's). */
  unfilled: z.number().int(),
  lm_unfilled: z.number().int(),
  /** The achievement cap in percent (a setting). */
  cap: z.number(),
});

/** One company value of Section B, with its behaviours as they stood when the review was made. */
export const stable = z.object({
  id: z.number().int(),
  original: z.object({
    name: z.string(),
    objectives: z.array(z.object({ name: z.string(), enabled: z.boolean() })),
  }),
  rating: z.number().int().nullable(),
  comment: z.string().nullable(),
  lm_rating: z.number().int().nullable(),
  lm_comment: z.string().nullable(),
});

export const sectionB = z.object({
  rating: z.number().int().nullable(),
  comment: z.string().nullable(),
  lm_rating: z.number().int().nullable(),
  lm_comment: z.string().nullable(),
  stables: z.array(stable),
});

export const sectionC = z.object({
  kpi_rating: z.number().int().nullable(),
  stable_rating: z.number().int().nullable(),
  /** "KPI.value", e.g. "3.2"; null until both ratings are there. */
  overall_rating: z.string().nullable(),
  band: z.enum(['exceeded', 'fully_met', 'partially_met']).nullable(),
  results: z.enum(['superior', 'good', 'unsatisfactory']).nullable(),
  behaviours: z.enum(['superior', 'good', 'unsatisfactory']).nullable(),
});

export const devPlan = z.object({
  id: z.number().int(),
  dev_area: z.string(),
  action_plan: z.string(),
  when: z.string(),
  who: z.string(),
});

export const sectionD = z.object({
  /** The id the dev-plan calls name (SPEC.md §7 `sections/d/{sectionDId}`): the review's own id. */
  id: z.number().int(),
  self_proposal: z.string().nullable(),
  remarks: z.string().nullable(),
  dev_areas: z.string().nullable(),
  lm_recommendation: z.string().nullable(),
  lm_remarks: z.string().nullable(),
  lm_dev_areas: z.string().nullable(),
  next_level_remarks: z.string().nullable(),
  dev_plans: z.array(devPlan),
});

/** What the caller may change now, part by part (the server checks the same on every call). */
export const eprEditable = z.object({
  /** Section A actuals, A and B ratings and comments, D self remarks (the employee, in 1 and 5). */
  self: z.boolean(),
  /** LM actuals, LM ratings and comments, LM remarks and the IDP rows (the line manager, in 2). */
  line_manager: z.boolean(),
  /** Section C (the line manager, in 10). */
  section_c: z.boolean(),
  /** Next-level remarks (the O&O, in 3). */
  next_level: z.boolean(),
});
export type EprEditable = z.infer<typeof eprEditable>;

/** The statuses in which the employee sees the line manager's side: with the O&O, returned to the line manager, completed. */
export const LINE_MANAGER_SHOWN_STATUSES: readonly number[] = [3, 4, 10];

/** GET eprs/{id}: the whole review. */
export const eprDetail = eprListItem.extend({
  section_a: sectionA,
  section_b: sectionB,
  section_c: sectionC,
  section_d: sectionD,
  editable: eprEditable,
  /** The caller's standing: the employee, their line manager, O&O, or an HR administrator reading. */
  viewer: z.enum(['employee', 'line_manager', 'one_over_one', 'admin']),
  /**
   * Whether the line manager's side (actuals, marks, ratings, remarks, the
   * development plan) is shown: to the employee only once the line manager
   * has passed the review on (LINE_MANAGER_SHOWN_STATUSES); until then it is
   * the line manager's working draft and comes empty.
   */
  line_manager_shown: z.boolean(),
});
export type EprDetail = z.infer<typeof eprDetail>;

/* Administration: the company's values that Section B rates, and their behaviours */

export const EPR_VALUE_NAME_MAX = 100;
export const EPR_BEHAVIOUR_NAME_MAX = 250;
export const EPR_VALUE_ORDER_MAX = 100;

/** Texts of the administration forms; they translate under `reference.validation.<id>`. */
export const EPR_VALUE_MESSAGES = defineMessages('reference.validation', {
  nameLength: 'Name must have a length between 2 and 100',
  behaviourLength: 'Behaviour must have a length between 2 and 250',
  orderRange: 'Order must be a whole number from 0 to 100',
  enabledType: 'Enabled must be true or false',
});

const V = EPR_VALUE_MESSAGES;
const valueText = (max: number, length: string) =>
  lineText(z.string({ error: MESSAGES.nameRequired }).trim())
    .min(1, { error: MESSAGES.nameRequired, abort: true })
    .min(2, length)
    .max(max, length);
const valueName = valueText(EPR_VALUE_NAME_MAX, V.nameLength);
const behaviourName = valueText(EPR_BEHAVIOUR_NAME_MAX, V.behaviourLength);
const valueOrder = z
  .number({ error: V.orderRange })
  .int(V.orderRange)
  .min(0, V.orderRange)
  .max(EPR_VALUE_ORDER_MAX, V.orderRange);
const valueEnabled = z.boolean({ error: V.enabledType });
const changeSomething = (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined);
const NOTHING_SENT = 'Send at least one field to change';

/** A behaviour that shows a value. */
export const eprBehaviour = z.object({
  id: z.number().int(),
  value_id: z.number().int(),
  name: z.string(),
  sort_order: z.number().int(),
  enabled: z.boolean(),
  /** Reviews whose Section B carries it (it cannot be deleted then). */
  reviews_count: z.number().int(),
  /** The name in the other languages (the admin form's); `name` is in the caller's language. */
  name_translations: nameTranslationsAnswer.optional(),
});
export type EprBehaviour = z.infer<typeof eprBehaviour>;

/** A value of Section B with its behaviours (in their order). */
export const eprValue = z.object({
  id: z.number().int(),
  name: z.string(),
  sort_order: z.number().int(),
  enabled: z.boolean(),
  /** Reviews whose Section B rates it (it cannot be deleted then). */
  reviews_count: z.number().int(),
  behaviours: z.array(eprBehaviour),
  /** The name in the other languages (the admin form's); `name` is in the caller's language. */
  name_translations: nameTranslationsAnswer.optional(),
});
export type EprValue = z.infer<typeof eprValue>;

const valueTranslations = nameTranslations(EPR_VALUE_NAME_MAX, V.nameLength);
export const eprValueCreate = z.object({
  name: valueName,
  name_translations: valueTranslations.optional(),
  sort_order: valueOrder.default(0),
  enabled: valueEnabled.default(true),
});
export type EprValueCreate = z.input<typeof eprValueCreate>;
export const eprValueUpdate = z
  .object({
    name: valueName.optional(),
    name_translations: valueTranslations.optional(),
    sort_order: valueOrder.optional(),
    enabled: valueEnabled.optional(),
  })
  .refine(changeSomething, NOTHING_SENT);
export type EprValueUpdate = z.input<typeof eprValueUpdate>;

const behaviourTranslations = nameTranslations(EPR_BEHAVIOUR_NAME_MAX, V.behaviourLength);
/** POST eprs/values/{id}/behaviours: the value is the path's. */
export const eprBehaviourBody = z.object({
  name: behaviourName,
  name_translations: behaviourTranslations.optional(),
  sort_order: valueOrder.default(0),
  enabled: valueEnabled.default(true),
});
export type EprBehaviourBody = z.input<typeof eprBehaviourBody>;
/** POST eprs/values/behaviours: the same with the value's id. */
export const eprBehaviourCreate = eprBehaviourBody.extend({
  value_id: z
    .number({ error: 'value_id must be a whole number from 1' })
    .int('value_id must be a whole number from 1')
    .min(1, 'value_id must be a whole number from 1'),
});
export const eprBehaviourUpdate = z
  .object({
    name: behaviourName.optional(),
    name_translations: behaviourTranslations.optional(),
    sort_order: valueOrder.optional(),
    enabled: valueEnabled.optional(),
  })
  .refine(changeSomething, NOTHING_SENT);
export type EprBehaviourUpdate = z.input<typeof eprBehaviourUpdate>;

export const EPR_VALUE_SORT_FIELDS = ['id', 'name', 'order'] as const;
export const eprValuesQuery = enabledListQuery;
/** The behaviours of one value, or of every value. */
export const eprBehavioursQuery = enabledListQuery.extend({
  value_id: z.coerce
    .number({ error: 'value_id must be a whole number from 1' })
    .int('value_id must be a whole number from 1')
    .min(1, 'value_id must be a whole number from 1')
    .optional(),
});
export const EPR_BEHAVIOUR_SORT_FIELDS = ['id', 'name', 'order'] as const;

/** Without page, limit, sort or search: every value (enabled ones unless an administrator asks all=true). */
export const eprValuesResponse = z.union([z.array(eprValue), listResponse(eprValue)]);
export const eprBehavioursResponse = z.union([z.array(eprBehaviour), listResponse(eprBehaviour)]);

const bodyId = (key: string) =>
  z
    .number({ error: `${key} must be a whole number from 1` })
    .int(`${key} must be a whole number from 1`)
    .min(1, `${key} must be a whole number from 1`);
export const eprValueDelete = z.object({ value_id: bodyId('value_id') });
export const eprBehaviourDelete = z.object({ behaviour_id: bodyId('behaviour_id') });
