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
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { decisionAnswer } from '../../lib/approvers';
import type { AuthContext } from '../../lib/auth-context';
import { domainError, fieldError } from '../../lib/errors';
import { listPage, teamOnlyFilters } from '../../lib/list';
import { personRef } from '../../lib/people';
import { RequestWorkflow, statusAnswer } from '../../lib/request-workflow';
import { issueLetter } from './hr-services.letter';
import { serviceRepository as repo, type ServiceRequestRow } from './hr-services.repository';

type ListQuery = z.output<typeof serviceListQuery>;
type Body = z.output<typeof serviceRequestBody>;

const BASE = '/api/v1/employee/service-requests';

/**
 * HR service requests (DESIGN.md §4): 1 Draft -(submit)-> 2 Submitted
 * -(line manager or admin approve)-> 3 Approved -(admin done)-> 5 Done, or
 * 2 -(line manager or admin cancel)-> 4 Cancelled. Done issues the letter.
 * A draft is private to its employee and to the admin who made it for them.
 */
/** A done request's letter is its employee's and HR administrators' to download (the detail offers it to them only). */
const mayDownloadLetter = (auth: AuthContext, row: ServiceRequestRow) =>
  row.employeeId === auth.employeeId || auth.isAdmin;

export class HrServicesService {
  private readonly workflow: RequestWorkflow<ServiceRequestRow, ServiceAction>;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {
    this.workflow = new RequestWorkflow(db, {
      kind: 'hr_service',
      table: repo.table,
      workflow: SERVICE_WORKFLOW,
      rules: SERVICE_RULES,
      find: repo.find,
      // The employee and whoever made the request read it in every status; the approvers and
      // HR admins once it is submitted (a draft is private).
      canRead: (auth, row, actors) =>
        row.employeeId === auth.employeeId ||
        row.createdBy === auth.employeeId ||
        (row.statusId !== SERVICE_STATUS.draft && actors.length > 0),
      // Its employee, or the HR admin who made it for them.
      canEdit: (auth, row) =>
        row.employeeId === auth.employeeId || (auth.isAdmin && row.createdBy === auth.employeeId),
    });
  }

  toItem(auth: AuthContext, row: ServiceRequestRow): ServiceRequest {
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
      status: statusAnswer(row),
      decision: decisionAnswer(row.decision),
      created: row.createdAt.toISOString(),
      updated: row.updatedAt.toISOString(),
      submitted_at: row.submittedAt?.toISOString() ?? null,
      has_letter: row.letterFileId !== null,
      actions: this.workflow.actionsOf(auth, row),
    };
  }

  /** The detail: the row, who did what (from the audit log), and the letter for those who may download it. */
  private async toDetail(auth: AuthContext, row: ServiceRequestRow): Promise<ServiceRequestDetail> {
    const history = await this.workflow.history(row.id);
    const letter =
      row.letterFileId !== null && mayDownloadLetter(auth, row)
        ? await repo.letterInfo(this.db, row.letterFileId)
        : null;
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
        : { by: row.creator?.name ?? row.owner?.name ?? null, at: row.createdAt.toISOString() },
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
      ...this.toItem(auth, row),
      accountability,
      letter: letter ? { name: letter.name, size: letter.size, url: `${BASE}/${row.id}/letter` } : null,
    };
  }

  /**
   * Own view: the caller's requests in every status. Team view: submitted and
   * later requests where the caller is the stored line manager or O&O (every
   * one for HR admins), and drafts an admin made for someone else.
   */
  async list(auth: AuthContext, q: ListQuery, url: string) {
    const own = q.list_type === 'own';
    teamOnlyFilters(own, q, { employee_id: 'employee', company_id: 'company' });
    return listPage(this.db, url, q, {
      ...repo.list(auth.employeeId, auth.isAdmin, q),
      map: (row) => this.toItem(auth, row),
    });
  }

  /** Checks the references of a valid body and answers what to store. */
  private async prepare(tx: Db, employeeId: number, body: Body, exceptId?: number) {
    const values = serviceRequestValues(body);
    const category = await repo.category(tx, values.category);
    if (!category?.enabled) throw fieldError('category', SERVICE_MESSAGES.categoryUnknown);
    if (values.nocTypeId !== null) {
      const type = await repo.nocType(tx, values.nocTypeId);
      if (!type?.enabled) throw fieldError('noc_type_id', SERVICE_MESSAGES.nocTypeUnknown);
    }
    const fields = {
      category: values.category,
      nocTypeId: values.nocTypeId,
      reason: values.reason,
      issueDate: values.issueDate,
      fromDate: values.fromDate,
      toDate: values.toDate,
      passportNo: values.passportNo,
      intendedCountry: values.intendedCountry,
    };
    // The same request twice is a mistake (a double click, a retry): one stays open at a time.
    const same = await repo.sameOpenRequest(tx, employeeId, fields, exceptId);
    if (same) {
      throw domainError('service_request_open', { category: category.name, id: same.id }, 'category');
    }
    return { ...fields, description: values.description };
  }

  async get(auth: AuthContext, id: number): Promise<ServiceRequestDetail> {
    return this.toDetail(auth, await this.workflow.read(auth, id));
  }

  async create(auth: AuthContext, body: Body): Promise<ServiceRequestDetail> {
    const employeeId = body.employee_id ?? auth.employeeId;
    if (employeeId !== auth.employeeId && !auth.isAdmin) throw domainError('on_behalf_forbidden');
    const employee = await repo.employee(this.db, employeeId);
    if (!employee?.enabled) throw fieldError('employee_id', SERVICE_MESSAGES.employeeUnknown);
    const row = await this.workflow.create(
      auth,
      employeeId,
      async (tx) => ({
        ...(await this.prepare(tx, employeeId, body)),
        companyId: employee.companyId,
        createdBy: auth.employeeId,
      }),
      employeeId !== auth.employeeId ? { on_behalf_of: employeeId } : undefined,
    );
    return this.toDetail(auth, row);
  }

  async update(auth: AuthContext, id: number, body: Body): Promise<ServiceRequestDetail> {
    const row = await this.workflow.update(auth, id, (tx, current) => {
      if (body.employee_id != null && body.employee_id !== current.employeeId) {
        throw fieldError('employee_id', SERVICE_MESSAGES.employeeFixed);
      }
      return this.prepare(tx, current.employeeId, body, id);
    });
    return this.toDetail(auth, row);
  }

  async remove(auth: AuthContext, id: number): Promise<{ message: string }> {
    const row = await this.workflow.remove(auth, id, (r) => ({
      category: r.category,
      employee_id: r.employeeId,
    }));
    return { message: `${row.categoryName} request #${id} has been successfully deleted!` };
  }

  /**
   * Submit, approve, cancel or done, as SERVICE_WORKFLOW allows. Done issues
   * the letter in the same transaction as the status change.
   */
  async act(
    auth: AuthContext,
    action: ServiceAction,
    id: number,
    comment?: string | null,
  ): Promise<ServiceRequestDetail> {
    const row = await this.workflow.act(auth, action, id, {
      comment,
      set: (to) => (to === SERVICE_STATUS.submitted ? { submittedAt: new Date() } : {}),
      after: async (tx, _row, to) => {
        if (to === SERVICE_STATUS.done) await issueLetter(tx, id, auth.employeeId);
      },
    });
    return this.toDetail(auth, row);
  }

  /** The letter of a done request, for its employee and HR admins. */
  async letter(auth: AuthContext, id: number) {
    const row = await repo.find(this.db, id);
    if (!row) throw domainError('record_not_found', { record: 'hr_service' });
    if (!mayDownloadLetter(auth, row)) throw domainError('letter_forbidden');
    const file = row.letterFileId !== null ? await repo.letterFile(this.db, row.letterFileId) : null;
    if (!file) throw domainError('letter_missing');
    return file;
  }
}
