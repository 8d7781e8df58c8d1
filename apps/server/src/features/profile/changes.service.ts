import type { ChangesQuery, RecordChange } from '@hr/contracts/record-changes';
import type { Db } from '../../db/client';
import type { FieldChanges } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { personRef } from '../../lib/people';
import { readableClasses, visibleChanges } from '../../lib/privacy';
import { changesRepository as repo } from './changes.repository';
import { accessTo, authorize } from './profile.access';

/** The part of the record of rows that name no section (written before rows carried one). */
const SECTION_OF_ACTION: Record<string, string> = {
  photo_upload: 'photo',
  document_upload: 'files',
  document_rename: 'files',
  document_delete: 'files',
  enable: 'account',
  disable: 'account',
  create_user: 'account',
  assign_company: 'company',
  assign_office: 'office',
  assign_group: 'groups',
  remove_group: 'groups',
  assign_asset: 'assets',
  remove_asset: 'assets',
};

const numberOr = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * GET employees/{id}/changes: the change log of a person's record, for the
 * employee, the managers above them and HR administrators; each value shows
 * only where the reader may see its class of data (lib/privacy.ts).
 */
export class ChangesService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  async list(
    auth: AuthContext,
    employeeId: number,
    query: ChangesQuery,
  ): Promise<{ items: RecordChange[]; total: number }> {
    const access = await accessTo(this.db, auth, employeeId);
    authorize(access, 'changes');
    const readable = readableClasses(access.relation, access.isAdmin);
    const { rows, total } = await repo.page(this.db, employeeId, {
      sort: query.sort,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    const items = rows.map((row): RecordChange => {
      const data = row.data ?? {};
      const section =
        typeof data.section === 'string' ? data.section : (SECTION_OF_ACTION[row.action] ?? row.action);
      return {
        id: row.id,
        action: row.action,
        section,
        item_id: numberOr(data.item_id) ?? numberOr(data.document_id),
        created: row.createdAt.toISOString(),
        actor: personRef(this.secret, row.actor),
        impersonated_by: row.impersonator,
        changes: visibleChanges(
          section,
          (data.changes ?? {}) as FieldChanges,
          readable,
          Array.isArray(data.fields) ? (data.fields as string[]) : [],
        ),
      };
    });
    return { items, total };
  }
}
