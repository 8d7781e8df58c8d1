import { displayDay } from '@hr/contracts/dates';
import {
  LEAVE_FORMAT,
  LEAVE_MESSAGES,
  type Leave,
  type LeaveBody,
  type leaveListQuery,
} from '@hr/contracts/leave';
import { MESSAGES } from '@hr/contracts/messages';
import { LEAVE_WORKFLOW, type LeaveAction, REQUEST_RULES, REQUEST_STATUS } from '@hr/contracts/workflow';
import dayjs from 'dayjs';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { decisionAnswer } from '../../lib/approvers';
import type { AuthContext } from '../../lib/auth-context';
import { countWorkingDays, isWorkingDay, workCalendar } from '../../lib/calendar';
import { domainError, fieldError } from '../../lib/errors';
import { listPage, teamOnlyFilters } from '../../lib/list';
import { notify } from '../../lib/notifications';
import { officeToday } from '../../lib/office-clock';
import { personRef } from '../../lib/people';
import { RequestWorkflow, statusAnswer } from '../../lib/request-workflow';
import { COVERED_STATUSES, type LeaveRow, leaveRepository as repo } from './leave.repository';
import { LeaveLedgerService } from './leave-ledger.service';
import { leaveReferenceRepository as refs } from './leave-reference.repository';

type ListQuery = z.output<typeof leaveListQuery>;

const MINUTES_PER_DAY = 480;

const fmt = displayDay;

/** Whether the caller reads a request only as its responsible person (not as its employee or approver). */
const onlyResponsible = (auth: AuthContext, row: LeaveRow) =>
  row.responsibleId === auth.employeeId &&
  row.employeeId !== auth.employeeId &&
  row.lineManagerId !== auth.employeeId &&
  row.oneOverOneId !== auth.employeeId;
const timeOf = (t: string | null) => (t ? t.slice(0, 8).padEnd(8, ':00') : null);

/**
 * Leave (DESIGN.md §4): the request life cycle of lib/request-workflow with
 * leave's own rules — working days, short leave, no overlap, the balance per
 * type and year, and the responsible person. The rules that read the
 * employee's other requests run under the workflow's lock on the employee.
 */
export class LeaveService {
  private readonly workflow: RequestWorkflow<LeaveRow, LeaveAction>;
  private readonly ledger: LeaveLedgerService;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {
    this.ledger = new LeaveLedgerService(db);
    this.workflow = new RequestWorkflow(db, {
      kind: 'leave',
      table: repo.table,
      workflow: LEAVE_WORKFLOW,
      rules: REQUEST_RULES,
      find: repo.find,
      // The responsible person may read what they cover (it shows in their team view) but not decide it.
      canRead: (auth, row, actors) =>
        actors.some((a) => a !== 'admin') ||
        (row.responsibleId === auth.employeeId && COVERED_STATUSES.includes(row.statusId)),
    });
  }

  /**
   * A leave row as the API answers it to the caller: the leave address (where
   * the employee can be reached while away) is for the employee and their
   * approvers, not for the colleague who covers their work.
   */
  toLeave(auth: AuthContext, row: LeaveRow): Leave {
    const short = row.leaveFormat === LEAVE_FORMAT.short;
    return {
      id: row.id,
      employee: personRef(this.secret, row.owner)!,
      responsible: personRef(this.secret, row.responsible),
      line_manager: personRef(this.secret, row.lineManager),
      one_over_one: personRef(this.secret, row.oneOverOne),
      type: { id: row.typeId, name: row.typeName },
      duration:
        row.durationId !== null && row.durationName !== null && row.durationMinutes !== null
          ? { id: row.durationId, name: row.durationName, minutes: row.durationMinutes }
          : null,
      leave_format: row.leaveFormat,
      from: short ? `${row.fromDate} ${timeOf(row.fromTime)}` : row.fromDate,
      to: short ? `${row.toDate} ${timeOf(row.toTime)}` : row.toDate,
      days: Number(row.days),
      leave_address: onlyResponsible(auth, row) ? null : row.leaveAddress,
      status: statusAnswer(row),
      decision: decisionAnswer(row.decision),
      actions: this.workflow.actionsOf(auth, row),
      created: row.createdAt.toISOString(),
      updated: row.updatedAt.toISOString(),
    };
  }

  async list(auth: AuthContext, q: ListQuery, url: string) {
    const own = q.list_type === 'self';
    teamOnlyFilters(own, q, { employee_id: 'employee' });
    return listPage(this.db, url, q, {
      ...repo.list(auth.employeeId, q),
      map: (r) => this.toLeave(auth, r),
    });
  }

  async get(auth: AuthContext, id: number): Promise<Leave> {
    return this.toLeave(auth, await this.workflow.read(auth, id));
  }

  /**
   * Checks a request against the rules of DESIGN.md §4 and answers what to
   * store: dates, times, working days and the responsible person. Runs in the
   * writing transaction, under the lock on the employee.
   */
  private async prepare(tx: Db, employeeId: number, body: LeaveBody, exceptId?: number) {
    const employee = await repo.employee(tx, employeeId);
    if (!employee) throw domainError('employee_not_found');
    const type = await refs.type(tx, body.type_id);
    if (!type?.enabled) throw domainError('leave_type_unknown', {}, 'type_id');
    await this.checkEligible(
      tx,
      employeeId,
      type,
      body.leave_format === LEAVE_FORMAT.short ? body.from.slice(0, 10) : body.from,
    );

    const short = body.leave_format === LEAVE_FORMAT.short;
    let fromDate: string;
    let toDate: string;
    let fromTime: string | null = null;
    let toTime: string | null = null;
    let days: number;
    let start: string;
    let end: string;

    if (short) {
      if (!type.shortLeaveApplied) throw domainError('leave_type_not_short', {}, 'type_id');
      const duration = body.duration_id ? await refs.duration(tx, body.duration_id) : null;
      if (!duration?.enabled) throw fieldError('duration_id', LEAVE_MESSAGES.durationRequired);
      const from = dayjs(body.from);
      const expectedTo = from.add(duration.minutes, 'minute');
      if (!from.isValid()) throw fieldError('from', LEAVE_MESSAGES.dateFormat);
      if (body.to !== expectedTo.format('YYYY-MM-DD HH:mm:ss'))
        throw domainError('short_leave_end', {}, 'to');
      if (!expectedTo.isSame(from, 'day')) throw domainError('short_leave_same_day', {}, 'to');
      fromDate = from.format('YYYY-MM-DD');
      toDate = fromDate;
      fromTime = from.format('HH:mm:ss');
      toTime = expectedTo.format('HH:mm:ss');
      const calendar = await workCalendar(tx, employee.companyId, fromDate, toDate, employee.officeId);
      if (!isWorkingDay(calendar, fromDate)) throw domainError('short_leave_working_day', {}, 'from');
      days = Math.round((duration.minutes / MINUTES_PER_DAY) * 100) / 100;
      start = body.from;
      end = body.to;
    } else {
      fromDate = body.from;
      toDate = body.to;
      if (!dayjs(fromDate).isValid() || !dayjs(toDate).isValid())
        throw fieldError('from', LEAVE_MESSAGES.dateFormat);
      if (dayjs(toDate).diff(fromDate, 'day') > 366) throw domainError('leave_too_long', {}, 'to');
      const calendar = await workCalendar(tx, employee.companyId, fromDate, toDate, employee.officeId);
      days = countWorkingDays(calendar, fromDate, toDate);
      if (days === 0) throw domainError('leave_no_working_day', {}, 'to');
      start = `${fromDate} 00:00:00`;
      end = `${dayjs(toDate).add(1, 'day').format('YYYY-MM-DD')} 00:00:00`;
    }

    const clash = await repo.overlapping(tx, employeeId, start, end, exceptId);
    if (clash) {
      throw domainError(
        'leave_overlap',
        { id: clash.id, from: fmt(clash.fromDate), to: fmt(clash.toDate) },
        'from',
      );
    }

    if (type.hasBalance)
      await this.ledger.checkRequest(
        tx,
        employeeId,
        type,
        { from: fromDate, to: toDate, days, short },
        exceptId,
      );

    if (body.responsible_id === employeeId) throw fieldError('responsible_id', MESSAGES.selectResponsible);
    const responsibles = await repo.responsibles(tx, employeeId, employee.parentId);
    if (!responsibles.some((r) => r.id === body.responsible_id)) {
      throw domainError('responsible_invalid', {}, 'responsible_id');
    }

    return {
      responsibleId: body.responsible_id,
      typeId: type.id,
      durationId: short ? (body.duration_id ?? null) : null,
      leaveFormat: body.leave_format,
      fromDate,
      toDate,
      fromTime,
      toTime,
      days,
      leaveAddress: body.leave_address,
    };
  }

  /** Refuses a type the employee may not take on the leave's first day (docs/decisions.md, "Leave-type eligibility"). */
  private async checkEligible(tx: Db, employeeId: number, type: { id: number }, on: string) {
    if (!dayjs(on).isValid()) return; // the dates' own check answers
    if (!(await refs.eligible(tx, type.id, employeeId, dayjs(on).format('YYYY-MM-DD'))))
      throw domainError('leave_type_not_eligible', {}, 'type_id');
  }

  async create(auth: AuthContext, body: LeaveBody): Promise<Leave> {
    const row = await this.workflow.create(auth, auth.employeeId, (tx) =>
      this.prepare(tx, auth.employeeId, body),
    );
    return this.toLeave(auth, row);
  }

  async update(auth: AuthContext, id: number, body: LeaveBody): Promise<Leave> {
    const row = await this.workflow.update(auth, id, (tx, current) =>
      this.prepare(tx, current.employeeId, body, id),
    );
    return this.toLeave(auth, row);
  }

  async remove(auth: AuthContext, id: number): Promise<{ message: string }> {
    await this.workflow.remove(auth, id);
    return { message: `Leave request #${id} has been successfully deleted!` };
  }

  async act(auth: AuthContext, action: LeaveAction, id: number, comment?: string | null): Promise<Leave> {
    const row = await this.workflow.act(auth, action, id, {
      comment,
      before: async (tx, current, transition) => {
        // A cancelled request releases its days; one that has begun is taken, not cancelled.
        if (transition.action === 'cancel' && current.fromDate <= officeToday())
          throw domainError('leave_not_cancellable');
        if (transition.to !== REQUEST_STATUS.submitted) return;
        if (!current.lineManagerId) throw domainError('no_line_manager');
        // The eligibility and the balance may have changed since the draft was saved.
        const type = await refs.type(tx, current.typeId);
        if (type) await this.checkEligible(tx, current.employeeId, type, current.fromDate);
        if (type?.hasBalance) {
          await this.ledger.checkRequest(
            tx,
            current.employeeId,
            type,
            {
              from: current.fromDate,
              to: current.toDate,
              days: Number(current.days),
              short: current.leaveFormat === LEAVE_FORMAT.short,
            },
            id,
          );
        }
      },
      // The responsible person hears of it when the request is sent: from then on they see it.
      after: async (tx, current, to) => {
        if (to !== REQUEST_STATUS.submitted || current.responsibleId === null) return;
        await notify(tx, {
          recipients: [current.responsibleId],
          event: 'responsible',
          module: 'leave',
          recordId: id,
          actorEmployeeId: auth.employeeId,
        });
      },
    });
    return this.toLeave(auth, row);
  }

  async responsibles(auth: AuthContext) {
    const me = await repo.employee(this.db, auth.employeeId);
    const rows = await repo.responsibles(this.db, auth.employeeId, me?.parentId ?? null);
    return rows.map((r) => personRef(this.secret, r)!);
  }
}
