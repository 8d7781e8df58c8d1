import { and, asc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employees, holidays, leaveDurations, leaves, leaveTypes, workflowStatuses } from '../../db/schema';
import { personColumns, personTables } from '../../lib/approvers';
import { inWrittenJoinOrder, offsetOf } from '../../lib/list';

const people = personTables();

/** Status ids counted against a balance: submitted (pending) and approved. */
const PENDING = 2;
const APPROVED = 3;

export type LeaveInsert = typeof leaves.$inferInsert;

function baseQuery(db: Db) {
  return db
    .select({
      id: leaves.id,
      employeeId: leaves.employeeId,
      lineManagerId: leaves.lineManagerId,
      oneOverOneId: leaves.oneOverOneId,
      responsibleId: leaves.responsibleId,
      statusId: leaves.statusId,
      statusName: workflowStatuses.name,
      statusColor: workflowStatuses.color,
      leaveFormat: leaves.leaveFormat,
      typeId: leaves.typeId,
      typeName: leaveTypes.name,
      durationId: leaveDurations.id,
      durationName: leaveDurations.name,
      durationMinutes: leaveDurations.minutes,
      fromDate: leaves.fromDate,
      toDate: leaves.toDate,
      fromTime: leaves.fromTime,
      toTime: leaves.toTime,
      days: leaves.days,
      leaveAddress: leaves.leaveAddress,
      createdAt: leaves.createdAt,
      updatedAt: leaves.updatedAt,
      owner: personColumns(people.owner),
      lineManager: personColumns(people.lineManager),
      oneOverOne: personColumns(people.oneOverOne),
      responsible: personColumns(people.responsible),
    })
    .from(leaves)
    .innerJoin(people.owner, eq(people.owner.id, leaves.employeeId))
    .leftJoin(people.lineManager, eq(people.lineManager.id, leaves.lineManagerId))
    .leftJoin(people.oneOverOne, eq(people.oneOverOne.id, leaves.oneOverOneId))
    .leftJoin(people.responsible, eq(people.responsible.id, leaves.responsibleId))
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
  type: leaveTypes.name,
  employee: people.owner.name,
};

export const leaveRepository = {
  people,

  async page(db: Db, where: SQL | undefined, order: SQL[], page: number, limit: number) {
    return inWrittenJoinOrder(db, (tx) =>
      baseQuery(tx)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offsetOf(page, limit)),
    );
  },

  async find(db: Db, id: number): Promise<LeaveRow | null> {
    const [row] = await baseQuery(db).where(eq(leaves.id, id)).limit(1);
    return row ?? null;
  },

  async insert(db: Db, values: LeaveInsert): Promise<number> {
    const [row] = await db.insert(leaves).values(values).returning({ id: leaves.id });
    return row!.id;
  },

  /** Changes a leave that is still in `status`; answers whether it did. */
  async updateIf(
    db: Db,
    id: number,
    status: readonly number[],
    values: Partial<LeaveInsert>,
  ): Promise<boolean> {
    const done = await db
      .update(leaves)
      .set(values)
      .where(and(eq(leaves.id, id), inArray(leaves.statusId, [...status])))
      .returning({ id: leaves.id });
    return done.length === 1;
  },

  async deleteIf(db: Db, id: number, status: readonly number[]): Promise<boolean> {
    const done = await db
      .delete(leaves)
      .where(and(eq(leaves.id, id), inArray(leaves.statusId, [...status])))
      .returning({ id: leaves.id });
    return done.length === 1;
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

  /** Days taken (approved) and pending (submitted) per leave type in a year. */
  async usedDays(db: Db, employeeId: number, year: number, exceptId?: number) {
    return db
      .select({
        typeId: leaves.typeId,
        taken: sql<string>`coalesce(sum(${leaves.days}) filter (where ${leaves.statusId} = ${APPROVED}), 0)`,
        pending: sql<string>`coalesce(sum(${leaves.days}) filter (where ${leaves.statusId} = ${PENDING}), 0)`,
      })
      .from(leaves)
      .where(
        and(
          eq(leaves.employeeId, employeeId),
          inArray(leaves.statusId, [PENDING, APPROVED]),
          gte(leaves.fromDate, `${year}-01-01`),
          lte(leaves.fromDate, `${year}-12-31`),
          exceptId ? ne(leaves.id, exceptId) : undefined,
        ),
      )
      .groupBy(leaves.typeId);
  },

  async types(db: Db, includeDisabled: boolean) {
    return db
      .select()
      .from(leaveTypes)
      .where(includeDisabled ? undefined : eq(leaveTypes.enabled, true))
      .orderBy(asc(leaveTypes.sortOrder), asc(leaveTypes.id));
  },

  async type(db: Db, id: number) {
    const [row] = await db.select().from(leaveTypes).where(eq(leaveTypes.id, id));
    return row ?? null;
  },

  async durations(db: Db, includeDisabled = false) {
    return db
      .select({
        id: leaveDurations.id,
        name: leaveDurations.name,
        minutes: leaveDurations.minutes,
        enabled: leaveDurations.enabled,
      })
      .from(leaveDurations)
      .where(includeDisabled ? undefined : eq(leaveDurations.enabled, true))
      .orderBy(asc(leaveDurations.minutes));
  },

  async durationInUse(db: Db, durationId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: leaves.id })
      .from(leaves)
      .where(eq(leaves.durationId, durationId))
      .limit(1);
    return Boolean(row);
  },

  async duration(db: Db, id: number) {
    const [row] = await db.select().from(leaveDurations).where(eq(leaveDurations.id, id));
    return row ?? null;
  },

  async typeInUse(db: Db, typeId: number): Promise<boolean> {
    const [row] = await db.select({ id: leaves.id }).from(leaves).where(eq(leaves.typeId, typeId)).limit(1);
    return Boolean(row);
  },

  async employee(db: Db, id: number) {
    const [row] = await db
      .select({
        id: employees.id,
        companyId: employees.companyId,
        parentId: employees.parentId,
        enabled: employees.enabled,
      })
      .from(employees)
      .where(eq(employees.id, id));
    return row ?? null;
  },

  /** Who may stand in: the line manager, colleagues under the same manager, and direct reports. */
  async responsibles(db: Db, employeeId: number, parentId: number | null) {
    const t = people.owner;
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

  async holidays(db: Db, year: number | undefined) {
    return db
      .select()
      .from(holidays)
      .where(
        year
          ? and(lte(holidays.fromDate, `${year}-12-31`), gte(holidays.toDate, `${year}-01-01`))
          : undefined,
      )
      .orderBy(asc(holidays.fromDate));
  },
};
