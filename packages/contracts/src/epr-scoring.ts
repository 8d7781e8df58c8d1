import { KPI_ITEM_STATUS, type KpiDirection } from './kpi-rules';

/**
 * EPR scoring: Section A's marks, computed from the review's KPI sheet, and
 * Section C's overall rating. The server stores what these return and the
 * web app shows the same numbers while the sheet is being filled, so both
 * must compute them here, once.
 */

/** Achievement is capped at 100 % unless the setting allows more (a cap of 120 allows 120 %). */
export const DEFAULT_ACHIEVEMENT_CAP = 100;

/**
 * Digits of a double that carry the decimal value; the ones past them are
 * binary noise (1.005 is stored as 1.00499999999999989…, and 1.005 × 100
 * gives 100.49999999999999). Rounding drops them first, so that it rounds
 * the decimal number the user typed, not its binary neighbour.
 */
const SIGNIFICANT_DIGITS = 15;

/**
 * Rounds to two decimals, half away from zero on the decimal value
 * (1.005 → 1.01, 2.675 → 2.68, −1.005 → −1.01), and never answers −0,
 * which would show as "-0.00". A value that is not finite is refused: a
 * mark of NaN or Infinity means bad data upstream, not a number to show.
 */
export function roundTwo(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot round ${value} to two decimals`);
  const cents = Number((Math.abs(value) * 100).toPrecision(SIGNIFICANT_DIGITS));
  const rounded = (Math.sign(value) * Math.round(cents)) / 100;
  return rounded === 0 ? 0 : rounded;
}

/** Integer cents of a value already on two decimals, so that sums of them are exact. */
const toCents = (value: number) => Math.round(value * 100);

/** An objective of the sheet, as scoring needs it (status: `KPI_ITEM_STATUS`). */
export interface ScoringObjective {
  id: number;
  /** Percentage, 1–100 with up to two decimals. */
  weight: number;
  status: number;
}

/** An objective-KPI line of the sheet; `actual` and `lmActual` are null until filled. */
export interface ScoringLine {
  id: number;
  objectiveId: number;
  /** Percentage of its objective, 1–100 with up to two decimals. */
  weight: number;
  /** Above 0 (the KPI form refuses 0). */
  target: number;
  /** Which way the KPI is better; `higher` when not given. */
  direction?: KpiDirection;
  status: number;
  /** The employee's actual value. */
  actual: number | null;
  /** The line manager's actual value. */
  lmActual: number | null;
}

export interface ScoringOptions {
  /** Highest achievement % a line may reach; `DEFAULT_ACHIEVEMENT_CAP` when not given. */
  cap?: number;
}

/** A line's scores: null when the line is out of scoring (removed) or its value is not filled yet. */
export interface SectionALineScore {
  achievement: number | null;
  mark: number | null;
  lmAchievement: number | null;
  lmMark: number | null;
}

/**
 * An objective's scores. `totalWeight` is the sum of its active lines'
 * weights (100 on a complete sheet; the UI may warn otherwise); the marks
 * are null only for a removed objective, whose `totalWeight` is 0.
 */
export interface SectionAObjectiveScore {
  weight: number;
  totalWeight: number;
  mark: number | null;
  lmMark: number | null;
}

/**
 * Section A of an EPR. Every line and objective given has an entry, removed
 * ones included (with null marks), so the sheet can show them struck through.
 * `unfilled` / `lmUnfilled`: active lines whose actual is not filled yet, so
 * the UI can say that the total is over the filled lines only.
 */
export interface SectionAScore {
  lines: Record<number, SectionALineScore>;
  objectives: Record<number, SectionAObjectiveScore>;
  totalMark: number;
  totalLmMark: number;
  unfilled: number;
  lmUnfilled: number;
}

const isRemoved = (item: { status: number }) => item.status === KPI_ITEM_STATUS.removed;

/**
 * A line's achievement %, before rounding, by its direction, capped at `cap`:
 * - `higher`: actual ÷ target × 100;
 * - `lower`: target ÷ actual × 100 (an actual of 0, nothing at all, is the best there is: the cap);
 * - `budget`: 100 at or under the target, then 100 less the overrun in
 *   percent of the target (5 % over is 95), never below 0.
 */
export function achievementOf(direction: KpiDirection, actual: number, target: number, cap: number): number {
  switch (direction) {
    case 'lower':
      return actual === 0 ? cap : Math.min((target / actual) * 100, cap);
    case 'budget':
      return actual <= target ? Math.min(100, cap) : Math.max(0, 100 - ((actual - target) / target) * 100);
    default:
      return Math.min((actual / target) * 100, cap);
  }
}

/** One side's (the employee's or the line manager's) results over the active lines. */
interface SideScore {
  achievement: Map<number, number | null>;
  mark: Map<number, number | null>;
  objectiveMark: Map<number, number>;
  total: number;
  unfilled: number;
}

/**
 * Scores one side as a person adding the sheet's visible numbers would:
 * the line mark from the shown (rounded) achievement, the objective mark
 * from the shown line marks, the total from the shown objective marks.
 */
function scoreSide(
  objectives: readonly ScoringObjective[],
  linesOf: ReadonlyMap<number, readonly ScoringLine[]>,
  actualOf: (line: ScoringLine) => number | null,
  cap: number,
): SideScore {
  const side: SideScore = {
    achievement: new Map(),
    mark: new Map(),
    objectiveMark: new Map(),
    total: 0,
    unfilled: 0,
  };
  let totalCents = 0;
  for (const objective of objectives) {
    let lineCents = 0;
    for (const line of linesOf.get(objective.id) ?? []) {
      const value = actualOf(line);
      if (value === null) {
        side.achievement.set(line.id, null);
        side.mark.set(line.id, null);
        side.unfilled += 1;
        continue;
      }
      const achievement = roundTwo(achievementOf(line.direction ?? 'higher', value, line.target, cap));
      const mark = roundTwo((achievement * line.weight) / 100);
      side.achievement.set(line.id, achievement);
      side.mark.set(line.id, mark);
      lineCents += toCents(mark);
    }
    const objectiveMark = roundTwo((lineCents * objective.weight) / 10_000);
    side.objectiveMark.set(objective.id, objectiveMark);
    totalCents += toCents(objectiveMark);
  }
  side.total = totalCents / 100;
  return side;
}

/** An actual is either not filled (null) or a finite number of 0 or more. */
function checkActual(line: ScoringLine, name: 'actual' | 'lmActual'): void {
  const value = line[name];
  if (value !== null && !(Number.isFinite(value) && value >= 0)) {
    throw new RangeError(`EPR line ${line.id}: ${name} must be 0 or more, got ${value}`);
  }
}

/**
 * Section A: achievement % by the line's direction (`achievementOf`: actual /
 * target × 100 for higher is better), capped at `cap`; line
 * mark = achievement × line weight / 100; objective mark = sum of its line
 * marks × objective weight / 100; total = sum of the objective marks; the
 * same for the line manager's values (`lm…`), all on two decimals. Removed
 * objectives, removed lines and the lines of a removed objective are out of
 * everything. Lines not filled yet count as 0 in the sums and are counted.
 *
 * Active lines with a target of 0 or below, a negative actual, or an
 * objective that is not on the sheet are refused with a RangeError naming
 * the line: the KPI form forbids them, so they mean bad data, and a mark
 * computed from them would be wrong without anyone noticing.
 */
export function scoreSectionA(
  objectives: readonly ScoringObjective[],
  lines: readonly ScoringLine[],
  options: ScoringOptions = {},
): SectionAScore {
  const cap = options.cap ?? DEFAULT_ACHIEVEMENT_CAP;
  if (!(Number.isFinite(cap) && cap > 0)) {
    throw new RangeError(`The achievement cap must be above 0, got ${cap}`);
  }

  const activeObjectives = objectives.filter((o) => !isRemoved(o));
  const objectiveStatus = new Map(objectives.map((o) => [o.id, o.status]));
  const linesOf = new Map<number, ScoringLine[]>(activeObjectives.map((o) => [o.id, []]));
  for (const line of lines) {
    if (isRemoved(line)) continue;
    const status = objectiveStatus.get(line.objectiveId);
    if (status === undefined) {
      throw new RangeError(`EPR line ${line.id}: its objective ${line.objectiveId} is not on the sheet`);
    }
    if (status === KPI_ITEM_STATUS.removed) continue;
    if (!(line.target > 0)) {
      throw new RangeError(`EPR line ${line.id}: the target must be above 0, got ${line.target}`);
    }
    checkActual(line, 'actual');
    checkActual(line, 'lmActual');
    linesOf.get(line.objectiveId)!.push(line);
  }

  const employee = scoreSide(activeObjectives, linesOf, (line) => line.actual, cap);
  const lineManager = scoreSide(activeObjectives, linesOf, (line) => line.lmActual, cap);

  const lineScores: Record<number, SectionALineScore> = {};
  for (const line of lines) {
    lineScores[line.id] = {
      achievement: employee.achievement.get(line.id) ?? null,
      mark: employee.mark.get(line.id) ?? null,
      lmAchievement: lineManager.achievement.get(line.id) ?? null,
      lmMark: lineManager.mark.get(line.id) ?? null,
    };
  }
  const objectiveScores: Record<number, SectionAObjectiveScore> = {};
  for (const objective of objectives) {
    const weightCents = (linesOf.get(objective.id) ?? []).reduce(
      (sum, line) => sum + toCents(line.weight),
      0,
    );
    objectiveScores[objective.id] = {
      weight: roundTwo(objective.weight),
      totalWeight: weightCents / 100,
      mark: employee.objectiveMark.get(objective.id) ?? null,
      lmMark: lineManager.objectiveMark.get(objective.id) ?? null,
    };
  }

  return {
    lines: lineScores,
    objectives: objectiveScores,
    totalMark: employee.total,
    totalLmMark: lineManager.total,
    unfilled: employee.unfilled,
    lmUnfilled: lineManager.unfilled,
  };
}

/**
 * Section C ratings: 3 the highest, 1 the lowest. (`./epr` exports the same
 * list as `EPR_RATINGS` for its schemas; this one stays private so that the
 * two modules never export one name twice.)
 */
const RATINGS = [1, 2, 3] as const;
export type EprRating = (typeof RATINGS)[number];

/** The overall band follows the KPI rating (the first digit of "K.V"). */
export const OVERALL_BAND = { 3: 'exceeded', 2: 'fully_met', 1: 'partially_met' } as const;
export type OverallBand = (typeof OVERALL_BAND)[EprRating];
export const OVERALL_BAND_TEXT = {
  exceeded: 'Exceeded expectations',
  fully_met: 'Fully met',
  partially_met: 'Partially met',
} as const satisfies Record<OverallBand, string>;

/** One level names both the results (KPI rating) and the behaviours (value rating). */
export const RATING_LEVEL = { 3: 'superior', 2: 'good', 1: 'unsatisfactory' } as const;
export type RatingLevel = (typeof RATING_LEVEL)[EprRating];
export const RATING_LEVEL_TEXT = {
  superior: 'Superior',
  good: 'Good',
  unsatisfactory: 'Unsatisfactory',
} as const satisfies Record<RatingLevel, string>;

/** Section C's overall rating; `value` is "K.V" (KPI rating, value rating), as stored and shown. */
export interface OverallRating {
  value: `${EprRating}.${EprRating}`;
  band: OverallBand;
  results: RatingLevel;
  behaviours: RatingLevel;
}

const isRating = (value: number): value is EprRating => (RATINGS as readonly number[]).includes(value);

/**
 * Section C's overall rating from its KPI and value ratings. The types
 * already say 1–3, but the ratings come from requests and the database, so
 * anything else is refused with a RangeError rather than rated.
 */
export function overallRating(kpiRating: EprRating, valueRating: EprRating): OverallRating {
  for (const [name, rating] of [
    ['KPI rating', kpiRating],
    ['value rating', valueRating],
  ] as const) {
    if (!isRating(rating)) throw new RangeError(`The ${name} must be 1, 2 or 3, got ${rating}`);
  }
  return {
    value: `${kpiRating}.${valueRating}`,
    band: OVERALL_BAND[kpiRating],
    results: RATING_LEVEL[kpiRating],
    behaviours: RATING_LEVEL[valueRating],
  };
}

/** The overall rating's English title, e.g. "Results Superior, Behaviours Good". */
export function overallTitle(rating: Pick<OverallRating, 'results' | 'behaviours'>): string {
  return `Results ${RATING_LEVEL_TEXT[rating.results]}, Behaviours ${RATING_LEVEL_TEXT[rating.behaviours]}`;
}

/** Section C's starting ratings (the form's initial values). */
export interface SectionCDefaults {
  kpi_rating: EprRating | null;
  stable_rating: EprRating | null;
}

/**
 * A given rating as a Section C rating: rounded to a whole number (half up)
 * and clamped to 1–3; null when not given (or not a number).
 */
function asRating(value: number | null): EprRating | null {
  if (value === null || !Number.isFinite(value)) return null;
  const whole = Math.min(3, Math.max(1, Math.round(value)));
  return isRating(whole) ? whole : null;
}

/**
 * Section C starts from the line manager's ratings of Section A (the KPI
 * rating) and Section B (the values, stored as `stable_rating`); the line
 * manager may change them there.
 */
export function sectionCDefaults(
  sectionALmRating: number | null,
  sectionBLmRating: number | null,
): SectionCDefaults {
  return { kpi_rating: asRating(sectionALmRating), stable_rating: asRating(sectionBLmRating) };
}
