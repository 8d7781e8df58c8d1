import type { WorkflowModule } from '@hr/contracts/lookups';
import type { QueryKey } from '@tanstack/react-query';

/**
 * Query keys of what lib/ and components/ read themselves: who is signed in,
 * the statuses of a workflow, the employee search and the reference lists
 * (companies, offices, groups, exams, lookups) that shared pickers offer and
 * administration screens change. A change made under a key's start refreshes
 * every query below it, so a picker's options follow the administration's
 * edits. Each feature exports its own keys from its keys.ts; each key's first
 * word belongs to one of these files only (keys.test.ts).
 */
export const meKeys = {
  all: ['me'] as const,
  of: (token: string | undefined) => ['me', token] as const,
};

export const statusKeys = {
  of: (module: WorkflowModule) => ['statuses', module] as const,
};

export const employeeKeys = {
  search: (filter: object, page: number, limit: number, sort: string) =>
    ['employees', 'search', filter, page, limit, sort] as const,
  reports: (term: string) => ['employees', 'reports', term] as const,
  pick: (term: string) => ['employees', 'pick', term] as const,
};

export const referenceKeys = {
  lookups: ['lookups'] as const,
  exams: ['exams'] as const,
  exam: (id: number | null) => ['exams', 'one', id] as const,
  companies: ['companies'] as const,
  companyOptions: ['companies', 'options'] as const,
  offices: ['offices'] as const,
  officeOptions: (enabled?: boolean) => ['offices', 'options', enabled ?? 'all'] as const,
  groups: ['groups'] as const,
  group: (id: number | null) => ['groups', 'one', id] as const,
  groupsOfType: (typeId: number) => ['groups', { type_id: typeId }] as const,
};

/** A page of an administration list: under the list's own key, so a change to the kind refreshes it. */
export const adminListKey = (queryKey: QueryKey, query: object, filters: object) =>
  [...queryKey, 'admin-list', query, filters] as const;
