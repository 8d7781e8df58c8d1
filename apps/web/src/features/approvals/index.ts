/** The approvals inbox: what waits for the reader's decision, in every module. */
export { approvalKeys } from './keys';
