import type { CalibrationQuery } from '@hr/contracts/epr-calibration';

/** The query keys of the calibration grid. */
export const calibrationKeys = {
  all: ['epr-calibration'] as const,
  grid: (query: CalibrationQuery) => ['epr-calibration', 'grid', query] as const,
  access: (token: string | undefined) => ['epr-calibration', 'access', token] as const,
};
