import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lookupValues, workflowStatuses } from '../../db/schema';

export const lookupsRepository = {
  async byKind(db: Db, kind: string) {
    return db
      .select({ id: lookupValues.id, name: lookupValues.name })
      .from(lookupValues)
      .where(eq(lookupValues.kind, kind))
      .orderBy(asc(lookupValues.sortOrder), asc(lookupValues.id));
  },

  async all(db: Db) {
    return db
      .select({ id: lookupValues.id, name: lookupValues.name, kind: lookupValues.kind })
      .from(lookupValues)
      .where(eq(lookupValues.enabled, true))
      .orderBy(asc(lookupValues.kind), asc(lookupValues.sortOrder), asc(lookupValues.id));
  },

  async statuses(db: Db, module: string) {
    return db
      .select({ id: workflowStatuses.id, name: workflowStatuses.name, color: workflowStatuses.color })
      .from(workflowStatuses)
      .where(eq(workflowStatuses.module, module))
      .orderBy(asc(workflowStatuses.id));
  },
};
