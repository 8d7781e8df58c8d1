import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { remoteWorks, remoteWorkTypes } from '../../db/schema';
import { type ReferenceStore, type TableRow, tableStore } from '../../lib/reference-data';

export interface EnabledFilter {
  /** Disabled ones too (administrators). */
  all?: boolean | undefined;
}

/** A type with the number of requests of that type. */
export type RemoteWorkTypeRow = TableRow<typeof remoteWorkTypes> & { requestsCount: number };
export type RemoteWorkTypeValues = typeof remoteWorkTypes.$inferInsert;

const typeTable = tableStore<typeof remoteWorkTypes, EnabledFilter>(remoteWorkTypes, {
  sortable: { id: remoteWorkTypes.id, name: sql`lower(${remoteWorkTypes.name})` },
  where: (filter) => [filter.all ? undefined : eq(remoteWorkTypes.enabled, true)],
});

/** Requests per type, for the ids given. */
async function requestsByType(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: remoteWorks.typeId, n: count() })
    .from(remoteWorks)
    .where(inArray(remoteWorks.typeId, ids))
    .groupBy(remoteWorks.typeId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

async function withCounts(db: Db, rows: TableRow<typeof remoteWorkTypes>[]) {
  const counts = await requestsByType(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, requestsCount: counts.get(r.id) ?? 0 }));
}

/** Remote-work types: the administration's store (each with the requests of the type). */
export const remoteWorkTypesRepository = {
  store: {
    ...typeTable,
    async list(db, filter, window) {
      const page = await typeTable.list(db, filter, window);
      return { ...page, rows: await withCounts(db, page.rows) };
    },
    async find(db, id) {
      const row = await typeTable.find(db, id);
      return row ? ((await withCounts(db, [row]))[0] ?? null) : null;
    },
  } satisfies ReferenceStore<RemoteWorkTypeRow, RemoteWorkTypeValues, EnabledFilter>,

  async requestsOfType(db: Db, id: number): Promise<number> {
    return (await requestsByType(db, [id])).get(id) ?? 0;
  },
};
