import {
  type EmployeeSearchFilter,
  type EmployeeSearchItem,
  GROUP_MESSAGES,
  type Group,
  type GroupTreeCreate,
  type GroupTreeItem,
  type TeamMember,
  type TeamQuery,
} from '@hr/contracts/employee-search';
import { NOTICES } from '@hr/contracts/messages';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { domainError, fieldError } from '../../lib/errors';
import { authorizeSearch } from '../../lib/privacy';
import { photoUrls } from '../../lib/signed-urls';
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
      ? await repo.groupTreeWithDescendants(this.db, filter.group_tree_ids)
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
    const target = await repo.employee(this.db, targetId);
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

  async groups(typeId?: number): Promise<Group[]> {
    const { groupRows, treeRows } = await repo.groups(this.db, typeId);
    const items = new Map<number, GroupTreeItem & { groupId: number }>();
    for (const r of treeRows)
      items.set(r.id, {
        id: r.id,
        name: r.name,
        parent_id: r.parentId,
        employees_count: Number(r.employees),
        children: [],
        groupId: r.groupId,
      });
    const roots = new Map<number, GroupTreeItem[]>(groupRows.map((g) => [g.id, []]));
    for (const item of items.values()) {
      const parent = item.parent_id === null ? undefined : items.get(item.parent_id);
      if (parent) parent.children.push(item);
      else roots.get(item.groupId)?.push(item);
    }
    const strip = (item: GroupTreeItem & { groupId?: number }): GroupTreeItem => ({
      id: item.id,
      name: item.name,
      parent_id: item.parent_id,
      employees_count: item.employees_count,
      children: item.children.map(strip),
    });
    return groupRows.map((g) => ({
      id: g.id,
      name: g.name,
      type: g.typeId !== null && g.typeName !== null ? { id: g.typeId, name: g.typeName } : null,
      tree: (roots.get(g.id) ?? []).map(strip),
    }));
  }

  async createTreeItem(auth: AuthContext, groupId: number, input: GroupTreeCreate) {
    return this.db.transaction(async (tx) => {
      if (!(await repo.groupExists(tx, groupId))) throw domainError('group_not_found');
      const parentId = input.parent_id ?? null;
      if (parentId !== null) {
        const parent = await repo.treeItem(tx, parentId);
        if (!parent || parent.groupId !== groupId)
          throw fieldError('parent_id', GROUP_MESSAGES.parentUnknown);
      }
      if (await repo.siblingNamed(tx, groupId, parentId, input.name))
        throw fieldError('name', GROUP_MESSAGES.nameTaken);
      const row = await repo.insertTreeItem(tx, { groupId, parentId, name: input.name });
      await audit(tx, auth, {
        action: 'create',
        entity: 'group_tree',
        entityId: row.id,
        data: { group_id: groupId, parent_id: parentId, name: row.name },
      });
      return { id: row.id, group_id: row.groupId, name: row.name, parent_id: row.parentId };
    });
  }

  /** Deletes an item and the items below it, unless employees belong to any of them. */
  async deleteTreeItem(auth: AuthContext, treeId: number) {
    return this.db.transaction(async (tx) => {
      const item = await repo.treeItem(tx, treeId);
      if (!item) throw domainError('group_item_not_found');
      const all = await repo.groupTreeWithDescendants(tx, [treeId]);
      const members = await repo.membersUnder(tx, all);
      if (members === 1) throw domainError('group_item_has_member', { name: item.name });
      if (members > 1) throw domainError('group_item_has_members', { name: item.name, members });
      await repo.deleteTreeItem(tx, treeId);
      await audit(tx, auth, {
        action: 'delete',
        entity: 'group_tree',
        entityId: treeId,
        data: { group_id: item.groupId, name: item.name, removed_items: all.length },
      });
      return { message: NOTICES.deleted.replace('{name}', item.name) };
    });
  }
}
