/** What waits for the caller, per module. */
export { dashboardRoutes } from './dashboard.routes';
