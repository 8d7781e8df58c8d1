import type { LeaveBalances } from '@hr/contracts/leave';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { leaveKeys } from './keys';

/** Leave balances of a year, the caller's own unless an employee is named (the dashboard asks for them early). */
export const leaveBalancesQuery = (employeeId: number | undefined, year: number) =>
  queryOptions({
    queryKey: leaveKeys.balancesOf(employeeId, year),
    queryFn: ({ signal }) =>
      api.get<LeaveBalances>('leave/balances', { query: { employee_id: employeeId, year }, signal }),
  });
