/** The caller's reports, for the team views' employee pickers. */
export { reportsRoutes } from './reports.routes';
