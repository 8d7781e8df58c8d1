import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { auditLog } from '../../src/db/schema';
import { auditChange, type FieldValues } from '../../src/lib/audit';

/** The audit rows that changed an employee's record (those with a field diff), oldest first, after `afterId`. */
export async function changeRows(db: Db, employeeId: number, afterId = 0) {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'employee'),
        eq(auditLog.entityId, employeeId),
        gt(auditLog.id, afterId),
        sql`(${auditLog.data} -> 'changes') is not null`,
      ),
    )
    .orderBy(asc(auditLog.id));
}

/** The id of the newest audit row (0 when there is none). */
export async function lastAuditId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)` }).from(auditLog);
  return Number(row?.id ?? 0);
}

/**
 * A change to a part of the record no screen writes yet (salary, of the
 * compensation class), recorded as its write path will record it.
 */
export async function recordSalaryChange(
  db: Db,
  employeeId: number,
  before: FieldValues,
  after: FieldValues,
) {
  await auditChange(db, null, { action: 'salary_update', employeeId, section: 'salary', before, after });
}
