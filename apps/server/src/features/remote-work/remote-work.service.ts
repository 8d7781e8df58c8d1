import {
  REMOTE_WORK_MESSAGES,
  REMOTE_WORK_TYPE,
  type RemoteWork,
  type RemoteWorkBody,
  type remoteWorkListQuery,
} from '@hr/contracts/remote-work';
import {
  type Actor,
  REQUEST_RULES,
  REQUEST_STATUS,
  REQUEST_WORKFLOW,
  type RequestAction,
} from '@hr/contracts/workflow';
import dayjs from 'dayjs';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { remoteWorks } from '../../db/schema';
import { actorsFor, approversOf, personRef, teamOf } from '../../lib/approvers';
import { audit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../lib/errors';
import { countWhere, listAnswer, orderBy } from '../../lib/list';
import { runTransition } from '../../lib/workflow';
import {
  REMOTE_WORK_SORT,
  type RemoteWorkInsert,
  type RemoteWorkRow,
  remoteWorkRepository as repo,
} from './remote-work.repository';

type ListQuery = z.output<typeof remoteWorkListQuery>;

const ENTITY = 'remote_work';
const LABEL = 'remote-work request';
const DATE_FMT = 'DD-MM-YYYY';

const fmt = (d: string) => dayjs(d).format(DATE_FMT);
/** `HH:mm` of a stored `time` (`HH:mm:ss`), or null. */
const hhmm = (t: string | null) => (t ? t.slice(0, 5) : null);
const nextDay = (d: string) => dayjs(d).add(1, 'day').format('YYYY-MM-DD');

/** What a request covers, in words, for messages. */
function when(r: { fromDate: string; toDate: string; fromTime: string | null; toTime: string | null }) {
  if (r.fromTime && r.toTime) return `${fmt(r.fromDate)} ${hhmm(r.fromTime)} to ${hhmm(r.toTime)}`;
  return r.fromDate === r.toDate ? fmt(r.fromDate) : `${fmt(r.fromDate)} to ${fmt(r.toDate)}`;
}

export class RemoteWorkService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /** A row as the API answers it (SPEC.md §3). */
  toRemoteWork(row: RemoteWorkRow): RemoteWork {
    return {
      id: row.id,
      employee: personRef(this.secret, row.owner)!,
      employee_id: row.employeeId,
      line_manager: personRef(this.secret, row.lineManager),
      one_over_one: personRef(this.secret, row.oneOverOne),
      type: { id: row.typeId, name: row.typeName },
      type_id: row.typeId,
      from_date: row.fromDate,
      to_date: row.toDate,
      from_time: hhmm(row.fromTime),
      to_time: hhmm(row.toTime),
      description: row.description,
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
    const where = and(
      q.list_type === 'self'
        ? eq(remoteWorks.employeeId, auth.employeeId)
        : teamOf(auth.employeeId, remoteWorks.lineManagerId, remoteWorks.oneOverOneId),
      q.employee_id ? eq(remoteWorks.employeeId, q.employee_id) : undefined,
      q.type_id ? eq(remoteWorks.typeId, q.type_id) : undefined,
      q.status_id ? eq(remoteWorks.statusId, q.status_id) : undefined,
      q.from_date_range?.from ? gte(remoteWorks.fromDate, q.from_date_range.from) : undefined,
      q.from_date_range?.to ? lte(remoteWorks.fromDate, q.from_date_range.to) : undefined,
      q.to_date_range?.from ? gte(remoteWorks.toDate, q.to_date_range.from) : undefined,
      q.to_date_range?.to ? lte(remoteWorks.toDate, q.to_date_range.to) : undefined,
    );
    const order = orderBy(q.sort, REMOTE_WORK_SORT, remoteWorks.id);
    const rows = await repo.page(this.db, where, order, q.page, q.limit);
    const total = await countWhere(this.db, remoteWorks, where);
    return listAnswer(
      request,
      rows.map((r) => this.toRemoteWork(r)),
      total,
      q.page,
      q.limit,
    );
  }

  private async load(id: number): Promise<RemoteWorkRow> {
    const row = await repo.find(this.db, id);
    if (!row) throw notFound('This remote-work request does not exist.');
    return row;
  }

  /**
   * The caller's standing: the employee, the stored line manager and the
   * stored O&O may see a request; being an admin alone gives no access.
   */
  private standing(auth: AuthContext, row: RemoteWorkRow): { actors: Actor[]; canRead: boolean } {
    const actors = actorsFor(auth, row);
    return { actors, canRead: actors.some((a) => a !== 'admin') };
  }

  async get(auth: AuthContext, id: number): Promise<RemoteWork> {
    const row = await this.load(id);
    if (!this.standing(auth, row).canRead) throw forbidden('You may not see this remote-work request.');
    return this.toRemoteWork(row);
  }

  /** Checks the type and answers the values to store (the body's shape is checked by the contract). */
  private async prepare(employeeId: number, body: RemoteWorkBody) {
    const type = await repo.type(this.db, body.type_id);
    if (!type?.enabled) throw fieldError('type_id', REMOTE_WORK_MESSAGES.typeUnknown);
    const hourly = type.id === REMOTE_WORK_TYPE.hourly;
    const fromDate = body.from_date!;
    const toDate = hourly ? fromDate : body.to_date!;
    const fromTime = hourly ? body.from_time! : null;
    const toTime = hourly ? body.to_time! : null;
    const description = body.description?.trim() ? body.description.trim() : null;
    const approvers = await approversOf(this.db, employeeId);
    const values = {
      employeeId,
      lineManagerId: approvers.lineManagerId,
      oneOverOneId: approvers.oneOverOneId,
      typeId: type.id,
      fromDate,
      toDate,
      fromTime,
      toTime,
      description,
    } satisfies RemoteWorkInsert;
    return {
      values,
      start: `${fromDate} ${fromTime ?? '00:00'}`,
      end: hourly ? `${fromDate} ${toTime}` : `${nextDay(toDate)} 00:00`,
    };
  }

  /** Refuses a request that overlaps another of the employee's (rejected ones do not count). */
  private async checkOverlap(
    db: Db,
    employeeId: number,
    p: { start: string; end: string; values: { fromTime: string | null } },
    exceptId?: number,
  ) {
    // Serialises saves of one employee, so that two at once cannot both pass.
    await repo.lockEmployee(db, employeeId);
    const clash = await repo.overlapping(db, employeeId, p.start, p.end, exceptId);
    if (clash) {
      const what = p.values.fromTime ? 'These hours overlap' : 'These dates overlap';
      throw fieldError('from_date', `${what} your remote-work request #${clash.id} (${when(clash)}).`);
    }
  }

  async create(auth: AuthContext, body: RemoteWorkBody): Promise<RemoteWork> {
    const prepared = await this.prepare(auth.employeeId, body);
    const id = await this.db.transaction(async (tx) => {
      await this.checkOverlap(tx, auth.employeeId, prepared);
      const newId = await repo.insert(tx, { ...prepared.values, statusId: REQUEST_STATUS.draft });
      await audit(tx, auth, { action: 'create', entity: ENTITY, entityId: newId, toStatus: 1 });
      return newId;
    });
    return this.toRemoteWork(await this.load(id));
  }

  async update(auth: AuthContext, id: number, body: RemoteWorkBody): Promise<RemoteWork> {
    const row = await this.load(id);
    if (row.employeeId !== auth.employeeId) {
      throw forbidden('Only the employee may change their remote-work request.');
    }
    if (!REQUEST_RULES.editable.includes(row.statusId)) {
      throw conflict(`This ${LABEL} is ${row.statusName}; it can be changed only as a draft.`);
    }
    const prepared = await this.prepare(auth.employeeId, body);
    await this.db.transaction(async (tx) => {
      await this.checkOverlap(tx, auth.employeeId, prepared, id);
      if (!(await repo.updateIf(tx, id, REQUEST_RULES.editable, prepared.values))) {
        throw conflict(`This ${LABEL} was changed meanwhile; reload it and try again.`);
      }
      await audit(tx, auth, {
        action: 'update',
        entity: ENTITY,
        entityId: id,
        fromStatus: row.statusId,
        toStatus: row.statusId,
      });
    });
    return this.toRemoteWork(await this.load(id));
  }

  async remove(auth: AuthContext, id: number): Promise<{ message: string }> {
    const row = await this.load(id);
    if (row.employeeId !== auth.employeeId) {
      throw forbidden('Only the employee may delete their remote-work request.');
    }
    if (!REQUEST_RULES.deletable.includes(row.statusId)) {
      throw conflict(`This ${LABEL} is ${row.statusName}; only a draft can be deleted.`);
    }
    await this.db.transaction(async (tx) => {
      if (!(await repo.deleteIf(tx, id, REQUEST_RULES.deletable))) {
        throw conflict(`This ${LABEL} was changed meanwhile; reload it and try again.`);
      }
      await audit(tx, auth, { action: 'delete', entity: ENTITY, entityId: id, fromStatus: row.statusId });
    });
    return { message: `Remote-work request #${id} has been successfully deleted!` };
  }

  /** Submit, approve or reject, as REQUEST_WORKFLOW allows; answers the changed request. */
  async act(auth: AuthContext, action: RequestAction, id: number): Promise<RemoteWork> {
    const row = await this.load(id);
    const { actors, canRead } = this.standing(auth, row);
    if (!canRead) throw forbidden('You may not act on this remote-work request.');
    if (
      action === 'submit' &&
      actors.includes('owner') &&
      row.statusId === REQUEST_STATUS.draft &&
      !row.lineManagerId
    ) {
      throw conflict('You have no line manager to approve this request.');
    }
    await this.db.transaction(async (tx) => {
      await runTransition(tx, {
        workflow: REQUEST_WORKFLOW,
        action,
        label: LABEL,
        entity: ENTITY,
        id,
        status: row.statusId,
        statusName: () => row.statusName ?? String(row.statusId),
        actors,
        auth,
        update: (db, from, to) => repo.updateIf(db, id, from, { statusId: to }),
      });
    });
    return this.toRemoteWork(await this.load(id));
  }

  async types() {
    return repo.types(this.db);
  }
}
