import type { REMOTE_WORK_SORT_FIELDS } from '@hr/contracts/remote-work';
import { REQUEST_STATUS } from '@hr/contracts/workflow';
import { type AnyColumn, and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employees, remoteWorks, remoteWorkTypes, workflowStatuses } from '../../db/schema';
import { personColumns, personTables } from '../../lib/approvers';
import { inWrittenJoinOrder, offsetOf } from '../../lib/list';

const people = personTables();

export type RemoteWorkInsert = typeof remoteWorks.$inferInsert;

function baseQuery(db: Db) {
  return db
    .select({
      id: remoteWorks.id,
      employeeId: remoteWorks.employeeId,
      lineManagerId: remoteWorks.lineManagerId,
      oneOverOneId: remoteWorks.oneOverOneId,
      statusId: remoteWorks.statusId,
      statusName: workflowStatuses.name,
      statusColor: workflowStatuses.color,
      typeId: remoteWorks.typeId,
      typeName: remoteWorkTypes.name,
      fromDate: remoteWorks.fromDate,
      toDate: remoteWorks.toDate,
      fromTime: remoteWorks.fromTime,
      toTime: remoteWorks.toTime,
      description: remoteWorks.description,
      createdAt: remoteWorks.createdAt,
      updatedAt: remoteWorks.updatedAt,
      owner: personColumns(people.owner),
      lineManager: personColumns(people.lineManager),
      oneOverOne: personColumns(people.oneOverOne),
    })
    .from(remoteWorks)
    .innerJoin(people.owner, eq(people.owner.id, remoteWorks.employeeId))
    .leftJoin(people.lineManager, eq(people.lineManager.id, remoteWorks.lineManagerId))
    .leftJoin(people.oneOverOne, eq(people.oneOverOne.id, remoteWorks.oneOverOneId))
    .innerJoin(remoteWorkTypes, eq(remoteWorkTypes.id, remoteWorks.typeId))
    .leftJoin(
      workflowStatuses,
      and(eq(workflowStatuses.module, 'remote_work'), eq(workflowStatuses.id, remoteWorks.statusId)),
    );
}

export type RemoteWorkRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

/** Sortable fields of the remote-work list (the names the contract lists). */
export const REMOTE_WORK_SORT: Record<(typeof REMOTE_WORK_SORT_FIELDS)[number], AnyColumn> = {
  id: remoteWorks.id,
  created: remoteWorks.createdAt,
  updated: remoteWorks.updatedAt,
  from_date: remoteWorks.fromDate,
  to_date: remoteWorks.toDate,
  type: remoteWorkTypes.name,
  status: remoteWorks.statusId,
  employee: people.owner.name,
};

export const remoteWorkRepository = {
  async page(db: Db, where: SQL | undefined, order: SQL[], page: number, limit: number) {
    return inWrittenJoinOrder(db, (tx) =>
      baseQuery(tx)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offsetOf(page, limit)),
    );
  },

  async find(db: Db, id: number): Promise<RemoteWorkRow | null> {
    const [row] = await baseQuery(db).where(eq(remoteWorks.id, id)).limit(1);
    return row ?? null;
  },

  async insert(db: Db, values: RemoteWorkInsert): Promise<number> {
    const [row] = await db.insert(remoteWorks).values(values).returning({ id: remoteWorks.id });
    return row!.id;
  },

  /** Changes a request that is still in `status`; answers whether it did. */
  async updateIf(
    db: Db,
    id: number,
    status: readonly number[],
    values: Partial<RemoteWorkInsert>,
  ): Promise<boolean> {
    const done = await db
      .update(remoteWorks)
      .set(values)
      .where(and(eq(remoteWorks.id, id), inArray(remoteWorks.statusId, [...status])))
      .returning({ id: remoteWorks.id });
    return done.length === 1;
  },

  async deleteIf(db: Db, id: number, status: readonly number[]): Promise<boolean> {
    const done = await db
      .delete(remoteWorks)
      .where(and(eq(remoteWorks.id, id), inArray(remoteWorks.statusId, [...status])))
      .returning({ id: remoteWorks.id });
    return done.length === 1;
  },

  /**
   * Holds the employee's row until the transaction ends, so that two requests
   * of one employee saved at the same moment cannot both pass the overlap check.
   */
  async lockEmployee(db: Db, employeeId: number): Promise<boolean> {
    const rows = await db
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.id, employeeId))
      .for('update');
    return rows.length === 1;
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

  /** Enabled types, or every type. */
  async types(db: Db, includeDisabled = false) {
    return db
      .select({ id: remoteWorkTypes.id, name: remoteWorkTypes.name })
      .from(remoteWorkTypes)
      .where(includeDisabled ? undefined : eq(remoteWorkTypes.enabled, true))
      .orderBy(asc(remoteWorkTypes.id));
  },

  async type(db: Db, id: number) {
    const [row] = await db.select().from(remoteWorkTypes).where(eq(remoteWorkTypes.id, id));
    return row ?? null;
  },
};
