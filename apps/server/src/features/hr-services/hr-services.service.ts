import {
  SERVICE_MESSAGES,
  type ServiceAccountability,
  type ServiceRequest,
  type ServiceRequestDetail,
  type serviceListQuery,
  type serviceRequestBody,
  serviceRequestValues,
  toDmy,
} from '@hr/contracts/hr-services';
import { SERVICE_RULES, SERVICE_STATUS, SERVICE_WORKFLOW, type ServiceAction } from '@hr/contracts/workflow';
import dayjs from 'dayjs';
import { and, eq, gte, lt, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { serviceRequests } from '../../db/schema';
import { actorsFor, approversOf, personRef, teamOf } from '../../lib/approvers';
import { audit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../lib/errors';
import { countWhere, listAnswer, orderBy } from '../../lib/list';
import { runTransition } from '../../lib/workflow';
import { issueLetter } from './hr-services.letter';
import {
  serviceRepository as repo,
  SERVICE_ENTITY,
  SERVICE_SORT,
  type ServiceRequestRow,
} from './hr-services.repository';

type ListQuery = z.output<typeof serviceListQuery>;
type Body = z.output<typeof serviceRequestBody>;

const LABEL = 'HR service request';
const BASE = '/api/v1/employee/service-requests';

/**
 * HR service requests (DESIGN.md §4): 1 Draft -(submit)-> 2 Submitted
 * -(line manager or admin approve)-> 3 Approved -(admin done)-> 5 Done, or
 * 2 -(line manager or admin cancel)-> 4 Cancelled. Done issues the letter.
 * A draft is private to its employee and to the admin who made it for them.
 */
export class HrServicesService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  toItem(row: ServiceRequestRow): ServiceRequest {
    const owner = personRef(this.secret, row.owner)!;
    return {
      id: row.id,
      employee_id: row.employeeId,
      employee: { ...owner, designation: row.ownerDesignation, company: row.companyName },
      company_id: row.companyId,
      company:
        row.companyId !== null && row.companyName !== null
          ? { id: row.companyId, name: row.companyName }
          : null,
      line_manager: personRef(this.secret, row.lineManager),
      one_over_one: personRef(this.secret, row.oneOverOne),
      created_by: personRef(this.secret, row.creator),
      category: row.category,
      category_name: row.categoryName,
      noc_type_id: row.nocTypeId,
      type:
        row.nocTypeId !== null && row.nocTypeName !== null
          ? { id: row.nocTypeId, name: row.nocTypeName }
          : null,
      reason: row.reason,
      description: row.description,
      issue_date: toDmy(row.issueDate),
      from_date: row.fromDate ? toDmy(row.fromDate) : null,
      to_date: row.toDate ? toDmy(row.toDate) : null,
      passport_no: row.passportNo,
      intended_country: row.intendedCountry,
      status: {
        id: row.statusId,
        name: row.statusName ?? String(row.statusId),
        color: row.statusColor ?? 'default',
      },
      created: row.createdAt.toISOString(),
      updated: row.updatedAt.toISOString(),
      submitted_at: row.submittedAt?.toISOString() ?? null,
      has_letter: row.letterFileId !== null,
    };
  }

  /** The detail: the row, who did what (from the audit log), and the letter. */
  private async toDetail(row: ServiceRequestRow): Promise<ServiceRequestDetail> {
    const [history, letter] = await Promise.all([
      repo.history(this.db, row.id),
      row.letterFileId !== null ? repo.letterInfo(this.db, row.letterFileId) : null,
    ]);
    const last = (action: string) => history.filter((h) => h.action === action).at(-1) ?? null;
    const created = last('create');
    const submitted = row.statusId >= SERVICE_STATUS.submitted ? last('submit') : null;
    // A decision counts only while the request is in the status it led to.
    const decision = (action: string, status: number) => (row.statusId >= status ? last(action) : null);
    const approved =
      row.statusId === SERVICE_STATUS.cancelled ? null : decision('approve', SERVICE_STATUS.approved);
    const cancelled = row.statusId === SERVICE_STATUS.cancelled ? last('cancel') : null;
    const done = row.statusId === SERVICE_STATUS.done ? last('done') : null;
    const accountability: ServiceAccountability = {
      created: created
        ? { by: created.actorName, at: created.at.toISOString() }
        : { by: row.creator?.name ?? row.owner.name, at: row.createdAt.toISOString() },
      submitted: submitted
        ? { by: submitted.actorName, at: submitted.at.toISOString() }
        : row.submittedAt
          ? { by: null, at: row.submittedAt.toISOString() }
          : null,
      approved_by: approved?.actorName ?? null,
      approved_at: approved?.at.toISOString() ?? null,
      cancelled_by: cancelled?.actorName ?? null,
      cancelled_at: cancelled?.at.toISOString() ?? null,
      done_by: done?.actorName ?? null,
      done_at: done?.at.toISOString() ?? null,
    };
    return {
      ...this.toItem(row),
      accountability,
      letter: letter ? { name: letter.name, size: letter.size, url: `${BASE}/${row.id}/letter` } : null,
    };
  }

  /**
   * Own view: the caller's requests in every status. Team view: submitted and
   * later requests where the caller is the stored line manager or O&O (every
   * one for HR admins), and drafts an admin made for someone else.
   */
  async list(auth: AuthContext, q: ListQuery, request: FastifyRequest) {
    const own = q.list_type === 'own';
    if (own && (q.employee_id !== undefined || q.company_id !== undefined)) {
      throw badRequest('The employee and company filters are only for the team view (list_type=team).');
    }
    const r = serviceRequests;
    const scope = own
      ? eq(r.employeeId, auth.employeeId)
      : or(
          and(
            gte(r.statusId, SERVICE_STATUS.submitted),
            auth.isAdmin ? undefined : teamOf(auth.employeeId, r.lineManagerId, r.oneOverOneId),
          ),
          and(
            eq(r.statusId, SERVICE_STATUS.draft),
            eq(r.createdBy, auth.employeeId),
            ne(r.employeeId, auth.employeeId),
          ),
        );
    const range = q.submitted_range;
    const conditions: (SQL | undefined)[] = [
      scope,
      q.employee_id ? eq(r.employeeId, q.employee_id) : undefined,
      q.company_id ? eq(r.companyId, q.company_id) : undefined,
      q.status_id ? eq(r.statusId, q.status_id) : undefined,
      q.category ? eq(r.category, q.category) : undefined,
      // Days of the server's time zone.
      range?.from ? gte(r.submittedAt, dayjs(range.from).startOf('day').toDate()) : undefined,
      range?.to ? lt(r.submittedAt, dayjs(range.to).add(1, 'day').startOf('day').toDate()) : undefined,
    ];
    const where = and(...conditions);
    const rows = await repo.page(this.db, where, orderBy(q.sort, SERVICE_SORT, r.id), q.page, q.limit);
    return listAnswer(
      request,
      rows.map((row) => this.toItem(row)),
      await countWhere(this.db, r, where),
      q.page,
      q.limit,
    );
  }

  private async load(id: number): Promise<ServiceRequestRow> {
    const row = await repo.find(this.db, id);
    if (!row) throw notFound('This HR service request does not exist.');
    return row;
  }

  /** The employee, the people in the approval line and admins may read; a draft only its maker and employee. */
  private canRead(auth: AuthContext, row: ServiceRequestRow): boolean {
    if (row.employeeId === auth.employeeId || row.createdBy === auth.employeeId) return true;
    if (row.statusId === SERVICE_STATUS.draft) return false;
    return actorsFor(auth, row).length > 0;
  }

  /** Who may change or delete a draft: its employee, or the admin who made it for them. */
  private canEdit(auth: AuthContext, row: ServiceRequestRow): boolean {
    return row.employeeId === auth.employeeId || (auth.isAdmin && row.createdBy === auth.employeeId);
  }

  async get(auth: AuthContext, id: number): Promise<ServiceRequestDetail> {
    const row = await this.load(id);
    if (!this.canRead(auth, row)) throw forbidden('You may not see this HR service request.');
    return this.toDetail(row);
  }

  /** Checks the references of a valid body and answers what to store. */
  private async prepare(body: Body) {
    const values = serviceRequestValues(body);
    const category = await repo.category(this.db, values.category);
    if (!category?.enabled) throw fieldError('category', SERVICE_MESSAGES.categoryUnknown);
    if (values.nocTypeId !== null) {
      const type = await repo.nocType(this.db, values.nocTypeId);
      if (!type?.enabled) throw fieldError('noc_type_id', SERVICE_MESSAGES.nocTypeUnknown);
    }
    return values;
  }

  async create(auth: AuthContext, body: Body): Promise<ServiceRequestDetail> {
    const employeeId = body.employee_id ?? auth.employeeId;
    if (employeeId !== auth.employeeId && !auth.isAdmin) {
      throw forbidden('Only an HR administrator may apply for another employee.');
    }
    const employee = await repo.employee(this.db, employeeId);
    if (!employee?.enabled) throw fieldError('employee_id', SERVICE_MESSAGES.employeeUnknown);
    const values = await this.prepare(body);
    const approvers = await approversOf(this.db, employeeId);
    const id = await this.db.transaction(async (tx) => {
      const newId = await repo.insert(tx, {
        employeeId,
        companyId: employee.companyId,
        lineManagerId: approvers.lineManagerId,
        oneOverOneId: approvers.oneOverOneId,
        category: values.category,
        nocTypeId: values.nocTypeId,
        reason: values.reason,
        description: values.description,
        issueDate: values.issueDate,
        fromDate: values.fromDate,
        toDate: values.toDate,
        passportNo: values.passportNo,
        intendedCountry: values.intendedCountry,
        statusId: SERVICE_STATUS.draft,
        createdBy: auth.employeeId,
      });
      await audit(tx, auth, {
        action: 'create',
        entity: SERVICE_ENTITY,
        entityId: newId,
        toStatus: SERVICE_STATUS.draft,
        ...(employeeId !== auth.employeeId ? { data: { on_behalf_of: employeeId } } : {}),
      });
      return newId;
    });
    return this.toDetail(await this.load(id));
  }

  async update(auth: AuthContext, id: number, body: Body): Promise<ServiceRequestDetail> {
    const row = await this.load(id);
    if (!this.canEdit(auth, row)) {
      throw forbidden('Only the employee, or the HR administrator who made it, may change this request.');
    }
    if (!SERVICE_RULES.editable.includes(row.statusId)) {
      throw conflict(`This ${LABEL} is ${row.statusName}; it can be changed only as a draft.`);
    }
    if (body.employee_id != null && body.employee_id !== row.employeeId) {
      throw fieldError('employee_id', SERVICE_MESSAGES.employeeFixed);
    }
    const values = await this.prepare(body);
    await this.db.transaction(async (tx) => {
      const changed = await repo.updateIf(tx, id, SERVICE_RULES.editable, {
        category: values.category,
        nocTypeId: values.nocTypeId,
        reason: values.reason,
        description: values.description,
        issueDate: values.issueDate,
        fromDate: values.fromDate,
        toDate: values.toDate,
        passportNo: values.passportNo,
        intendedCountry: values.intendedCountry,
      });
      if (!changed) throw conflict(`This ${LABEL} was changed meanwhile; reload it and try again.`);
      await audit(tx, auth, {
        action: 'update',
        entity: SERVICE_ENTITY,
        entityId: id,
        fromStatus: row.statusId,
        toStatus: row.statusId,
      });
    });
    return this.toDetail(await this.load(id));
  }

  async remove(auth: AuthContext, id: number): Promise<{ message: string }> {
    const row = await this.load(id);
    if (!this.canEdit(auth, row)) {
      throw forbidden('Only the employee, or the HR administrator who made it, may delete this request.');
    }
    if (!SERVICE_RULES.deletable.includes(row.statusId)) {
      throw conflict(`This ${LABEL} is ${row.statusName}; only a draft can be deleted.`);
    }
    await this.db.transaction(async (tx) => {
      if (!(await repo.deleteIf(tx, id, SERVICE_RULES.deletable))) {
        throw conflict(`This ${LABEL} was changed meanwhile; reload it and try again.`);
      }
      await audit(tx, auth, {
        action: 'delete',
        entity: SERVICE_ENTITY,
        entityId: id,
        fromStatus: row.statusId,
        data: { category: row.category, employee_id: row.employeeId },
      });
    });
    return { message: `${row.categoryName} request #${id} has been successfully deleted!` };
  }

  /**
   * Submit, approve, cancel or done, as SERVICE_WORKFLOW allows. Done issues
   * the letter in the same transaction as the status change.
   */
  async act(auth: AuthContext, action: ServiceAction, id: number): Promise<ServiceRequestDetail> {
    const row = await this.load(id);
    const actors = actorsFor(auth, row);
    await this.db.transaction(async (tx) => {
      await runTransition(tx, {
        workflow: SERVICE_WORKFLOW,
        action,
        label: LABEL,
        entity: SERVICE_ENTITY,
        id,
        status: row.statusId,
        statusName: () => row.statusName ?? String(row.statusId),
        actors,
        auth,
        update: async (db, from, to) => {
          const changed = await repo.updateIf(db, id, from, {
            statusId: to,
            ...(to === SERVICE_STATUS.submitted ? { submittedAt: new Date() } : {}),
          });
          if (changed && to === SERVICE_STATUS.done) await issueLetter(db, id, auth.employeeId);
          return changed;
        },
      });
    });
    return this.toDetail(await this.load(id));
  }

  /** The letter of a done request, for its employee and HR admins. */
  async letter(auth: AuthContext, id: number) {
    const row = await this.load(id);
    if (row.employeeId !== auth.employeeId && !auth.isAdmin) {
      throw forbidden('Only the employee and HR administrators may download this letter.');
    }
    const file = row.letterFileId !== null ? await repo.letterFile(this.db, row.letterFileId) : null;
    if (!file)
      throw notFound('This HR service request has no letter yet; it is issued when the request is done.');
    return file;
  }
}
