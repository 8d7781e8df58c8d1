import { and, desc, eq, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eprs, kpis, leaves, remoteWorks, serviceRequests, workflowStatuses } from '../../db/schema';

const SUBMITTED = 2;
const APPROVED = 3;
/** KPI sheets: 2 awaiting the line manager, 3 awaiting the O&O. */
const KPI_WITH_LINE_MANAGER = 2;
const KPI_WITH_ONE_OVER_ONE = 3;

/** `count(*)` of the rows that meet a condition, among those the query reads. */
const countOf = (condition: SQL | undefined) => sql<number>`(count(*) filter (where ${condition}))::int`;

/**
 * What waits for someone, counted in one query per request table (each reads
 * only the rows of the caller as employee or approver, by index).
 */
export const dashboardRepository = {
  /**
   * KPI sheets waiting for `me` as line manager (status 2) or as O&O (status 3),
   * and `me`'s own sheets waiting for either.
   */
  async kpi(db: Db, me: number) {
    const asLineManager = and(eq(kpis.statusId, KPI_WITH_LINE_MANAGER), eq(kpis.lineManagerId, me));
    const asOneOverOne = and(eq(kpis.statusId, KPI_WITH_ONE_OVER_ONE), eq(kpis.oneOverOneId, me));
    const mine = and(
      eq(kpis.employeeId, me),
      inArray(kpis.statusId, [KPI_WITH_LINE_MANAGER, KPI_WITH_ONE_OVER_ONE]),
    );
    const [row] = await db
      .select({
        lineManager: countOf(asLineManager),
        oneOverOne: countOf(asOneOverOne),
        mine: countOf(mine),
      })
      .from(kpis)
      .where(or(asLineManager, asOneOverOne, mine));
    return { lineManager: row?.lineManager ?? 0, oneOverOne: row?.oneOverOne ?? 0, mine: row?.mine ?? 0 };
  },

  /**
   * Reviews waiting for `me`: as line manager (2, and 10 when the O&O
   * returned one) or as O&O (3); and `me`'s own reviews waiting for either.
   */
  async epr(db: Db, me: number) {
    const submitted = and(eq(eprs.statusId, 2), eq(eprs.lineManagerId, me));
    const returned = and(eq(eprs.statusId, 10), eq(eprs.lineManagerId, me));
    const asOneOverOne = and(eq(eprs.statusId, 3), eq(eprs.oneOverOneId, me));
    const mine = and(eq(eprs.employeeId, me), inArray(eprs.statusId, [2, 3, 10]));
    const [row] = await db
      .select({
        submitted: countOf(submitted),
        returned: countOf(returned),
        oneOverOne: countOf(asOneOverOne),
        mine: countOf(mine),
      })
      .from(eprs)
      .where(or(submitted, returned, asOneOverOne, mine));
    return {
      submitted: row?.submitted ?? 0,
      returned: row?.returned ?? 0,
      oneOverOne: row?.oneOverOne ?? 0,
      mine: row?.mine ?? 0,
    };
  },

  /**
   * `me`'s sheet of today: of those begun by today, the one whose period
   * holds it, else the latest; a sheet of a later period only when there is
   * no other.
   */
  async currentKpi(db: Db, me: number) {
    const today = sql`current_date`;
    const [row] = await db
      .select({
        id: kpis.id,
        name: kpis.name,
        from: kpis.fromDate,
        to: kpis.toDate,
        statusId: kpis.statusId,
        statusName: workflowStatuses.name,
        statusColor: workflowStatuses.color,
      })
      .from(kpis)
      .leftJoin(
        workflowStatuses,
        and(eq(workflowStatuses.module, 'kpi'), eq(workflowStatuses.id, kpis.statusId)),
      )
      .where(eq(kpis.employeeId, me))
      .orderBy(
        desc(lte(kpis.fromDate, today)),
        desc(sql`${kpis.toDate} >= ${today}`),
        desc(kpis.fromDate),
        desc(kpis.id),
      )
      .limit(1);
    return row ?? null;
  },

  /** Submitted leave requests waiting for the line manager `me`, and `me`'s own submitted ones. */
  async leave(db: Db, me: number) {
    const [row] = await db
      .select({
        waiting: countOf(eq(leaves.lineManagerId, me)),
        mine: countOf(eq(leaves.employeeId, me)),
      })
      .from(leaves)
      .where(
        and(eq(leaves.statusId, SUBMITTED), or(eq(leaves.lineManagerId, me), eq(leaves.employeeId, me))),
      );
    return { waiting: row?.waiting ?? 0, mine: row?.mine ?? 0 };
  },

  async remoteWork(db: Db, me: number) {
    const [row] = await db
      .select({
        waiting: countOf(eq(remoteWorks.lineManagerId, me)),
        mine: countOf(eq(remoteWorks.employeeId, me)),
      })
      .from(remoteWorks)
      .where(
        and(
          eq(remoteWorks.statusId, SUBMITTED),
          or(eq(remoteWorks.lineManagerId, me), eq(remoteWorks.employeeId, me)),
        ),
      );
    return { waiting: row?.waiting ?? 0, mine: row?.mine ?? 0 };
  },

  /**
   * HR service requests: submitted ones waiting for the line manager `me`
   * (for HR admins, every submitted one), approved ones waiting for HR admins
   * to be done, and `me`'s own submitted or approved ones.
   */
  async hrService(db: Db, me: number, isAdmin: boolean) {
    const submitted = eq(serviceRequests.statusId, SUBMITTED);
    const toDecide = isAdmin ? submitted : and(submitted, eq(serviceRequests.lineManagerId, me));
    const toFinish = isAdmin ? eq(serviceRequests.statusId, APPROVED) : sql`false`;
    const mine = and(
      eq(serviceRequests.employeeId, me),
      inArray(serviceRequests.statusId, [SUBMITTED, APPROVED]),
    );
    const [row] = await db
      .select({ waiting: countOf(toDecide), done: countOf(toFinish), mine: countOf(mine) })
      .from(serviceRequests)
      .where(or(toDecide, toFinish, mine));
    return { waiting: row?.waiting ?? 0, done: row?.done ?? 0, mine: row?.mine ?? 0 };
  },
};
