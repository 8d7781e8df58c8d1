import {
  REMOTE_WORK_MESSAGES,
  REMOTE_WORK_TYPE,
  type RemoteWork,
  type RemoteWorkBody,
  type remoteWorkListQuery,
} from '@hr/contracts/remote-work';
import { REQUEST_RULES, REQUEST_STATUS, REQUEST_WORKFLOW, type RequestAction } from '@hr/contracts/workflow';
import dayjs from 'dayjs';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { decisionAnswer } from '../../lib/approvers';
import type { AuthContext } from '../../lib/auth-context';
import { domainError, fieldError } from '../../lib/errors';
import { listPage, teamOnlyFilters } from '../../lib/list';
import { personRef } from '../../lib/people';
import { RequestWorkflow, statusAnswer } from '../../lib/request-workflow';
import { type RemoteWorkRow, remoteWorkRepository as repo } from './remote-work.repository';

type ListQuery = z.output<typeof remoteWorkListQuery>;

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

/**
 * Remote work (DESIGN.md §4): the request life cycle of lib/request-workflow
 * with remote work's own rules — hourly (type 1) or day ranges, and no
 * overlap with the employee's other requests, checked under the workflow's
 * lock on the employee.
 */
export class RemoteWorkService {
  private readonly workflow: RequestWorkflow<RemoteWorkRow, RequestAction>;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {
    this.workflow = new RequestWorkflow(db, {
      kind: 'remote_work',
      table: repo.table,
      workflow: REQUEST_WORKFLOW,
      rules: REQUEST_RULES,
      find: repo.find,
    });
  }

  /** A row as the API answers it (SPEC.md §3). */
  toRemoteWork(auth: AuthContext, row: RemoteWorkRow): RemoteWork {
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
      map: (r) => this.toRemoteWork(auth, r),
    });
  }

  async get(auth: AuthContext, id: number): Promise<RemoteWork> {
    return this.toRemoteWork(auth, await this.workflow.read(auth, id));
  }

  /**
   * Checks the type and the employee's other requests and answers the values
   * to store (the body's shape is checked by the contract). Runs in the
   * writing transaction, under the lock on the employee.
   */
  private async prepare(tx: Db, employeeId: number, body: RemoteWorkBody, exceptId?: number) {
    const type = await repo.type(tx, body.type_id);
    if (!type?.enabled) throw fieldError('type_id', REMOTE_WORK_MESSAGES.typeUnknown);
    const hourly = type.id === REMOTE_WORK_TYPE.hourly;
    const fromDate = body.from_date!;
    const toDate = hourly ? fromDate : body.to_date!;
    const fromTime = hourly ? body.from_time! : null;
    const toTime = hourly ? body.to_time! : null;
    const start = `${fromDate} ${fromTime ?? '00:00'}`;
    const end = hourly ? `${fromDate} ${toTime}` : `${nextDay(toDate)} 00:00`;
    const clash = await repo.overlapping(tx, employeeId, start, end, exceptId);
    if (clash) {
      throw domainError(
        fromTime ? 'remote_work_hours_overlap' : 'remote_work_overlap',
        { id: clash.id, when: when(clash) },
        'from_date',
      );
    }
    return {
      typeId: type.id,
      fromDate,
      toDate,
      fromTime,
      toTime,
      description: body.description?.trim() ? body.description.trim() : null,
    };
  }

  async create(auth: AuthContext, body: RemoteWorkBody): Promise<RemoteWork> {
    const row = await this.workflow.create(auth, auth.employeeId, (tx) =>
      this.prepare(tx, auth.employeeId, body),
    );
    return this.toRemoteWork(auth, row);
  }

  async update(auth: AuthContext, id: number, body: RemoteWorkBody): Promise<RemoteWork> {
    const row = await this.workflow.update(auth, id, (tx, current) =>
      this.prepare(tx, current.employeeId, body, id),
    );
    return this.toRemoteWork(auth, row);
  }

  async remove(auth: AuthContext, id: number): Promise<{ message: string }> {
    await this.workflow.remove(auth, id);
    return { message: `Remote-work request #${id} has been successfully deleted!` };
  }

  /** Submit, approve or reject, as REQUEST_WORKFLOW allows; answers the changed request. */
  async act(
    auth: AuthContext,
    action: RequestAction,
    id: number,
    comment?: string | null,
  ): Promise<RemoteWork> {
    const row = await this.workflow.act(auth, action, id, {
      comment,
      before: async (_tx, current, transition) => {
        if (transition.to === REQUEST_STATUS.submitted && !current.lineManagerId) {
          throw domainError('no_line_manager');
        }
      },
    });
    return this.toRemoteWork(auth, row);
  }
}
