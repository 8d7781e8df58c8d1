import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  auditLog,
  companies,
  designations,
  employees,
  files,
  nocTypes,
  serviceCategories,
  serviceRequests,
  workflowStatuses,
} from '../../db/schema';
import { personColumns, personTables } from '../../lib/approvers';
import { inWrittenJoinOrder, offsetOf } from '../../lib/list';

const people = { ...personTables(), creator: alias(employees, 'creator') };
const ownerDesignation = alias(designations, 'owner_designation');

/** The audit entity name of HR service requests. */
export const SERVICE_ENTITY = 'hr_service';

export type ServiceRequestInsert = typeof serviceRequests.$inferInsert;

function baseQuery(db: Db) {
  return db
    .select({
      id: serviceRequests.id,
      employeeId: serviceRequests.employeeId,
      lineManagerId: serviceRequests.lineManagerId,
      oneOverOneId: serviceRequests.oneOverOneId,
      createdBy: serviceRequests.createdBy,
      companyId: serviceRequests.companyId,
      companyName: companies.name,
      category: serviceRequests.category,
      categoryName: serviceCategories.name,
      nocTypeId: serviceRequests.nocTypeId,
      nocTypeName: nocTypes.name,
      reason: serviceRequests.reason,
      description: serviceRequests.description,
      issueDate: serviceRequests.issueDate,
      fromDate: serviceRequests.fromDate,
      toDate: serviceRequests.toDate,
      passportNo: serviceRequests.passportNo,
      intendedCountry: serviceRequests.intendedCountry,
      statusId: serviceRequests.statusId,
      statusName: workflowStatuses.name,
      statusColor: workflowStatuses.color,
      submittedAt: serviceRequests.submittedAt,
      letterFileId: serviceRequests.letterFileId,
      createdAt: serviceRequests.createdAt,
      updatedAt: serviceRequests.updatedAt,
      owner: personColumns(people.owner),
      ownerDesignation: ownerDesignation.name,
      lineManager: personColumns(people.lineManager),
      oneOverOne: personColumns(people.oneOverOne),
      creator: personColumns(people.creator),
    })
    .from(serviceRequests)
    .innerJoin(people.owner, eq(people.owner.id, serviceRequests.employeeId))
    .leftJoin(ownerDesignation, eq(ownerDesignation.id, people.owner.designationId))
    .leftJoin(people.lineManager, eq(people.lineManager.id, serviceRequests.lineManagerId))
    .leftJoin(people.oneOverOne, eq(people.oneOverOne.id, serviceRequests.oneOverOneId))
    .leftJoin(people.creator, eq(people.creator.id, serviceRequests.createdBy))
    .leftJoin(companies, eq(companies.id, serviceRequests.companyId))
    .innerJoin(serviceCategories, eq(serviceCategories.value, serviceRequests.category))
    .leftJoin(nocTypes, eq(nocTypes.id, serviceRequests.nocTypeId))
    .leftJoin(
      workflowStatuses,
      and(eq(workflowStatuses.module, SERVICE_ENTITY), eq(workflowStatuses.id, serviceRequests.statusId)),
    );
}

export type ServiceRequestRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

/** Sortable fields of the list. */
export const SERVICE_SORT = {
  id: serviceRequests.id,
  created: serviceRequests.createdAt,
  updated: serviceRequests.updatedAt,
  submitted: serviceRequests.submittedAt,
  status: serviceRequests.statusId,
  category: serviceCategories.name,
  employee: people.owner.name,
};

export const serviceRepository = {
  async page(db: Db, where: SQL | undefined, order: SQL[], page: number, limit: number) {
    return inWrittenJoinOrder(db, (tx) =>
      baseQuery(tx)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offsetOf(page, limit)),
    );
  },

  async find(db: Db, id: number): Promise<ServiceRequestRow | null> {
    const [row] = await baseQuery(db).where(eq(serviceRequests.id, id)).limit(1);
    return row ?? null;
  },

  async insert(db: Db, values: ServiceRequestInsert): Promise<number> {
    const [row] = await db.insert(serviceRequests).values(values).returning({ id: serviceRequests.id });
    return row!.id;
  },

  /** Changes a request that is still in one of `status`; answers whether it did. */
  async updateIf(
    db: Db,
    id: number,
    status: readonly number[],
    values: Partial<ServiceRequestInsert>,
  ): Promise<boolean> {
    const done = await db
      .update(serviceRequests)
      .set(values)
      .where(and(eq(serviceRequests.id, id), inArray(serviceRequests.statusId, [...status])))
      .returning({ id: serviceRequests.id });
    return done.length === 1;
  },

  async deleteIf(db: Db, id: number, status: readonly number[]): Promise<boolean> {
    const done = await db
      .delete(serviceRequests)
      .where(and(eq(serviceRequests.id, id), inArray(serviceRequests.statusId, [...status])))
      .returning({ id: serviceRequests.id });
    return done.length === 1;
  },

  async setLetter(db: Db, id: number, fileId: number): Promise<void> {
    await db.update(serviceRequests).set({ letterFileId: fileId }).where(eq(serviceRequests.id, id));
  },

  async categories(db: Db) {
    return db
      .select({ value: serviceCategories.value, name: serviceCategories.name })
      .from(serviceCategories)
      .where(eq(serviceCategories.enabled, true))
      .orderBy(asc(serviceCategories.sortOrder), asc(serviceCategories.value));
  },

  async category(db: Db, value: string) {
    const [row] = await db.select().from(serviceCategories).where(eq(serviceCategories.value, value));
    return row ?? null;
  },

  async nocTypes(db: Db) {
    return db
      .select({ id: nocTypes.id, name: nocTypes.name })
      .from(nocTypes)
      .where(eq(nocTypes.enabled, true))
      .orderBy(asc(nocTypes.id));
  },

  async nocType(db: Db, id: number) {
    const [row] = await db.select().from(nocTypes).where(eq(nocTypes.id, id));
    return row ?? null;
  },

  async employee(db: Db, id: number) {
    const [row] = await db
      .select({ id: employees.id, companyId: employees.companyId, enabled: employees.enabled })
      .from(employees)
      .where(eq(employees.id, id));
    return row ?? null;
  },

  /** The request's audit trail, oldest first, with the actors' names. */
  async history(db: Db, id: number) {
    return db
      .select({
        action: auditLog.action,
        at: auditLog.createdAt,
        actorName: employees.name,
      })
      .from(auditLog)
      .leftJoin(employees, eq(employees.id, auditLog.actorEmployeeId))
      .where(and(eq(auditLog.entity, SERVICE_ENTITY), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id));
  },

  /** The letter's name and size (not its bytes). */
  async letterInfo(db: Db, fileId: number) {
    const [row] = await db
      .select({ name: files.name, size: files.size })
      .from(files)
      .where(eq(files.id, fileId));
    return row ?? null;
  },

  async letterFile(db: Db, fileId: number) {
    const [row] = await db
      .select({ name: files.name, mime: files.mime, size: files.size, data: files.data })
      .from(files)
      .where(eq(files.id, fileId));
    return row ?? null;
  },

  async insertFile(
    db: Db,
    file: { kind: string; name: string; mime: string; data: Buffer; createdBy: number | null },
  ): Promise<number> {
    const [row] = await db
      .insert(files)
      .values({ ...file, size: file.data.length })
      .returning({ id: files.id });
    return row!.id;
  },

  /** What a letter says: the employee, the employer, the request and who issues it. */
  async letterFacts(db: Db, id: number, issuerId: number) {
    const issuer = alias(employees, 'issuer');
    const issuerDesignation = alias(designations, 'issuer_designation');
    const [row] = await db
      .select({
        id: serviceRequests.id,
        category: serviceRequests.category,
        categoryName: serviceCategories.name,
        nocTypeName: nocTypes.name,
        reason: serviceRequests.reason,
        description: serviceRequests.description,
        fromDate: serviceRequests.fromDate,
        toDate: serviceRequests.toDate,
        passportNo: serviceRequests.passportNo,
        intendedCountry: serviceRequests.intendedCountry,
        employeeName: people.owner.name,
        employeeEid: people.owner.eid,
        joiningDate: people.owner.joiningDate,
        designation: ownerDesignation.name,
        companyName: companies.name,
        companyCode: companies.code,
        companyAddress: companies.address,
        issuerName: issuer.name,
        issuerDesignation: issuerDesignation.name,
      })
      .from(serviceRequests)
      .innerJoin(people.owner, eq(people.owner.id, serviceRequests.employeeId))
      .leftJoin(ownerDesignation, eq(ownerDesignation.id, people.owner.designationId))
      .leftJoin(
        companies,
        eq(companies.id, sql`coalesce(${serviceRequests.companyId}, ${people.owner.companyId})`),
      )
      .innerJoin(serviceCategories, eq(serviceCategories.value, serviceRequests.category))
      .leftJoin(nocTypes, eq(nocTypes.id, serviceRequests.nocTypeId))
      .leftJoin(issuer, eq(issuer.id, issuerId))
      .leftJoin(issuerDesignation, eq(issuerDesignation.id, issuer.designationId))
      .where(eq(serviceRequests.id, id));
    return row ?? null;
  },
};
