/** The org chart, as the team page shows it in its chart view. */
export { OrgChart } from './components/OrgChart';
