import { z } from 'zod';
import { isCalendarDate } from './dates';
import { CALIBRATION_SCOPES, type CalibrationScope } from './epr-calibration-rules';
import type { OverallBand, RatingLevel } from './epr-scoring';
import { status } from './lists';
import { personRef } from './people';
import { EPR_STATUS } from './workflow';

/**
 * EPR calibration (`GET eprs/calibration`): the reviews an HR administrator
 * (all) or an O&O (those naming them as the stored O&O) sees on the 3 × 3
 * grid of Section C, KPI rating × value rating, with counts and names.
 *
 * Where a review stands on the grid:
 * - **set**: its Section C ratings, once they exist (the line manager's
 *   approval fills them, 2 → 3; the line manager may change them at 10; 4 is
 *   Completed), so at statuses `RATED_STATUSES`;
 * - **provisional**: a review still awaiting its line manager (2) whose line
 *   manager has already given both the Section A and the Section B rating
 *   stands where Section C will start from (`sectionCDefaults` of those two
 *   ratings), marked provisional;
 * - **not yet rated**: every other review in progress (not started, draft,
 *   sent back, or awaiting the line manager's ratings) is counted, not placed.
 * Closed reviews (6) are neither completed nor in progress, and stay out.
 */

/** Reviews whose Section C holds the ratings they are placed by. */
export const RATED_STATUSES = [
  EPR_STATUS.awaitingOneOverOne,
  EPR_STATUS.completed,
  EPR_STATUS.returnedToLineManager,
] as const;
/** Where a review is placed provisionally, by its line manager's A and B ratings. */
export const PROVISIONAL_STATUS = EPR_STATUS.awaitingLineManager;
/** The reviews still moving: not started (0), draft, awaiting either manager, sent back, returned. */
export const IN_PROGRESS_STATUSES = [
  0,
  EPR_STATUS.draft,
  EPR_STATUS.awaitingLineManager,
  EPR_STATUS.awaitingOneOverOne,
  EPR_STATUS.sentBack,
  EPR_STATUS.returnedToLineManager,
] as const;
export const COMPLETED_STATUSES = [EPR_STATUS.completed] as const;

export { CALIBRATION_SCOPES, type CalibrationScope } from './epr-calibration-rules';

/** Names a cell lists (the first by name); its count is always the whole. */
export const CALIBRATION_NAMES_PER_CELL = 50;

const RATINGS = [3, 2, 1] as const;
/**
 * The nine cells as the grid shows them: KPI rating 3 (top) to 1, and within
 * a row value rating 1 to 3. Answers list their cells in this order.
 */
export const CALIBRATION_CELLS = RATINGS.flatMap((kpi) =>
  ([1, 2, 3] as const).map((stable) => ({ kpi_rating: kpi, stable_rating: stable })),
);

export const CALIBRATION_MESSAGES = {
  dateFormat: 'A date looks like YYYY-MM-DD and must be a real day',
  toBeforeFrom: 'to_date must not be before from_date',
} as const;

const day = z.string().refine(isCalendarDate, CALIBRATION_MESSAGES.dateFormat);

/**
 * The grid's filters: the employee's company, a group item (with the items
 * below it), and the period (reviews overlapping from_date … to_date; either
 * end may be left open).
 */
export const calibrationQuery = z
  .object({
    company_id: z.coerce.number().int().positive().optional(),
    group_id: z.coerce.number().int().positive().optional(),
    from_date: day.optional(),
    to_date: day.optional(),
    scope: z.enum(CALIBRATION_SCOPES).default('all'),
  })
  .refine((q) => !q.from_date || !q.to_date || q.from_date <= q.to_date, {
    path: ['to_date'],
    message: CALIBRATION_MESSAGES.toBeforeFrom,
  });

/** The filters as a client sends them. */
export type CalibrationQuery = {
  company_id?: number;
  group_id?: number;
  from_date?: string;
  to_date?: string;
  scope?: CalibrationScope;
};

/** A review named in a cell. */
export const calibrationPerson = z.object({
  epr_id: z.number().int(),
  employee: personRef,
  /** The stored line manager's name. */
  line_manager: z.string().nullable(),
  status,
  /** Placed by the line manager's Section A and B ratings, before their approval fills Section C. */
  provisional: z.boolean(),
});
export type CalibrationPerson = z.infer<typeof calibrationPerson>;

const band = z.enum(['exceeded', 'fully_met', 'partially_met']) satisfies z.ZodType<OverallBand>;
const level = z.enum(['superior', 'good', 'unsatisfactory']) satisfies z.ZodType<RatingLevel>;

export const calibrationCell = z.object({
  kpi_rating: z.number().int(),
  stable_rating: z.number().int(),
  /** "K.V", e.g. "3.2". */
  overall: z.string(),
  band,
  results: level,
  behaviours: level,
  /** Every review in the cell, provisional ones included. */
  count: z.number().int(),
  provisional: z.number().int(),
  /** The first `names_per_cell` by employee name. */
  people: z.array(calibrationPerson),
});
export type CalibrationCell = z.infer<typeof calibrationCell>;

export const calibrationGrid = z.object({
  /** Nine cells in the order of `CALIBRATION_CELLS`. */
  cells: z.array(calibrationCell),
  /** Reviews in progress that have no ratings to be placed by yet. */
  not_rated: z.number().int(),
  totals: z.object({
    /** Every review the filters match: placed and not yet rated. */
    reviews: z.number().int(),
    placed: z.number().int(),
    provisional: z.number().int(),
    not_rated: z.number().int(),
    completed: z.number().int(),
    in_progress: z.number().int(),
  }),
  names_per_cell: z.number().int(),
});
export type CalibrationGrid = z.infer<typeof calibrationGrid>;

/**
 * `GET eprs/calibration/access`: whether the caller may open the grid, and
 * over which reviews (every review, or those naming them as the O&O).
 */
export const calibrationAccess = z.object({ scope: z.enum(['all', 'one_over_one']).nullable() });
export type CalibrationAccess = z.infer<typeof calibrationAccess>;
