import type { serviceListQuery } from '@hr/contracts/hr-services';
import { SERVICE_STATUS, SERVICE_WORKFLOW } from '@hr/contracts/workflow';
import dayjs from 'dayjs';
import { and, eq, gte, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  companies,
  designations,
  employees,
  files,
  nocTypes,
  serviceCategories,
  serviceRequests,
  workflowStatuses,
} from '../../db/schema';
import { decisionOf, personJson, personName, teamOf } from '../../lib/approvers';
import { escalationOf } from '../../lib/delegations';
import { localName, localNameWhenBuilt } from '../../lib/language';
import { condition, type ListSource } from '../../lib/list';

const owner = alias(employees, 'owner');
const ownerDesignation = alias(designations, 'owner_designation');

/** The audit entity name of HR service requests. */
export const SERVICE_ENTITY = 'hr_service';

export type ServiceRequestInsert = typeof serviceRequests.$inferInsert;

/** Statuses of a request still open: draft, submitted, approved (not cancelled, not done). */
const SERVICE_OPEN = [SERVICE_STATUS.draft, SERVICE_STATUS.submitted, SERVICE_STATUS.approved];

/** What a request asks for (the columns an employee fills in). */
export interface ServiceRequestFields {
  category: string;
  nocTypeId: number | null;
  issueDate: string;
  fromDate: string | null;
  toDate: string | null;
  reason: string | null;
  passportNo: string | null;
  intendedCountry: string | null;
}

/** One request with everything its answer needs; `total` is the list's count of matches (0 elsewhere). */
function baseQuery(db: Db, total: SQL<number> = sql<number>`0`) {
  return db
    .select({
      total,
      id: serviceRequests.id,
      escalation: escalationOf('hr-service', serviceRequests.id),
      decision: decisionOf('hr_service', SERVICE_WORKFLOW, serviceRequests.id),
      employeeId: serviceRequests.employeeId,
      lineManagerId: serviceRequests.lineManagerId,
      oneOverOneId: serviceRequests.oneOverOneId,
      createdBy: serviceRequests.createdBy,
      companyId: serviceRequests.companyId,
      companyName: companies.name,
      category: serviceRequests.category,
      categoryName: localName(serviceCategories.name, serviceCategories.nameTranslations),
      nocTypeId: serviceRequests.nocTypeId,
      nocTypeName: localName(nocTypes.name, nocTypes.nameTranslations),
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
      owner: personJson(serviceRequests.employeeId),
      ownerDesignation: sql<string | null>`(select ${localName(sql`d.name`, sql`d.name_translations`)}
        from employees p join designations d on d.id = p.designation_id where p.id = ${serviceRequests.employeeId})`,
      lineManager: personJson(serviceRequests.lineManagerId),
      oneOverOne: personJson(serviceRequests.oneOverOneId),
      creator: personJson(serviceRequests.createdBy),
    })
    .from(serviceRequests)
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
  category: localNameWhenBuilt(serviceCategories.name, serviceCategories.nameTranslations),
  employee: personName(serviceRequests.employeeId),
};

export const serviceRepository = {
  /** The requests' table, for the request life cycle (lib/request-workflow.ts). */
  table: serviceRequests,

  /**
   * The list of the caller (`me`). Own view: their requests in every status.
   * Team view: submitted and later requests of their team (every one for HR
   * admins), and drafts they made for someone else. Then the filters they gave.
   */
  list(me: number, isAdmin: boolean, q: z.output<typeof serviceListQuery>): ListSource<ServiceRequestRow> {
    const r = serviceRequests;
    const range = q.submitted_range;
    return {
      name: 'hr_service',
      table: r,
      conditions: [
        q.list_type === 'own'
          ? condition('own', me, (v) => eq(r.employeeId, v))
          : condition(isAdmin ? 'team_admin' : 'team', me, (v) =>
              or(
                and(
                  gte(r.statusId, SERVICE_STATUS.submitted),
                  isAdmin ? undefined : teamOf(v, r.lineManagerId, r.oneOverOneId),
                ),
                and(eq(r.statusId, SERVICE_STATUS.draft), eq(r.createdBy, v), ne(r.employeeId, v)),
              ),
            ),
        condition('employee_id', q.employee_id, (v) => eq(r.employeeId, v)),
        condition('company_id', q.company_id, (v) => eq(r.companyId, v)),
        condition('status_id', q.status_id, (v) => eq(r.statusId, v)),
        condition('category', q.category, (v) => eq(r.category, v)),
        // Days of the server's time zone.
        condition('submitted_from', range?.from && dayjs(range.from).startOf('day').toISOString(), (v) =>
          gte(r.submittedAt, v),
        ),
        condition(
          'submitted_before',
          range?.to && dayjs(range.to).add(1, 'day').startOf('day').toISOString(),
          (v) => lt(r.submittedAt, v),
        ),
      ],
      sortable: SERVICE_SORT,
      tieBreaker: r.id,
      page: baseQuery,
    };
  },

  /**
   * The employee's other open request (draft, submitted or approved) asking
   * for the same thing: the same service, NOC type, dates, reason, passport
   * and country (the description aside).
   */
  async sameOpenRequest(db: Db, employeeId: number, v: ServiceRequestFields, exceptId?: number) {
    const r = serviceRequests;
    const same = (column: AnyPgColumn, value: string | number | null) =>
      value === null ? isNull(column) : eq(column, value);
    const [row] = await db
      .select({ id: r.id })
      .from(r)
      .where(
        and(
          eq(r.employeeId, employeeId),
          eq(r.category, v.category),
          same(r.nocTypeId, v.nocTypeId),
          eq(r.issueDate, v.issueDate),
          same(r.fromDate, v.fromDate),
          same(r.toDate, v.toDate),
          same(r.reason, v.reason),
          same(r.passportNo, v.passportNo),
          same(r.intendedCountry, v.intendedCountry),
          inArray(r.statusId, SERVICE_OPEN),
          exceptId ? ne(r.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row ?? null;
  },

  async find(db: Db, id: number): Promise<ServiceRequestRow | null> {
    const [row] = await baseQuery(db).where(eq(serviceRequests.id, id)).limit(1);
    return row ?? null;
  },

  async setLetter(db: Db, id: number, fileId: number): Promise<void> {
    await db.update(serviceRequests).set({ letterFileId: fileId }).where(eq(serviceRequests.id, id));
  },

  async category(db: Db, value: string) {
    const [row] = await db.select().from(serviceCategories).where(eq(serviceCategories.value, value));
    return row ?? null;
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
        categoryName: localName(serviceCategories.name, serviceCategories.nameTranslations),
        nocTypeName: localName(nocTypes.name, nocTypes.nameTranslations),
        reason: serviceRequests.reason,
        description: serviceRequests.description,
        fromDate: serviceRequests.fromDate,
        toDate: serviceRequests.toDate,
        passportNo: serviceRequests.passportNo,
        intendedCountry: serviceRequests.intendedCountry,
        employeeName: owner.name,
        employeeEid: owner.eid,
        joiningDate: owner.joiningDate,
        designation: localName(ownerDesignation.name, ownerDesignation.nameTranslations),
        companyName: companies.name,
        companyCode: companies.code,
        companyAddress: companies.address,
        issuerName: issuer.name,
        issuerDesignation: localName(issuerDesignation.name, issuerDesignation.nameTranslations),
      })
      .from(serviceRequests)
      .innerJoin(owner, eq(owner.id, serviceRequests.employeeId))
      .leftJoin(ownerDesignation, eq(ownerDesignation.id, owner.designationId))
      .leftJoin(companies, eq(companies.id, sql`coalesce(${serviceRequests.companyId}, ${owner.companyId})`))
      .innerJoin(serviceCategories, eq(serviceCategories.value, serviceRequests.category))
      .leftJoin(nocTypes, eq(nocTypes.id, serviceRequests.nocTypeId))
      .leftJoin(issuer, eq(issuer.id, issuerId))
      .leftJoin(issuerDesignation, eq(issuerDesignation.id, issuer.designationId))
      .where(eq(serviceRequests.id, id));
    return row ?? null;
  },
};
