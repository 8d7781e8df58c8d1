import type {
  EmployeeSearchFilter,
  EmployeeSearchItem,
  TeamMember,
  TeamQuery,
} from '@hr/contracts/employee-search';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import { authorizeSearch } from '../../lib/privacy';
import { photoUrls } from '../../lib/signed-urls';
import { groupTreeWithDescendants } from '../organisation';
import { type CardRow, directoryRepository as repo, searchConditions } from './directory.repository';

interface PageRequest {
  page: number;
  limit: number;
  sort: string;
}

/** A page of a list: the route turns it into `{ items, count, total, pagination }`. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

export class DirectoryService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /** The directory card: only directory fields (DESIGN.md §9), whoever asks. */
  private card(row: CardRow) {
    return {
      id: row.id,
      eid: row.eid,
      name: row.name,
      designation: row.designation,
      email: row.email,
      mobile: row.mobile,
      company: row.company,
      office: row.office,
      photo: photoUrls(this.secret, row.id, row.photoVersion),
    };
  }

  /**
   * Any signed-in employee searches the directory; disabled employees only
   * show to admins. Filters and sorts on personal data are for those who may
   * read it of everyone the search can match (lib/privacy.ts), checked
   * before anything is read.
   */
  async search(
    auth: AuthContext,
    filter: EmployeeSearchFilter,
    query: PageRequest,
  ): Promise<ListPage<EmployeeSearchItem>> {
    if ((filter.status ?? 'enabled') !== 'enabled' && !auth.isAdmin)
      throw domainError('disabled_search_admin_only');
    await authorizeSearch(this.db, auth, filter, query.sort);
    const groupTreeIds = filter.group_tree_ids?.length
      ? await groupTreeWithDescendants(this.db, filter.group_tree_ids)
      : null;
    const where = searchConditions(filter, groupTreeIds, auth.employeeId);
    const { rows, total } = await repo.search(
      this.db,
      where,
      { offset: (query.page - 1) * query.limit, limit: query.limit, sort: query.sort },
      filter.full_text,
    );
    return { items: rows.map((r) => ({ ...this.card(r), enabled: r.enabled })), total };
  }

  async team(auth: AuthContext, query: TeamQuery): Promise<ListPage<TeamMember>> {
    const targetId = query.id ?? auth.employeeId;
    // One's own team: the session check has read one's line manager already.
    const target =
      targetId === auth.employeeId && auth.lineManagerId !== undefined
        ? { id: auth.employeeId, parentId: auth.lineManagerId }
        : await repo.employee(this.db, targetId);
    if (!target) throw domainError('employee_not_found');
    if (
      targetId !== auth.employeeId &&
      !auth.isAdmin &&
      !(await repo.isAbove(this.db, auth.employeeId, targetId))
    )
      throw domainError('team_forbidden');

    const search = query.search || query.full_text || undefined;
    const { rows, total } = await repo.team(
      this.db,
      { id: target.id, parentId: target.parentId },
      { type: query.type, search },
      { offset: (query.page - 1) * query.limit, limit: query.limit, sort: query.sort },
    );
    return { items: rows.map((r) => ({ ...this.card(r), relation: r.relation })), total };
  }
}
