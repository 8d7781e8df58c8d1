import type { CompaniesResponse, OfficesResponse } from '@hr/contracts/admin';
import type {
  EmployeeSearchFilter,
  EmployeeSearchResponse,
  Group,
  GroupTreeItem,
} from '@hr/contracts/employee-search';
import type { AllLookups, Exam } from '@hr/contracts/lookups';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { employeeKeys, referenceKeys } from '../../lib/keys';
import { REFERENCE_STALE_MS } from '../../lib/query';

/** Enabled employees whose name or E-ID matches `term`, the first 20 by name (a picker's options). */
export function useEmployeePick(term: string, enabled: boolean) {
  return useQuery({
    queryKey: employeeKeys.pick(term),
    queryFn: ({ signal }) =>
      api.post<EmployeeSearchResponse>(
        'employees/search',
        { full_text: term || null, status: 'enabled' },
        { query: { page: 1, limit: 20, sort: 'name,asc' }, signal },
      ),
    select: (data) => data.items,
    enabled,
    staleTime: 60_000,
  });
}

/** POST employees/search with the panel's filter; the previous page stays on screen while the next loads. */
export function useEmployeeSearch(
  filter: EmployeeSearchFilter,
  page: number,
  limit: number,
  sort: string,
  enabled = true,
) {
  return useQuery({
    queryKey: employeeKeys.search(filter, page, limit, sort),
    queryFn: ({ signal }) =>
      api.post<EmployeeSearchResponse>('employees/search', filter, { query: { page, limit, sort }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAllLookups(enabled = true) {
  return useQuery({
    queryKey: referenceKeys.lookups,
    queryFn: () => api.get<AllLookups>('lookups'),
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });
}

export function useExams(enabled = true) {
  return useQuery({
    queryKey: referenceKeys.exams,
    queryFn: () => api.get<Exam[]>('employees/educations/exams'),
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });
}

/** Every office (offices?enabled=true for the active ones), by name. */
export function useOfficeOptions(enabled?: boolean, active = true) {
  return useQuery({
    queryKey: referenceKeys.officeOptions(enabled),
    queryFn: () => api.get<OfficesResponse>('offices', { query: { enabled, sort: 'name,asc' } }),
    staleTime: REFERENCE_STALE_MS,
    select: (data) => data.items,
    enabled: active,
  });
}

/** Every company, by name. */
export function useCompanyOptions(active = true) {
  return useQuery({
    queryKey: referenceKeys.companyOptions,
    queryFn: () => api.get<CompaniesResponse>('companies', { query: { sort: 'name,asc' } }),
    staleTime: REFERENCE_STALE_MS,
    select: (data) => data.items,
    enabled: active,
  });
}

/** Groups with their trees of items. */
export function useGroups(active = true) {
  return useQuery({
    queryKey: referenceKeys.groups,
    queryFn: () => api.get<Group[]>('groups'),
    staleTime: REFERENCE_STALE_MS,
    enabled: active,
  });
}

/** A node of a group tree picker: a group is a heading, its items are what one picks. */
export interface GroupTreeNode {
  value: number | string;
  title: string;
  selectable?: boolean;
  children: GroupTreeNode[];
}

/** Groups and their items as a tree picker's data (a group's own value is `group-<id>`, not selectable). */
export function groupTreeData(groups: Group[] | undefined): GroupTreeNode[] {
  const toNode = (item: GroupTreeItem): GroupTreeNode => ({
    value: item.id,
    title: item.name,
    children: item.children.map(toNode),
  });
  return (groups ?? []).map((g) => ({
    value: `group-${g.id}`,
    title: g.name,
    selectable: false,
    children: g.tree.map(toNode),
  }));
}

/** The name of a group item, found anywhere in the groups' trees. */
export function groupItemName(groups: Group[] | undefined, id: number): string | undefined {
  const find = (items: GroupTreeItem[]): string | undefined => {
    for (const item of items) {
      if (item.id === id) return item.name;
      const below = find(item.children);
      if (below) return below;
    }
    return undefined;
  };
  for (const g of groups ?? []) {
    const name = find(g.tree);
    if (name) return name;
  }
  return undefined;
}
