/** What other features read of the dashboard: its query key, which their changes refresh. */
export { dashboardKeys } from './keys';
