/** What other features show of KPI sheets: a KPI's target with which way it is better (the review's Section A). */
export { KpiTarget } from './components/KpiTarget';
