/** KPI sheets: sheets, objectives, objective KPIs and their lookups. */
export { kpiRoutes } from './kpi.routes';
