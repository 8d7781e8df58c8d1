import type { REMOTE_WORK_SORT_FIELDS, remoteWorkListQuery } from '@hr/contracts/remote-work';
import { REQUEST_STATUS, REQUEST_WORKFLOW } from '@hr/contracts/workflow';
import { type AnyColumn, and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { remoteWorks, remoteWorkTypes, workflowStatuses } from '../../db/schema';
import { decisionOf, personJson, personName } from '../../lib/approvers';
import { escalationOf } from '../../lib/delegations';
import { localName, localNameWhenBuilt } from '../../lib/language';
import { condition, type ListSource, requestScope, withinRange } from '../../lib/list';

export type RemoteWorkInsert = typeof remoteWorks.$inferInsert;

/** One request with everything its answer needs; `total` is the list's count of matches (0 elsewhere). */
function baseQuery(db: Db, total: SQL<number> = sql<number>`0`) {
  return db
    .select({
      total,
      id: remoteWorks.id,
      escalation: escalationOf('remote-work', remoteWorks.id),
      decision: decisionOf('remote_work', REQUEST_WORKFLOW, remoteWorks.id),
      employeeId: remoteWorks.employeeId,
      lineManagerId: remoteWorks.lineManagerId,
      oneOverOneId: remoteWorks.oneOverOneId,
      statusId: remoteWorks.statusId,
      statusName: workflowStatuses.name,
      statusColor: workflowStatuses.color,
      typeId: remoteWorks.typeId,
      typeName: localName(remoteWorkTypes.name, remoteWorkTypes.nameTranslations),
      fromDate: remoteWorks.fromDate,
      toDate: remoteWorks.toDate,
      fromTime: remoteWorks.fromTime,
      toTime: remoteWorks.toTime,
      description: remoteWorks.description,
      createdAt: remoteWorks.createdAt,
      updatedAt: remoteWorks.updatedAt,
      owner: personJson(remoteWorks.employeeId),
      lineManager: personJson(remoteWorks.lineManagerId),
      oneOverOne: personJson(remoteWorks.oneOverOneId),
    })
    .from(remoteWorks)
    .innerJoin(remoteWorkTypes, eq(remoteWorkTypes.id, remoteWorks.typeId))
    .leftJoin(
      workflowStatuses,
      and(eq(workflowStatuses.module, 'remote_work'), eq(workflowStatuses.id, remoteWorks.statusId)),
    );
}

export type RemoteWorkRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

/** Sortable fields of the remote-work list (the names the contract lists). */
export const REMOTE_WORK_SORT: Record<(typeof REMOTE_WORK_SORT_FIELDS)[number], AnyColumn | SQL> = {
  id: remoteWorks.id,
  created: remoteWorks.createdAt,
  updated: remoteWorks.updatedAt,
  from_date: remoteWorks.fromDate,
  to_date: remoteWorks.toDate,
  type: localNameWhenBuilt(remoteWorkTypes.name, remoteWorkTypes.nameTranslations),
  status: remoteWorks.statusId,
  employee: personName(remoteWorks.employeeId),
};

export const remoteWorkRepository = {
  /** The requests' table, for the request life cycle (lib/request-workflow.ts). */
  table: remoteWorks,

  /** The list of the caller (`me`): their own requests or their team's, and the filters they gave. */
  list(me: number, q: z.output<typeof remoteWorkListQuery>): ListSource<RemoteWorkRow> {
    return {
      name: 'remote_work',
      table: remoteWorks,
      conditions: [
        requestScope(q.list_type === 'self', me, remoteWorks.employeeId, [
          remoteWorks.lineManagerId,
          remoteWorks.oneOverOneId,
        ]),
        condition('employee_id', q.employee_id, (v) => eq(remoteWorks.employeeId, v)),
        condition('type_id', q.type_id, (v) => eq(remoteWorks.typeId, v)),
        condition('status_id', q.status_id, (v) => eq(remoteWorks.statusId, v)),
        ...withinRange('from', q.from_date_range, remoteWorks.fromDate),
        ...withinRange('to', q.to_date_range, remoteWorks.toDate),
      ],
      sortable: REMOTE_WORK_SORT,
      tieBreaker: remoteWorks.id,
      page: baseQuery,
    };
  },

  async find(db: Db, id: number): Promise<RemoteWorkRow | null> {
    const [row] = await baseQuery(db).where(eq(remoteWorks.id, id)).limit(1);
    return row ?? null;
  },

  /** Another request of the employee (not rejected) that overlaps [start, end). */
  async overlapping(db: Db, employeeId: number, start: string, end: string, exceptId?: number) {
    const [row] = await db
      .select({
        id: remoteWorks.id,
        fromDate: remoteWorks.fromDate,
        toDate: remoteWorks.toDate,
        fromTime: remoteWorks.fromTime,
        toTime: remoteWorks.toTime,
      })
      .from(remoteWorks)
      .where(
        and(
          eq(remoteWorks.employeeId, employeeId),
          ne(remoteWorks.statusId, REQUEST_STATUS.rejected),
          exceptId ? ne(remoteWorks.id, exceptId) : undefined,
          sql`tsrange(${remoteWorks.fromDate} + coalesce(${remoteWorks.fromTime}, time '00:00'),
                      case when ${remoteWorks.toTime} is null then (${remoteWorks.toDate} + 1)::timestamp
                           else ${remoteWorks.toDate} + ${remoteWorks.toTime} end, '[)')
              && tsrange(${start}::timestamp, ${end}::timestamp, '[)')`,
        ),
      )
      .orderBy(asc(remoteWorks.fromDate), asc(remoteWorks.id))
      .limit(1);
    return row ?? null;
  },

  async type(db: Db, id: number) {
    const [row] = await db.select().from(remoteWorkTypes).where(eq(remoteWorkTypes.id, id));
    return row ?? null;
  },
};
