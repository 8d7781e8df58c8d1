import { count, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nocTypes, serviceCategories, serviceRequests } from '../../db/schema';
import { type ReferenceStore, type TableRow, tableStore } from '../../lib/reference-data';

export interface EnabledFilter {
  /** Disabled ones too (administrators). */
  all?: boolean | undefined;
}

/** A category with the number of requests that keep its value. */
export type ServiceCategoryRow = TableRow<typeof serviceCategories> & { requestsCount: number };
export type ServiceCategoryValues = typeof serviceCategories.$inferInsert;
/** A NOC type with the number of requests of that type. */
export type NocTypeRow = TableRow<typeof nocTypes> & { requestsCount: number };
export type NocTypeValues = typeof nocTypes.$inferInsert;

const categoryTable = tableStore<typeof serviceCategories, EnabledFilter>(serviceCategories, {
  sortable: {
    id: serviceCategories.id,
    name: sql`lower(${serviceCategories.name})`,
    value: serviceCategories.value,
    // The order the request form offers them in.
    order: serviceCategories.sortOrder,
  },
  searchIn: [serviceCategories.name, serviceCategories.value],
  where: (filter) => [filter.all ? undefined : eq(serviceCategories.enabled, true)],
});

const nocTypeTable = tableStore<typeof nocTypes, EnabledFilter>(nocTypes, {
  sortable: { id: nocTypes.id, name: sql`lower(${nocTypes.name})` },
  where: (filter) => [filter.all ? undefined : eq(nocTypes.enabled, true)],
});

/** Requests per category value, for the values given. */
async function requestsByCategory(db: Db, values: string[]): Promise<Map<string, number>> {
  if (values.length === 0) return new Map();
  const rows = await db
    .select({ category: serviceRequests.category, n: count() })
    .from(serviceRequests)
    .where(inArray(serviceRequests.category, values))
    .groupBy(serviceRequests.category);
  return new Map(rows.map((r) => [r.category, r.n]));
}

/** Requests per NOC type, for the ids given. */
async function requestsByNocType(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: serviceRequests.nocTypeId, n: count() })
    .from(serviceRequests)
    .where(inArray(serviceRequests.nocTypeId, ids))
    .groupBy(serviceRequests.nocTypeId);
  return new Map(rows.map((r) => [r.id ?? 0, r.n]));
}

async function withCategoryCounts(db: Db, rows: TableRow<typeof serviceCategories>[]) {
  const counts = await requestsByCategory(
    db,
    rows.map((r) => r.value),
  );
  return rows.map((r) => ({ ...r, requestsCount: counts.get(r.value) ?? 0 }));
}

async function withNocTypeCounts(db: Db, rows: TableRow<typeof nocTypes>[]) {
  const counts = await requestsByNocType(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, requestsCount: counts.get(r.id) ?? 0 }));
}

/**
 * HR service categories and NOC types: the reference-data stores of the
 * administration (each row with the requests that use it, one statement a
 * page) and the look-ups their rules need.
 */
export const serviceReferenceRepository = {
  categoryStore: {
    ...categoryTable,
    async list(db, filter, window) {
      const page = await categoryTable.list(db, filter, window);
      return { ...page, rows: await withCategoryCounts(db, page.rows) };
    },
    async find(db, id) {
      const row = await categoryTable.find(db, id);
      return row ? ((await withCategoryCounts(db, [row]))[0] ?? null) : null;
    },
  } satisfies ReferenceStore<ServiceCategoryRow, ServiceCategoryValues, EnabledFilter>,

  nocTypeStore: {
    ...nocTypeTable,
    async list(db, filter, window) {
      const page = await nocTypeTable.list(db, filter, window);
      return { ...page, rows: await withNocTypeCounts(db, page.rows) };
    },
    async find(db, id) {
      const row = await nocTypeTable.find(db, id);
      return row ? ((await withNocTypeCounts(db, [row]))[0] ?? null) : null;
    },
  } satisfies ReferenceStore<NocTypeRow, NocTypeValues, EnabledFilter>,

  /** Whether a category has this value. */
  async valueTaken(db: Db, value: string): Promise<boolean> {
    const [row] = await db
      .select({ id: serviceCategories.id })
      .from(serviceCategories)
      .where(eq(serviceCategories.value, value))
      .limit(1);
    return Boolean(row);
  },

  /** `base`, or `base_2`, `base_3`... the first no category has (within the value's 40 characters). */
  async freeValue(db: Db, base: string): Promise<string> {
    const taken = new Set(
      (
        await db
          .select({ value: serviceCategories.value })
          .from(serviceCategories)
          .where(like(serviceCategories.value, `${base.slice(0, 34)}%`))
      ).map((r) => r.value),
    );
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) {
      const suffix = `_${n}`;
      const candidate = `${base.slice(0, 40 - suffix.length)}${suffix}`;
      if (!taken.has(candidate)) return candidate;
    }
  },

  async requestsWithCategory(db: Db, value: string): Promise<number> {
    return (await requestsByCategory(db, [value])).get(value) ?? 0;
  },

  async requestsWithNocType(db: Db, id: number): Promise<number> {
    return (await requestsByNocType(db, [id])).get(id) ?? 0;
  },

  /** The category's row by id, without counts. */
  async category(db: Db, id: number) {
    const [row] = await db.select().from(serviceCategories).where(eq(serviceCategories.id, id)).limit(1);
    return row ?? null;
  },
};
