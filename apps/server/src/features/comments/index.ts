/** Comments of KPI sheets (later EPRs) and their realtime channel. */
export { commentRoutes } from './comments.routes';
