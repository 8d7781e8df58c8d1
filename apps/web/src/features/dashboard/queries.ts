import type { IndividualReport } from '@hr/contracts/attendance';
import type { Dashboard } from '@hr/contracts/dashboard';
import { queryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { leaveBalancesQuery } from '../../components/leave-balances-query';
import { api } from '../../lib/http';
import { queryClient } from '../../lib/query';
import { getSession } from '../../lib/session';

/**
 * The calls the dashboard makes, shared by its cards and by the route, which
 * asks for them as soon as the address is known: the answers are on their way
 * while the page's code loads, not after it has drawn.
 */
export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: ({ signal }) => api.get<Dashboard>('dashboard', { signal }),
});

/** An employee's own attendance report from the first of this month to today (the attendance page reads the same key). */
export const monthSoFarQuery = (employeeId: number | undefined) => {
  const today = dayjs().format('YYYY-MM-DD');
  const from = `${today.slice(0, 8)}01`;
  return queryOptions({
    queryKey: ['attendance', 'individual', employeeId, from, today],
    queryFn: ({ signal }) =>
      api.get<IndividualReport>('report/attendance/individual', {
        query: { from_date: from, to_date: today, employee_id: employeeId, response_type: 'json' },
        signal,
      }),
    enabled: employeeId !== undefined,
  });
};

/** Starts the dashboard's calls (each only if not fresh already); the route does not wait for them. */
export function prefetchDashboard(): null {
  const session = getSession();
  if (!session) return null;
  void queryClient.prefetchQuery(dashboardQuery);
  void queryClient.prefetchQuery(leaveBalancesQuery(undefined, dayjs().year()));
  void queryClient.prefetchQuery(monthSoFarQuery(session.employee_id));
  return null;
}
