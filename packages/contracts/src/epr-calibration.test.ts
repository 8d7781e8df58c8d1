import { describe, expect, it } from 'vitest';
import {
  CALIBRATION_CELLS,
  COMPLETED_STATUSES,
  calibrationQuery,
  IN_PROGRESS_STATUSES,
  PROVISIONAL_STATUS,
  RATED_STATUSES,
} from './epr-calibration';
import { sectionCDefaults } from './epr-scoring';
import { EPR_STATUS } from './workflow';

describe('calibration grid', () => {
  it('lays the cells out KPI rating 3 to 1 (rows), value rating 1 to 3 (columns)', () => {
    expect(CALIBRATION_CELLS.map((c) => `${c.kpi_rating}.${c.stable_rating}`)).toEqual([
      '3.1',
      '3.2',
      '3.3',
      '2.1',
      '2.2',
      '2.3',
      '1.1',
      '1.2',
      '1.3',
    ]);
  });

  it('places a provisional review where Section C will start: the line manager’s whole ratings as they are', () => {
    // The grid's statement groups provisional reviews by the stored ratings themselves, which
    // holds only while sectionCDefaults leaves a whole rating 1–3 unchanged.
    for (const a of [1, 2, 3] as const) {
      for (const b of [1, 2, 3] as const) {
        expect(sectionCDefaults(a, b)).toEqual({ kpi_rating: a, stable_rating: b });
      }
    }
    expect(sectionCDefaults(3, null)).toEqual({ kpi_rating: 3, stable_rating: null });
  });

  it('counts every status but Closed, once: rated ones are in progress or completed', () => {
    const counted = [...IN_PROGRESS_STATUSES, ...COMPLETED_STATUSES];
    expect(new Set(counted).size).toBe(counted.length);
    expect(counted.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 10]);
    for (const s of [...RATED_STATUSES, PROVISIONAL_STATUS]) expect(counted).toContain(s);
    expect(RATED_STATUSES).not.toContain(EPR_STATUS.awaitingLineManager);
  });

  it('reads the filters of a query string', () => {
    expect(calibrationQuery.parse({ company_id: '3', group_id: '7', from_date: '2031-01-01' })).toEqual({
      company_id: 3,
      group_id: 7,
      from_date: '2031-01-01',
      scope: 'all',
    });
    for (const bad of [
      { from_date: '2031-02-30' },
      { to_date: '01-02-2031' },
      { from_date: '2031-02-01', to_date: '2031-01-31' },
      { company_id: 'x' },
      { scope: 'closed' },
    ]) {
      expect(calibrationQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
