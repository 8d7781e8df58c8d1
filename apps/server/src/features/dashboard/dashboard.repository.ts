import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { eprs, kpis, leaves, remoteWorks, serviceRequests, workflowStatuses } from '../../db/schema';
import { preparedOnce } from '../../lib/prepared';
import { type WaitingCount, waitingCounts } from '../approvals';

const SUBMITTED = 2;
const APPROVED = 3;
/** KPI sheets: 2 awaiting the line manager, 3 awaiting the O&O. */
const KPI_WITH_LINE_MANAGER = 2;
const KPI_WITH_ONE_OVER_ONE = 3;

/** `count(*)` of the rows that meet a condition, as an integer. */
const countOf = (table: AnyPgTable, condition: SQL | undefined) =>
  sql<number>`(select count(*)::int from ${table} where ${condition})`;

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
 * The dashboard's statement for the caller `me` (a placeholder), one row:
 * what waits for their decision, per module, read by the approvals inbox's
 * own counting (one definition of "waiting for you"); their own requests
 * waiting for someone else, counted per request table (by index on the
 * employee); and their KPI sheet of today. HR administrators' has its own
 * shape (they also decide and finish HR service requests of anyone).
 */
function dashboardQuery(db: Db, isAdmin: boolean) {
  const me = sql.placeholder('me');
  const kpiMine = and(
    eq(kpis.employeeId, me),
    inArray(kpis.statusId, [KPI_WITH_LINE_MANAGER, KPI_WITH_ONE_OVER_ONE]),
  );
  const eprMine = and(eq(eprs.employeeId, me), inArray(eprs.statusId, [2, 3, 10]));
  const leaveMine = and(eq(leaves.employeeId, me), eq(leaves.statusId, SUBMITTED));
  const remoteMine = and(eq(remoteWorks.employeeId, me), eq(remoteWorks.statusId, SUBMITTED));
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
  const waiting = sql`(select coalesce(json_agg(json_build_object('module', w.module, 'n', w.n)), '[]'::json)
    from ${waitingCounts(db, me, isAdmin, sql.placeholder('today'))} as w(module, n))`;

  return db
    .select({
      waiting: sql<WaitingCount[]>`d.waiting`,
      kpiMine: sql<number>`d.kpi_mine`,
      eprMine: sql<number>`d.epr_mine`,
      leaveMine: sql<number>`d.leave_mine`,
      remoteMine: sql<number>`d.remote_mine`,
      hrMine: sql<number>`d.hr_mine`,
      current: sql<CurrentKpi | null>`d.current`,
    })
    .from(
      sql`(select ${waiting} as waiting, ${countOf(kpis, kpiMine)} as kpi_mine, ${countOf(eprs, eprMine)} as epr_mine,
          ${countOf(leaves, leaveMine)} as leave_mine, ${countOf(remoteWorks, remoteMine)} as remote_mine,
          ${countOf(serviceRequests, hrMine)} as hr_mine, ${current} as current) d`,
    );
}

export const dashboardRepository = {
  /** The dashboard's counts and sheet of `me` on `today` (the office's), by a statement prepared once per shape. */
  async dashboard(db: Db, me: number, isAdmin: boolean, today: string) {
    const statement = preparedOnce(db, isAdmin ? 'dashboard-admin' : 'dashboard', (name) =>
      dashboardQuery(db, isAdmin).prepare(name),
    );
    const [row] = await statement.execute({ me, today });
    if (!row) throw new Error('the dashboard query answers one row');
    return row;
  },
};
