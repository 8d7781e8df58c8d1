/** KPI sheets: sheets, objectives, objective KPIs and their lookups. */
import { registerPersonalData } from '../../lib/personal-data';
import { kpiPersonalData } from './personal-data.repository';

export { periodListConditions } from './kpi.repository';
export { kpiRoutes } from './kpi.routes';
export { KpiService } from './kpi.service';

registerPersonalData(kpiPersonalData);
