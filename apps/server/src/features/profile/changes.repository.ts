import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { auditLog, employees, users } from '../../db/schema';
import { orderBy } from '../../lib/list';

/** The rows of the audit log that changed an employee's record (those with a field diff). */
function changesOf(employeeId: number): SQL {
  return and(
    eq(auditLog.entity, 'employee'),
    eq(auditLog.entityId, employeeId),
    sql`(${auditLog.data} -> 'changes') is not null`,
  )!;
}

export const changesRepository = {
  /** A page of the changes to an employee's record, with who made each (and who was signed in as them). */
  async page(db: Db, employeeId: number, page: { sort: string; limit: number; offset: number }) {
    const actor = alias(employees, 'actor');
    const impersonatorUser = alias(users, 'impersonator_user');
    const impersonator = alias(employees, 'impersonator');
    const where = changesOf(employeeId);
    const rows = await db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        data: auditLog.data,
        createdAt: auditLog.createdAt,
        actor: { id: actor.id, eid: actor.eid, name: actor.name, photoVersion: actor.photoVersion },
        impersonator: impersonator.name,
      })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorEmployeeId))
      .leftJoin(impersonatorUser, eq(impersonatorUser.id, auditLog.impersonatorUserId))
      .leftJoin(impersonator, eq(impersonator.id, impersonatorUser.employeeId))
      .where(where)
      .orderBy(...orderBy(page.sort, { id: auditLog.id, created: auditLog.createdAt }, auditLog.id))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await db.select({ n: count() }).from(auditLog).where(where);
    return { rows, total: total?.n ?? 0 };
  },
};
