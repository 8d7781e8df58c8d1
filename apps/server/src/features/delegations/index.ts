/** Delegation while away: a person's decisions handed to someone else for a range of days. */
export { delegationsRoutes } from './delegations.routes';
