import {
  CALIBRATION_CELLS,
  CALIBRATION_NAMES_PER_CELL,
  type CalibrationAccess,
  type CalibrationCell,
  type CalibrationGrid,
  type calibrationQuery,
} from '@hr/contracts/epr-calibration';
import { type EprRating, overallRating } from '@hr/contracts/epr-scoring';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import { personRef } from '../../lib/people';
import { statusAnswer } from '../../lib/request-workflow';
import { type GridRow, calibrationRepository as repo } from './epr-calibration.repository';

type Query = z.output<typeof calibrationQuery>;

/**
 * EPR calibration: the reviews of the caller's scope on the 3 × 3 grid of
 * Section C (packages/contracts epr-calibration.ts says where a review
 * stands). HR administrators see every review; an O&O the reviews that store
 * them as the O&O, the same reviews the review itself lets them read
 * (DESIGN.md §3, §9). Read afresh on every call: a line manager's change at
 * 10 shows on the next read.
 */
export class EprCalibrationService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /** Whether the caller may open the grid, and over which reviews (one statement, none for an admin). */
  async access(auth: AuthContext): Promise<CalibrationAccess> {
    if (auth.isAdmin) return { scope: 'all' };
    const standing = await repo.standing(this.db, auth.employeeId, {});
    return { scope: standing.oneOverOne ? 'one_over_one' : null };
  }

  /**
   * The grid: at most two statements whatever the number of reviews (who the
   * caller is and whether the filters name things that exist, then the grid).
   */
  async grid(auth: AuthContext, q: Query): Promise<CalibrationGrid> {
    if (!auth.isAdmin || q.company_id !== undefined || q.group_id !== undefined) {
      const standing = await repo.standing(this.db, auth.employeeId, {
        companyId: q.company_id,
        groupId: q.group_id,
      });
      if (!auth.isAdmin && !standing.oneOverOne) throw domainError('calibration_forbidden');
      if (!standing.companyFound) throw domainError('reference_not_found', { kind: 'company' });
      if (!standing.groupFound) throw domainError('group_item_not_found');
    }
    const rows = await repo.grid(this.db, {
      oneOverOneId: auth.isAdmin ? null : auth.employeeId,
      scope: q.scope,
      companyId: q.company_id,
      groupId: q.group_id,
      fromDate: q.from_date,
      toDate: q.to_date,
    });
    return this.answer(rows);
  }

  private answer(rows: GridRow[]): CalibrationGrid {
    const byCell = new Map(rows.map((r) => [`${r.kpi}.${r.stable}`, r]));
    const cells = CALIBRATION_CELLS.map(({ kpi_rating, stable_rating }): CalibrationCell => {
      const row = byCell.get(`${kpi_rating}.${stable_rating}`);
      const rating = overallRating(kpi_rating as EprRating, stable_rating as EprRating);
      return {
        kpi_rating,
        stable_rating,
        overall: rating.value,
        band: rating.band,
        results: rating.results,
        behaviours: rating.behaviours,
        count: row?.count ?? 0,
        provisional: row?.provisional ?? 0,
        people: (row?.people ?? []).map((p) => ({
          epr_id: p.epr_id,
          employee: personRef(this.secret, p.employee)!,
          line_manager: p.line_manager,
          status: statusAnswer({
            statusId: p.status_id,
            statusName: p.status_name,
            statusColor: p.status_color,
          }),
          provisional: p.provisional,
        })),
      };
    });
    const notRated = byCell.get('null.null');
    const sum = (pick: (r: GridRow) => number) => rows.reduce((total, r) => total + pick(r), 0);
    const reviews = sum((r) => r.count);
    const completed = sum((r) => r.completed);
    return {
      cells,
      not_rated: notRated?.count ?? 0,
      totals: {
        reviews,
        placed: reviews - (notRated?.count ?? 0),
        provisional: sum((r) => r.provisional),
        not_rated: notRated?.count ?? 0,
        completed,
        in_progress: reviews - completed,
      },
      names_per_cell: CALIBRATION_NAMES_PER_CELL,
    };
  }
}
