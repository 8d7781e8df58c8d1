import type { SalaryKind } from '@hr/contracts/compensation';
import { and, count, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { companies, employees, loans, paySchedules, payScheduleTypes, salaries } from '../../db/schema';
import { orderBy } from '../../lib/list';
import {
  ALL_ROWS_CAP,
  containing,
  type PageWindow,
  type ReferenceStore,
  type TableRow,
  tableStore,
  tableWrites,
} from '../../lib/reference-data';

export interface EnabledFilter {
  enabled?: boolean | undefined;
}

export interface ScheduleFilter extends EnabledFilter {
  typeId?: number | undefined;
  /** Only the schedules that may pay this employee: their company's and every company's. */
  employeeId?: number | undefined;
}

/** A schedule pays the people of its company, or everyone's when it names none. */
const paysEmployee = (employeeId: number) =>
  sql`(${paySchedules.companyId} is null or ${paySchedules.companyId} =
        (select ${employees.companyId} from ${employees} where ${employees.id} = ${employeeId}))`;

/* Pay schedule types: a plain table */

export type PayScheduleTypeRow = TableRow<typeof payScheduleTypes>;

export const payScheduleTypesStore = tableStore<typeof payScheduleTypes, EnabledFilter>(payScheduleTypes, {
  sortable: {
    id: payScheduleTypes.id,
    name: sql`lower(${payScheduleTypes.name})`,
    periods_per_year: payScheduleTypes.periodsPerYear,
  },
  where: (filter) => [
    filter.enabled === undefined ? undefined : eq(payScheduleTypes.enabled, filter.enabled),
  ],
});

/* Pay schedules, with their type */

const scheduleColumns = {
  id: paySchedules.id,
  name: paySchedules.name,
  typeId: paySchedules.typeId,
  typeName: payScheduleTypes.name,
  periodsPerYear: payScheduleTypes.periodsPerYear,
  firstPayDate: paySchedules.firstPayDate,
  companyId: paySchedules.companyId,
  companyName: companies.name,
  enabled: paySchedules.enabled,
  createdAt: paySchedules.createdAt,
  updatedAt: paySchedules.updatedAt,
};

async function findSchedule(db: Db, id: number) {
  const [row] = await db
    .select(scheduleColumns)
    .from(paySchedules)
    .innerJoin(payScheduleTypes, eq(payScheduleTypes.id, paySchedules.typeId))
    .leftJoin(companies, eq(companies.id, paySchedules.companyId))
    .where(eq(paySchedules.id, id))
    .limit(1);
  return row ?? null;
}
export type ScheduleRow = NonNullable<Awaited<ReturnType<typeof findSchedule>>>;
export type ScheduleValues = typeof paySchedules.$inferInsert;

export const paySchedulesStore = {
  async list(db: Db, filter: ScheduleFilter & { search?: string | undefined }, window: PageWindow) {
    const order = orderBy(
      window.sort,
      {
        id: paySchedules.id,
        name: sql`lower(${paySchedules.name})`,
        type: sql`lower(${payScheduleTypes.name})`,
        first_pay_date: paySchedules.firstPayDate,
      },
      paySchedules.id,
    );
    const where = and(
      filter.search ? ilike(paySchedules.name, containing(filter.search)) : undefined,
      filter.enabled === undefined ? undefined : eq(paySchedules.enabled, filter.enabled),
      filter.typeId === undefined ? undefined : eq(paySchedules.typeId, filter.typeId),
      filter.employeeId === undefined ? undefined : paysEmployee(filter.employeeId),
    );
    const [t] = await db.select({ n: count() }).from(paySchedules).where(where);
    const total = t?.n ?? 0;
    if (total === 0 || window.offset >= total) return { rows: [], total };
    const rows = await db
      .select(scheduleColumns)
      .from(paySchedules)
      .innerJoin(payScheduleTypes, eq(payScheduleTypes.id, paySchedules.typeId))
      .leftJoin(companies, eq(companies.id, paySchedules.companyId))
      .where(where)
      .orderBy(...order)
      .limit(window.limit ?? ALL_ROWS_CAP)
      .offset(window.offset);
    return { rows, total };
  },

  find: findSchedule,

  ...tableWrites(paySchedules),
} satisfies ReferenceStore<ScheduleRow, ScheduleValues, ScheduleFilter>;

/* Salaries */

const creator = alias(employees, 'creator');
const salaryColumns = {
  id: salaries.id,
  employeeId: salaries.employeeId,
  kind: salaries.kind,
  amount: salaries.amount,
  effectiveDate: salaries.effectiveDate,
  createdAt: salaries.createdAt,
  creator: { id: creator.id, eid: creator.eid, name: creator.name, photoVersion: creator.photoVersion },
};

export type SalaryRow = Awaited<ReturnType<typeof compensationRepository.history>>[number];

/* Loans, with their schedule and its type */

const loanColumns = {
  id: loans.id,
  employeeId: loans.employeeId,
  payScheduleId: loans.payScheduleId,
  scheduleName: paySchedules.name,
  firstPayDate: paySchedules.firstPayDate,
  periodsPerYear: payScheduleTypes.periodsPerYear,
  amount: loans.amount,
  installments: loans.installments,
  startDate: loans.startDate,
  repaid: loans.repaid,
  purpose: loans.purpose,
  createdAt: loans.createdAt,
  updatedAt: loans.updatedAt,
};

export type LoanRow = Awaited<ReturnType<typeof compensationRepository.loansOf>>[number];
export type LoanValues = typeof loans.$inferInsert;

/**
 * Salaries and loans: every function takes the database handle, which may
 * be the transaction of a change.
 */
export const compensationRepository = {
  async employeeExists(db: Db, employeeId: number): Promise<boolean> {
    const [row] = await db.select({ id: employees.id }).from(employees).where(eq(employees.id, employeeId));
    return Boolean(row);
  },

  /**
   * Locks an employee's row for a change of their salary (two changes of one
   * person take turns); false when there is no such employee.
   */
  async lockEmployee(db: Db, employeeId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.id, employeeId))
      .for('no key update');
    return Boolean(row);
  },

  /** An employee's salary rows, the newest effective date first (basic before tax on one date). */
  async history(db: Db, employeeId: number) {
    return db
      .select(salaryColumns)
      .from(salaries)
      .leftJoin(creator, eq(creator.id, salaries.createdById))
      .where(eq(salaries.employeeId, employeeId))
      .orderBy(desc(salaries.effectiveDate), salaries.kind, desc(salaries.id));
  },

  async salary(db: Db, id: number) {
    const [row] = await db
      .select(salaryColumns)
      .from(salaries)
      .leftJoin(creator, eq(creator.id, salaries.createdById))
      .where(eq(salaries.id, id));
    return row ?? null;
  },

  /** The row of an employee, kind and date, if one. */
  async salaryOn(db: Db, employeeId: number, kind: SalaryKind, effectiveDate: string, exceptId?: number) {
    const [row] = await db
      .select({ id: salaries.id, amount: salaries.amount })
      .from(salaries)
      .where(
        and(
          eq(salaries.employeeId, employeeId),
          eq(salaries.kind, kind),
          eq(salaries.effectiveDate, effectiveDate),
          exceptId === undefined ? undefined : ne(salaries.id, exceptId),
        ),
      );
    return row ?? null;
  },

  async insertSalary(
    db: Db,
    values: {
      employeeId: number;
      kind: SalaryKind;
      amount: string;
      effectiveDate: string;
      createdById: number;
    },
  ): Promise<number> {
    const [row] = await db.insert(salaries).values(values).returning({ id: salaries.id });
    return row!.id;
  },

  /** A new amount or date of a row; who set it and when become the one changing it now. */
  async updateSalary(
    db: Db,
    id: number,
    values: { amount?: string; effectiveDate?: string; createdById: number },
  ): Promise<void> {
    await db
      .update(salaries)
      .set({ ...values, createdAt: new Date() })
      .where(eq(salaries.id, id));
  },

  async deleteSalary(db: Db, id: number): Promise<void> {
    await db.delete(salaries).where(eq(salaries.id, id));
  },

  /** A schedule a loan may name: its name and whether it is enabled. */
  /** A schedule, and whether it may pay the employee (their company's or every company's). */
  async schedule(db: Db, id: number, employeeId: number) {
    const [row] = await db
      .select({
        id: paySchedules.id,
        name: paySchedules.name,
        enabled: paySchedules.enabled,
        paysEmployee: sql<boolean>`${paysEmployee(employeeId)}`,
      })
      .from(paySchedules)
      .where(eq(paySchedules.id, id));
    return row ?? null;
  },

  async companyExists(db: Db, id: number): Promise<boolean> {
    const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
    return Boolean(row);
  },

  async typeExists(db: Db, id: number): Promise<boolean> {
    const [row] = await db
      .select({ id: payScheduleTypes.id })
      .from(payScheduleTypes)
      .where(eq(payScheduleTypes.id, id));
    return Boolean(row);
  },

  async schedulesOfType(db: Db, typeId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(paySchedules).where(eq(paySchedules.typeId, typeId));
    return row?.n ?? 0;
  },

  async loansOnSchedule(db: Db, scheduleId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(loans).where(eq(loans.payScheduleId, scheduleId));
    return row?.n ?? 0;
  },

  /** An employee's loans, the latest start first. */
  async loansOf(db: Db, employeeId: number) {
    return db
      .select(loanColumns)
      .from(loans)
      .innerJoin(paySchedules, eq(paySchedules.id, loans.payScheduleId))
      .innerJoin(payScheduleTypes, eq(payScheduleTypes.id, paySchedules.typeId))
      .where(eq(loans.employeeId, employeeId))
      .orderBy(desc(loans.startDate), desc(loans.id));
  },

  async loan(db: Db, id: number) {
    const [row] = await db
      .select(loanColumns)
      .from(loans)
      .innerJoin(paySchedules, eq(paySchedules.id, loans.payScheduleId))
      .innerJoin(payScheduleTypes, eq(payScheduleTypes.id, paySchedules.typeId))
      .where(eq(loans.id, id));
    return row ?? null;
  },

  /**
   * Locks a loan's row for a change (two repayments at once take turns, the
   * second reading what the first wrote); false when there is no such loan.
   */
  async lockLoan(db: Db, id: number): Promise<boolean> {
    const [row] = await db.select({ id: loans.id }).from(loans).where(eq(loans.id, id)).for('update');
    return Boolean(row);
  },

  async insertLoan(db: Db, values: LoanValues): Promise<number> {
    const [row] = await db.insert(loans).values(values).returning({ id: loans.id });
    return row!.id;
  },

  async updateLoan(db: Db, id: number, values: Partial<LoanValues>): Promise<void> {
    await db
      .update(loans)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(loans.id, id));
  },

  async deleteLoan(db: Db, id: number): Promise<void> {
    await db.delete(loans).where(eq(loans.id, id));
  },
};
