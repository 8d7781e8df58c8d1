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
import { at, createdAt, id, nameTranslations, updatedAt } from './columns';
import { files } from './files';
import { kpiObjectiveKpis, kpis } from './kpi';
import { companies } from './org';
import { approvers, employees } from './people';
import { groupTrees } from './profile';

/** EPR types: 1 annual (dates of a yearly sheet), 2 interim (dates of its own). */
export const eprTypes = pgTable('epr_types', {
  id: id(),
  name: varchar({ length: 60 }).notNull().unique(),
  enabled: boolean().notNull().default(true),
});

/** The company's values ("stables") that Section B rates, with the behaviours that show them. */
export const eprValues = pgTable('epr_values', {
  id: id(),
  name: varchar({ length: 100 }).notNull().unique(),
  nameTranslations: nameTranslations(),
  sortOrder: smallint().notNull().default(0),
  enabled: boolean().notNull().default(true),
});

export const eprValueBehaviours = pgTable(
  'epr_value_behaviours',
  {
    id: id(),
    valueId: integer()
      .notNull()
      .references(() => eprValues.id, { onDelete: 'cascade' }),
    name: varchar({ length: 250 }).notNull(),
    nameTranslations: nameTranslations(),
    sortOrder: smallint().notNull().default(0),
    enabled: boolean().notNull().default(true),
  },
  (t) => [
    index('epr_value_behaviours_value_idx').on(t.valueId),
    // A name once within its value, in any case: a race past the check meets this index.
    uniqueIndex('epr_value_behaviours_value_name_uq').on(t.valueId, sql`lower(${t.name})`),
  ],
);

/**
 * A review cycle: HR launches the reviews of a period for everyone with an
 * approved sheet of it (or those of a company or group), with a deadline.
 */
export const eprCycles = pgTable('epr_cycles', {
  id: id(),
  name: varchar({ length: 150 }).notNull(),
  typeId: integer()
    .notNull()
    .references(() => eprTypes.id),
  fromDate: date({ mode: 'string' }).notNull(),
  toDate: date({ mode: 'string' }).notNull(),
  deadline: date({ mode: 'string' }).notNull(),
  companyId: integer().references(() => companies.id),
  groupTreeId: integer().references(() => groupTrees.id),
  launchedBy: integer().references(() => employees.id),
  createdAt: createdAt(),
});

/**
 * A review of one employee for one approved KPI sheet. Line manager and O&O
 * are stored at creation (DESIGN.md §3). Sections A, B and D keep their
 * section-wide fields here; their lines, values and plan rows are tables of
 * their own. Section D's id (SPEC.md §7 `sections/d/{sectionDId}`) is the
 * review's id.
 */
export const eprs = pgTable(
  'eprs',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    ...approvers(),
    createdById: integer().references(() => employees.id),
    kpiId: integer()
      .notNull()
      .references(() => kpis.id),
    typeId: integer()
      .notNull()
      .references(() => eprTypes.id),
    cycleId: integer().references(() => eprCycles.id),
    name: varchar({ length: 150 }).notNull(),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    statusId: smallint().notNull().default(1),
    // Section A
    aRating: smallint(),
    aComment: text(),
    aLmRating: smallint(),
    aLmComment: text(),
    // Section B
    bRating: smallint(),
    bComment: text(),
    bLmRating: smallint(),
    bLmComment: text(),
    // Section C (set from A and B by default; the line manager's at 10)
    cKpiRating: smallint(),
    cStableRating: smallint(),
    // Section D
    selfProposal: text(),
    remarks: text(),
    devAreas: text(),
    lmRecommendation: text(),
    lmRemarks: text(),
    lmDevAreas: text(),
    nextLevelRemarks: text(),
    submittedAt: at(),
    completedAt: at(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('eprs_employee_idx').on(t.employeeId, t.fromDate),
    index('eprs_line_manager_idx').on(t.lineManagerId, t.statusId),
    index('eprs_one_over_one_idx').on(t.oneOverOneId, t.statusId),
    // The Team list's first page of each part, in id order (lib/list.ts, firstOfEachPart).
    index('eprs_line_manager_page_idx').on(t.lineManagerId, t.id),
    index('eprs_one_over_one_page_idx').on(t.oneOverOneId, t.id),
    index('eprs_kpi_idx').on(t.kpiId),
    index('eprs_cycle_idx').on(t.cycleId, t.statusId),
    /** One review of a type per KPI sheet: launching a cycle twice makes nothing twice. */
    uniqueIndex('eprs_kpi_type_uq').on(t.kpiId, t.typeId),
    check('eprs_period_ck', sql`${t.toDate} >= ${t.fromDate}`),
    check(
      'eprs_ratings_ck',
      sql`coalesce(${t.aRating}, 1) between 1 and 3 and coalesce(${t.aLmRating}, 1) between 1 and 3
      and coalesce(${t.bRating}, 1) between 1 and 3 and coalesce(${t.bLmRating}, 1) between 1 and 3
      and coalesce(${t.cKpiRating}, 1) between 1 and 3 and coalesce(${t.cStableRating}, 1) between 1 and 3`,
    ),
  ],
);

/** Section A: one line per active objective KPI of the sheet when the review was made. */
export const eprLines = pgTable(
  'epr_lines',
  {
    id: id(),
    eprId: integer()
      .notNull()
      .references(() => eprs.id, { onDelete: 'cascade' }),
    objectiveKpiId: integer()
      .notNull()
      .references(() => kpiObjectiveKpis.id),
    actual: numeric({ precision: 14, scale: 2, mode: 'number' }),
    lmActual: numeric({ precision: 14, scale: 2, mode: 'number' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('epr_lines_epr_kpi_uq').on(t.eprId, t.objectiveKpiId),
    check('epr_lines_actual_ck', sql`coalesce(${t.actual}, 0) >= 0 and coalesce(${t.lmActual}, 0) >= 0`),
  ],
);

/** Evidence images of a Section A line (JPG/PNG under 200 KB, checked from the bytes). */
export const eprLineEvidence = pgTable(
  'epr_line_evidence',
  {
    id: id(),
    lineId: integer()
      .notNull()
      .references(() => eprLines.id, { onDelete: 'cascade' }),
    fileId: integer()
      .notNull()
      .references(() => files.id),
    createdAt: createdAt(),
  },
  (t) => [index('epr_line_evidence_line_idx').on(t.lineId)],
);

/** Section B: one row per company value, its name and behaviours copied as they stood. */
export const eprStables = pgTable(
  'epr_stables',
  {
    id: id(),
    eprId: integer()
      .notNull()
      .references(() => eprs.id, { onDelete: 'cascade' }),
    valueId: integer().references(() => eprValues.id),
    name: varchar({ length: 100 }).notNull(),
    /** The behaviours: `[{ name, enabled }]`. */
    behaviours: text().notNull().default('[]'),
    sortOrder: smallint().notNull().default(0),
    rating: smallint(),
    comment: text(),
    lmRating: smallint(),
    lmComment: text(),
  },
  (t) => [
    index('epr_stables_epr_idx').on(t.eprId),
    check(
      'epr_stables_ratings_ck',
      sql`coalesce(${t.rating}, 1) between 1 and 3 and coalesce(${t.lmRating}, 1) between 1 and 3`,
    ),
  ],
);

/** Section D: the individual development plan, written by the line manager while the review is with them. */
export const eprDevPlans = pgTable(
  'epr_dev_plans',
  {
    id: id(),
    eprId: integer()
      .notNull()
      .references(() => eprs.id, { onDelete: 'cascade' }),
    devArea: varchar({ length: 250 }).notNull(),
    actionPlan: text().notNull(),
    when: varchar({ length: 250 }).notNull(),
    who: varchar({ length: 250 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('epr_dev_plans_epr_idx').on(t.eprId)],
);
