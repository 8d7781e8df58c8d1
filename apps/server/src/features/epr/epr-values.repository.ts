import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eprStables, eprValueBehaviours, eprValues } from '../../db/schema';
import { type ReferenceStore, type TableRow, tableStore } from '../../lib/reference-data';

export interface EnabledFilter {
  /** Disabled ones too (administrators). */
  all?: boolean | undefined;
}

export interface BehaviourFilter extends EnabledFilter {
  valueId?: number | undefined;
}

/** A behaviour with the number of reviews whose Section B carries it. */
export type BehaviourRow = TableRow<typeof eprValueBehaviours> & { reviewsCount: number };
export type BehaviourValues = typeof eprValueBehaviours.$inferInsert;
/** A value with the number of reviews that rate it, and its behaviours in their order. */
export type ValueRow = TableRow<typeof eprValues> & { reviewsCount: number; behaviours: BehaviourRow[] };
export type ValueValues = typeof eprValues.$inferInsert;

const valueTable = tableStore<typeof eprValues, EnabledFilter>(eprValues, {
  sortable: { id: eprValues.id, name: sql`lower(${eprValues.name})`, order: eprValues.sortOrder },
  where: (filter) => [filter.all ? undefined : eq(eprValues.enabled, true)],
});

const behaviourTable = tableStore<typeof eprValueBehaviours, BehaviourFilter>(eprValueBehaviours, {
  sortable: {
    id: eprValueBehaviours.id,
    name: sql`lower(${eprValueBehaviours.name})`,
    order: eprValueBehaviours.sortOrder,
  },
  where: (filter) => [
    filter.all ? undefined : eq(eprValueBehaviours.enabled, true),
    filter.valueId === undefined ? undefined : eq(eprValueBehaviours.valueId, filter.valueId),
  ],
  // Unique within a value, not across values.
  uniqueName: {
    column: eprValueBehaviours.name,
    key: 'name',
    within: { valueId: eprValueBehaviours.valueId },
  },
});

/**
 * Reviews per value: those with a Section B row of it. Section B keeps its
 * own copy of the name and behaviours, so the count is what a delete would
 * leave without its value.
 */
async function reviewsByValue(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: eprStables.valueId, n: sql<number>`count(distinct ${eprStables.eprId})::int` })
    .from(eprStables)
    .where(inArray(eprStables.valueId, ids))
    .groupBy(eprStables.valueId);
  return new Map(rows.map((r) => [r.id ?? 0, Number(r.n)]));
}

/** Reviews per behaviour: those whose Section B row of its value lists a behaviour of its name. */
async function reviewsByBehaviour(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: eprValueBehaviours.id, n: sql<number>`count(distinct ${eprStables.eprId})::int` })
    .from(eprValueBehaviours)
    .innerJoin(
      eprStables,
      and(
        eq(eprStables.valueId, eprValueBehaviours.valueId),
        sql`exists (select 1 from json_array_elements(${eprStables.behaviours}::json) as e
                     where e ->> 'name' = ${eprValueBehaviours.name})`,
      ),
    )
    .where(inArray(eprValueBehaviours.id, ids))
    .groupBy(eprValueBehaviours.id);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

async function withBehaviourCounts(db: Db, rows: TableRow<typeof eprValueBehaviours>[]) {
  const counts = await reviewsByBehaviour(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, reviewsCount: counts.get(r.id) ?? 0 }));
}

/** Each value with its review count and every behaviour (disabled ones too), two statements a page. */
async function withBehaviours(db: Db, rows: TableRow<typeof eprValues>[]): Promise<ValueRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const counts = await reviewsByValue(db, ids);
  const behaviours = await withBehaviourCounts(
    db,
    await db
      .select()
      .from(eprValueBehaviours)
      .where(inArray(eprValueBehaviours.valueId, ids))
      .orderBy(asc(eprValueBehaviours.sortOrder), asc(eprValueBehaviours.id)),
  );
  return rows.map((r) => ({
    ...r,
    reviewsCount: counts.get(r.id) ?? 0,
    behaviours: behaviours.filter((b) => b.valueId === r.id),
  }));
}

/** The values Section B rates and their behaviours: the administration's stores. */
export const eprValuesRepository = {
  valueStore: {
    ...valueTable,
    async list(db, filter, window) {
      const page = await valueTable.list(db, filter, window);
      return { ...page, rows: await withBehaviours(db, page.rows) };
    },
    async find(db, id) {
      const row = await valueTable.find(db, id);
      return row ? ((await withBehaviours(db, [row]))[0] ?? null) : null;
    },
  } satisfies ReferenceStore<ValueRow, ValueValues, EnabledFilter>,

  behaviourStore: {
    ...behaviourTable,
    async list(db, filter, window) {
      const page = await behaviourTable.list(db, filter, window);
      return { ...page, rows: await withBehaviourCounts(db, page.rows) };
    },
    async find(db, id) {
      const row = await behaviourTable.find(db, id);
      return row ? ((await withBehaviourCounts(db, [row]))[0] ?? null) : null;
    },
  } satisfies ReferenceStore<BehaviourRow, BehaviourValues, BehaviourFilter>,

  async valueExists(db: Db, id: number): Promise<boolean> {
    const [row] = await db.select({ id: eprValues.id }).from(eprValues).where(eq(eprValues.id, id)).limit(1);
    return Boolean(row);
  },

  async reviewsOfValue(db: Db, id: number): Promise<number> {
    return (await reviewsByValue(db, [id])).get(id) ?? 0;
  },

  async reviewsOfBehaviour(db: Db, id: number): Promise<number> {
    return (await reviewsByBehaviour(db, [id])).get(id) ?? 0;
  },
};
