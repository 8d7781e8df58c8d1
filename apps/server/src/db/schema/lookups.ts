import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, nameTranslations } from './columns';

/**
 * Small reference lists behind a select: genders, religions, marital
 * statuses, employee statuses, levels, grades, education types, duration
 * units, separation types/statuses/modes, language proficiencies. One table,
 * told apart by `kind`. Levels and grades are HR's to name, in every language
 * (`nameTranslations`); the other kinds may carry translations too.
 */
export const lookupValues = pgTable(
  'lookup_values',
  {
    id: id(),
    kind: varchar({ length: 40 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    nameTranslations: nameTranslations(),
    sortOrder: smallint().notNull().default(0),
    enabled: boolean().notNull().default(true),
  },
  (t) => [
    uniqueIndex('lookup_values_kind_name_uq').on(t.kind, t.name),
    index('lookup_values_kind_idx').on(t.kind),
  ],
);

export type LookupKind =
  | 'gender'
  | 'religion'
  | 'marital_status'
  | 'blood_group'
  | 'employee_status'
  | 'level'
  | 'grade'
  | 'education_type'
  | 'duration_unit'
  | 'separation_type'
  | 'separation_status'
  | 'separation_mode'
  | 'language_proficiency'
  | 'group_type';

/** Exams (SSC, HSC, BSc...) and their subjects. */
export const exams = pgTable('exams', {
  id: id(),
  name: varchar({ length: 100 }).notNull().unique(),
  nameTranslations: nameTranslations(),
  educationTypeId: integer().references(() => lookupValues.id),
  enabled: boolean().notNull().default(true),
});

export const examSubjects = pgTable(
  'exam_subjects',
  {
    id: id(),
    examId: integer()
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    name: varchar({ length: 100 }).notNull(),
    nameTranslations: nameTranslations(),
  },
  (t) => [uniqueIndex('exam_subjects_exam_name_uq').on(t.examId, t.name)],
);

/**
 * Status names and colours per workflow (leave, remote_work, hr_service,
 * kpi, epr); the ids are those of SPEC.md §4.
 */
export const workflowStatuses = pgTable(
  'workflow_statuses',
  {
    module: varchar({ length: 20 }).notNull(),
    id: smallint().notNull(),
    name: varchar({ length: 60 }).notNull(),
    color: varchar({ length: 20 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.module, t.id] })],
);
