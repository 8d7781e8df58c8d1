import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { at, createdAt, id, updatedAt } from './columns';
import { lookupValues } from './lookups';
import { companies, offices } from './org';
import { employees } from './people';
import { leaveTypes } from './requests';

/**
 * A leave type's policy (DESIGN.md §12), effective-dated: in force from
 * `effectiveFrom` to `effectiveTo` (open when null) for the people its scope
 * names. Each scope column that is set must hold; none set, everyone. The
 * policy of a person on a day is the most specific one in force then
 * (docs/decisions.md, "Leave policies").
 */
export const leavePolicies = pgTable(
  'leave_policies',
  {
    id: id(),
    /** HR's name for it (e.g. "Annual leave, head office"). */
    name: varchar({ length: 100 }).notNull(),
    typeId: integer()
      .notNull()
      .references(() => leaveTypes.id),
    companyId: integer().references(() => companies.id),
    officeId: integer().references(() => offices.id),
    gradeId: integer().references(() => lookupValues.id),
    /** Employment type (lookup `employee_status`). */
    employmentStatusId: integer().references(() => lookupValues.id),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    effectiveTo: date({ mode: 'string' }),
    /** The allowance of a whole year. */
    daysPerYear: numeric({ precision: 6, scale: 2, mode: 'number' }).notNull(),
    /** `yearly` (up front on 1 January), `monthly` (on each month's first day) or `anniversary` (on each hire anniversary). */
    accrual: varchar({ length: 12 }).notNull(),
    /** Joiners and leavers earn the part of the period they are employed. */
    proRata: boolean().notNull().default(true),
    /** No accrual lifts the balance above this; null, no cap. */
    cap: numeric({ precision: 6, scale: 2, mode: 'number' }),
    /** Days carried into the next year at most; 0, none. */
    carryForwardMax: numeric({ precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
    /** Carried days lapse this many days after 1 January; null, never. */
    carryForwardExpiryDays: smallint(),
    minNoticeDays: smallint().notNull().default(0),
    /** The longest request, in working days; null, no limit. */
    maxConsecutiveDays: smallint(),
    /** How far below zero the balance may go; 0, not at all. */
    negativeAllowed: numeric({ precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
    /** Short (hourly) leave counts against the balance. */
    countsShortLeave: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('leave_policies_type_idx').on(t.typeId, t.effectiveFrom)],
);

/**
 * The written entries of the leave ledger (DESIGN.md §12): accrual,
 * carry-forward and expiry written by the period close, and HR adjustments.
 * Taken and held days are read from the requests themselves. `period` names
 * what a close entry closes and keeps it from being written twice.
 */
export const leaveLedger = pgTable(
  'leave_ledger',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    typeId: integer()
      .notNull()
      .references(() => leaveTypes.id),
    date: date({ mode: 'string' }).notNull(),
    /** `accrual`, `carry-forward`, `expiry` or `adjustment`. */
    kind: varchar({ length: 16 }).notNull(),
    days: numeric({ precision: 7, scale: 2, mode: 'number' }).notNull(),
    /** The close's key of the entry (e.g. `accrual:2026-03`); null for adjustments. */
    period: varchar({ length: 24 }),
    policyId: integer().references(() => leavePolicies.id),
    /** An adjustment's reason. */
    note: text(),
    createdBy: integer().references(() => employees.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('leave_ledger_period_uq')
      .on(t.employeeId, t.typeId, t.period)
      .where(sql`${t.period} is not null`),
    index('leave_ledger_employee_idx').on(t.employeeId, t.typeId, t.date),
  ],
);

/** The period close's progress: the last employee a run finished, so a stopped run resumes there. */
export const leaveCloseRuns = pgTable('leave_close_runs', {
  /** The day the run closes up to. */
  upTo: date({ mode: 'string' }).primaryKey(),
  lastEmployeeId: integer().notNull().default(0),
  entries: integer().notNull().default(0),
  startedAt: createdAt(),
  finishedAt: at(),
});

/** A person's secret calendar feeds (`own` and, for managers, `team`); a new token kills the old one. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    employeeId: integer()
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    scope: varchar({ length: 8 }).notNull(),
    /** SHA-256 of the URL's secret. */
    tokenHash: varchar({ length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('calendar_feeds_person_uq').on(t.employeeId, t.scope),
    uniqueIndex('calendar_feeds_token_uq').on(t.tokenHash),
  ],
);
