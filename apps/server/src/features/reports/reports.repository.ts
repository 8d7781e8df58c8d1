import { and, asc, eq, ilike, inArray, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { employees } from '../../db/schema';
import { personColumns } from '../../lib/approvers';
import { containing } from '../../lib/reference-data';

export const reportsRepository = {
  /**
   * The employees whose line manager is `me` or reports to `me`, never `me`,
   * by name; `search` narrows to names and E-IDs containing it.
   */
  async reportsOf(db: Db, me: number, search: string | undefined, limit: number) {
    const lm = alias(employees, 'lm');
    const direct = db.select({ id: employees.id }).from(employees).where(eq(employees.parentId, me));
    return db
      .select(personColumns(employees))
      .from(employees)
      .leftJoin(lm, eq(lm.id, employees.parentId))
      .where(
        and(
          ne(employees.id, me),
          or(eq(employees.parentId, me), inArray(employees.parentId, direct)),
          search
            ? or(ilike(employees.name, containing(search)), ilike(employees.eid, containing(search)))
            : undefined,
        ),
      )
      .orderBy(asc(employees.name))
      .limit(limit);
  },
};
