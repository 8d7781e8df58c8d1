import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, date, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { at, bytea, createdAt, id, updatedAt } from './columns';
import { lookupValues } from './lookups';
import { companies, designations, offices } from './org';

export const employees = pgTable(
  'employees',
  {
    id: id(),
    eid: varchar({ length: 32 }).notNull().unique(),
    name: varchar({ length: 100 }).notNull(),
    mobile: varchar({ length: 20 }),
    email: varchar({ length: 254 }),
    bloodGroup: varchar({ length: 8 }),
    companyId: integer().references(() => companies.id),
    officeId: integer().references(() => offices.id),
    designationId: integer().references(() => designations.id),
    /** The line manager. */
    parentId: integer().references((): AnyPgColumn => employees.id),
    enabled: boolean().notNull().default(true),
    /** Employment status (lookup `employee_status`). */
    statusId: integer().references(() => lookupValues.id),
    levelId: integer().references(() => lookupValues.id),
    gradeId: integer().references(() => lookupValues.id),
    // General
    genderId: integer().references(() => lookupValues.id),
    religionId: integer().references(() => lookupValues.id),
    dob: date({ mode: 'string' }),
    pob: varchar({ length: 100 }),
    joiningDate: date({ mode: 'string' }),
    confirmationDate: date({ mode: 'string' }),
    nationality: varchar({ length: 60 }),
    nid: varchar({ length: 30 }),
    tin: varchar({ length: 30 }),
    passportNo: varchar({ length: 32 }),
    drivingLicense: varchar({ length: 40 }),
    // Address
    presentAddress: text(),
    permanentAddress: text(),
    // Family
    fatherName: varchar({ length: 100 }),
    motherName: varchar({ length: 100 }),
    spouseName: varchar({ length: 100 }),
    marriageDate: date({ mode: 'string' }),
    maritalStatusId: integer().references(() => lookupValues.id),
    /** Bumped on each photo change, so photo URLs change with it. */
    photoVersion: integer().notNull().default(0),
    /** When the person's personal data was erased (docs/decisions.md, "Erasure"). */
    erasedAt: at(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('employees_parent_idx').on(t.parentId),
    index('employees_company_idx').on(t.companyId),
    index('employees_office_idx').on(t.officeId),
    index('employees_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('employees_eid_trgm_idx').using('gin', sql`${t.eid} gin_trgm_ops`),
    // The directory search: e-mail and mobile by their start, sorting by name, age and service ranges.
    index('employees_email_prefix_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
    index('employees_mobile_prefix_idx').using('btree', sql`${t.mobile} text_pattern_ops`),
    index('employees_name_idx').on(t.name, t.id),
    index('employees_dob_idx').on(t.dob),
    index('employees_joining_date_idx').on(t.joiningDate),
  ],
);

export const users = pgTable('users', {
  id: id(),
  employeeId: integer()
    .notNull()
    .unique()
    .references(() => employees.id),
  /** The E-ID the user signs in with. */
  username: varchar({ length: 32 }).notNull().unique(),
  /** scrypt hash; null until the user sets a password. */
  passwordHash: text(),
  isAdmin: boolean().notNull().default(false),
  /** The language the user chose (letters and review PDFs about them come in it); null: never chosen. */
  language: varchar({ length: 5 }),
  passwordChangedAt: at(),
  createdAt: createdAt(),
});

/** The three sizes of an employee's photo (JPEG or PNG, resized on upload). */
export const employeePhotos = pgTable('employee_photos', {
  employeeId: integer()
    .primaryKey()
    .references(() => employees.id, { onDelete: 'cascade' }),
  mime: varchar({ length: 20 }).notNull(),
  small: bytea().notNull(),
  medium: bytea().notNull(),
  big: bytea().notNull(),
  updatedAt: updatedAt(),
});

/**
 * Who decides on a request (leave, remote work, HR services, KPI sheets,
 * reviews): stored at creation from the employee's line manager and theirs
 * (DESIGN.md §3), so a later change of manager does not move a request.
 */
export const approvers = () => ({
  lineManagerId: integer().references(() => employees.id),
  oneOverOneId: integer().references(() => employees.id),
});
