/** Reference lists behind the selects, workflow statuses and exams. */
export { lookupRoutes } from './lookups.routes';
