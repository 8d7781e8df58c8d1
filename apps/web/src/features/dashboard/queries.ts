import type { IndividualReport, SummaryReport } from '@hr/contracts/attendance';
import type { Dashboard } from '@hr/contracts/dashboard';
import { queryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { api } from '../../lib/http';
import { meQuery } from '../../lib/me';
import { keepOffline, queryClient } from '../../lib/query';
import { getSession } from '../../lib/session';
import { attendanceKeys } from '../attendance';
import { leaveBalancesQuery, leaveKeys } from '../leave';
import { dashboardKeys } from './keys';

// What the dashboard shows is kept for offline use (lib/query.ts): of each, the latest answer.
keepOffline((employeeId) => [
  dashboardKeys.all,
  leaveKeys.balancesOf(undefined),
  attendanceKeys.individualOf(employeeId),
  attendanceKeys.summaries,
]);

/**
 * The calls the dashboard makes, shared by its cards and by the route, which
 * asks for them as soon as the address is known: the answers are on their way
 * while the page's code loads, not after it has drawn.
 */
export const dashboardQuery = queryOptions({
  queryKey: dashboardKeys.all,
  queryFn: ({ signal }) => api.get<Dashboard>('dashboard', { signal }),
});

/** An employee's own attendance report from the first of this month to today (the attendance page reads the same key). */
export const monthSoFarQuery = (employeeId: number | undefined) => {
  const today = dayjs().format('YYYY-MM-DD');
  const from = `${today.slice(0, 8)}01`;
  return queryOptions({
    queryKey: attendanceKeys.individual({ from, to: today }, employeeId),
    queryFn: ({ signal }) =>
      api.get<IndividualReport>('report/attendance/individual', {
        query: { from_date: from, to_date: today, employee_id: employeeId, response_type: 'json' },
        signal,
      }),
    enabled: employeeId !== undefined,
  });
};

/** Who of the caller's team is absent or late today: the summary of today (the managers' card). */
export const teamTodayQuery = (enabled: boolean) => {
  const today = dayjs().format('YYYY-MM-DD');
  return queryOptions({
    queryKey: attendanceKeys.summary({ from: today, to: today }),
    queryFn: ({ signal }) =>
      api.get<SummaryReport>('report/attendance/summary', {
        query: { from_date: today, to_date: today, scope: 'team', response_type: 'json' },
        signal,
      }),
    enabled,
  });
};

/** The longest the page waits for its answers before it is drawn with loading lines instead. */
const WAIT_MS = 1500;

/**
 * The route's loader: starts the dashboard's calls (each only if not in the
 * cache already) while the page's code loads, and lets the page be drawn once
 * they have answered, or after WAIT_MS: drawn complete, its cards do not grow
 * one after another and push the page down as their answers come.
 */
export async function prefetchDashboard(): Promise<null> {
  const session = getSession();
  if (!session) return null;
  const quiet = () => undefined;
  const answers = Promise.all([
    queryClient.ensureQueryData(dashboardQuery).catch(quiet),
    queryClient.ensureQueryData(leaveBalancesQuery(undefined, dayjs().year())).catch(quiet),
    queryClient.ensureQueryData(monthSoFarQuery(session.employee_id)).catch(quiet),
    queryClient
      .ensureQueryData(meQuery(session.token))
      .then((me) => (me.employee.has_reports ? queryClient.ensureQueryData(teamTodayQuery(true)) : undefined))
      .catch(quiet),
  ]);
  await Promise.race([answers, new Promise((resolve) => setTimeout(resolve, WAIT_MS))]);
  return null;
}
