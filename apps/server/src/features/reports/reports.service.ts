import type { PersonRef } from '@hr/contracts/people';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { personRef } from '../../lib/people';
import { reportsRepository as repo } from './reports.repository';

/**
 * The people whose requests appear in the caller's team view: direct reports
 * (the caller is their line manager) and their reports (the caller is their
 * O&O). It feeds the employee pickers of the team lists; the caller is never
 * in it (SPEC.md §6).
 */
export class ReportsService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  async reports(
    auth: AuthContext,
    query: { search?: string | undefined; limit: number },
  ): Promise<PersonRef[]> {
    const rows = await repo.reportsOf(this.db, auth.employeeId, query.search || undefined, query.limit);
    return rows.map((r) => personRef(this.secret, r)!);
  }
}
