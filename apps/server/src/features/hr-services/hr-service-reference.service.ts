import type { enabledListQuery } from '@hr/contracts/admin';
import {
  categoryValueOf,
  NOC_CATEGORY,
  type NocTypeItem,
  type nocTypeCreate,
  type nocTypeUpdate,
  type ServiceCategoryItem,
  type serviceCategoryCreate,
  type serviceCategoryUpdate,
} from '@hr/contracts/hr-services';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import {
  plainKind,
  ReferenceData,
  type ReferenceDataOf,
  type ReferenceListQuery,
  requireAdminContext,
} from '../../lib/reference-data';
import type { ReferenceActions } from '../../lib/reference-routes';
import {
  type EnabledFilter,
  type NocTypeRow,
  serviceReferenceRepository as repo,
  type ServiceCategoryRow,
} from './hr-service-reference.repository';

type CategoryCreate = z.output<typeof serviceCategoryCreate>;
type CategoryUpdate = z.output<typeof serviceCategoryUpdate>;
type NocTypeCreate = z.output<typeof nocTypeCreate>;
type NocTypeUpdate = z.output<typeof nocTypeUpdate>;
type Query = z.output<typeof enabledListQuery>;

/** What a record in use says: who uses it, how many, and what to do instead. */
const usedBy = (name: string, n: number, one: string, many: string) =>
  `${name} is used by ${n} ${n === 1 ? one : many}; disable it instead of deleting it.`;

const definedOnly = <V extends object>(value: V) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<V>;

const categoryAnswer = (c: ServiceCategoryRow): ServiceCategoryItem => ({
  id: c.id,
  value: c.value,
  name: c.name,
  sort_order: c.sortOrder,
  enabled: c.enabled,
  requests_count: c.requestsCount,
});

/**
 * Service categories: `value` is what requests keep (made from the name when
 * none is given, fixed afterwards); `noc` has its own fields and letter
 * (SPEC.md §9), so it is never deleted.
 */
export const serviceCategoryKind = {
  ...plainKind(repo.categoryStore, {
    entity: 'service_category',
    kind: 'service category',
    defaultSort: 'order,asc',
    wholeWithoutPage: true,
    answer: categoryAnswer,
    toInsert: (b: CategoryCreate & { value: string }) => ({
      value: b.value,
      name: b.name,
      sortOrder: b.sort_order,
      enabled: b.enabled,
    }),
    toUpdate: (b: CategoryUpdate) =>
      definedOnly({ name: b.name, sortOrder: b.sort_order, enabled: b.enabled }),
    fields: (c: ServiceCategoryRow) => ({
      name: c.name,
      value: c.value,
      sort_order: c.sortOrder,
      enabled: c.enabled,
    }),
  }),
  async inUse(db: Db, row: ServiceCategoryRow): Promise<string | null> {
    if (row.value === NOC_CATEGORY) throw domainError('reference_builtin', { name: row.name });
    const n = await repo.requestsWithCategory(db, row.value);
    return n > 0 ? usedBy(row.name, n, 'service request', 'service requests') : null;
  },
};

export const nocTypeKind = {
  ...plainKind(repo.nocTypeStore, {
    entity: 'noc_type',
    kind: 'NOC type',
    defaultSort: 'id,asc',
    wholeWithoutPage: true,
    answer: (t: NocTypeRow): NocTypeItem => ({
      id: t.id,
      name: t.name,
      enabled: t.enabled,
      requests_count: t.requestsCount,
    }),
    toInsert: (b: NocTypeCreate) => ({ name: b.name, enabled: b.enabled }),
    toUpdate: (b: NocTypeUpdate) => definedOnly({ name: b.name, enabled: b.enabled }),
    fields: (t: NocTypeRow) => ({ name: t.name, enabled: t.enabled }),
  }),
  async inUse(db: Db, row: NocTypeRow): Promise<string | null> {
    const n = await repo.requestsWithNocType(db, row.id);
    return n > 0 ? usedBy(row.name, n, 'NOC request', 'NOC requests') : null;
  },
};

/** Any of page, limit, sort or search asks for the list answer; none, for the plain array forms read. */
const asksForList = (query: ReferenceListQuery) =>
  query.page !== undefined ||
  query.limit !== undefined ||
  query.sort !== undefined ||
  query.search !== undefined;

/** Disabled ones only for administrators who ask for them. */
const enabledFilter = (auth: AuthContext, all: boolean | undefined): EnabledFilter => ({
  all: all === true && auth.isAdmin,
});

/**
 * The categories in front of the machinery: the value of a new one comes
 * from its name (or the body) and must be free; a change may not move it.
 */
class ServiceCategories implements ReferenceActions<CategoryCreate, CategoryUpdate> {
  constructor(
    private readonly db: Db,
    readonly data: ReferenceDataOf<typeof serviceCategoryKind>,
  ) {}

  get(id: number) {
    return this.data.get(id);
  }

  async create(auth: AuthContext, input: CategoryCreate) {
    requireAdminContext(auth);
    let value = input.value;
    if (value === undefined) value = await repo.freeValue(this.db, categoryValueOf(input.name));
    else if (await repo.valueTaken(this.db, value))
      throw domainError('service_category_value_taken', { value }, 'value');
    return this.data.create(auth, { ...input, value });
  }

  async update(auth: AuthContext, id: number, patch: CategoryUpdate) {
    requireAdminContext(auth);
    const { value, ...change } = patch;
    if (value !== undefined) {
      const current = await repo.category(this.db, id);
      if (current && current.value !== value)
        throw domainError('service_category_value_fixed', { name: current.name }, 'value');
    }
    // The value it already has, and nothing else: nothing to change.
    if (Object.values(change).every((v) => v === undefined)) return this.data.get(id);
    return this.data.update(auth, id, change);
  }

  delete(auth: AuthContext, id: number) {
    return this.data.delete(auth, id);
  }
}

/**
 * HR service categories and NOC types: every signed-in employee reads the
 * enabled ones (the request form), HR administrators manage them through the
 * reference-data machinery.
 */
export class HrServiceReferenceService {
  readonly categories: ServiceCategories;
  readonly nocTypes: ReferenceDataOf<typeof nocTypeKind>;

  constructor(db: Db) {
    this.categories = new ServiceCategories(db, new ReferenceData(db, serviceCategoryKind));
    this.nocTypes = new ReferenceData(db, nocTypeKind);
  }

  /** The form's `{ value, name }` array, or the administration's page. */
  async categoryList(auth: AuthContext, { all, ...query }: Query, url: string) {
    const filter = enabledFilter(auth, all);
    const data = this.categories.data;
    if (asksForList(query)) return data.list(query, filter, url);
    return (await data.page(query, filter)).items.map((c) => ({ value: c.value, name: c.name }));
  }

  /** The form's `{ id, name }` array, or the administration's page. */
  async nocTypeList(auth: AuthContext, { all, ...query }: Query, url: string) {
    const filter = enabledFilter(auth, all);
    if (asksForList(query)) return this.nocTypes.list(query, filter, url);
    return (await this.nocTypes.page(query, filter)).items.map((t) => ({ id: t.id, name: t.name }));
  }
}
