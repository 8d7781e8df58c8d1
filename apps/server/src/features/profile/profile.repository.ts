import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  type achievements,
  activities,
  assetAssignments,
  assets,
  companies,
  designations,
  type educations,
  type employeeContacts,
  employeeFiles,
  employeeGroups,
  employeePhotos,
  employees,
  type employmentHistories,
  examSubjects,
  exams,
  type familyMembers,
  files,
  groups,
  groupTrees,
  type languages,
  lookupValues,
  offices,
  separations,
  type skills,
  type trainings,
  users,
} from '../../db/schema';
import { localName } from '../../lib/language';
import { preparedOnce } from '../../lib/prepared';

/** Tables of list sections: one row per item, each owned by an employee. */
export type ItemTable =
  | typeof familyMembers
  | typeof employeeContacts
  | typeof employmentHistories
  | typeof achievements
  | typeof trainings
  | typeof skills
  | typeof educations
  | typeof languages;

const lookup = (name: string) => alias(lookupValues, name);

/** `{ id, name }` of a lookup value, the name in the call's language. */
const lookupName = (value: ReturnType<typeof lookup>) => ({
  id: value.id,
  name: localName(value.name, value.nameTranslations),
});

export type EmployeeUpdate = Partial<typeof employees.$inferInsert>;
export type SeparationValues = Omit<typeof separations.$inferInsert, 'employeeId' | 'updatedAt'>;

/** The select of `profileRepository.core`, built once per language and prepared. */
function coreQuery(db: Db) {
  const manager = alias(employees, 'manager');
  const oo = alias(employees, 'oo');
  const status = lookup('status');
  const level = lookup('level');
  const grade = lookup('grade');
  const gender = lookup('gender');
  const religion = lookup('religion');
  const marital = lookup('marital');
  return db
    .select({
      e: employees,
      company: companies.name,
      office: offices.name,
      designation: localName(designations.name, designations.nameTranslations),
      status: lookupName(status),
      level: lookupName(level),
      grade: lookupName(grade),
      gender: lookupName(gender),
      religion: lookupName(religion),
      marital: lookupName(marital),
      manager: { id: manager.id, eid: manager.eid, name: manager.name, photoVersion: manager.photoVersion },
      oo: { id: oo.id, eid: oo.eid, name: oo.name, photoVersion: oo.photoVersion },
      user: {
        id: users.id,
        username: users.username,
        isAdmin: users.isAdmin,
        passwordHash: users.passwordHash,
      },
    })
    .from(employees)
    .leftJoin(companies, eq(companies.id, employees.companyId))
    .leftJoin(offices, eq(offices.id, employees.officeId))
    .leftJoin(designations, eq(designations.id, employees.designationId))
    .leftJoin(status, eq(status.id, employees.statusId))
    .leftJoin(level, eq(level.id, employees.levelId))
    .leftJoin(grade, eq(grade.id, employees.gradeId))
    .leftJoin(gender, eq(gender.id, employees.genderId))
    .leftJoin(religion, eq(religion.id, employees.religionId))
    .leftJoin(marital, eq(marital.id, employees.maritalStatusId))
    .leftJoin(manager, eq(manager.id, employees.parentId))
    .leftJoin(oo, eq(oo.id, manager.parentId))
    .leftJoin(users, eq(users.employeeId, employees.id))
    .where(eq(employees.id, sql.placeholder('id')))
    .limit(1);
}

export const profileRepository = {
  // ---------------------------------------------------------------- profile
  /** The employee row with its names and people, by a statement prepared once per language. */
  async core(db: Db, employeeId: number) {
    const [row] = await preparedOnce(db, 'profile-core', (name) => coreQuery(db).prepare(name)).execute({
      id: employeeId,
    });
    return row ?? null;
  },

  async documents(db: Db, employeeId: number) {
    return db
      .select({
        id: employeeFiles.id,
        name: employeeFiles.name,
        fileName: files.name,
        mime: files.mime,
        size: files.size,
        createdAt: employeeFiles.createdAt,
      })
      .from(employeeFiles)
      .innerJoin(files, eq(files.id, employeeFiles.fileId))
      .where(eq(employeeFiles.employeeId, employeeId))
      .orderBy(desc(employeeFiles.id));
  },

  async separation(db: Db, employeeId: number) {
    const type = lookup('type');
    const status = lookup('status');
    const mode = lookup('mode');
    const [row] = await db
      .select({
        row: separations,
        type: lookupName(type),
        status: lookupName(status),
        mode: lookupName(mode),
      })
      .from(separations)
      .leftJoin(type, eq(type.id, separations.typeId))
      .leftJoin(status, eq(status.id, separations.statusId))
      .leftJoin(mode, eq(mode.id, separations.modeId))
      .where(eq(separations.employeeId, employeeId));
    return row ?? null;
  },

  // ---------------------------------------------------------------- writes
  async updateEmployee(db: Db, employeeId: number, values: EmployeeUpdate) {
    await db
      .update(employees)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(employees.id, employeeId));
  },

  async employeeByEid(db: Db, eid: string) {
    const [row] = await db.select({ id: employees.id }).from(employees).where(eq(employees.eid, eid));
    return row ?? null;
  },

  async usernameTaken(db: Db, username: string, exceptEmployeeId: number) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.username, username), ne(users.employeeId, exceptEmployeeId)));
    return Boolean(row);
  },

  async renameUser(db: Db, employeeId: number, username: string) {
    await db.update(users).set({ username }).where(eq(users.employeeId, employeeId));
  },

  /**
   * The id of a designation by name, made when new. A name as the profile
   * showed it in another language is the designation of that translation.
   */
  async designationId(db: Db, name: string): Promise<number> {
    const [known] = await db
      .select({ id: designations.id })
      .from(designations)
      .where(
        or(
          eq(designations.name, name),
          sql`exists (select 1 from jsonb_each_text(${designations.nameTranslations}) t where t.value = ${name})`,
        ),
      )
      .orderBy(sql`${designations.name} = ${name} desc`, asc(designations.id))
      .limit(1);
    if (known) return known.id;
    await db.insert(designations).values({ name }).onConflictDoNothing();
    const [row] = await db
      .select({ id: designations.id })
      .from(designations)
      .where(eq(designations.name, name));
    return row!.id;
  },

  async upsertSeparation(db: Db, employeeId: number, values: SeparationValues) {
    await db
      .insert(separations)
      .values({ employeeId, ...values })
      .onConflictDoUpdate({ target: separations.employeeId, set: { ...values, updatedAt: new Date() } });
  },

  async insertItem<T extends ItemTable>(db: Db, table: T, values: T['$inferInsert']): Promise<number> {
    const [row] = await db
      .insert(table as ItemTable)
      .values(values as never)
      .returning({ id: (table as ItemTable).id });
    return row!.id;
  },

  /** Updates an item of this employee; false when the employee has no such item. */
  async updateItem<T extends ItemTable>(
    db: Db,
    table: T,
    employeeId: number,
    itemId: number,
    values: Partial<T['$inferInsert']>,
    scope?: SQL,
  ): Promise<boolean> {
    const t = table as ItemTable;
    const done = await db
      .update(t)
      .set(values as never)
      .where(and(eq(t.id, itemId), eq(t.employeeId, employeeId), scope))
      .returning({ id: t.id });
    return done.length === 1;
  },

  async deleteItem(db: Db, table: ItemTable, employeeId: number, itemId: number, scope?: SQL) {
    const done = await db
      .delete(table)
      .where(and(eq(table.id, itemId), eq(table.employeeId, employeeId), scope))
      .returning({ id: table.id });
    return done.length === 1;
  },

  // ---------------------------------------------------------------- reference checks
  /** The kinds of the given lookup ids (ids that do not exist are missing from the map). */
  async lookupKinds(db: Db, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: lookupValues.id, kind: lookupValues.kind })
      .from(lookupValues)
      .where(inArray(lookupValues.id, ids));
    return new Map(rows.map((r) => [r.id, r.kind]));
  },

  async examExists(db: Db, examId: number) {
    const [row] = await db.select({ id: exams.id }).from(exams).where(eq(exams.id, examId));
    return Boolean(row);
  },

  async subjectExam(db: Db, subjectId: number): Promise<number | null> {
    const [row] = await db
      .select({ examId: examSubjects.examId })
      .from(examSubjects)
      .where(eq(examSubjects.id, subjectId));
    return row?.examId ?? null;
  },

  // ---------------------------------------------------------------- photo
  async savePhoto(
    db: Db,
    employeeId: number,
    photo: { mime: string; small: Buffer; medium: Buffer; big: Buffer },
  ): Promise<number> {
    await db
      .insert(employeePhotos)
      .values({ employeeId, ...photo })
      .onConflictDoUpdate({ target: employeePhotos.employeeId, set: { ...photo, updatedAt: new Date() } });
    const [row] = await db
      .update(employees)
      .set({ photoVersion: sql`${employees.photoVersion} + 1`, updatedAt: new Date() })
      .where(eq(employees.id, employeeId))
      .returning({ version: employees.photoVersion });
    return row!.version;
  },

  async photo(db: Db, employeeId: number, size: 'small' | 'medium' | 'big') {
    const column = { small: employeePhotos.small, medium: employeePhotos.medium, big: employeePhotos.big }[
      size
    ];
    const [row] = await db
      .select({ mime: employeePhotos.mime, data: column, version: employees.photoVersion })
      .from(employeePhotos)
      .innerJoin(employees, eq(employees.id, employeePhotos.employeeId))
      .where(eq(employeePhotos.employeeId, employeeId));
    return row ?? null;
  },

  // ---------------------------------------------------------------- documents
  async insertDocument(
    db: Db,
    employeeId: number,
    doc: { name: string; fileName: string; mime: string; data: Buffer; createdBy: number },
  ): Promise<number> {
    const [file] = await db
      .insert(files)
      .values({
        kind: 'document',
        name: doc.fileName,
        mime: doc.mime,
        size: doc.data.length,
        data: doc.data,
        createdBy: doc.createdBy,
      })
      .returning({ id: files.id });
    const [row] = await db
      .insert(employeeFiles)
      .values({ employeeId, name: doc.name, fileId: file!.id })
      .returning({ id: employeeFiles.id });
    return row!.id;
  },

  async documentData(db: Db, employeeId: number, documentId: number) {
    const [row] = await db
      .select({ name: employeeFiles.name, fileName: files.name, mime: files.mime, data: files.data })
      .from(employeeFiles)
      .innerJoin(files, eq(files.id, employeeFiles.fileId))
      .where(and(eq(employeeFiles.id, documentId), eq(employeeFiles.employeeId, employeeId)));
    return row ?? null;
  },

  async renameDocument(db: Db, employeeId: number, documentId: number, name: string) {
    const done = await db
      .update(employeeFiles)
      .set({ name })
      .where(and(eq(employeeFiles.id, documentId), eq(employeeFiles.employeeId, employeeId)))
      .returning({ id: employeeFiles.id });
    return done.length === 1;
  },

  /** Deletes a document and its stored file; false when the employee has no such document. */
  async deleteDocument(db: Db, employeeId: number, documentId: number) {
    const [row] = await db
      .delete(employeeFiles)
      .where(and(eq(employeeFiles.id, documentId), eq(employeeFiles.employeeId, employeeId)))
      .returning({ fileId: employeeFiles.fileId, name: employeeFiles.name });
    if (!row) return null;
    await db.delete(files).where(eq(files.id, row.fileId));
    return row;
  },

  // ---------------------------------------------------------------- admin
  async employeeState(db: Db, employeeId: number) {
    const [row] = await db
      .select({
        id: employees.id,
        eid: employees.eid,
        name: employees.name,
        enabled: employees.enabled,
        email: employees.email,
        mobile: employees.mobile,
        companyId: employees.companyId,
        officeId: employees.officeId,
        userId: users.id,
      })
      .from(employees)
      .leftJoin(users, eq(users.employeeId, employees.id))
      .where(eq(employees.id, employeeId))
      .for('update', { of: employees });
    return row ?? null;
  },

  async usernameExists(db: Db, username: string) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
    return Boolean(row);
  },

  async insertUser(db: Db, employeeId: number, username: string) {
    const [row] = await db
      .insert(users)
      .values({ employeeId, username, passwordHash: null, isAdmin: false })
      .returning();
    return row!;
  },

  async company(db: Db, companyId: number) {
    const [row] = await db
      .select({ id: companies.id, name: companies.name, enabled: companies.enabled })
      .from(companies)
      .where(eq(companies.id, companyId));
    return row ?? null;
  },

  async office(db: Db, officeId: number) {
    const [row] = await db
      .select({ id: offices.id, name: offices.name, companyId: offices.companyId, enabled: offices.enabled })
      .from(offices)
      .where(eq(offices.id, officeId));
    return row ?? null;
  },

  async groupTree(db: Db, treeId: number) {
    const [row] = await db
      .select({ id: groupTrees.id, name: groupTrees.name })
      .from(groupTrees)
      .where(eq(groupTrees.id, treeId));
    return row ?? null;
  },

  async addToGroup(db: Db, employeeId: number, groupTreeId: number) {
    const done = await db
      .insert(employeeGroups)
      .values({ employeeId, groupTreeId })
      .onConflictDoNothing()
      .returning({ id: employeeGroups.groupTreeId });
    return done.length === 1;
  },

  async removeFromGroup(db: Db, employeeId: number, groupTreeId: number) {
    const done = await db
      .delete(employeeGroups)
      .where(and(eq(employeeGroups.employeeId, employeeId), eq(employeeGroups.groupTreeId, groupTreeId)))
      .returning({ id: employeeGroups.groupTreeId });
    return done.length === 1;
  },

  /** The asset, locked until the transaction ends, so two assignments of it cannot race. */
  async lockAsset(db: Db, assetId: number) {
    const [row] = await db
      .select({ id: assets.id, name: assets.name, enabled: assets.enabled })
      .from(assets)
      .where(eq(assets.id, assetId))
      .for('update');
    return row ?? null;
  },

  async openAssignment(db: Db, assetId: number) {
    const [row] = await db
      .select({ id: assetAssignments.id, employeeId: assetAssignments.employeeId, name: employees.name })
      .from(assetAssignments)
      .innerJoin(employees, eq(employees.id, assetAssignments.employeeId))
      .where(and(eq(assetAssignments.assetId, assetId), isNull(assetAssignments.returnedAt)))
      .limit(1);
    return row ?? null;
  },

  async assignAsset(db: Db, assetId: number, employeeId: number) {
    await db.insert(assetAssignments).values({ assetId, employeeId });
  },

  async returnAsset(db: Db, assignmentId: number) {
    await db
      .update(assetAssignments)
      .set({ returnedAt: new Date() })
      .where(eq(assetAssignments.id, assignmentId));
  },

  async adminOptions(db: Db) {
    const companyRows = await db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.enabled, true))
      .orderBy(asc(companies.name));
    const officeRows = await db
      .select({ id: offices.id, name: offices.name, company_id: offices.companyId })
      .from(offices)
      .where(eq(offices.enabled, true))
      .orderBy(asc(offices.name));
    const groupRows = await db
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(eq(groups.enabled, true))
      .orderBy(asc(groups.name));
    const treeRows = await db
      .select({
        id: groupTrees.id,
        name: groupTrees.name,
        groupId: groupTrees.groupId,
        parent_id: groupTrees.parentId,
      })
      .from(groupTrees)
      .orderBy(asc(groupTrees.name));
    const assetRows = await db
      .select({ id: assets.id, name: assets.name, code: assets.code })
      .from(assets)
      .where(eq(assets.enabled, true))
      .orderBy(asc(assets.name));
    const held = await db
      .select({ assetId: assetAssignments.assetId })
      .from(assetAssignments)
      .where(isNull(assetAssignments.returnedAt));
    const heldIds = new Set(held.map((h) => h.assetId));
    return {
      companies: companyRows,
      offices: officeRows,
      groups: groupRows.map((g) => ({
        ...g,
        trees: treeRows
          .filter((t) => t.groupId === g.id)
          .map((t) => ({ id: t.id, name: t.name, parent_id: t.parent_id })),
      })),
      assets: assetRows.filter((a) => !heldIds.has(a.id)),
    };
  },

  // ---------------------------------------------------------------- activities
  async activities(
    db: Db,
    options: {
      employeeId: number;
      from: Date | null;
      to: Date | null;
      limit: number;
      offset: number;
      sort: { column: 'id' | 'created'; dir: 'asc' | 'desc' };
    },
  ) {
    const where = and(
      eq(activities.employeeId, options.employeeId),
      options.from ? gte(activities.createdAt, options.from) : undefined,
      options.to ? lt(activities.createdAt, options.to) : undefined,
    );
    const column = options.sort.column === 'id' ? activities.id : activities.createdAt;
    const order = options.sort.dir === 'asc' ? asc(column) : desc(column);
    const rows = await db
      .select()
      .from(activities)
      .where(where)
      .orderBy(order, options.sort.dir === 'asc' ? asc(activities.id) : desc(activities.id))
      .limit(options.limit)
      .offset(options.offset);
    const [total] = await db.select({ n: count() }).from(activities).where(where);
    return { rows, total: total?.n ?? 0 };
  },
};
