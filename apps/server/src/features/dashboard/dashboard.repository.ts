import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eprs, kpis, leaves, remoteWorks, serviceRequests, workflowStatuses } from '../../db/schema';
import { preparedOnce } from '../../lib/prepared';

const SUBMITTED = 2;
const APPROVED = 3;
/** KPI sheets: 2 awaiting the line manager, 3 awaiting the O&O. */
const KPI_WITH_LINE_MANAGER = 2;
const KPI_WITH_ONE_OVER_ONE = 3;

/** `count(*)` of the rows that meet a condition, among those the query reads. */
const countOf = (condition: SQL | undefined) => sql<number>`(count(*) filter (where ${condition}))::int`;

/** `me`'s sheet of today, as `dashboard` answers it. */
export interface CurrentKpi {
  id: number;
  name: string;
  from: string;
  to: string;
  statusId: number;
  statusName: string | null;
  statusColor: string | null;
}

/**
 * The dashboard's statement for the caller `me` (a placeholder): what waits
 * for someone, counted per request table (each count reads only the rows of
 * the caller as employee or approver, by index), and the caller's KPI sheet
 * of today, each part a one-row subquery. HR administrators' has its own
 * shape (they also decide and finish every HR service request).
 */
function dashboardQuery(db: Db, isAdmin: boolean) {
  const me = sql.placeholder('me');
  // KPI sheets waiting for `me` as line manager (status 2) or as O&O (status 3), and `me`'s own.
  const kpiAsLineManager = and(eq(kpis.statusId, KPI_WITH_LINE_MANAGER), eq(kpis.lineManagerId, me));
  const kpiAsOneOverOne = and(eq(kpis.statusId, KPI_WITH_ONE_OVER_ONE), eq(kpis.oneOverOneId, me));
  const kpiMine = and(
    eq(kpis.employeeId, me),
    inArray(kpis.statusId, [KPI_WITH_LINE_MANAGER, KPI_WITH_ONE_OVER_ONE]),
  );
  // Reviews waiting for `me`: as line manager (2, and 10 when the O&O returned one) or as O&O (3); `me`'s own.
  const eprSubmitted = and(eq(eprs.statusId, 2), eq(eprs.lineManagerId, me));
  const eprReturned = and(eq(eprs.statusId, 10), eq(eprs.lineManagerId, me));
  const eprAsOneOverOne = and(eq(eprs.statusId, 3), eq(eprs.oneOverOneId, me));
  const eprMine = and(eq(eprs.employeeId, me), inArray(eprs.statusId, [2, 3, 10]));
  // HR service requests: submitted ones waiting for the line manager `me` (for HR admins, every
  // submitted one), approved ones waiting for HR admins to be done, and `me`'s own.
  const hrSubmitted = eq(serviceRequests.statusId, SUBMITTED);
  const hrToDecide = isAdmin ? hrSubmitted : and(hrSubmitted, eq(serviceRequests.lineManagerId, me));
  const hrToFinish = isAdmin ? eq(serviceRequests.statusId, APPROVED) : sql`false`;
  const hrMine = and(
    eq(serviceRequests.employeeId, me),
    inArray(serviceRequests.statusId, [SUBMITTED, APPROVED]),
  );
  // `me`'s sheet of today: of those begun by today, the one whose period holds it, else the
  // latest; a sheet of a later period only when there is no other.
  const today = sql`current_date`;
  const current = sql`(select json_build_object(
      'id', ${kpis.id}, 'name', ${kpis.name}, 'from', ${kpis.fromDate}, 'to', ${kpis.toDate},
      'statusId', ${kpis.statusId}, 'statusName', ${workflowStatuses.name}, 'statusColor', ${workflowStatuses.color})
    from ${kpis}
    left join ${workflowStatuses} on ${and(eq(workflowStatuses.module, 'kpi'), eq(workflowStatuses.id, kpis.statusId))}
    where ${eq(kpis.employeeId, me)}
    order by ${kpis.fromDate} <= ${today} desc, ${kpis.toDate} >= ${today} desc, ${kpis.fromDate} desc, ${kpis.id} desc
    limit 1)`;

  return db
    .select({
      kpiLineManager: sql<number>`k.line_manager`,
      kpiOneOverOne: sql<number>`k.one_over_one`,
      kpiMine: sql<number>`k.mine`,
      eprSubmitted: sql<number>`e.submitted`,
      eprReturned: sql<number>`e.returned`,
      eprOneOverOne: sql<number>`e.one_over_one`,
      eprMine: sql<number>`e.mine`,
      leaveWaiting: sql<number>`l.waiting`,
      leaveMine: sql<number>`l.mine`,
      remoteWaiting: sql<number>`r.waiting`,
      remoteMine: sql<number>`r.mine`,
      hrWaiting: sql<number>`h.waiting`,
      hrDone: sql<number>`h.done`,
      hrMine: sql<number>`h.mine`,
      current: sql<CurrentKpi | null>`c.kpi`,
    })
    .from(
      sql`(select ${countOf(kpiAsLineManager)} as line_manager, ${countOf(kpiAsOneOverOne)} as one_over_one,
            ${countOf(kpiMine)} as mine
          from ${kpis} where ${or(kpiAsLineManager, kpiAsOneOverOne, kpiMine)}) k
        cross join (select ${countOf(eprSubmitted)} as submitted, ${countOf(eprReturned)} as returned,
            ${countOf(eprAsOneOverOne)} as one_over_one, ${countOf(eprMine)} as mine
          from ${eprs} where ${or(eprSubmitted, eprReturned, eprAsOneOverOne, eprMine)}) e
        cross join (select ${countOf(eq(leaves.lineManagerId, me))} as waiting, ${countOf(eq(leaves.employeeId, me))} as mine
          from ${leaves}
          where ${and(eq(leaves.statusId, SUBMITTED), or(eq(leaves.lineManagerId, me), eq(leaves.employeeId, me)))}) l
        cross join (select ${countOf(eq(remoteWorks.lineManagerId, me))} as waiting,
            ${countOf(eq(remoteWorks.employeeId, me))} as mine
          from ${remoteWorks}
          where ${and(eq(remoteWorks.statusId, SUBMITTED), or(eq(remoteWorks.lineManagerId, me), eq(remoteWorks.employeeId, me)))}) r
        cross join (select ${countOf(hrToDecide)} as waiting, ${countOf(hrToFinish)} as done, ${countOf(hrMine)} as mine
          from ${serviceRequests} where ${or(hrToDecide, hrToFinish, hrMine)}) h
        cross join (select ${current} as kpi) c`,
    );
}

export const dashboardRepository = {
  /** The dashboard's counts and sheet of `me`, by a statement prepared once per shape. */
  async dashboard(db: Db, me: number, isAdmin: boolean) {
    const statement = preparedOnce(db, isAdmin ? 'dashboard-admin' : 'dashboard', (name) =>
      dashboardQuery(db, isAdmin).prepare(name),
    );
    const [row] = await statement.execute({ me });
    if (!row) throw new Error('the dashboard query answers one row');
    return row;
  },
};
