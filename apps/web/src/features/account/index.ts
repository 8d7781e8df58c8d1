/** What other features use of the account's security: HR's ending of an employee's sessions (the profile). */
export { EndSessionsButton } from './components/EndSessionsButton';
