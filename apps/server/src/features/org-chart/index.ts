/** The organisation chart of the team directory. */
export { orgChartRoutes } from './org-chart.routes';
