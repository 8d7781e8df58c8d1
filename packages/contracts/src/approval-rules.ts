/**
 * The approvals inbox's modules and limits, without zod: the inbox page
 * reads them on its first load (approvals.ts re-exports them with its
 * schemas).
 */
export const APPROVAL_MODULES = ['leave', 'remote-work', 'hr-service', 'kpi', 'epr'] as const;
export type ApprovalModule = (typeof APPROVAL_MODULES)[number];

/** The longest comment a decision carries. */
export const APPROVAL_COMMENT_MAX = 500;
