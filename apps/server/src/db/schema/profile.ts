import {
  type AnyPgColumn,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './columns';
import { files } from './files';
import { examSubjects, exams, lookupValues } from './lookups';
import { companies } from './org';
import { employees } from './people';

const employeeRef = () =>
  integer()
    .notNull()
    .references(() => employees.id, { onDelete: 'cascade' });

export const familyMembers = pgTable(
  'employee_family_members',
  {
    id: id(),
    employeeId: employeeRef(),
    name: varchar({ length: 30 }).notNull(),
    relation: varchar({ length: 40 }),
    dob: date({ mode: 'string' }),
    mobile: varchar({ length: 20 }),
    occupation: varchar({ length: 100 }),
    createdAt: createdAt(),
  },
  (t) => [index('family_members_employee_idx').on(t.employeeId)],
);

/** References and contacts (`type` tells which); emergency contacts and grantors are flagged. */
export const employeeContacts = pgTable(
  'employee_contacts',
  {
    id: id(),
    employeeId: employeeRef(),
    type: varchar({ length: 10 }).notNull().$type<'reference' | 'contact'>(),
    name: varchar({ length: 100 }).notNull(),
    email: varchar({ length: 254 }),
    mobile: varchar({ length: 20 }),
    nid: varchar({ length: 30 }),
    relation: varchar({ length: 60 }),
    address: varchar({ length: 250 }),
    emergency: boolean().notNull().default(false),
    grantor: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('employee_contacts_employee_idx').on(t.employeeId, t.type)],
);

export const employmentHistories = pgTable(
  'employee_histories',
  {
    id: id(),
    employeeId: employeeRef(),
    company: varchar({ length: 150 }).notNull(),
    designation: varchar({ length: 100 }).notNull(),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }),
    address: varchar({ length: 250 }),
    createdAt: createdAt(),
  },
  (t) => [index('employee_histories_employee_idx').on(t.employeeId)],
);

export const achievements = pgTable(
  'employee_achievements',
  {
    id: id(),
    employeeId: employeeRef(),
    name: varchar({ length: 150 }).notNull(),
    date: date({ mode: 'string' }),
    description: text(),
    createdAt: createdAt(),
  },
  (t) => [index('employee_achievements_employee_idx').on(t.employeeId)],
);

export const trainings = pgTable(
  'employee_trainings',
  {
    id: id(),
    employeeId: employeeRef(),
    name: varchar({ length: 150 }).notNull(),
    type: varchar({ length: 60 }),
    description: text(),
    createdAt: createdAt(),
  },
  (t) => [index('employee_trainings_employee_idx').on(t.employeeId)],
);

export const skills = pgTable(
  'employee_skills',
  {
    id: id(),
    employeeId: employeeRef(),
    name: varchar({ length: 100 }).notNull(),
    type: varchar({ length: 60 }),
    /** 1 to 5. */
    efficiency: smallint(),
    description: text(),
    createdAt: createdAt(),
  },
  (t) => [index('employee_skills_employee_idx').on(t.employeeId)],
);

export const educations = pgTable(
  'employee_educations',
  {
    id: id(),
    employeeId: employeeRef(),
    institute: varchar({ length: 100 }).notNull(),
    examId: integer()
      .notNull()
      .references(() => exams.id),
    typeId: integer()
      .notNull()
      .references(() => lookupValues.id),
    passingYear: smallint().notNull(),
    duration: smallint().notNull(),
    durationUnitId: integer()
      .notNull()
      .references(() => lookupValues.id),
    subjectId: integer()
      .notNull()
      .references(() => examSubjects.id),
    certificateNo: varchar({ length: 60 }).notNull(),
    result: varchar({ length: 30 }).notNull(),
    description: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('employee_educations_employee_idx').on(t.employeeId),
    index('employee_educations_exam_idx').on(t.examId),
  ],
);

export const languages = pgTable(
  'employee_languages',
  {
    id: id(),
    employeeId: employeeRef(),
    name: varchar({ length: 50 }).notNull(),
    writingId: integer()
      .notNull()
      .references(() => lookupValues.id),
    readingId: integer()
      .notNull()
      .references(() => lookupValues.id),
    speakingId: integer()
      .notNull()
      .references(() => lookupValues.id),
    description: text(),
    createdAt: createdAt(),
  },
  (t) => [index('employee_languages_employee_idx').on(t.employeeId)],
);

/** Documents kept on a profile. */
export const employeeFiles = pgTable(
  'employee_files',
  {
    id: id(),
    employeeId: employeeRef(),
    name: varchar({ length: 150 }).notNull(),
    fileId: integer()
      .notNull()
      .references(() => files.id),
    createdAt: createdAt(),
  },
  (t) => [index('employee_files_employee_idx').on(t.employeeId)],
);

export const separations = pgTable('employee_separations', {
  employeeId: integer()
    .primaryKey()
    .references(() => employees.id, { onDelete: 'cascade' }),
  resignDate: date({ mode: 'string' }),
  lastWorkingDate: date({ mode: 'string' }),
  certIssued: boolean().notNull().default(false),
  typeId: integer().references(() => lookupValues.id),
  statusId: integer().references(() => lookupValues.id),
  modeId: integer().references(() => lookupValues.id),
  updatedAt: updatedAt(),
});

/** Company assets (laptops, phones...) and who holds them. */
export const assets = pgTable('assets', {
  id: id(),
  companyId: integer().references(() => companies.id),
  name: varchar({ length: 100 }).notNull(),
  code: varchar({ length: 40 }),
  description: text(),
  enabled: boolean().notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const assetAssignments = pgTable(
  'asset_assignments',
  {
    id: id(),
    assetId: integer()
      .notNull()
      .references(() => assets.id),
    employeeId: employeeRef(),
    assignedAt: createdAt(),
    returnedAt: at(),
  },
  (t) => [
    index('asset_assignments_employee_idx').on(t.employeeId),
    index('asset_assignments_asset_idx').on(t.assetId),
  ],
);

/** Groups (departments, teams, projects...) as trees of items that employees belong to. */
export const groups = pgTable('groups', {
  id: id(),
  name: varchar({ length: 100 }).notNull().unique(),
  /** Lookup `group_type`; type 1 groups are the list filters of SPEC.md §2. */
  typeId: integer().references(() => lookupValues.id),
  enabled: boolean().notNull().default(true),
  createdAt: createdAt(),
});

export const groupTrees = pgTable(
  'group_trees',
  {
    id: id(),
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    parentId: integer().references((): AnyPgColumn => groupTrees.id, { onDelete: 'cascade' }),
    name: varchar({ length: 100 }).notNull(),
  },
  (t) => [index('group_trees_group_idx').on(t.groupId)],
);

export const employeeGroups = pgTable(
  'employee_groups',
  {
    employeeId: employeeRef(),
    groupTreeId: integer()
      .notNull()
      .references(() => groupTrees.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId, t.groupTreeId] }),
    index('employee_groups_tree_idx').on(t.groupTreeId),
  ],
);

/** The activity log shown on the profile (list and map). */
export const activities = pgTable(
  'employee_activities',
  {
    id: id(),
    employeeId: employeeRef(),
    category: varchar({ length: 40 }).notNull(),
    type: varchar({ length: 40 }).notNull(),
    description: text(),
    address: varchar({ length: 250 }),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    createdAt: createdAt(),
  },
  (t) => [index('employee_activities_employee_idx').on(t.employeeId, t.createdAt)],
);
