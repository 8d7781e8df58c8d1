import { z } from 'zod';
import { ADMIN_MESSAGES, DESCRIPTION_MAX, enabledListQuery, NAME_MAX, NAME_MIN } from './admin';
import { GROUP_MESSAGES, group, groupTreeCreate, groupTreeDelete } from './employee-search';
import { listResponse } from './lists';
import { idName } from './lookups';
import { defineMessages } from './messages';
import { linesText, lineText } from './text';
import { nameTranslations, nameTranslationsAnswer } from './translations';

/**
 * The organisation's reference data that HR administrators manage: levels
 * and grades (kinds of `lookup_values`), designations, development areas
 * (the choices of a review's development plan), exams with their subjects
 * (the profile's education form) and groups with their trees of items (the
 * list filters and the employee search). Every signed-in employee reads them;
 * only HR administrators change them.
 *
 * Without page, limit, sort or search a list answers the plain array forms
 * and filters read (the enabled records; an administrator may add all=true);
 * with any of them, the list answer `{ items, count, total, pagination }`.
 */

export const SORT_ORDER_MAX = 999;

/** The texts beyond the administration's own (those translate under `organisation.validation.<id>`). */
export const ORGANISATION_MESSAGES = defineMessages('organisation.validation', {
  sortOrder: `Sort order must be a whole number from 0 to ${SORT_ORDER_MAX}`,
  educationTypeRequired: 'Education type must not be empty',
  educationTypeUnknown: 'This education type does not exist',
  groupTypeRequired: 'Type must not be empty',
  groupTypeUnknown: 'This group type does not exist',
  levelNameTaken: 'A level with this name already exists',
  gradeNameTaken: 'A grade with this name already exists',
  designationNameTaken: 'A designation with this name already exists',
  developmentAreaNameTaken: 'A development area with this name already exists',
  examNameTaken: 'An exam with this name already exists',
  subjectNameTaken: 'This exam already has a subject with this name',
  groupNameTaken: 'A group with this name already exists',
  subjectId: 'subject_id must be a whole number from 1',
  examId: 'exam_id must be a whole number from 1',
  groupId: 'group_id must be a whole number from 1',
});

const M = { ...ADMIN_MESSAGES, ...ORGANISATION_MESSAGES };

/**
 * SPEC.md's group type 1: the groups the KPI and EPR lists filter by
 * (`GET groups?type_id=1`). Group types are `group_type` lookup values whose
 * ids are not 1, so type 1 stands for the group type first in order
 * (Department in the reference data).
 */
export const FILTER_GROUP_TYPE = 1;

const name = lineText(
  z.string({ error: (i) => (i.input === undefined ? M.nameRequired : M.nameType) }).trim(),
)
  .min(1, { error: M.nameRequired, abort: true })
  .min(NAME_MIN, M.nameLength)
  .max(NAME_MAX, M.nameLength);

/** The name in the other languages: each at most as long as the name, with the name's own message. */
const translations = nameTranslations(NAME_MAX, M.nameLength);

const enabled = z.boolean({ error: M.enabled });

const sortOrder = z
  .number({ error: M.sortOrder })
  .int(M.sortOrder)
  .min(0, M.sortOrder)
  .max(SORT_ORDER_MAX, M.sortOrder);

/** A lookup id a body points at: required, a whole number; whether it exists is the server's check. */
function lookupRef(required: string, unknown: string) {
  return z
    .number({ error: (i) => (i.input === undefined || i.input === null ? required : unknown) })
    .int(unknown)
    .min(1, unknown);
}

const description = linesText(z.string({ error: M.descriptionType }).trim())
  .max(DESCRIPTION_MAX, M.descriptionTooLong)
  .transform((v) => (v === '' ? null : v))
  .nullish();

/** At least one field in a PATCH. */
function notEmpty<T extends Record<string, unknown>>(value: T): boolean {
  return Object.values(value).some((v) => v !== undefined);
}

/** `{ <key>: id }` of a DELETE with the id in its body. */
function idBody<K extends string>(key: K, message: string) {
  return z.object({ [key]: z.number({ error: message }).int(message).min(1, message) } as Record<
    K,
    z.ZodNumber
  >);
}

/** The list query of every kind here: page, limit, sort, search, and all=true (administrators). */
export const organisationListQuery = enabledListQuery;

/* Levels and grades (lookup_values of kind `level` and `grade`) */

export const rankCreate = z.object({
  name,
  name_translations: translations.optional(),
  sort_order: sortOrder.optional(),
  enabled: enabled.optional(),
});
export type RankCreate = z.input<typeof rankCreate>;
export const rankUpdate = rankCreate.partial().refine(notEmpty, M.nothingToChange);
export type RankUpdate = z.input<typeof rankUpdate>;

/** A level or a grade. */
export const rank = z.object({
  id: z.number().int(),
  name: z.string(),
  sort_order: z.number().int(),
  enabled: z.boolean(),
  /** Employees at this level (or grade). */
  employees_count: z.number().int(),
  /** The name in the other languages (the admin form's); `name` is in the caller's language. */
  name_translations: nameTranslationsAnswer.optional(),
});
export type Rank = z.infer<typeof rank>;
export const RANK_SORT_FIELDS = ['id', 'name', 'order', 'employees'] as const;
export const ranksResponse = z.union([z.array(rank), listResponse(rank)]);

/* Designations */

export const designationCreate = z.object({
  name,
  name_translations: translations.optional(),
  enabled: enabled.optional(),
});
export type DesignationCreate = z.input<typeof designationCreate>;
export const designationUpdate = designationCreate.partial().refine(notEmpty, M.nothingToChange);
export type DesignationUpdate = z.input<typeof designationUpdate>;

export const designation = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  employees_count: z.number().int(),
  /** The name in the other languages (the admin form's); `name` is in the caller's language. */
  name_translations: nameTranslationsAnswer.optional(),
});
export type Designation = z.infer<typeof designation>;
export const DESIGNATION_SORT_FIELDS = ['id', 'name', 'employees'] as const;
export const designationsResponse = z.union([z.array(designation), listResponse(designation)]);

/* Development areas (the choices of a review's development plan; not foreign keys) */

export const developmentAreaCreate = z.object({
  name,
  name_translations: translations.optional(),
  description,
  enabled: enabled.optional(),
});
export type DevelopmentAreaCreate = z.input<typeof developmentAreaCreate>;
export const developmentAreaUpdate = developmentAreaCreate.partial().refine(notEmpty, M.nothingToChange);
export type DevelopmentAreaUpdate = z.input<typeof developmentAreaUpdate>;

export const developmentArea = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  /** The name in the other languages (the admin form's); `name` is in the caller's language. */
  name_translations: nameTranslationsAnswer.optional(),
});
export type DevelopmentArea = z.infer<typeof developmentArea>;
export const DEVELOPMENT_AREA_SORT_FIELDS = ['id', 'name'] as const;
export const developmentAreasResponse = z.union([z.array(developmentArea), listResponse(developmentArea)]);

/* Exams and their subjects */

export const examCreate = z.object({
  name,
  name_translations: translations.optional(),
  type_id: lookupRef(M.educationTypeRequired, M.educationTypeUnknown),
  enabled: enabled.optional(),
});
export type ExamCreate = z.input<typeof examCreate>;
export const examUpdate = examCreate.partial().refine(notEmpty, M.nothingToChange);
export type ExamUpdate = z.input<typeof examUpdate>;

export const examSubject = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Employees' educations of this subject. */
  educations_count: z.number().int(),
  /** The name in the other languages (the admin form's); `name` is in the caller's language. */
  name_translations: nameTranslationsAnswer.optional(),
});
export type ExamSubject = z.infer<typeof examSubject>;

/** An exam: what the profile's education form reads (id, name, type_id, subjects) and more. */
export const examItem = z.object({
  id: z.number().int(),
  name: z.string(),
  type_id: z.number().int().nullable(),
  type: idName.nullable(),
  enabled: z.boolean(),
  /** Employees' educations of this exam. */
  educations_count: z.number().int(),
  subjects: z.array(examSubject),
  /** The name in the other languages (the admin form's); `name` is in the caller's language. */
  name_translations: nameTranslationsAnswer.optional(),
});
export type ExamItem = z.infer<typeof examItem>;
export const EXAM_SORT_FIELDS = ['id', 'name', 'type'] as const;
export const examsResponse = z.union([z.array(examItem), listResponse(examItem)]);
export const examDelete = idBody('exam_id', M.examId);

/** POST employees/educations/exams/{id}/subjects. */
export const subjectCreate = z.object({ name, name_translations: translations.optional() });
export type SubjectCreate = z.input<typeof subjectCreate>;
/** PATCH employees/educations/exams/subjects/{id}: its name, or its name in the other languages. */
export const subjectUpdate = subjectCreate.partial().refine(notEmpty, M.nothingToChange);
export type SubjectUpdate = z.input<typeof subjectUpdate>;
/** DELETE employees/educations/exams/subjects. */
export const subjectDelete = idBody('subject_id', M.subjectId);
export const subjectCreated = examSubject.extend({ exam_id: z.number().int() });
export type SubjectCreated = z.infer<typeof subjectCreated>;

/* Groups and their trees */

export const groupCreate = z.object({
  name,
  type_id: lookupRef(M.groupTypeRequired, M.groupTypeUnknown),
  enabled: enabled.optional(),
});
export type GroupCreate = z.input<typeof groupCreate>;
export const groupUpdate = groupCreate.partial().refine(notEmpty, M.nothingToChange);
export type GroupUpdate = z.input<typeof groupUpdate>;

/** A group as `GET groups` has always answered it (id, name, type, tree), and what the administration shows. */
export const groupItem = group.extend({
  enabled: z.boolean(),
  /** Whether the KPI and EPR lists filter by it (its type is SPEC.md's type 1). */
  list_filter: z.boolean(),
  items_count: z.number().int(),
  /** Employees in any of its items, each counted once. */
  members_count: z.number().int(),
  created: z.string(),
});
export type GroupItem = z.infer<typeof groupItem>;
export const GROUP_SORT_FIELDS = ['id', 'name', 'type', 'created'] as const;

export const groupsListQuery = organisationListQuery.extend({
  type_id: z.coerce
    .number({ error: 'type_id must be a group type id' })
    .int('type_id must be a group type id')
    .min(1, 'type_id must be a group type id')
    .optional(),
});
export const groupsResponse = z.union([z.array(groupItem), listResponse(groupItem)]);
export const groupDelete = idBody('group_id', M.groupId);

/** POST groups/{id}/trees and DELETE groups/trees (the texts of GROUP_MESSAGES). */
export { GROUP_MESSAGES, groupTreeCreate, groupTreeDelete };
