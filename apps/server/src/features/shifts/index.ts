/** Shifts, their assignment to employees, and the shifts in effect over a range (for attendance). */
import type { Db } from '../../db/client';
import { registerPersonalData } from '../../lib/personal-data';
import { shiftsPersonalData } from './personal-data.repository';
import { type ShiftPeriod, shiftsRepository } from './shifts.repository';

export { shiftRoutes } from './shifts.routes';
export type { ShiftPeriod };

/**
 * Per employee, the shifts in effect from `from` to `to` (dates `YYYY-MM-DD`),
 * sorted by date: the one valid on `from` (an assignment of that day or
 * before, else the default shift), then each assignment starting in the
 * range. Weekly off days are the shift's own, else the employee's company's.
 * One statement, whatever the number of employees.
 */
export function shiftPeriods(
  db: Db,
  employeeIds: number[],
  from: string,
  to: string,
): Promise<Map<number, ShiftPeriod[]>> {
  return shiftsRepository.periods(db, employeeIds, from, to);
}

registerPersonalData(shiftsPersonalData);
