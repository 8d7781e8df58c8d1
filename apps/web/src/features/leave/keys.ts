import type { AdminResource } from '../../lib/admin-resources';
import type { Query } from '../../lib/http';

/** The query keys of leave: requests, balances and the reference lists HR manages. */
export const leaveKeys = {
  all: ['leave'] as const,
  lists: ['leave', 'list'] as const,
  list: (query: Query) => ['leave', 'list', query] as const,
  types: ['leave', 'types'] as const,
  /** The types the caller may take (under `types`, so a change on the admin screen refreshes both). */
  eligibleTypes: ['leave', 'types', 'eligible'] as const,
  durations: ['leave', 'durations'] as const,
  holidays: ['leave', 'holidays'] as const,
  responsibles: ['leave', 'responsibles'] as const,
  balances: ['leave', 'balances'] as const,
  /** The team calendar of a range, for a group item or for everyone the caller sees. */
  calendar: (from: string, to: string, groupId: number | undefined) =>
    ['leave', 'calendar', from, to, groupId ?? 'all'] as const,
  /** Leave policies: the administration's pages of them. */
  policies: ['leave', 'policies'] as const,
  /**
   * One leave type's ledger of a year, under the person's balances of that
   * year: refreshing the balances refreshes the ledgers they are the sum of.
   */
  ledger: (employeeId: number | undefined, year: number, typeId: number) =>
    ['leave', 'balances', employeeId ?? 'me', year, 'ledger', typeId] as const,
  /** The forecast of a balance on a day, with a request's dates or duration when given. */
  forecast: (query: Query) => ['leave', 'forecast', query] as const,
  /** Balances of a year, the caller's own unless an employee is named; without a year, every year's. */
  balancesOf: (employeeId: number | undefined, year?: number) =>
    year === undefined
      ? (['leave', 'balances', employeeId ?? 'me'] as const)
      : (['leave', 'balances', employeeId ?? 'me', year] as const),
};

/** Leave's reference lists on the administration screens: disabled ones too. */
export const leaveResources = {
  leaveTypes: { name: 'leaveTypes', path: 'leave/types', queryKey: leaveKeys.types, query: { all: true } },
  leaveDurations: {
    name: 'leaveDurations',
    path: 'leave/durations',
    queryKey: leaveKeys.durations,
    query: { all: true },
  },
  holidays: { name: 'holidays', path: 'holidays', queryKey: leaveKeys.holidays },
  // Every policy, ended ones too: the administration reads them as stored.
  leavePolicies: { name: 'leavePolicies', path: 'leave/policies', queryKey: leaveKeys.policies },
} satisfies Record<string, AdminResource>;
