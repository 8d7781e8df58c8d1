import type {
  OrgChartNode,
  OrgChartQuery,
  OrgChartReportsQuery,
  OrgChartResponse,
} from '@hr/contracts/org-chart';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import { photoUrls } from '../../lib/signed-urls';
import { type NodeRow, orgChartRepository as repo } from './org-chart.repository';

/**
 * The organisation chart of the team directory: reporting lines up from a
 * person and down from anyone, directory data that every signed-in employee
 * may read (DESIGN.md §9). Each call sends one statement besides the
 * session's, however deep the chain or wide the branch.
 */
export class OrgChartService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /** Only directory fields, whoever asks. */
  private node(row: NodeRow): OrgChartNode {
    return {
      id: row.id,
      eid: row.eid,
      name: row.name,
      designation: row.designation,
      photo: photoUrls(this.secret, row.id, row.photo_version),
      line_manager_id: row.parent_id,
      reports_count: row.reports_count,
    };
  }

  /**
   * The chain from the top of the company down to the person (the caller by
   * default), each member's first page of direct reports, and the person's.
   * An unknown or disabled person is a 404.
   */
  async chart(auth: AuthContext, query: OrgChartQuery): Promise<OrgChartResponse> {
    const rows = await repo.chart(this.db, query.id ?? auth.employeeId, auth.employeeId, query.limit);
    const chainRows = rows.filter((r) => r.depth !== null).sort((a, b) => (b.depth ?? 0) - (a.depth ?? 0));
    const personRow = chainRows.at(-1);
    if (!personRow) throw domainError('employee_not_found');

    const below = new Map<number, OrgChartNode[]>();
    for (const row of rows) {
      if (row.depth !== null || row.parent_id === null) continue;
      const items = below.get(row.parent_id) ?? [];
      items.push(this.node(row));
      below.set(row.parent_id, items);
    }
    const branchOf = (manager: NodeRow) => ({
      manager_id: manager.id,
      items: below.get(manager.id) ?? [],
      total: manager.reports_count,
    });
    const chain = chainRows.slice(0, -1);
    return {
      viewer: { id: auth.employeeId, line_manager_id: personRow.viewer_parent_id },
      chain: chain.map((r) => this.node(r)),
      person: this.node(personRow),
      reports: branchOf(personRow),
      branches: chain.map(branchOf),
    };
  }

  /** A page of one person's direct reports; an unknown or disabled person is a 404. */
  async reports(managerId: number, query: OrgChartReportsQuery) {
    const found = await repo.reports(this.db, managerId, {
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    if (!found) throw domainError('employee_not_found');
    return { items: found.items.map((r) => this.node(r)), total: found.total };
  }
}
