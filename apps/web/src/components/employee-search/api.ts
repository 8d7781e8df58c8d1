import type { CompaniesResponse, OfficesResponse } from '@hr/contracts/admin';
import type { EmployeeSearchFilter, EmployeeSearchResponse, Group } from '@hr/contracts/employee-search';
import type { AllLookups, Exam } from '@hr/contracts/lookups';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { REFERENCE_STALE_MS } from '../../lib/query';

/** Reference lists change rarely: keep them for ten minutes. */

export const directoryKeys = {
  search: (filter: EmployeeSearchFilter, page: number, limit: number, sort: string) =>
    ['employees', 'search', filter, page, limit, sort] as const,
  lookups: ['lookups'] as const,
  exams: ['exams'] as const,
  offices: (enabled?: boolean) => ['offices', 'options', enabled ?? 'all'] as const,
  companies: ['companies', 'options'] as const,
  groups: ['groups'] as const,
};

/** POST employees/search with the panel's filter; the previous page stays on screen while the next loads. */
export function useEmployeeSearch(
  filter: EmployeeSearchFilter,
  page: number,
  limit: number,
  sort: string,
  enabled = true,
) {
  return useQuery({
    queryKey: directoryKeys.search(filter, page, limit, sort),
    queryFn: ({ signal }) =>
      api.post<EmployeeSearchResponse>('employees/search', filter, { query: { page, limit, sort }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAllLookups() {
  return useQuery({
    queryKey: directoryKeys.lookups,
    queryFn: () => api.get<AllLookups>('lookups'),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useExams(enabled = true) {
  return useQuery({
    queryKey: directoryKeys.exams,
    queryFn: () => api.get<Exam[]>('employees/educations/exams'),
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });
}

/** Every office (offices?enabled=true for the active ones), by name. */
export function useOfficeOptions(enabled?: boolean, active = true) {
  return useQuery({
    queryKey: directoryKeys.offices(enabled),
    queryFn: () => api.get<OfficesResponse>('offices', { query: { enabled, sort: 'name,asc' } }),
    staleTime: REFERENCE_STALE_MS,
    select: (data) => data.items,
    enabled: active,
  });
}

/** Every company, by name. */
export function useCompanyOptions(active = true) {
  return useQuery({
    queryKey: directoryKeys.companies,
    queryFn: () => api.get<CompaniesResponse>('companies', { query: { sort: 'name,asc' } }),
    staleTime: REFERENCE_STALE_MS,
    select: (data) => data.items,
    enabled: active,
  });
}

/** Groups with their trees of items. */
export function useGroups(active = true) {
  return useQuery({
    queryKey: directoryKeys.groups,
    queryFn: () => api.get<Group[]>('groups'),
    staleTime: REFERENCE_STALE_MS,
    enabled: active,
  });
}
