import { z } from 'zod';
import { isCalendarDate } from './dates';
import { EPR_MESSAGES } from './epr';
import { KPI_MESSAGES } from './kpi';
import { limit, listResponse, page, sort, status } from './lists';
import { idName } from './lookups';
import { defineMessages, MESSAGES } from './messages';
import { personRef } from './people';
import { lineText } from './text';
import { EPR_STATUS } from './workflow';

/**
 * Review cycles (HR administrators): the reviews of a period launched for
 * everyone with an approved KPI sheet of it (or those of a company or a
 * group) in one action, with a deadline and the progress of each review.
 * docs/decisions.md "Review cycles" has who is eligible and what launching
 * again does.
 */

export const EPR_CYCLE_NAME = { min: 4, max: 150 } as const;

/** Texts SPEC.md does not give, in its style. */
export const EPR_CYCLE_MESSAGES = defineMessages('eprCycles.validation', {
  deadlineRequired: 'Deadline must not be empty',
  deadlineBeforeFrom: 'The deadline must not be before the start date',
});

const date = (required: string) =>
  z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .refine(isCalendarDate, EPR_MESSAGES.dateFormat);
const optionalId = z.number().int().positive().nullable().optional();

/**
 * POST eprs/cycles: the cycle, launched at once. Without a company or group
 * it covers every enabled employee; with both, the group's members in the
 * company.
 */
export const eprCycleBody = z
  .object({
    name: lineText(z.string({ error: MESSAGES.nameRequired }).trim())
      .min(1, { error: MESSAGES.nameRequired, abort: true })
      .min(EPR_CYCLE_NAME.min, KPI_MESSAGES.sheetNameLength)
      .max(EPR_CYCLE_NAME.max, KPI_MESSAGES.sheetNameLength),
    type_id: z.number({ error: EPR_MESSAGES.typeRequired }).int().positive(EPR_MESSAGES.typeRequired),
    from_date: date(MESSAGES.startDateRequired),
    to_date: date(MESSAGES.endDateRequired),
    deadline: date(EPR_CYCLE_MESSAGES.deadlineRequired),
    company_id: optionalId,
    group_tree_id: optionalId,
  })
  .refine((v) => v.to_date >= v.from_date, { path: ['to_date'], message: EPR_MESSAGES.toBeforeFrom })
  .refine((v) => v.deadline >= v.from_date, {
    path: ['deadline'],
    message: EPR_CYCLE_MESSAGES.deadlineBeforeFrom,
  });
export type EprCycleBody = z.infer<typeof eprCycleBody>;

/** The launch form's rules (pickers and selects), under the body's field names. */
const present = (v: unknown) => v !== null && v !== undefined && v !== '';
export const eprCycleForm = z.object({
  name: eprCycleBody.shape.name,
  type_id: z.custom<unknown>(present, EPR_MESSAGES.typeRequired),
  from_date: z.custom<unknown>(present, MESSAGES.startDateRequired),
  to_date: z.custom<unknown>(present, MESSAGES.endDateRequired),
  deadline: z.custom<unknown>(present, EPR_CYCLE_MESSAGES.deadlineRequired),
});

/** GET eprs/cycles: pages of cycles, newest first by default. */
export const eprCycleListQuery = z.object({ page, limit, sort });
export type EprCycleListQuery = z.input<typeof eprCycleListQuery>;
export const EPR_CYCLE_SORT_FIELDS = ['id', 'name', 'from', 'deadline', 'created'] as const;

/** Whose turn an unfinished review is: the employee (1, 5), the line manager (2, 10) or the O&O (3). */
export const EPR_CYCLE_TURNS = ['employee', 'line_manager', 'one_over_one'] as const;
export type EprCycleTurn = (typeof EPR_CYCLE_TURNS)[number];
export const TURN_OF_STATUS: Readonly<Record<number, EprCycleTurn>> = {
  [EPR_STATUS.draft]: 'employee',
  [EPR_STATUS.sentBack]: 'employee',
  [EPR_STATUS.awaitingLineManager]: 'line_manager',
  [EPR_STATUS.returnedToLineManager]: 'line_manager',
  [EPR_STATUS.awaitingOneOverOne]: 'one_over_one',
};

/**
 * Where an unfinished review stands, one stage each: not started (a draft
 * with nothing filled in), else whose turn it is.
 */
export const EPR_CYCLE_STAGES = ['not_started', ...EPR_CYCLE_TURNS] as const;
export type EprCycleStage = (typeof EPR_CYCLE_STAGES)[number];

/** The statuses of a cycle's progress, furthest along first (the order of the bar's segments). */
export const EPR_CYCLE_STATUS_ORDER = [
  EPR_STATUS.completed,
  EPR_STATUS.awaitingOneOverOne,
  EPR_STATUS.returnedToLineManager,
  EPR_STATUS.awaitingLineManager,
  EPR_STATUS.sentBack,
  EPR_STATUS.draft,
] as const;

/** GET eprs/cycles/{id}: the page of unfinished reviews, of one stage or all. */
export const eprCycleQuery = z.object({ page, limit, stage: z.enum(EPR_CYCLE_STAGES).optional() });
export type EprCycleQuery = z.input<typeof eprCycleQuery>;

export const eprCycleStatusCount = status.extend({ count: z.number().int() });

/** The reviews of a cycle: how many, how many completed, and how many in each status. */
export const eprCycleProgress = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  /** The statuses of EPR_CYCLE_STATUS_ORDER (and any other a review has), in that order. */
  by_status: z.array(eprCycleStatusCount),
});
export type EprCycleProgress = z.infer<typeof eprCycleProgress>;

/** A cycle as the list shows it. */
export const eprCycleItem = z.object({
  id: z.number().int(),
  name: z.string(),
  type: idName,
  from_date: z.string(),
  to_date: z.string(),
  deadline: z.string(),
  company: idName.nullable(),
  group: idName.nullable(),
  launched_by: personRef.nullable(),
  created: z.string(),
  /** The deadline has passed and some reviews are not completed. */
  overdue: z.boolean(),
  progress: eprCycleProgress,
});
export type EprCycleItem = z.infer<typeof eprCycleItem>;
export const eprCycleList = listResponse(eprCycleItem);

/** One unfinished review of a cycle: where it stands and since when. */
export const eprCyclePerson = z.object({
  epr_id: z.number().int(),
  name: z.string(),
  employee: personRef,
  status,
  stage: z.enum(EPR_CYCLE_STAGES),
  turn: z.enum(EPR_CYCLE_TURNS),
  /** The person whose turn it is (the employee, the stored line manager or O&O). */
  waiting_on: personRef.nullable(),
  /** Whole days since the review last changed. */
  days: z.number().int(),
  updated: z.string(),
});
export type EprCyclePerson = z.infer<typeof eprCyclePerson>;

/**
 * The employees the cycle covers now (enabled, in its company or group),
 * each counted once: with a review in this cycle, without an approved sheet
 * over the period, with their review in another cycle, or eligible without
 * a review here yet (launching again makes or takes in theirs).
 */
export const eprCycleScope = z.object({
  employees: z.number().int(),
  in_cycle: z.number().int(),
  without_sheet: z.number().int(),
  other_cycle: z.number().int(),
  not_launched: z.number().int(),
});

/** GET eprs/cycles/{id}: the cycle, its counts and a page of its unfinished reviews. */
export const eprCycleDetail = eprCycleItem.extend({
  scope: eprCycleScope,
  /** Unfinished reviews by stage (they add up to the unfinished reviews). */
  stages: z.object({
    not_started: z.number().int(),
    employee: z.number().int(),
    line_manager: z.number().int(),
    one_over_one: z.number().int(),
  }),
  people: listResponse(eprCyclePerson),
});
export type EprCycleDetail = z.infer<typeof eprCycleDetail>;

/** POST eprs/cycles and PATCH eprs/cycles/{id}/launch: the cycle and what this launch did. */
export const eprCycleLaunched = eprCycleItem.extend({
  launch: z.object({
    /** Reviews made by this launch. */
    created: z.number().int(),
    /** Reviews of the cycle's sheets and type made before, outside any cycle, taken into this one. */
    adopted: z.number().int(),
  }),
});
export type EprCycleLaunched = z.infer<typeof eprCycleLaunched>;
