import { describe, expect, it } from 'vitest';
import {
  achievementOf,
  type EprRating,
  OVERALL_BAND_TEXT,
  overallRating,
  overallTitle,
  RATING_LEVEL_TEXT,
  roundTwo,
  type ScoringLine,
  type ScoringObjective,
  scoreSectionA,
  sectionCDefaults,
} from './epr-scoring';
import { KPI_ITEM_STATUS } from './kpi';

const { active, removed } = KPI_ITEM_STATUS;

const objective = (id: number, weight: number, status: number = active): ScoringObjective => ({
  id,
  weight,
  status,
});
const line = (
  id: number,
  objectiveId: number,
  weight: number,
  target: number,
  actual: number | null,
  lmActual: number | null,
  status: number = active,
): ScoringLine => ({ id, objectiveId, weight, target, status, actual, lmActual });

/**
 * The full example, by hand:
 *
 * Objective 1 (weight 60)
 *   line 11 (weight 70, target 200): actual 150 → 75 %  → mark 75 × 70 / 100  = 52.50
 *                                     lm     180 → 90 %  → mark 90 × 70 / 100  = 63.00
 *   line 12 (weight 30, target 50):  actual 60  → 120 % capped to 100 → 30.00
 *                                     lm     40  → 80 %  → mark 80 × 30 / 100  = 24.00
 *   objective mark    (52.50 + 30.00) × 60 / 100 = 49.50
 *   objective lm mark (63.00 + 24.00) × 60 / 100 = 52.20
 * Objective 2 (weight 40)
 *   line 21 (weight 100, target 3):   actual 2   → 66.666… → 66.67 % → mark 66.67
 *                                     lm     3   → 100 %   → mark 100.00
 *   objective mark    66.67 × 40 / 100 = 26.668 → 26.67
 *   objective lm mark 100 × 40 / 100 = 40.00
 * Total 49.50 + 26.67 = 76.17; lm total 52.20 + 40.00 = 92.20.
 */
const objectives = [objective(1, 60), objective(2, 40)];
const lines = [line(11, 1, 70, 200, 150, 180), line(12, 1, 30, 50, 60, 40), line(21, 2, 100, 3, 2, 3)];

describe('Section A: a full sheet', () => {
  it('shows every line mark, objective mark and total, for the employee and the line manager', () => {
    expect(scoreSectionA(objectives, lines)).toEqual({
      lines: {
        11: { achievement: 75, mark: 52.5, lmAchievement: 90, lmMark: 63 },
        12: { achievement: 100, mark: 30, lmAchievement: 80, lmMark: 24 },
        21: { achievement: 66.67, mark: 66.67, lmAchievement: 100, lmMark: 100 },
      },
      objectives: {
        1: { weight: 60, totalWeight: 100, mark: 49.5, lmMark: 52.2 },
        2: { weight: 40, totalWeight: 100, mark: 26.67, lmMark: 40 },
      },
      totalMark: 76.17,
      totalLmMark: 92.2,
      unfilled: 0,
      lmUnfilled: 0,
    });
  });
});

describe('Section A: the achievement cap', () => {
  const sheet = (actual: number) => [line(1, 1, 100, 100, actual, actual)];

  it.each([
    { actual: 125, cap: undefined, achievement: 100 },
    { actual: 125, cap: 120, achievement: 120 },
    { actual: 130, cap: 120, achievement: 120 },
    { actual: 110, cap: 120, achievement: 110 },
    { actual: 100, cap: 100, achievement: 100 },
  ])('actual $actual of 100 with cap $cap gives $achievement %', ({ actual, cap, achievement }) => {
    const score = scoreSectionA([objective(1, 100)], sheet(actual), cap === undefined ? undefined : { cap });
    // One objective and one line, both of weight 100: the mark and the total are the achievement.
    expect(score.lines[1]).toEqual({
      achievement,
      mark: achievement,
      lmAchievement: achievement,
      lmMark: achievement,
    });
    expect(score.totalMark).toBe(achievement);
    expect(score.totalLmMark).toBe(achievement);
  });

  it('never gives a total above 100 with the default cap, even with uneven weights', () => {
    // Three objectives of 33.33 / 33.33 / 33.34, each with lines of 33.33 / 33.33 / 33.34, all at 10 × target:
    // every line at 100 % scores its weight, every objective its weight, and the total 100.
    const weights = [33.33, 33.33, 33.34];
    const uneven = weights.map((w, i) => objective(i + 1, w));
    const overachieved = uneven.flatMap((o) =>
      weights.map((w, j) => line(o.id * 10 + j, o.id, w, 7, 70, 700)),
    );
    const score = scoreSectionA(uneven, overachieved);
    expect(score.objectives[1]?.mark).toBe(33.33);
    expect(score.objectives[3]?.mark).toBe(33.34);
    expect(score.totalMark).toBe(100);
    expect(score.totalLmMark).toBe(100);
  });

  it('refuses a cap of 0 or below', () => {
    expect(() => scoreSectionA(objectives, lines, { cap: 0 })).toThrow(RangeError);
  });
});

describe('Section A: which way a KPI is better', () => {
  /**
   * By hand, cap 100 unless said:
   * - lower, days to close a defect, target 5: actual 4.75 → 5 / 4.75 = 105.26 % → capped 100;
   *   actual 6 → 5 / 6 = 83.33 %; actual 10 → 50 %; with a cap of 120, 4.75 → 105.26 %.
   * - budget, cost per project, budget 850,000: actual 892,500 is 42,500 over, 5 % of the budget
   *   → 95 %; 800,000 (under) → 100 %; 1,700,000 (100 % over) → 0 %; 2,000,000 → 0 % (never below).
   * - higher, the default: 4.75 of 5 → 95 %.
   */
  it.each([
    ['lower', 4.75, 5, 100, 100],
    ['lower', 6, 5, 100, 83.33],
    ['lower', 10, 5, 100, 50],
    ['lower', 4.75, 5, 120, 105.26],
    ['budget', 892_500, 850_000, 100, 95],
    ['budget', 800_000, 850_000, 100, 100],
    ['budget', 850_000, 850_000, 120, 100],
    ['budget', 1_700_000, 850_000, 100, 0],
    ['budget', 2_000_000, 850_000, 100, 0],
    ['higher', 4.75, 5, 100, 95],
    ['higher', 0, 5, 100, 0],
  ] as const)(
    '%s: actual %s against %s (cap %s) achieves %s %%',
    (direction, actual, target, cap, expected) => {
      expect(roundTwo(achievementOf(direction, actual, target, cap))).toBe(expected);
    },
  );

  it('an actual of 0 is the best a lower-is-better KPI can do, and full marks for a budget', () => {
    expect(achievementOf('lower', 0, 5, 100)).toBe(100);
    expect(achievementOf('lower', 0, 5, 120)).toBe(120);
    expect(achievementOf('budget', 0, 850_000, 100)).toBe(100);
  });

  it('scores each line by its own direction, the missing one as higher', () => {
    const sheet = [objective(1, 100)];
    const mixed: ScoringLine[] = [
      { ...line(11, 1, 50, 5, 4.75, 6), direction: 'lower' },
      { ...line(12, 1, 30, 850_000, 892_500, 800_000), direction: 'budget' },
      line(13, 1, 20, 5, 4.75, 5),
    ];
    const score = scoreSectionA(sheet, mixed);
    // 100 × 50 % = 50.00; 95 × 30 % = 28.50; 95 × 20 % = 19.00; objective 97.50.
    expect(score.lines[11]).toMatchObject({
      achievement: 100,
      mark: 50,
      lmAchievement: 83.33,
      lmMark: 41.67,
    });
    expect(score.lines[12]).toMatchObject({ achievement: 95, mark: 28.5, lmAchievement: 100, lmMark: 30 });
    expect(score.lines[13]).toMatchObject({ achievement: 95, mark: 19, lmAchievement: 100, lmMark: 20 });
    expect(score.totalMark).toBe(97.5);
    // lm: 41.67 + 30 + 20 = 91.67.
    expect(score.totalLmMark).toBe(91.67);
  });
});

describe('Section A: removed objectives and lines', () => {
  /**
   * Objective 1 (60): line 11 (70) at 50 % → 35; line 12 (30) removed; line 13 (30) at 100 % → 30.
   *   Active line weights 70 + 30 = 100; mark (35 + 30) × 60 / 100 = 39.
   * Objective 2 (40): line 21 (100) at 50 % → 50; mark 50 × 40 / 100 = 20.
   * Objective 3 (25) removed, with its line 31 (and a target of 0 that is never looked at).
   * Total 39 + 20 = 59, lm the same.
   */
  const withRemoved = scoreSectionA(
    [objective(1, 60), objective(2, 40), objective(3, 25, removed)],
    [
      line(11, 1, 70, 10, 5, 5),
      line(12, 1, 30, 10, 10, 10, removed),
      line(13, 1, 30, 10, 10, 10),
      line(21, 2, 100, 10, 5, 5),
      line(31, 3, 100, 0, 10, 10),
    ],
  );
  const out = { achievement: null, mark: null, lmAchievement: null, lmMark: null };

  it('gives removed lines and the lines of a removed objective no marks', () => {
    expect(withRemoved.lines[12]).toEqual(out);
    expect(withRemoved.lines[31]).toEqual(out);
    expect(withRemoved.objectives[3]).toEqual({ weight: 25, totalWeight: 0, mark: null, lmMark: null });
  });

  it('leaves their weights out of the totals', () => {
    expect(withRemoved.objectives[1]).toEqual({ weight: 60, totalWeight: 100, mark: 39, lmMark: 39 });
    expect(withRemoved.totalMark).toBe(59);
    expect(withRemoved.totalLmMark).toBe(59);
  });
});

describe('Section A: actuals not filled yet', () => {
  it('gives unfilled lines no mark, sums the filled ones and counts the unfilled', () => {
    /**
     * The full example with line 11's actual and line 21's lm actual not filled:
     * objective 1 = 30 × 60 / 100 = 18; objective 2 = 26.67 (as before); total 44.67.
     * lm: objective 1 = 52.20 (as before); objective 2 = 0; total 52.20.
     */
    const partly = scoreSectionA(objectives, [
      line(11, 1, 70, 200, null, 180),
      line(12, 1, 30, 50, 60, 40),
      line(21, 2, 100, 3, 2, null),
      line(22, 2, 100, 3, null, null, removed),
    ]);
    expect(partly.lines[11]).toEqual({ achievement: null, mark: null, lmAchievement: 90, lmMark: 63 });
    expect(partly.lines[21]).toEqual({ achievement: 66.67, mark: 66.67, lmAchievement: null, lmMark: null });
    expect(partly.objectives[1]).toMatchObject({ mark: 18, lmMark: 52.2 });
    expect(partly.objectives[2]).toMatchObject({ mark: 26.67, lmMark: 0 });
    expect(partly).toMatchObject({ totalMark: 44.67, totalLmMark: 52.2, unfilled: 1, lmUnfilled: 1 });
  });

  it('scores a sheet with nothing filled as 0, every active line unfilled', () => {
    const empty = scoreSectionA(
      objectives,
      lines.map((l) => ({ ...l, actual: null, lmActual: null })),
    );
    expect(empty).toMatchObject({ totalMark: 0, totalLmMark: 0, unfilled: 3, lmUnfilled: 3 });
    expect(empty.objectives[1]).toEqual({ weight: 60, totalWeight: 100, mark: 0, lmMark: 0 });
  });
});

describe('Section A: bad data', () => {
  it.each([0, -5, Number.NaN])('refuses a target of %s, naming the line', (target) => {
    const bad = [...lines, line(22, 2, 10, target, 1, 1)];
    expect(() => scoreSectionA(objectives, bad)).toThrow(RangeError);
    expect(() => scoreSectionA(objectives, bad)).toThrow(/line 22\b.*target/);
  });

  it('refuses a negative actual and a line of an objective not on the sheet', () => {
    expect(() => scoreSectionA(objectives, [line(11, 1, 100, 10, -1, 1)])).toThrow(/line 11\b.*actual/);
    expect(() => scoreSectionA(objectives, [line(11, 1, 100, 10, 1, -1)])).toThrow(/line 11\b.*lmActual/);
    expect(() => scoreSectionA(objectives, [line(91, 9, 100, 10, 1, 1)])).toThrow(/line 91\b.*objective 9\b/);
  });
});

describe('Section A: rounding', () => {
  it('adds the shown line marks, and the shown objective marks', () => {
    /**
     * Objective 1 (100): two lines of weight 50 at 1 of 3 → 33.33 % → 33.33 × 50 / 100 = 16.665 → 16.67 each;
     *   the objective is 16.67 + 16.67 = 33.34 (not 33.33 from the unrounded 33.333…).
     */
    const lineSums = scoreSectionA([objective(1, 100)], [line(1, 1, 50, 3, 1, 1), line(2, 1, 50, 3, 1, 1)]);
    expect(lineSums.lines[1]?.mark).toBe(16.67);
    expect(lineSums.totalMark).toBe(33.34);
    /**
     * Two objectives of weight 50, each one line of weight 100 at 33.33 %: each objective 33.33 × 50 / 100
     * = 16.665 → 16.67; the total is 16.67 + 16.67 = 33.34.
     */
    const objectiveSums = scoreSectionA(
      [objective(1, 50), objective(2, 50)],
      [line(1, 1, 100, 3, 1, 1), line(2, 2, 100, 3, 1, 1)],
    );
    expect(objectiveSums.objectives[1]?.mark).toBe(16.67);
    expect(objectiveSums.totalMark).toBe(33.34);
  });

  it('rounds a mark whose binary value falls just under the half up', () => {
    // 2.9 of 200 → 1.45 %; × 70 / 100 = 1.015 (1.01499… in binary) → 1.02; objective (100) 1.02.
    const score = scoreSectionA([objective(1, 100)], [line(1, 1, 70, 200, 2.9, 2.9)]);
    expect(score.lines[1]).toMatchObject({ achievement: 1.45, mark: 1.02 });
    expect(score.totalMark).toBe(1.02);
  });

  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [2.345, 2.35],
    [0.285, 0.29],
    [1.015, 1.02],
    [0.1 + 0.2, 0.3],
    [1.0049, 1],
    [123456.785, 123456.79],
    [-1.005, -1.01],
    [-2.675, -2.68],
    [100, 100],
  ])('roundTwo(%s) is %s', (value, rounded) => {
    expect(roundTwo(value)).toBe(rounded);
  });

  it('never answers negative zero', () => {
    // toBe compares with Object.is, which tells -0 from 0.
    expect(roundTwo(-0)).toBe(0);
    expect(roundTwo(-0.004)).toBe(0);
    expect(roundTwo(-0.001)).toBe(0);
  });

  it('refuses what is not a finite number', () => {
    expect(() => roundTwo(Number.NaN)).toThrow(RangeError);
    expect(() => roundTwo(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('Section C: overall rating', () => {
  it.each([
    [3, 3, '3.3', 'exceeded', 'superior', 'superior', 'Results Superior, Behaviours Superior'],
    [3, 2, '3.2', 'exceeded', 'superior', 'good', 'Results Superior, Behaviours Good'],
    [3, 1, '3.1', 'exceeded', 'superior', 'unsatisfactory', 'Results Superior, Behaviours Unsatisfactory'],
    [2, 3, '2.3', 'fully_met', 'good', 'superior', 'Results Good, Behaviours Superior'],
    [2, 2, '2.2', 'fully_met', 'good', 'good', 'Results Good, Behaviours Good'],
    [2, 1, '2.1', 'fully_met', 'good', 'unsatisfactory', 'Results Good, Behaviours Unsatisfactory'],
    [
      1,
      3,
      '1.3',
      'partially_met',
      'unsatisfactory',
      'superior',
      'Results Unsatisfactory, Behaviours Superior',
    ],
    [1, 2, '1.2', 'partially_met', 'unsatisfactory', 'good', 'Results Unsatisfactory, Behaviours Good'],
    [
      1,
      1,
      '1.1',
      'partially_met',
      'unsatisfactory',
      'unsatisfactory',
      'Results Unsatisfactory, Behaviours Unsatisfactory',
    ],
  ] as const)('KPI %i and values %i give %s', (kpi, values, value, band, results, behaviours, title) => {
    const rating = overallRating(kpi, values);
    expect(rating).toEqual({ value, band, results, behaviours });
    expect(overallTitle(rating)).toBe(title);
  });

  it('has the English texts beside it', () => {
    expect(OVERALL_BAND_TEXT).toEqual({
      exceeded: 'Exceeded expectations',
      fully_met: 'Fully met',
      partially_met: 'Partially met',
    });
    expect(RATING_LEVEL_TEXT).toEqual({
      superior: 'Superior',
      good: 'Good',
      unsatisfactory: 'Unsatisfactory',
    });
  });

  it.each([0, 4, 2.5])('refuses a rating of %s on either side', (bad) => {
    expect(() => overallRating(bad as EprRating, 2)).toThrow(RangeError);
    expect(() => overallRating(2, bad as EprRating)).toThrow(RangeError);
  });
});

describe('Section C: starting ratings', () => {
  it.each([
    { a: null, b: null, kpi: null, values: null },
    { a: 2, b: 3, kpi: 2, values: 3 },
    { a: 1, b: null, kpi: 1, values: null },
    { a: 0, b: 4, kpi: 1, values: 3 },
    { a: -2, b: 10, kpi: 1, values: 3 },
    { a: 2.4, b: 2.5, kpi: 2, values: 3 },
    { a: Number.NaN, b: 1.2, kpi: null, values: 1 },
  ])('Section A $a and Section B $b start Section C at $kpi and $values', ({ a, b, kpi, values }) => {
    expect(sectionCDefaults(a, b)).toEqual({ kpi_rating: kpi, stable_rating: values });
  });
});
