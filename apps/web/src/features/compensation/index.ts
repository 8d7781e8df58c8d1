/** An employee's pay and loans, as their profile shows them. */
export { CompensationTab } from './components/CompensationTab';
