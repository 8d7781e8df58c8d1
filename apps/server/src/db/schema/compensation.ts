import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { companies } from './org';
import { employees } from './people';

/**
 * Compensation (DESIGN.md §9): readable by the employee and HR
 * administrators only. Amounts are numeric(12,2), answered as strings of two
 * decimals; dates are calendar dates.
 */

/** How often a schedule pays: Monthly, Bi-weekly, Weekly... */
export const payScheduleTypes = pgTable('pay_schedule_types', {
  id: id(),
  name: varchar({ length: 100 }).notNull().unique(),
  /** Pay days a year (12 monthly, 26 bi-weekly, 52 weekly): what an installment plan counts in. */
  periodsPerYear: smallint().notNull().default(12),
  enabled: boolean().notNull().default(true),
});

/** A payroll calendar: its type and its first pay date. */
export const paySchedules = pgTable('pay_schedules', {
  id: id(),
  name: varchar({ length: 100 }).notNull().unique(),
  typeId: integer()
    .notNull()
    .references(() => payScheduleTypes.id),
  firstPayDate: date({ mode: 'string' }).notNull(),
  /** The company whose people it pays; null: every company's. */
  companyId: integer().references(() => companies.id),
  enabled: boolean().notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * An employee's salary history: one row per kind (`basic`, `tax`) and
 * effective date; the current amount is the latest row on or before today.
 */
export const salaries = pgTable(
  'salaries',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 10 }).notNull(),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    effectiveDate: date({ mode: 'string' }).notNull(),
    createdById: integer().references(() => employees.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('salaries_employee_kind_date_uq').on(t.employeeId, t.kind, t.effectiveDate),
    check('salaries_kind_ck', sql`${t.kind} in ('basic', 'tax')`),
  ],
);

/** A loan to an employee, repaid in installments on a pay schedule. */
export const loans = pgTable(
  'loans',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    payScheduleId: integer()
      .notNull()
      .references(() => paySchedules.id),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    installments: smallint().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    /** What has been repaid so far; what remains is amount - repaid. */
    repaid: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    purpose: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('loans_employee_idx').on(t.employeeId),
    index('loans_pay_schedule_idx').on(t.payScheduleId),
    check('loans_repaid_ck', sql`${t.repaid} >= 0 and ${t.repaid} <= ${t.amount}`),
  ],
);
