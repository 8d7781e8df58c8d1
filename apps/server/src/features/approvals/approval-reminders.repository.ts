import type { ApprovalModule } from '@hr/contracts/approvals';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  approvalEscalations,
  approvalItems,
  approvalReminders,
  approvalSettings,
  employees,
  users,
} from '../../db/schema';
import { personJson } from '../../lib/approvers';

const v = approvalItems;

export const approvalRemindersRepository = {
  /** HR's settings, every module that has a row. */
  settings(db: Db) {
    return db
      .select({
        module: approvalSettings.module,
        remindAfterDays: approvalSettings.remindAfterDays,
        escalateAfterDays: approvalSettings.escalateAfterDays,
        escalateToId: approvalSettings.escalateToId,
        escalateTo: personJson(approvalSettings.escalateToId),
      })
      .from(approvalSettings);
  },

  async saveSetting(
    tx: Db,
    module: ApprovalModule,
    values: { remindAfterDays: number | null; escalateAfterDays: number | null; escalateToId: number | null },
  ): Promise<void> {
    await tx
      .insert(approvalSettings)
      .values({ module, ...values })
      .onConflictDoUpdate({ target: approvalSettings.module, set: { ...values, updatedAt: new Date() } });
  },

  async activeEmployee(db: Db, id: number): Promise<boolean> {
    const [row] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.id, id), eq(employees.enabled, true)));
    return Boolean(row);
  },

  /** The job's lock for this transaction: false when another process holds it (it is running the job). */
  async lock(tx: Db): Promise<boolean> {
    const result = await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext('approval_reminders')) as locked`,
    );
    const rows = ((result as { rows?: { locked: boolean }[] }).rows ?? []) as { locked: boolean }[];
    return rows[0]?.locked === true;
  },

  /**
   * The items of a module waiting in `statuses` since `before` or earlier,
   * with what the job needs: the people, the requester's company and office
   * (whose calendar counts), whether the stage was escalated, and the day of its
   * latest reminder in this stage.
   */
  waiting(tx: Db, module: ApprovalModule, statuses: readonly number[], before: Date) {
    const e = approvalEscalations;
    const r = approvalReminders;
    return tx
      .select({
        id: v.id,
        employeeId: v.employeeId,
        lineManagerId: v.lineManagerId,
        oneOverOneId: v.oneOverOneId,
        statusId: v.statusId,
        waitingSince: v.waitingSince,
        companyId: employees.companyId,
        officeId: employees.officeId,
        escalated: sql<boolean>`exists (select 1 from ${e} where ${e.module} = ${v.module} and ${e.recordId} = ${v.id})`,
        lastReminder: sql<
          string | null
        >`(select max(${r.day})::text from ${r} where ${r.module} = ${v.module} and ${r.recordId} = ${v.id} and ${r.waitingSince} = ${v.waitingSince})`,
      })
      .from(v)
      .innerJoin(employees, eq(employees.id, v.employeeId))
      .where(and(eq(v.module, module), inArray(v.statusId, [...statuses]), lte(v.waitingSince, before)));
  },

  /** Records a reminder for `day`; false when one was recorded already (the job ran before today). */
  async remind(tx: Db, module: ApprovalModule, recordId: number, waitingSince: Date, day: string) {
    const rows = await tx
      .insert(approvalReminders)
      .values({ module, recordId, waitingSince, day })
      .onConflictDoNothing()
      .returning({ id: approvalReminders.recordId });
    return rows.length === 1;
  },

  /** Records an escalation of the item's stage; false when it was escalated already. */
  async escalate(tx: Db, values: typeof approvalEscalations.$inferInsert) {
    const rows = await tx
      .insert(approvalEscalations)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: approvalEscalations.recordId });
    return rows.length === 1;
  },

  /** Every HR administrator who can sign in. */
  async administrators(tx: Db): Promise<number[]> {
    const rows = await tx
      .select({ id: users.employeeId })
      .from(users)
      .innerJoin(employees, eq(employees.id, users.employeeId))
      .where(and(eq(users.isAdmin, true), eq(employees.enabled, true)));
    return rows.map((r) => r.id);
  },
};
