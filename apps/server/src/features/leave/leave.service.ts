import {
  LEAVE_FORMAT,
  LEAVE_MESSAGES,
  type Leave,
  type LeaveBalances,
  type LeaveBody,
  type leaveListQuery,
} from '@hr/contracts/leave';
import { MESSAGES } from '@hr/contracts/messages';
import { type Actor, REQUEST_RULES, REQUEST_WORKFLOW, type RequestAction } from '@hr/contracts/workflow';
import dayjs from 'dayjs';
import { and, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { leaves } from '../../db/schema';
import { actorsFor, approversOf, personRef, teamOf } from '../../lib/approvers';
import { audit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { countWorkingDays, isWorkingDay, workCalendar } from '../../lib/calendar';
import { AppError, badRequest, conflict, fieldError, forbidden, notFound } from '../../lib/errors';
import { countWhere, listAnswer, orderBy } from '../../lib/list';
import { runTransition } from '../../lib/workflow';
import { LEAVE_SORT, type LeaveRow, leaveRepository as repo } from './leave.repository';

type ListQuery = z.output<typeof leaveListQuery>;

const MINUTES_PER_DAY = 480;
const DATE_FMT = 'DD-MM-YYYY';

const fmt = (d: string) => dayjs(d).format(DATE_FMT);
const timeOf = (t: string | null) => (t ? t.slice(0, 8).padEnd(8, ':00') : null);

export class LeaveService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /** A leave row as the API answers it. */
  toLeave(row: LeaveRow): Leave {
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
      leave_address: row.leaveAddress,
      status: {
        id: row.statusId,
        name: row.statusName ?? String(row.statusId),
        color: row.statusColor ?? 'default',
      },
      created: row.createdAt.toISOString(),
      updated: row.updatedAt.toISOString(),
    };
  }

  async list(auth: AuthContext, q: ListQuery, request: FastifyRequest) {
    if (q.list_type === 'self' && q.employee_id !== undefined) {
      throw badRequest('The employee filter is only for the team view (list_type=team).');
    }
    const conditions: (SQL | undefined)[] = [
      q.list_type === 'self'
        ? eq(leaves.employeeId, auth.employeeId)
        : teamOf(auth.employeeId, leaves.lineManagerId, leaves.oneOverOneId, leaves.responsibleId),
      q.employee_id ? eq(leaves.employeeId, q.employee_id) : undefined,
      q.type_id ? eq(leaves.typeId, q.type_id) : undefined,
      q.status_id ? eq(leaves.statusId, q.status_id) : undefined,
      q.from_range?.from ? gte(leaves.fromDate, q.from_range.from) : undefined,
      q.from_range?.to ? lte(leaves.fromDate, q.from_range.to) : undefined,
      q.to_range?.from ? gte(leaves.toDate, q.to_range.from) : undefined,
      q.to_range?.to ? lte(leaves.toDate, q.to_range.to) : undefined,
    ];
    const where = and(...conditions);
    const rows = await repo.page(this.db, where, orderBy(q.sort, LEAVE_SORT, leaves.id), q.page, q.limit);
    return listAnswer(
      request,
      rows.map((r) => this.toLeave(r)),
      await countWhere(this.db, leaves, where),
      q.page,
      q.limit,
    );
  }

  private async load(id: number): Promise<LeaveRow> {
    const row = await repo.find(this.db, id);
    if (!row) throw notFound('This leave request does not exist.');
    return row;
  }

  /** The caller's standing; a responsible person may see a request but not act on it. */
  private standing(auth: AuthContext, row: LeaveRow): { actors: Actor[]; canRead: boolean } {
    const actors = actorsFor(auth, row);
    const canRead = actors.length > 0 || row.responsibleId === auth.employeeId;
    return { actors, canRead };
  }

  async get(auth: AuthContext, id: number): Promise<Leave> {
    const row = await this.load(id);
    if (!this.standing(auth, row).canRead) throw forbidden('You may not see this leave request.');
    return this.toLeave(row);
  }

  /**
   * Checks a request against the rules of DESIGN.md §4 and answers what to
   * store: dates, times, working days and approvers.
   */
  private async prepare(employeeId: number, body: LeaveBody, exceptId?: number) {
    const employee = await repo.employee(this.db, employeeId);
    if (!employee) throw notFound('This employee does not exist.');
    const type = await repo.type(this.db, body.type_id);
    if (!type?.enabled) throw fieldError('type_id', 'This leave type does not exist.');

    const short = body.leave_format === LEAVE_FORMAT.short;
    let fromDate: string;
    let toDate: string;
    let fromTime: string | null = null;
    let toTime: string | null = null;
    let days: number;
    let start: string;
    let end: string;

    if (short) {
      if (!type.shortLeaveApplied)
        throw fieldError('type_id', 'This leave type cannot be taken as short leave.');
      const duration = body.duration_id ? await repo.duration(this.db, body.duration_id) : null;
      if (!duration?.enabled) throw fieldError('duration_id', LEAVE_MESSAGES.durationRequired);
      const from = dayjs(body.from);
      const expectedTo = from.add(duration.minutes, 'minute');
      if (!from.isValid()) throw fieldError('from', LEAVE_MESSAGES.dateFormat);
      if (body.to !== expectedTo.format('YYYY-MM-DD HH:mm:ss')) {
        throw fieldError('to', 'The end of a short leave is its start plus the duration.');
      }
      if (!expectedTo.isSame(from, 'day'))
        throw fieldError('to', 'A short leave must end on the day it starts.');
      fromDate = from.format('YYYY-MM-DD');
      toDate = fromDate;
      fromTime = from.format('HH:mm:ss');
      toTime = expectedTo.format('HH:mm:ss');
      const calendar = await workCalendar(this.db, employee.companyId, fromDate, toDate);
      if (!isWorkingDay(calendar, fromDate))
        throw fieldError('from', 'A short leave must be on a working day.');
      days = Math.round((duration.minutes / MINUTES_PER_DAY) * 100) / 100;
      start = body.from;
      end = body.to;
    } else {
      fromDate = body.from;
      toDate = body.to;
      if (!dayjs(fromDate).isValid() || !dayjs(toDate).isValid())
        throw fieldError('from', LEAVE_MESSAGES.dateFormat);
      if (dayjs(toDate).diff(fromDate, 'day') > 366)
        throw fieldError('to', 'A leave request may span at most a year.');
      const calendar = await workCalendar(this.db, employee.companyId, fromDate, toDate);
      days = countWorkingDays(calendar, fromDate, toDate);
      if (days === 0)
        throw fieldError(
          'to',
          'The chosen dates have no working day (weekly off days and holidays do not count).',
        );
      start = `${fromDate} 00:00:00`;
      end = `${dayjs(toDate).add(1, 'day').format('YYYY-MM-DD')} 00:00:00`;
    }

    const clash = await repo.overlapping(this.db, employeeId, start, end, exceptId);
    if (clash) {
      throw fieldError(
        'from',
        `These dates overlap your leave request #${clash.id} (${fmt(clash.fromDate)} to ${fmt(clash.toDate)}).`,
      );
    }

    if (type.hasBalance) await this.checkBalance(employeeId, type, fromDate, days, exceptId);

    if (body.responsible_id === employeeId) throw fieldError('responsible_id', MESSAGES.selectResponsible);
    const responsibles = await repo.responsibles(this.db, employeeId, employee.parentId);
    if (!responsibles.some((r) => r.id === body.responsible_id)) {
      throw fieldError(
        'responsible_id',
        'The responsible person must be your line manager, a colleague or a report.',
      );
    }

    const approvers = await approversOf(this.db, employeeId);
    return {
      values: {
        employeeId,
        responsibleId: body.responsible_id,
        lineManagerId: approvers.lineManagerId,
        oneOverOneId: approvers.oneOverOneId,
        typeId: type.id,
        durationId: short ? (body.duration_id ?? null) : null,
        leaveFormat: body.leave_format,
        fromDate,
        toDate,
        fromTime,
        toTime,
        days,
        leaveAddress: body.leave_address,
      },
    };
  }

  private async checkBalance(
    employeeId: number,
    type: { id: number; name: string; days: number },
    fromDate: string,
    days: number,
    exceptId?: number,
  ) {
    const year = dayjs(fromDate).year();
    const used = await repo.usedDays(this.db, employeeId, year, exceptId);
    const mine = used.find((u) => u.typeId === type.id);
    const left = type.days - Number(mine?.taken ?? 0) - Number(mine?.pending ?? 0);
    if (days > left) {
      throw fieldError(
        'type_id',
        `Not enough ${type.name} balance for ${year}: ${Math.max(0, left)} day(s) left, ${days} asked.`,
      );
    }
  }

  async create(auth: AuthContext, body: LeaveBody): Promise<Leave> {
    const { values } = await this.prepare(auth.employeeId, body);
    const id = await this.db.transaction(async (tx) => {
      const newId = await repo.insert(tx, { ...values, statusId: 1 });
      await audit(tx, auth, { action: 'create', entity: 'leave', entityId: newId, toStatus: 1 });
      return newId;
    });
    return this.toLeave(await this.load(id));
  }

  async update(auth: AuthContext, id: number, body: LeaveBody): Promise<Leave> {
    const row = await this.load(id);
    if (row.employeeId !== auth.employeeId)
      throw forbidden('Only the employee may change their leave request.');
    if (!REQUEST_RULES.editable.includes(row.statusId)) {
      throw conflict(`This leave request is ${row.statusName}; it can be changed only as a draft.`);
    }
    const { values } = await this.prepare(auth.employeeId, body, id);
    await this.db.transaction(async (tx) => {
      if (!(await repo.updateIf(tx, id, REQUEST_RULES.editable, values))) {
        throw conflict('This leave request was changed meanwhile; reload it and try again.');
      }
      await audit(tx, auth, {
        action: 'update',
        entity: 'leave',
        entityId: id,
        fromStatus: row.statusId,
        toStatus: row.statusId,
      });
    });
    return this.toLeave(await this.load(id));
  }

  async remove(auth: AuthContext, id: number): Promise<{ message: string }> {
    const row = await this.load(id);
    if (row.employeeId !== auth.employeeId)
      throw forbidden('Only the employee may delete their leave request.');
    if (!REQUEST_RULES.deletable.includes(row.statusId)) {
      throw conflict(`This leave request is ${row.statusName}; only a draft can be deleted.`);
    }
    await this.db.transaction(async (tx) => {
      if (!(await repo.deleteIf(tx, id, REQUEST_RULES.deletable))) {
        throw conflict('This leave request was changed meanwhile; reload it and try again.');
      }
      await audit(tx, auth, { action: 'delete', entity: 'leave', entityId: id, fromStatus: row.statusId });
    });
    return { message: `Leave request #${id} has been successfully deleted!` };
  }

  async act(auth: AuthContext, action: RequestAction, id: number): Promise<Leave> {
    const row = await this.load(id);
    const { actors, canRead } = this.standing(auth, row);
    if (!canRead) throw forbidden('You may not act on this leave request.');
    if (action === 'submit' && actors.includes('owner') && row.statusId === 1) {
      if (!row.lineManagerId)
        throw new AppError(409, 'conflict', 'You have no line manager to approve this request.');
      // The balance and the calendar may have changed since the draft was saved.
      const type = await repo.type(this.db, row.typeId);
      if (type?.hasBalance) await this.checkBalance(row.employeeId, type, row.fromDate, Number(row.days), id);
    }
    await this.db.transaction(async (tx) => {
      await runTransition(tx, {
        workflow: REQUEST_WORKFLOW,
        action,
        label: 'leave request',
        entity: 'leave',
        id,
        status: row.statusId,
        statusName: () => row.statusName ?? String(row.statusId),
        actors,
        auth,
        update: (db, from, to) => repo.updateIf(db, id, from, { statusId: to }),
      });
    });
    return this.toLeave(await this.load(id));
  }

  /** Balances per type with a balance, for a calendar year (SPEC.md §9: types 5, 6, 7, 9 have none). */
  async balances(auth: AuthContext, employeeId: number, year: number): Promise<LeaveBalances> {
    if (employeeId !== auth.employeeId && !auth.isAdmin) {
      const approvers = await approversOf(this.db, employeeId);
      if (approvers.lineManagerId !== auth.employeeId && approvers.oneOverOneId !== auth.employeeId) {
        throw forbidden("You may not see this employee's leave balance.");
      }
    }
    if (!(await repo.employee(this.db, employeeId))) throw notFound('This employee does not exist.');
    const [types, used] = await Promise.all([
      repo.types(this.db, false),
      repo.usedDays(this.db, employeeId, year),
    ]);
    return {
      year,
      employee_id: employeeId,
      items: types
        .filter((t) => t.hasBalance)
        .map((t) => {
          const u = used.find((x) => x.typeId === t.id);
          const taken = Number(u?.taken ?? 0);
          const pending = Number(u?.pending ?? 0);
          return {
            type: { id: t.id, name: t.name },
            days: t.days,
            taken,
            pending,
            remaining: t.days - taken - pending,
          };
        }),
    };
  }

  async responsibles(auth: AuthContext) {
    const me = await repo.employee(this.db, auth.employeeId);
    const rows = await repo.responsibles(this.db, auth.employeeId, me?.parentId ?? null);
    return rows.map((r) => personRef(this.secret, r)!);
  }
}
