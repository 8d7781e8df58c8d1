/** What other features read of leave: its query keys and the balances of a year (the dashboard, the profile). */
export { leaveKeys } from './keys';
export { leaveBalancesQuery } from './queries';
