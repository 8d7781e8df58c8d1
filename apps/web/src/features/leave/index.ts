import { lazy } from 'react';

/** What other features read of leave: its query keys and the balances of a year (the dashboard, the profile). */
export { leaveKeys } from './keys';
export { leaveBalancesQuery } from './queries';

/**
 * A balance's ledger in a drawer (the profile's balances open it). Its code
 * loads when it is first drawn: the dashboard, which reads this file, draws
 * no Ant Design.
 */
export const LedgerDrawer = lazy(() =>
  import('./components/LedgerDrawer').then((m) => ({ default: m.LedgerDrawer })),
);
