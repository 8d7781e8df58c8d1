import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lookupValues, workflowStatuses } from '../../db/schema';
import { localName } from '../../lib/language';
import { preparedOnce } from '../../lib/prepared';

/** A lookup value's name in the call's language (levels and grades as HR translated them). */
const lookupName = () => localName(lookupValues.name, lookupValues.nameTranslations);

/**
 * The lookup reads run on most screens: prepared once each (per language), as
 * the session is (lib/prepared.ts).
 */
export const lookupsRepository = {
  async byKind(db: Db, kind: string) {
    const statement = preparedOnce(db, 'lookups-of-kind', (name) =>
      db
        .select({ id: lookupValues.id, name: lookupName() })
        .from(lookupValues)
        .where(eq(lookupValues.kind, sql.placeholder('kind')))
        .orderBy(asc(lookupValues.sortOrder), asc(lookupValues.id))
        .prepare(name),
    );
    return statement.execute({ kind });
  },

  async all(db: Db) {
    const statement = preparedOnce(db, 'lookups-all', (name) =>
      db
        .select({ id: lookupValues.id, name: lookupName(), kind: lookupValues.kind })
        .from(lookupValues)
        .where(eq(lookupValues.enabled, true))
        .orderBy(asc(lookupValues.kind), asc(lookupValues.sortOrder), asc(lookupValues.id))
        .prepare(name),
    );
    return statement.execute();
  },

  async statuses(db: Db, module: string) {
    const statement = preparedOnce(db, 'statuses-of-module', (name) =>
      db
        .select({ id: workflowStatuses.id, name: workflowStatuses.name, color: workflowStatuses.color })
        .from(workflowStatuses)
        .where(eq(workflowStatuses.module, sql.placeholder('module')))
        .orderBy(asc(workflowStatuses.id))
        .prepare(name),
    );
    return statement.execute({ module });
  },
};
