/** Compensation: salaries, loans, pay schedules and their types. */
export { compensationRoutes } from './compensation.routes';
