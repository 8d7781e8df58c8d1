import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import {
  assetAssignments,
  assets,
  companies,
  educations,
  employeeGroups,
  employees,
  examSubjects,
  exams,
  groups,
  groupTrees,
  lookupValues,
  offices,
  separations,
} from '../../src/db/schema';
import type { LookupKind } from '../../src/db/schema/lookups';

/** A short random tag, so names made by one test never match another's. */
export const tag = (prefix = '') => `${prefix}${randomBytes(4).toString('hex')}`;

/** The id of a reference value seeded by seedReferenceData (Male, Islam, Married...). */
export async function lookupId(db: Db, kind: LookupKind, name: string): Promise<number> {
  const [row] = await db
    .select({ id: lookupValues.id })
    .from(lookupValues)
    .where(and(eq(lookupValues.kind, kind), eq(lookupValues.name, name)));
  if (!row) throw new Error(`no ${kind} lookup named ${name}`);
  return row.id;
}

/** Sets directory fields of an employee (gender, dates, office...). */
export async function setEmployee(db: Db, id: number, values: Partial<typeof employees.$inferInsert>) {
  await db.update(employees).set(values).where(eq(employees.id, id));
}

export async function employeeRow(db: Db, id: number) {
  const [row] = await db.select().from(employees).where(eq(employees.id, id));
  return row ?? null;
}

export async function makeCompany(db: Db, name = tag('Company ')) {
  const [row] = await db.insert(companies).values({ name }).returning();
  return row!;
}

export async function makeOffice(db: Db, companyId: number, name = tag('Office ')) {
  const [row] = await db.insert(offices).values({ companyId, name }).returning();
  return row!;
}

export async function makeAsset(db: Db, companyId: number | null, name = tag('Laptop ')) {
  const [row] = await db
    .insert(assets)
    .values({ companyId, name, code: tag('A-') })
    .returning();
  return row!;
}

/** Hands an asset to an employee; `returned` closes the assignment at once. */
export async function assignAsset(db: Db, assetId: number, employeeId: number, returned = false) {
  const [row] = await db
    .insert(assetAssignments)
    .values({ assetId, employeeId, returnedAt: returned ? new Date() : null })
    .returning();
  return row!;
}

export async function makeGroup(db: Db, name = tag('Group '), typeId: number | null = null) {
  const [row] = await db.insert(groups).values({ name, typeId }).returning();
  return row!;
}

export async function makeTreeItem(
  db: Db,
  groupId: number,
  name = tag('Item '),
  parentId: number | null = null,
) {
  const [row] = await db.insert(groupTrees).values({ groupId, name, parentId }).returning();
  return row!;
}

export async function addToGroup(db: Db, employeeId: number, groupTreeId: number) {
  await db.insert(employeeGroups).values({ employeeId, groupTreeId });
}

export async function examId(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: exams.id }).from(exams).where(eq(exams.name, name));
  if (!row) throw new Error(`no exam named ${name}`);
  return row.id;
}

/** An education record: an exam (SSC, BSc, MBA...) of its education type. */
export async function addEducation(db: Db, employeeId: number, exam: string) {
  const [e] = await db
    .select({ id: exams.id, typeId: exams.educationTypeId })
    .from(exams)
    .where(eq(exams.name, exam));
  if (!e?.typeId) throw new Error(`no exam named ${exam}`);
  const [subject] = await db
    .select({ id: examSubjects.id })
    .from(examSubjects)
    .where(eq(examSubjects.examId, e.id));
  await db.insert(educations).values({
    employeeId,
    institute: 'Test Institute',
    examId: e.id,
    typeId: e.typeId,
    passingYear: 2015,
    duration: 4,
    durationUnitId: await lookupId(db, 'duration_unit', 'Year'),
    subjectId: subject!.id,
    certificateNo: tag('C'),
    result: 'First class',
  });
}

export async function addSeparation(db: Db, employeeId: number, type: string, status: string) {
  await db.insert(separations).values({
    employeeId,
    resignDate: '2026-01-15',
    typeId: await lookupId(db, 'separation_type', type),
    statusId: await lookupId(db, 'separation_status', status),
  });
}

/** A date `years` years (and `days` days) before today, as YYYY-MM-DD. */
export function yearsAgo(years: number, days = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}
