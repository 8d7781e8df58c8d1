import {
  achievement,
  achievementInput,
  contact,
  contactInput,
  education,
  educationInput,
  familyMember,
  history,
  historyInput,
  language,
  languageInput,
  memberInput,
  type ProfileSection,
  skill,
  skillInput,
  training,
  trainingInput,
} from '@hr/contracts/employees';
import type { FieldIssue } from '@hr/contracts/errors';
import { MESSAGES } from '@hr/contracts/messages';
import { type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  achievements,
  assetAssignments,
  assets,
  educations,
  employeeContacts,
  employeeFiles,
  employeeGroups,
  employees,
  employmentHistories,
  examSubjects,
  exams,
  familyMembers,
  files,
  groups,
  groupTrees,
  languages,
  lookupValues,
  separations,
  skills,
  trainings,
} from '../../db/schema';
import type { LookupKind } from '../../db/schema/lookups';
import { localNameWhenBuilt } from '../../lib/language';
import { preparedOnce } from '../../lib/prepared';
import { type ItemTable, profileRepository as repo } from './profile.repository';

/**
 * The list sections of a profile (family members, references, contacts,
 * histories, achievements, trainings, skills, educations, languages): each
 * is created with POST employees/{id}/{path}, changed with PATCH
 * employees/{id}/{path}/{itemId} and removed with DELETE employees/{id}/{path}.
 */
export interface ListSection<I extends { id: number } = { id: number }> {
  section: ProfileSection;
  /** The path under employees/{id}/. */
  path: string;
  /** A name for the OpenAPI operation ids. */
  operation: string;
  summary: string;
  input: z.ZodType;
  item: z.ZodType;
  table: ItemTable;
  /** Narrows the table to this section's rows (contacts and references share one). */
  scope?: SQL;
  /** The columns to write, from a body the input schema has parsed. */
  values(input: unknown): Record<string, unknown>;
  /** Field issues for ids that point nowhere (lookups, exams, subjects). */
  check(db: Db, input: unknown): Promise<FieldIssue[]>;
  /**
   * The section's items of the employee row of the select it is part of, as
   * the API answers them: a JSON array built by the database, in the
   * section's order. The same expression serves one section (`load`) and the
   * whole profile (`loadSections`, one statement for every section).
   */
  items: SQL;
  /** The section's items of an employee, as the API answers them. */
  load(db: Db, employeeId: number): Promise<I[]>;
}

function define<S extends z.ZodType, I extends { id: number }>(def: {
  section: ProfileSection;
  path: string;
  operation: string;
  summary: string;
  input: S;
  item: z.ZodType<I>;
  table: ItemTable;
  scope?: SQL;
  values: (input: z.output<S>) => Record<string, unknown>;
  check?: (db: Db, input: z.output<S>) => Promise<FieldIssue[]>;
  items: SQL;
}): ListSection<I> {
  return {
    ...def,
    values: (input) => def.values(input as z.output<S>),
    check: (db, input) => (def.check ? def.check(db, input as z.output<S>) : Promise.resolve([])),
    load: async (db, employeeId) => {
      const [row] = await db
        .select({ items: sql<I[]>`${def.items}` })
        .from(employees)
        .where(eq(employees.id, employeeId));
      return row?.items ?? [];
    },
  };
}

/**
 * A JSON array of objects with these keys and values, from the rows of
 * `from` (which names the employee row of the outer select), in `orderBy`
 * order; an empty array when there are none.
 */
function jsonItems(fields: Record<string, SQL | Column>, from: SQL, orderBy: SQL): SQL {
  const pairs = sql.join(
    // The keys are this file's own constants, written into the statement as literals.
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  );
  return sql`(select coalesce(json_agg(json_build_object(${pairs}) order by ${orderBy}), '[]'::json) ${from})`;
}

/** `{ id, name }` of a record, its name in the language of the call that builds the statement. */
const idNameJson = (id: Column | SQL, name: Column | SQL, translations: Column | SQL) =>
  sql`json_build_object('id', ${id}, 'name', ${localNameWhenBuilt(name, translations)})`;

/** `{ id, name }` of a lookup value joined under `alias`. */
const lookupJson = (alias: string) =>
  idNameJson(sql.raw(`${alias}.id`), sql.raw(`${alias}.name`), sql.raw(`${alias}.name_translations`));

const ofEmployee = (table: ItemTable, column: Column, scope?: SQL) =>
  sql`from ${table} where ${column} = ${employees.id}${scope ? sql` and ${scope}` : sql``}`;

/** Issues for lookup ids that do not exist or are of another list. */
export async function checkLookups(
  db: Db,
  fields: [field: string, id: number | null | undefined, kind: LookupKind][],
): Promise<FieldIssue[]> {
  const ids = fields.map(([, id]) => id).filter((id): id is number => typeof id === 'number');
  const kinds = await repo.lookupKinds(db, [...new Set(ids)]);
  return fields
    .filter(([, id, kind]) => typeof id === 'number' && kinds.get(id) !== kind)
    .map(([field]) => ({ path: [field], message: MESSAGES.choiceInvalid }));
}

const contactValues = (input: z.output<typeof contactInput>) => ({
  name: input.name,
  mobile: input.mobile,
  email: input.email,
  nid: input.nid,
  relation: input.relation,
  address: input.address,
  emergency: input.emergency,
  grantor: input.grantor,
});

const contactItems = (type: 'reference' | 'contact') =>
  jsonItems(
    {
      id: employeeContacts.id,
      name: employeeContacts.name,
      email: employeeContacts.email,
      mobile: employeeContacts.mobile,
      nid: employeeContacts.nid,
      relation: employeeContacts.relation,
      address: employeeContacts.address,
      emergency: employeeContacts.emergency,
      grantor: employeeContacts.grantor,
    },
    ofEmployee(employeeContacts, employeeContacts.employeeId, eq(employeeContacts.type, type)),
    sql`${employeeContacts.id}`,
  );

export const SECTIONS = {
  members: define({
    section: 'members',
    path: 'family/members',
    operation: 'FamilyMember',
    summary: 'family member',
    input: memberInput,
    item: familyMember,
    table: familyMembers,
    values: (v) => ({
      name: v.name,
      relation: v.relation,
      dob: v.dob,
      mobile: v.mobile,
      occupation: v.occupation,
    }),
    items: jsonItems(
      {
        id: familyMembers.id,
        name: familyMembers.name,
        relation: familyMembers.relation,
        dob: familyMembers.dob,
        mobile: familyMembers.mobile,
        occupation: familyMembers.occupation,
      },
      ofEmployee(familyMembers, familyMembers.employeeId),
      sql`${familyMembers.id}`,
    ),
  }),
  references: define({
    section: 'references',
    path: 'references',
    operation: 'Reference',
    summary: 'reference',
    input: contactInput,
    item: contact,
    table: employeeContacts,
    scope: eq(employeeContacts.type, 'reference'),
    values: (v) => ({ ...contactValues(v), type: 'reference' }),
    items: contactItems('reference'),
  }),
  contacts: define({
    section: 'contacts',
    path: 'contacts',
    operation: 'Contact',
    summary: 'contact',
    input: contactInput,
    item: contact,
    table: employeeContacts,
    scope: eq(employeeContacts.type, 'contact'),
    values: (v) => ({ ...contactValues(v), type: 'contact' }),
    items: contactItems('contact'),
  }),
  histories: define({
    section: 'histories',
    path: 'histories',
    operation: 'History',
    summary: 'employment history entry',
    input: historyInput,
    item: history,
    table: employmentHistories,
    values: (v) => ({
      company: v.company,
      designation: v.designation,
      fromDate: v.from,
      toDate: v.to,
      address: v.address,
    }),
    items: jsonItems(
      {
        id: employmentHistories.id,
        company: employmentHistories.company,
        designation: employmentHistories.designation,
        from: employmentHistories.fromDate,
        to: employmentHistories.toDate,
        address: employmentHistories.address,
      },
      ofEmployee(employmentHistories, employmentHistories.employeeId),
      sql`${employmentHistories.fromDate} desc, ${employmentHistories.id} desc`,
    ),
  }),
  achievements: define({
    section: 'achievements',
    path: 'achievements',
    operation: 'Achievement',
    summary: 'achievement',
    input: achievementInput,
    item: achievement,
    table: achievements,
    values: (v) => ({ name: v.name, date: v.date, description: v.description }),
    items: jsonItems(
      {
        id: achievements.id,
        name: achievements.name,
        date: achievements.date,
        description: achievements.description,
      },
      ofEmployee(achievements, achievements.employeeId),
      sql`${achievements.id}`,
    ),
  }),
  trainings: define({
    section: 'trainings',
    path: 'trainings',
    operation: 'Training',
    summary: 'training',
    input: trainingInput,
    item: training,
    table: trainings,
    values: (v) => ({ name: v.name, type: v.type, description: v.description }),
    items: jsonItems(
      { id: trainings.id, name: trainings.name, type: trainings.type, description: trainings.description },
      ofEmployee(trainings, trainings.employeeId),
      sql`${trainings.id}`,
    ),
  }),
  skills: define({
    section: 'skills',
    path: 'skills',
    operation: 'Skill',
    summary: 'skill',
    input: skillInput,
    item: skill,
    table: skills,
    values: (v) => ({ name: v.name, type: v.type, efficiency: v.efficiency, description: v.description }),
    items: jsonItems(
      {
        id: skills.id,
        name: skills.name,
        type: skills.type,
        efficiency: skills.efficiency,
        description: skills.description,
      },
      ofEmployee(skills, skills.employeeId),
      sql`${skills.id}`,
    ),
  }),
  educations: define({
    section: 'educations',
    path: 'educations',
    operation: 'Education',
    summary: 'education',
    input: educationInput,
    item: education,
    table: educations,
    values: (v) => ({
      institute: v.institute,
      examId: v.exam_id,
      typeId: v.type_id,
      passingYear: v.passing_year,
      duration: v.duration,
      durationUnitId: v.duration_unit_id,
      subjectId: v.subject_id,
      certificateNo: v.certificate_no,
      result: v.result,
      description: v.description,
    }),
    check: async (db, v) => {
      const issues = await checkLookups(db, [
        ['type_id', v.type_id, 'education_type'],
        ['duration_unit_id', v.duration_unit_id, 'duration_unit'],
      ]);
      if (!(await repo.examExists(db, v.exam_id)))
        issues.push({ path: ['exam_id'], message: MESSAGES.choiceInvalid });
      // A subject belongs to one exam.
      if ((await repo.subjectExam(db, v.subject_id)) !== v.exam_id)
        issues.push({ path: ['subject_id'], message: MESSAGES.choiceInvalid });
      return issues;
    },
    items: jsonItems(
      {
        id: educations.id,
        institute: educations.institute,
        exam_id: educations.examId,
        exam: idNameJson(exams.id, exams.name, exams.nameTranslations),
        type_id: educations.typeId,
        type: lookupJson('education_type'),
        passing_year: educations.passingYear,
        duration: educations.duration,
        duration_unit_id: educations.durationUnitId,
        duration_unit: lookupJson('duration_unit'),
        subject_id: educations.subjectId,
        subject: idNameJson(examSubjects.id, examSubjects.name, examSubjects.nameTranslations),
        certificate_no: educations.certificateNo,
        result: educations.result,
        description: educations.description,
      },
      sql`from ${educations}
        inner join ${exams} on ${exams.id} = ${educations.examId}
        inner join ${lookupValues} education_type on education_type.id = ${educations.typeId}
        inner join ${lookupValues} duration_unit on duration_unit.id = ${educations.durationUnitId}
        inner join ${examSubjects} on ${examSubjects.id} = ${educations.subjectId}
        where ${educations.employeeId} = ${employees.id}`,
      sql`${educations.passingYear} desc, ${educations.id}`,
    ),
  }),
  languages: define({
    section: 'languages',
    path: 'languages',
    operation: 'Language',
    summary: 'language',
    input: languageInput,
    item: language,
    table: languages,
    values: (v) => ({
      name: v.name,
      writingId: v.writing_id,
      readingId: v.reading_id,
      speakingId: v.speaking_id,
      description: v.description,
    }),
    check: (db, v) =>
      checkLookups(db, [
        ['writing_id', v.writing_id, 'language_proficiency'],
        ['reading_id', v.reading_id, 'language_proficiency'],
        ['speaking_id', v.speaking_id, 'language_proficiency'],
      ]),
    items: jsonItems(
      {
        id: languages.id,
        name: languages.name,
        writing_id: languages.writingId,
        writing: lookupJson('writing'),
        reading_id: languages.readingId,
        reading: lookupJson('reading'),
        speaking_id: languages.speakingId,
        speaking: lookupJson('speaking'),
        description: languages.description,
      },
      sql`from ${languages}
        inner join ${lookupValues} writing on writing.id = ${languages.writingId}
        inner join ${lookupValues} reading on reading.id = ${languages.readingId}
        inner join ${lookupValues} speaking on speaking.id = ${languages.speakingId}
        where ${languages.employeeId} = ${employees.id}`,
      sql`${languages.id}`,
    ),
  }),
};

export const LIST_SECTIONS: ListSection[] = Object.values(SECTIONS);

type SectionName = keyof typeof SECTIONS;
/** Every list section's items of an employee, by section. */
export type SectionItems = { [K in SectionName]: Awaited<ReturnType<(typeof SECTIONS)[K]['load']>> };

/** `{ id, name }` of a lookup value joined under `alias`, or null when the row points at none. */
const optionalLookupJson = (alias: string) =>
  sql`case when ${sql.raw(`${alias}.id`)} is null then null else ${lookupJson(alias)} end`;

/**
 * The profile's other parts, read in the same statement as the sections:
 * the assets the employee holds, their documents, their separation (null
 * when none) and the group items they are in. Times come as JSON text.
 */
const PARTS = {
  assets: sql<
    { id: number; name: string; code: string | null; description: string | null; assignedAt: string }[]
  >`${jsonItems(
    {
      id: assets.id,
      name: assets.name,
      code: assets.code,
      description: assets.description,
      assignedAt: assetAssignments.assignedAt,
    },
    sql`from ${assetAssignments} inner join ${assets} on ${assets.id} = ${assetAssignments.assetId}
      where ${assetAssignments.employeeId} = ${employees.id} and ${assetAssignments.returnedAt} is null`,
    sql`${assets.name}`,
  )}`,
  files: sql<
    { id: number; name: string; fileName: string; mime: string; size: number; createdAt: string }[]
  >`${jsonItems(
    {
      id: employeeFiles.id,
      name: employeeFiles.name,
      fileName: files.name,
      mime: files.mime,
      size: files.size,
      createdAt: employeeFiles.createdAt,
    },
    sql`from ${employeeFiles} inner join ${files} on ${files.id} = ${employeeFiles.fileId}
      where ${employeeFiles.employeeId} = ${employees.id}`,
    sql`${employeeFiles.id} desc`,
  )}`,
  separation: sql<{
    resign_date: string | null;
    last_working_date: string | null;
    cert_issued: boolean;
    type_id: number | null;
    type: { id: number; name: string } | null;
    status_id: number | null;
    status: { id: number; name: string } | null;
    mode_id: number | null;
    mode: { id: number; name: string } | null;
  } | null>`${sql`(select json_build_object(
      'resign_date', ${separations.resignDate}, 'last_working_date', ${separations.lastWorkingDate},
      'cert_issued', ${separations.certIssued},
      'type_id', ${separations.typeId}, 'type', ${optionalLookupJson('separation_type')},
      'status_id', ${separations.statusId}, 'status', ${optionalLookupJson('separation_status')},
      'mode_id', ${separations.modeId}, 'mode', ${optionalLookupJson('separation_mode')})
    from ${separations}
      left join ${lookupValues} separation_type on separation_type.id = ${separations.typeId}
      left join ${lookupValues} separation_status on separation_status.id = ${separations.statusId}
      left join ${lookupValues} separation_mode on separation_mode.id = ${separations.modeId}
    where ${separations.employeeId} = ${employees.id})`}`,
  groups: sql<{ id: number; name: string; group: { id: number; name: string } }[]>`${jsonItems(
    {
      id: groupTrees.id,
      name: groupTrees.name,
      group: sql`json_build_object('id', ${groups.id}, 'name', ${groups.name})`,
    },
    sql`from ${employeeGroups}
      inner join ${groupTrees} on ${groupTrees.id} = ${employeeGroups.groupTreeId}
      inner join ${groups} on ${groups.id} = ${groupTrees.groupId}
      where ${employeeGroups.employeeId} = ${employees.id}`,
    sql`${groups.name}, ${groupTrees.name}`,
  )}`,
};

/** The profile's other parts of an employee (`PARTS`), as the statement answers them. */
export type ProfileParts = { [K in keyof typeof PARTS]: (typeof PARTS)[K]['_']['type'] };

/**
 * Every list section of an employee's profile and its other parts (`PARTS`)
 * in one statement (empty lists when the employee is unknown), prepared once:
 * it is large, and building it was most of the query builder's work on every
 * profile read.
 */
export async function loadSections(db: Db, employeeId: number): Promise<SectionItems & ProfileParts> {
  const names = Object.keys(SECTIONS) as SectionName[];
  const statement = preparedOnce(db, 'profile-sections', (name) =>
    db
      .select({
        ...Object.fromEntries(names.map((section) => [section, sql`${SECTIONS[section].items}`])),
        ...PARTS,
      })
      .from(employees)
      .where(eq(employees.id, sql.placeholder('id')))
      .prepare(name),
  );
  const [found] = await statement.execute({ id: employeeId });
  const row = found as Record<string, unknown> | undefined;
  return {
    ...(Object.fromEntries(
      names.map((name) => [name, (row?.[name] as unknown[] | undefined) ?? []]),
    ) as SectionItems),
    assets: (row?.assets as ProfileParts['assets'] | undefined) ?? [],
    files: (row?.files as ProfileParts['files'] | undefined) ?? [],
    separation: (row?.separation as ProfileParts['separation'] | undefined) ?? null,
    groups: (row?.groups as ProfileParts['groups'] | undefined) ?? [],
  };
}
