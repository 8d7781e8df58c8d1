import { KPI_DIRECTIONS } from '@hr/contracts/kpi';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { at, createdAt, id, nameTranslations, updatedAt } from './columns';
import { approvers, employees } from './people';

/** KPI types: 1 yearly (from a KPI year), 2 custom period (SPEC.md §5). */
export const kpiTypes = pgTable('kpi_types', {
  id: id(),
  name: varchar({ length: 60 }).notNull().unique(),
  enabled: boolean().notNull().default(true),
});

/** KPI years (reference data): a name and its period; type-1 sheets take both. */
export const kpiYears = pgTable(
  'kpi_years',
  {
    id: id(),
    name: varchar({ length: 60 }).notNull().unique(),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    enabled: boolean().notNull().default(true),
  },
  (t) => [check('kpi_years_period_ck', sql`${t.toDate} >= ${t.fromDate}`)],
);

/** Balanced-scorecard perspectives (reference data). */
export const kpiPerspectives = pgTable('kpi_perspectives', {
  id: id(),
  name: varchar({ length: 60 }).notNull().unique(),
  nameTranslations: nameTranslations(),
  sortOrder: smallint().notNull().default(0),
  enabled: boolean().notNull().default(true),
});

/** Target units of objective KPIs (%, BDT, count, days...; reference data). */
export const kpiTargetUnits = pgTable('kpi_target_units', {
  id: id(),
  name: varchar({ length: 60 }).notNull().unique(),
  nameTranslations: nameTranslations(),
  enabled: boolean().notNull().default(true),
});

/** A KPI sheet. Line manager and O&O are stored at creation (DESIGN.md §3). */
export const kpis = pgTable(
  'kpis',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    ...approvers(),
    /** The employee, or the line manager who made the sheet for a direct report. */
    createdById: integer().references(() => employees.id),
    typeId: integer()
      .notNull()
      .references(() => kpiTypes.id),
    /** Type 1 only. */
    yearId: integer().references(() => kpiYears.id),
    name: varchar({ length: 150 }).notNull(),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    statusId: smallint().notNull().default(1),
    /** Set at the first submission: from then on removed items are kept as status 3. */
    firstSubmittedAt: at(),
    /** The sheet this one was copied from. */
    copiedFromId: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('kpis_employee_idx').on(t.employeeId, t.fromDate),
    index('kpis_line_manager_idx').on(t.lineManagerId, t.statusId),
    index('kpis_one_over_one_idx').on(t.oneOverOneId, t.statusId),
    // The Team list's first page of each part, in id order (lib/list.ts, firstOfEachPart).
    index('kpis_line_manager_page_idx').on(t.lineManagerId, t.id),
    index('kpis_one_over_one_page_idx').on(t.oneOverOneId, t.id),
    /** One yearly sheet per employee per year (SPEC.md §4). */
    uniqueIndex('kpis_employee_year_uq').on(t.employeeId, t.yearId).where(sql`${t.yearId} is not null`),
    check('kpis_period_ck', sql`${t.toDate} >= ${t.fromDate}`),
  ],
);

export const kpiObjectives = pgTable(
  'kpi_objectives',
  {
    id: id(),
    kpiId: integer()
      .notNull()
      .references(() => kpis.id, { onDelete: 'cascade' }),
    perspectiveId: integer()
      .notNull()
      .references(() => kpiPerspectives.id),
    name: varchar({ length: 60 }).notNull(),
    weight: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** 1 active, 3 removed after the first submission. */
    statusId: smallint().notNull().default(1),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('kpi_objectives_kpi_idx').on(t.kpiId)],
);

export const kpiObjectiveKpis = pgTable(
  'kpi_objective_kpis',
  {
    id: id(),
    kpiId: integer()
      .notNull()
      .references(() => kpis.id, { onDelete: 'cascade' }),
    objectiveId: integer()
      .notNull()
      .references(() => kpiObjectives.id, { onDelete: 'cascade' }),
    name: varchar({ length: 150 }).notNull(),
    weight: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull(),
    time: varchar({ length: 150 }).notNull(),
    target: numeric({ precision: 14, scale: 2, mode: 'number' }).notNull(),
    targetUnitId: integer()
      .notNull()
      .references(() => kpiTargetUnits.id),
    /** Which way it is better (contracts KPI_DIRECTIONS); the KPIs written before are `higher`. */
    direction: varchar({ length: 10, enum: KPI_DIRECTIONS }).notNull().default('higher'),
    budget: numeric({ precision: 14, scale: 2, mode: 'number' }),
    initiative: varchar({ length: 150 }),
    /** 1 active, 3 removed after the first submission. */
    statusId: smallint().notNull().default(1),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('kpi_objective_kpis_kpi_idx').on(t.kpiId),
    index('kpi_objective_kpis_objective_idx').on(t.objectiveId),
    check('kpi_objective_kpis_direction_check', sql`${t.direction} in ('higher', 'lower', 'budget')`),
  ],
);

/**
 * Comments of every module's chat (DESIGN.md §6): one table, a thread named
 * by its kind (`kpi`, `kpi_objective`, `kpi_objective_kpi`, later the EPR's)
 * and the record's id. New rows are pushed to open chat windows; the id
 * orders a thread and lets a reconnecting client ask for what it missed.
 */
export const comments = pgTable(
  'comments',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    threadKind: varchar({ length: 30 }).notNull(),
    threadId: integer().notNull(),
    /** The record the thread belongs to (`kpi` sheet, later `epr`), for access and counts. */
    rootKind: varchar({ length: 10 }).notNull(),
    rootId: integer().notNull(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_thread_idx').on(t.threadKind, t.threadId, t.id),
    index('comments_root_idx').on(t.rootKind, t.rootId),
  ],
);
