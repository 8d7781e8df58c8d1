/** The approvals inbox: what waits for the caller's decision, in every module. */
export { approvalsRoutes } from './approvals.routes';
