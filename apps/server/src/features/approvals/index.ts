/** The approvals inbox: what waits for the caller's decision, in every module. */

export { ApprovalReminders } from './approval-reminders.service';
export { type WaitingCount, waitingCounts } from './approvals.repository';
export { approvalsRoutes } from './approvals.routes';
export { approvalCountsOf } from './approvals.service';
