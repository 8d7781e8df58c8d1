import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { auditLog, loans, paySchedules, payScheduleTypes, salaries } from '../../src/db/schema';
import { tag } from './directory';

/** A pay schedule type (monthly unless told). */
export async function makePayType(db: Db, periodsPerYear = 12, name = tag('Type ')) {
  const [row] = await db.insert(payScheduleTypes).values({ name, periodsPerYear }).returning();
  return row!;
}

/** A pay schedule of a new type (monthly from 2026-01-31 unless told). */
export async function makeSchedule(
  db: Db,
  options: {
    typeId?: number;
    periodsPerYear?: number;
    firstPayDate?: string;
    enabled?: boolean;
    name?: string;
    companyId?: number | null;
  } = {},
) {
  const typeId = options.typeId ?? (await makePayType(db, options.periodsPerYear ?? 12)).id;
  const [row] = await db
    .insert(paySchedules)
    .values({
      name: options.name ?? tag('Payroll '),
      typeId,
      firstPayDate: options.firstPayDate ?? '2026-01-31',
      enabled: options.enabled ?? true,
      companyId: options.companyId ?? null,
    })
    .returning();
  return row!;
}

/** A loan straight in the table. */
export async function makeLoan(
  db: Db,
  employeeId: number,
  payScheduleId: number,
  values: { amount?: string; installments?: number; startDate?: string; repaid?: string } = {},
) {
  const [row] = await db
    .insert(loans)
    .values({
      employeeId,
      payScheduleId,
      amount: values.amount ?? '12000.00',
      installments: values.installments ?? 12,
      startDate: values.startDate ?? '2026-01-01',
      repaid: values.repaid ?? '0',
      purpose: 'Test loan',
    })
    .returning();
  return row!;
}

/** A salary row straight in the table. */
export async function makeSalary(
  db: Db,
  employeeId: number,
  kind: 'basic' | 'tax',
  amount: string,
  effectiveDate: string,
) {
  const [row] = await db.insert(salaries).values({ employeeId, kind, amount, effectiveDate }).returning();
  return row!;
}

export const salariesOf = (db: Db, employeeId: number) =>
  db.select().from(salaries).where(eq(salaries.employeeId, employeeId)).orderBy(salaries.id);

export const loansOf = (db: Db, employeeId: number) =>
  db.select().from(loans).where(eq(loans.employeeId, employeeId)).orderBy(loans.id);

/** The audit rows of an entity written after `afterId`, oldest first. */
export const auditsOf = (db: Db, entity: string, afterId = 0) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), gt(auditLog.id, afterId)))
    .orderBy(auditLog.id);

/** A day relative to today, as the API writes dates. */
export function daysFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
