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
import { eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  achievements,
  educations,
  employeeContacts,
  employmentHistories,
  familyMembers,
  languages,
  skills,
  trainings,
} from '../../db/schema';
import type { LookupKind } from '../../db/schema/lookups';
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
  load: (db: Db, employeeId: number) => Promise<I[]>;
}): ListSection<I> {
  return {
    ...def,
    values: (input) => def.values(input as z.output<S>),
    check: (db, input) => (def.check ? def.check(db, input as z.output<S>) : Promise.resolve([])),
  };
}

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

const contactRow = (r: typeof employeeContacts.$inferSelect) => ({
  id: r.id,
  name: r.name,
  email: r.email,
  mobile: r.mobile,
  nid: r.nid,
  relation: r.relation,
  address: r.address,
  emergency: r.emergency,
  grantor: r.grantor,
});

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
    load: async (db, id) =>
      (await repo.members(db, id)).map((r) => ({
        id: r.id,
        name: r.name,
        relation: r.relation,
        dob: r.dob,
        mobile: r.mobile,
        occupation: r.occupation,
      })),
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
    load: async (db, id) => (await repo.contacts(db, id, 'reference')).map(contactRow),
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
    load: async (db, id) => (await repo.contacts(db, id, 'contact')).map(contactRow),
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
    load: async (db, id) =>
      (await repo.histories(db, id)).map((r) => ({
        id: r.id,
        company: r.company,
        designation: r.designation,
        from: r.fromDate,
        to: r.toDate,
        address: r.address,
      })),
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
    load: async (db, id) =>
      (await repo.achievements(db, id)).map((r) => ({
        id: r.id,
        name: r.name,
        date: r.date,
        description: r.description,
      })),
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
    load: async (db, id) =>
      (await repo.trainings(db, id)).map((r) => ({
        id: r.id,
        name: r.name,
        type: r.type,
        description: r.description,
      })),
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
    load: async (db, id) =>
      (await repo.skills(db, id)).map((r) => ({
        id: r.id,
        name: r.name,
        type: r.type,
        efficiency: r.efficiency,
        description: r.description,
      })),
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
    load: async (db, id) =>
      (await repo.educations(db, id)).map(({ row: r, exam, type, unit, subject }) => ({
        id: r.id,
        institute: r.institute,
        exam_id: r.examId,
        exam,
        type_id: r.typeId,
        type,
        passing_year: r.passingYear,
        duration: r.duration,
        duration_unit_id: r.durationUnitId,
        duration_unit: unit,
        subject_id: r.subjectId,
        subject,
        certificate_no: r.certificateNo,
        result: r.result,
        description: r.description,
      })),
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
    load: async (db, id) =>
      (await repo.languages(db, id)).map(({ row: r, writing, reading, speaking }) => ({
        id: r.id,
        name: r.name,
        writing_id: r.writingId,
        writing,
        reading_id: r.readingId,
        reading,
        speaking_id: r.speakingId,
        speaking,
        description: r.description,
      })),
  }),
};

export const LIST_SECTIONS: ListSection[] = Object.values(SECTIONS);
