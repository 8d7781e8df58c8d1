import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../src/db/client';
import {
  achievements,
  activities,
  assetAssignments,
  assets,
  educations,
  employeeContacts,
  employeeFiles,
  employeeGroups,
  employeePhotos,
  employees,
  employmentHistories,
  examSubjects,
  exams,
  familyMembers,
  groups,
  groupTrees,
  languages,
  lookupValues,
  separations,
  skills,
  trainings,
} from '../../src/db/schema';
import type { LookupKind } from '../../src/db/schema/lookups';

/** Builders for profile data; each takes the test's database handle. */

export async function lookupId(db: Db, kind: LookupKind, name: string): Promise<number> {
  const [row] = await db
    .select({ id: lookupValues.id })
    .from(lookupValues)
    .where(and(eq(lookupValues.kind, kind), eq(lookupValues.name, name)));
  if (!row) throw new Error(`no lookup ${kind}/${name}`);
  return row.id;
}

/** An exam with one of its subjects (from the reference data). */
export async function examAndSubject(db: Db, examName = 'BSc') {
  const [exam] = await db.select().from(exams).where(eq(exams.name, examName));
  const [subject] = await db.select().from(examSubjects).where(eq(examSubjects.examId, exam!.id)).limit(1);
  return { examId: exam!.id, subjectId: subject!.id, typeId: exam!.educationTypeId! };
}

/** A complete education body for POST employees/{id}/educations. */
export async function educationBody(db: Db) {
  const { examId, subjectId, typeId } = await examAndSubject(db);
  return {
    institute: 'University of Dhaka',
    exam_id: examId,
    type_id: typeId,
    passing_year: 2015,
    duration: 4,
    duration_unit_id: await lookupId(db, 'duration_unit', 'Year'),
    subject_id: subjectId,
    certificate_no: 'DU-2015-0042',
    result: 'CGPA 3.61',
    description: null,
  };
}

export async function languageBody(db: Db) {
  return {
    name: 'English',
    writing_id: await lookupId(db, 'language_proficiency', 'Fluent'),
    reading_id: await lookupId(db, 'language_proficiency', 'Fluent'),
    speaking_id: await lookupId(db, 'language_proficiency', 'Intermediate'),
    description: null,
  };
}

export async function makeEducation(db: Db, employeeId: number) {
  const body = await educationBody(db);
  const [row] = await db
    .insert(educations)
    .values({
      employeeId,
      institute: body.institute,
      examId: body.exam_id,
      typeId: body.type_id,
      passingYear: body.passing_year,
      duration: body.duration,
      durationUnitId: body.duration_unit_id,
      subjectId: body.subject_id,
      certificateNo: body.certificate_no,
      result: body.result,
    })
    .returning();
  return row!;
}

export async function makeMember(db: Db, employeeId: number, name = 'Rahima Begum') {
  const [row] = await db.insert(familyMembers).values({ employeeId, name, relation: 'Mother' }).returning();
  return row!;
}

export async function makeContact(db: Db, employeeId: number, type: 'reference' | 'contact' = 'contact') {
  const [row] = await db
    .insert(employeeContacts)
    .values({ employeeId, type, name: 'Abdul Karim', mobile: '01711000000', emergency: type === 'contact' })
    .returning();
  return row!;
}

export async function makeAsset(db: Db, name = 'Laptop') {
  const [row] = await db
    .insert(assets)
    .values({
      name: `${name} ${randomBytes(2).toString('hex')}`,
      code: `LAP-${randomBytes(2).toString('hex')}`,
    })
    .returning();
  return row!;
}

export async function makeGroupTree(db: Db) {
  const [group] = await db
    .insert(groups)
    .values({ name: `Projects ${randomBytes(3).toString('hex')}` })
    .returning();
  const [tree] = await db
    .insert(groupTrees)
    .values({ groupId: group!.id, name: 'Payroll revamp' })
    .returning();
  return tree!;
}

/** Activities of an employee at the given times. */
export async function makeActivities(db: Db, employeeId: number, times: Date[]) {
  if (times.length === 0) return [];
  return db
    .insert(activities)
    .values(
      times.map((createdAt, i) => ({
        employeeId,
        category: 'Attendance',
        type: i % 2 ? 'Check-out' : 'Check-in',
        description: `Activity ${i + 1}`,
        address: 'Gulshan 1, Dhaka',
        latitude: 23.78 + i / 1000,
        longitude: 90.41 + i / 1000,
        createdAt,
      })),
    )
    .returning();
}

/** A small PNG of one colour. */
export function png(width = 32, height = 32, color = '#0f766e'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export function jpeg(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#b45309' } })
    .jpeg()
    .toBuffer();
}

/** A PNG of random noise, stored without compression, so it is at least `bytes` long. */
export async function largePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 8;
  const raw = randomBytes(side * side * 3);
  const out = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  if (out.length <= bytes) throw new Error('the PNG came out too small');
  return out;
}

/**
 * Everything a refused call could have changed about an employee: their row
 * and every section's rows. Equal before and after means nothing changed.
 */
export async function profileState(db: Db, employeeId: number) {
  const n = async (table: Parameters<typeof countOf>[1]) => countOf(db, table, employeeId);
  const [employee] = await db.select().from(employees).where(eq(employees.id, employeeId));
  const [separation] = await db.select().from(separations).where(eq(separations.employeeId, employeeId));
  const [photo] = await db
    .select({ updatedAt: employeePhotos.updatedAt })
    .from(employeePhotos)
    .where(eq(employeePhotos.employeeId, employeeId));
  const openAssets = await db
    .select({ assetId: assetAssignments.assetId, returnedAt: assetAssignments.returnedAt })
    .from(assetAssignments)
    .where(eq(assetAssignments.employeeId, employeeId));
  const groupRows = await db.select().from(employeeGroups).where(eq(employeeGroups.employeeId, employeeId));
  return {
    employee,
    separation: separation ?? null,
    photo: photo ?? null,
    assets: openAssets,
    groups: groupRows,
    members: await n(familyMembers),
    contacts: await db.select().from(employeeContacts).where(eq(employeeContacts.employeeId, employeeId)),
    histories: await n(employmentHistories),
    achievements: await n(achievements),
    trainings: await n(trainings),
    skills: await n(skills),
    educations: await db.select().from(educations).where(eq(educations.employeeId, employeeId)),
    languages: await n(languages),
    files: await n(employeeFiles),
  };
}

async function countOf(
  db: Db,
  table:
    | typeof familyMembers
    | typeof employmentHistories
    | typeof achievements
    | typeof trainings
    | typeof skills
    | typeof languages
    | typeof employeeFiles,
  employeeId: number,
) {
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.employeeId, employeeId));
  return row?.n ?? 0;
}
