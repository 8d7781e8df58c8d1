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
  time,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id, nameTranslations, updatedAt } from './columns';
import { files } from './files';
import { lookupValues } from './lookups';
import { companies, offices } from './org';
import { approvers, employees } from './people';
import { groupTrees } from './profile';

export const leaveTypes = pgTable('leave_types', {
  id: id(),
  name: varchar({ length: 60 }).notNull().unique(),
  nameTranslations: nameTranslations(),
  /** Days a year; 0 with `hasBalance` false for types without a balance. */
  days: smallint().notNull().default(0),
  /** Offered for short (hours) leave. */
  shortLeaveApplied: boolean().notNull().default(false),
  /** Types 5, 6, 7 and 9 have no balance (SPEC.md §9). */
  hasBalance: boolean().notNull().default(true),
  enabled: boolean().notNull().default(true),
  sortOrder: smallint().notNull().default(0),
  /*
   * Who may take it (docs/decisions.md, "Leave-type eligibility"): each
   * condition that is set must hold; none set, everyone.
   */
  /** Only people of this gender (lookup `gender`). */
  genderId: integer().references(() => lookupValues.id),
  /** Only people of one of these employment statuses (lookup `employee_status`); empty, any. */
  employmentStatusIds: integer().array().notNull().default(sql`'{}'::integer[]`),
  /** Only after this many months since joining (and never without a joining date). */
  minServiceMonths: smallint().notNull().default(0),
  /** Only members of this group item (a department, team or project) or of an item below it. */
  groupTreeId: integer().references(() => groupTrees.id, { onDelete: 'set null' }),
});

/** Short-leave durations. */
export const leaveDurations = pgTable('leave_durations', {
  id: id(),
  name: varchar({ length: 40 }).notNull().unique(),
  nameTranslations: nameTranslations(),
  minutes: smallint().notNull(),
  enabled: boolean().notNull().default(true),
});

export const holidays = pgTable(
  'holidays',
  {
    id: id(),
    name: varchar({ length: 100 }).notNull(),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    /** Null: for every company. */
    companyId: integer().references(() => companies.id),
    /** Set: for this office only (an office's own calendar); its company's and everyone's apply too. */
    officeId: integer().references(() => offices.id),
    createdAt: createdAt(),
  },
  (t) => [index('holidays_dates_idx').on(t.fromDate, t.toDate)],
);

export const leaves = pgTable(
  'leaves',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    responsibleId: integer().references(() => employees.id),
    ...approvers(),
    typeId: integer()
      .notNull()
      .references(() => leaveTypes.id),
    durationId: integer().references(() => leaveDurations.id),
    /** 1 full day, 2 short. */
    leaveFormat: smallint().notNull(),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    /** Short leave only: the hours on `fromDate`. */
    fromTime: time(),
    toTime: time(),
    /** Working days taken (a fraction for short leave). */
    days: numeric({ precision: 6, scale: 2, mode: 'number' }).notNull(),
    leaveAddress: varchar({ length: 250 }).notNull(),
    statusId: smallint().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('leaves_employee_idx').on(t.employeeId, t.fromDate),
    index('leaves_line_manager_idx').on(t.lineManagerId, t.statusId),
    index('leaves_one_over_one_idx').on(t.oneOverOneId, t.statusId),
    // The team list's page, newest first, one approver column at a time (lib/list.ts).
    index('leaves_line_manager_page_idx').on(t.lineManagerId, t.id),
    index('leaves_one_over_one_page_idx').on(t.oneOverOneId, t.id),
    index('leaves_responsible_idx').on(t.responsibleId, t.id),
  ],
);

export const remoteWorkTypes = pgTable('remote_work_types', {
  id: id(),
  name: varchar({ length: 60 }).notNull().unique(),
  nameTranslations: nameTranslations(),
  enabled: boolean().notNull().default(true),
});

export const remoteWorks = pgTable(
  'remote_works',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    ...approvers(),
    typeId: integer()
      .notNull()
      .references(() => remoteWorkTypes.id),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    /** Type 1 only: the hours on `fromDate`. */
    fromTime: time(),
    toTime: time(),
    description: text(),
    statusId: smallint().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('remote_works_employee_idx').on(t.employeeId, t.fromDate),
    index('remote_works_line_manager_idx').on(t.lineManagerId, t.statusId),
    index('remote_works_one_over_one_idx').on(t.oneOverOneId, t.statusId),
    // The team list's page, newest first, one approver column at a time (lib/list.ts).
    index('remote_works_line_manager_page_idx').on(t.lineManagerId, t.id),
    index('remote_works_one_over_one_page_idx').on(t.oneOverOneId, t.id),
  ],
);

/** HR service categories, told apart by a value (`noc` is special). */
export const serviceCategories = pgTable('service_categories', {
  value: varchar({ length: 40 }).primaryKey(),
  /** The administration's handle on a category (requests keep `value`). */
  id: integer().notNull().unique().generatedByDefaultAsIdentity(),
  name: varchar({ length: 100 }).notNull(),
  nameTranslations: nameTranslations(),
  sortOrder: smallint().notNull().default(0),
  enabled: boolean().notNull().default(true),
});

export const nocTypes = pgTable('noc_types', {
  id: id(),
  name: varchar({ length: 100 }).notNull().unique(),
  nameTranslations: nameTranslations(),
  enabled: boolean().notNull().default(true),
});

export const serviceRequests = pgTable(
  'service_requests',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    companyId: integer().references(() => companies.id),
    ...approvers(),
    category: varchar({ length: 40 })
      .notNull()
      .references(() => serviceCategories.value),
    nocTypeId: integer().references(() => nocTypes.id),
    reason: text(),
    description: text().notNull(),
    issueDate: date({ mode: 'string' }).notNull(),
    fromDate: date({ mode: 'string' }),
    toDate: date({ mode: 'string' }),
    passportNo: varchar({ length: 32 }),
    intendedCountry: varchar({ length: 100 }),
    statusId: smallint().notNull().default(1),
    /** Who made the request (the employee, or HR on their behalf). */
    createdBy: integer().references(() => employees.id),
    submittedAt: at(),
    /** The generated letter, once done. */
    letterFileId: integer().references(() => files.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('service_requests_employee_idx').on(t.employeeId),
    index('service_requests_line_manager_idx').on(t.lineManagerId, t.statusId),
    index('service_requests_one_over_one_idx').on(t.oneOverOneId, t.statusId),
    // The Team list's first page of each part, in id order (lib/list.ts, firstOfEachPart).
    index('service_requests_line_manager_page_idx').on(t.lineManagerId, t.id),
    index('service_requests_one_over_one_page_idx').on(t.oneOverOneId, t.id),
    index('service_requests_created_by_idx').on(t.createdBy, t.statusId),
    index('service_requests_status_idx').on(t.statusId, t.submittedAt),
  ],
);
