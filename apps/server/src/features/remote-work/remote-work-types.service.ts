import type { enabledListQuery } from '@hr/contracts/admin';
import {
  REMOTE_WORK_TYPE,
  type RemoteWorkTypeItem,
  type remoteWorkTypeCreate,
  type remoteWorkTypeUpdate,
} from '@hr/contracts/remote-work';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import { plainKind, ReferenceData, type ReferenceDataOf } from '../../lib/reference-data';
import { type RemoteWorkTypeRow, remoteWorkTypesRepository as repo } from './remote-work-types.repository';

type TypeCreate = z.output<typeof remoteWorkTypeCreate>;
type TypeUpdate = z.output<typeof remoteWorkTypeUpdate>;
type Query = z.output<typeof enabledListQuery>;

/**
 * Remote-work types: type 1 is hours within a day (SPEC.md §9) and is never
 * deleted; a type requests use is disabled instead.
 */
export const remoteWorkTypeKind = {
  ...plainKind(repo.store, {
    entity: 'remote_work_type',
    kind: 'remote-work type',
    defaultSort: 'id,asc',
    wholeWithoutPage: true,
    answer: (t: RemoteWorkTypeRow): RemoteWorkTypeItem => ({
      id: t.id,
      name: t.name,
      enabled: t.enabled,
      hourly: t.id === REMOTE_WORK_TYPE.hourly,
      requests_count: t.requestsCount,
    }),
    toInsert: (b: TypeCreate) => ({ name: b.name, enabled: b.enabled }),
    toUpdate: (b: TypeUpdate) => ({
      ...(b.name === undefined ? {} : { name: b.name }),
      ...(b.enabled === undefined ? {} : { enabled: b.enabled }),
    }),
    fields: (t: RemoteWorkTypeRow) => ({ name: t.name, enabled: t.enabled }),
  }),
  async inUse(db: Db, row: RemoteWorkTypeRow): Promise<string | null> {
    if (row.id === REMOTE_WORK_TYPE.hourly) throw domainError('reference_builtin', { name: row.name });
    const n = await repo.requestsOfType(db, row.id);
    return n > 0
      ? `${row.name} is used by ${n} remote-work ${n === 1 ? 'request' : 'requests'}; disable it instead of deleting it.`
      : null;
  },
};

/**
 * Remote-work types: every signed-in employee reads the enabled ones (the
 * request form), HR administrators manage them through the reference-data machinery.
 */
export class RemoteWorkTypesService {
  readonly types: ReferenceDataOf<typeof remoteWorkTypeKind>;

  constructor(db: Db) {
    this.types = new ReferenceData(db, remoteWorkTypeKind);
  }

  /** The form's `{ id, name }` array (enabled ones unless an admin asks all=true), or the administration's page. */
  async list(auth: AuthContext, { all, ...query }: Query, url: string) {
    const filter = { all: all === true && auth.isAdmin };
    const asksForList =
      query.page !== undefined ||
      query.limit !== undefined ||
      query.sort !== undefined ||
      query.search !== undefined;
    if (asksForList) return this.types.list(query, filter, url);
    return (await this.types.page(query, filter)).items.map((t) => ({ id: t.id, name: t.name }));
  }
}
