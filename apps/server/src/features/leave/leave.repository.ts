import type { leaveListQuery } from '@hr/contracts/leave';
import { LEAVE_WORKFLOW, REQUEST_STATUS } from '@hr/contracts/workflow';
import { and, asc, eq, inArray, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { employees, leaveDurations, leaves, leaveTypes, workflowStatuses } from '../../db/schema';
import { decisionOf, personColumns, personJson, personName } from '../../lib/approvers';
import { escalationOf } from '../../lib/delegations';
import { localName, localNameWhenBuilt } from '../../lib/language';
import { condition, type ListCondition, type ListSource, requestScope, withinRange } from '../../lib/list';

export type LeaveInsert = typeof leaves.$inferInsert;

/**
 * The leave a responsible person sees (DESIGN.md §3: they see, not act):
 * what they cover, submitted or approved; never a draft, nor a rejected
 * request. Read by the list's team view and by one request alike.
 */
export const COVERED_STATUSES: readonly number[] = [REQUEST_STATUS.submitted, REQUEST_STATUS.approved];

/** One request with everything its answer needs; `total` is the list's count of matches (0 elsewhere). */
function baseQuery(db: Db, total: SQL<number> = sql<number>`0`) {
  return db
    .select({
      total,
      id: leaves.id,
      escalation: escalationOf('leave', leaves.id),
      decision: decisionOf('leave', LEAVE_WORKFLOW, leaves.id),
      employeeId: leaves.employeeId,
      lineManagerId: leaves.lineManagerId,
      oneOverOneId: leaves.oneOverOneId,
      responsibleId: leaves.responsibleId,
      statusId: leaves.statusId,
      statusName: workflowStatuses.name,
      statusColor: workflowStatuses.color,
      leaveFormat: leaves.leaveFormat,
      typeId: leaves.typeId,
      typeName: localName(leaveTypes.name, leaveTypes.nameTranslations),
      durationId: leaveDurations.id,
      durationName: localName(leaveDurations.name, leaveDurations.nameTranslations),
      durationMinutes: leaveDurations.minutes,
      fromDate: leaves.fromDate,
      toDate: leaves.toDate,
      fromTime: leaves.fromTime,
      toTime: leaves.toTime,
      days: leaves.days,
      leaveAddress: leaves.leaveAddress,
      createdAt: leaves.createdAt,
      updatedAt: leaves.updatedAt,
      owner: personJson(leaves.employeeId),
      lineManager: personJson(leaves.lineManagerId),
      oneOverOne: personJson(leaves.oneOverOneId),
      responsible: personJson(leaves.responsibleId),
    })
    .from(leaves)
    .innerJoin(leaveTypes, eq(leaveTypes.id, leaves.typeId))
    .leftJoin(leaveDurations, eq(leaveDurations.id, leaves.durationId))
    .leftJoin(
      workflowStatuses,
      and(eq(workflowStatuses.module, 'leave'), eq(workflowStatuses.id, leaves.statusId)),
    );
}

export type LeaveRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

/** Sortable fields of the leave list. */
export const LEAVE_SORT = {
  id: leaves.id,
  created: leaves.createdAt,
  updated: leaves.updatedAt,
  from: leaves.fromDate,
  to: leaves.toDate,
  days: leaves.days,
  status: leaves.statusId,
  type: localNameWhenBuilt(leaveTypes.name, leaveTypes.nameTranslations),
  employee: personName(leaves.employeeId),
};

/**
 * The team view of leave: the caller's as stored line manager or O&O, and
 * what they cover as responsible person; each part read from its own index
 * (lib/list.ts).
 */
function teamScope(me: number): ListCondition {
  const parts = (v: Placeholder) => [
    eq(leaves.lineManagerId, v),
    eq(leaves.oneOverOneId, v),
    and(eq(leaves.responsibleId, v), inArray(leaves.statusId, COVERED_STATUSES))!,
  ];
  return { key: 'team', value: me, where: (v) => or(...parts(v)), parts };
}

export const leaveRepository = {
  /** The requests' table, for the request life cycle (lib/request-workflow.ts). */
  table: leaves,

  /**
   * The list of the caller (`me`): their own requests, or their team's, where
   * the responsible person sees what they cover too; and the filters they gave.
   */
  list(me: number, q: z.output<typeof leaveListQuery>): ListSource<LeaveRow> {
    return {
      name: 'leave',
      table: leaves,
      conditions: [
        q.list_type === 'self'
          ? requestScope(true, me, leaves.employeeId, [leaves.lineManagerId])
          : teamScope(me),
        condition('employee_id', q.employee_id, (v) => eq(leaves.employeeId, v)),
        condition('type_id', q.type_id, (v) => eq(leaves.typeId, v)),
        condition('status_id', q.status_id, (v) => eq(leaves.statusId, v)),
        ...withinRange('from', q.from_range, leaves.fromDate),
        ...withinRange('to', q.to_range, leaves.toDate),
      ],
      sortable: LEAVE_SORT,
      tieBreaker: leaves.id,
      page: baseQuery,
    };
  },

  async find(db: Db, id: number): Promise<LeaveRow | null> {
    const [row] = await baseQuery(db).where(eq(leaves.id, id)).limit(1);
    return row ?? null;
  },

  /** Another request of the employee (not rejected) that overlaps [start, end). */
  async overlapping(db: Db, employeeId: number, start: string, end: string, exceptId?: number) {
    const [row] = await db
      .select({ id: leaves.id, fromDate: leaves.fromDate, toDate: leaves.toDate })
      .from(leaves)
      .where(
        and(
          eq(leaves.employeeId, employeeId),
          ne(leaves.statusId, 4),
          exceptId ? ne(leaves.id, exceptId) : undefined,
          sql`tsrange(${leaves.fromDate} + coalesce(${leaves.fromTime}, time '00:00'),
                      case when ${leaves.toTime} is null then (${leaves.toDate} + 1)::timestamp
                           else ${leaves.toDate} + ${leaves.toTime} end, '[)')
              && tsrange(${start}::timestamp, ${end}::timestamp, '[)')`,
        ),
      )
      .orderBy(asc(leaves.fromDate))
      .limit(1);
    return row ?? null;
  },

  async employee(db: Db, id: number) {
    const [row] = await db
      .select({
        id: employees.id,
        companyId: employees.companyId,
        officeId: employees.officeId,
        parentId: employees.parentId,
        enabled: employees.enabled,
      })
      .from(employees)
      .where(eq(employees.id, id));
    return row ?? null;
  },

  /** Who may stand in: the line manager, colleagues under the same manager, and direct reports. */
  async responsibles(db: Db, employeeId: number, parentId: number | null) {
    const t = employees;
    return db
      .select({ ...personColumns(t), designationId: t.designationId })
      .from(t)
      .where(
        and(
          eq(t.enabled, true),
          ne(t.id, employeeId),
          sql`(${t.parentId} = ${employeeId}${parentId ? sql` or ${t.id} = ${parentId} or ${t.parentId} = ${parentId}` : sql``})`,
        ),
      )
      .orderBy(asc(t.name));
  },
};
