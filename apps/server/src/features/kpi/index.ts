/** KPI sheets: sheets, objectives, objective KPIs and their lookups. */

export { periodListConditions } from './kpi.repository';
export { kpiRoutes } from './kpi.routes';
export { KpiService } from './kpi.service';
