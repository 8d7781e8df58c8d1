import type { Query } from '../../lib/http';

/** The query keys of the approvals inbox. */
export const approvalKeys = {
  all: ['approvals'] as const,
  list: (query: Query) => ['approvals', 'list', query] as const,
  counts: ['approvals', 'counts'] as const,
  settings: ['approvals', 'settings'] as const,
};
