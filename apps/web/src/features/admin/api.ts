import type { ListResponse } from '@hr/contracts/lists';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../lib/http';

/**
 * The reference lists HR administrators manage (SPEC.md §7 Other resources,
 * and the leave module's types, durations and holidays): where the API has
 * them, the cached queries a change refreshes (forms and filters read the
 * same keys), and what every list call sends.
 */
export const ADMIN_RESOURCES = {
  companies: { path: 'companies', queryKey: ['companies'] },
  offices: { path: 'offices', queryKey: ['offices'] },
  assets: { path: 'assets', queryKey: ['assets'] },
  // Disabled ones too: the administrator manages them.
  leaveTypes: { path: 'leave/types', queryKey: ['leave', 'types'], query: { all: true } },
  leaveDurations: { path: 'leave/durations', queryKey: ['leave', 'durations'], query: { all: true } },
  holidays: { path: 'holidays', queryKey: ['holidays'] },
  // Every shift, disabled ones too; the profile's assign form reads `shifts?enabled=true` under the same key.
  shifts: { path: 'shifts', queryKey: ['shifts'] },
  // Pay schedules refresh the loan form's options (`['pay-schedules', 'options']`); types their own.
  paySchedules: { path: 'employees/pay-schedules', queryKey: ['pay-schedules'] },
  payScheduleTypes: { path: 'employees/pay-schedules/types', queryKey: ['pay-schedules', 'types'] },
  kpiYears: { path: 'kpis/years', queryKey: ['kpi', 'lookup', 'years'], query: { all: true } },
  kpiPerspectives: {
    path: 'kpis/objectives/perspectives',
    queryKey: ['kpi', 'lookup', 'perspectives'],
    query: { all: true },
  },
  kpiTargetUnits: {
    path: 'kpis/objectives/kpis/target-units',
    queryKey: ['kpi', 'lookup', 'target-units'],
    query: { all: true },
  },
  // The organisation's lists; the profile's education form reads `exams`, the list filters `groups`.
  levels: { path: 'levels', queryKey: ['levels'], query: { all: true } },
  grades: { path: 'grades', queryKey: ['grades'], query: { all: true } },
  designations: { path: 'designations', queryKey: ['designations'], query: { all: true } },
  developmentAreas: { path: 'development-areas', queryKey: ['development-areas'], query: { all: true } },
  exams: { path: 'employees/educations/exams', queryKey: ['exams'], query: { all: true } },
  groups: { path: 'groups', queryKey: ['groups'], query: { all: true } },
  // The request forms read the enabled ones under the same keys: a change refreshes them.
  serviceCategories: {
    path: 'employee/service-requests/categories',
    queryKey: ['hr-services', 'categories'],
    query: { all: true },
  },
  nocTypes: {
    path: 'employee/service-requests/noc-types',
    queryKey: ['hr-services', 'noc-types'],
    query: { all: true },
  },
  remoteWorkTypes: { path: 'remote-work/types', queryKey: ['remote-work', 'types'], query: { all: true } },
  eprValues: { path: 'eprs/values', queryKey: ['epr', 'values'], query: { all: true } },
} as const satisfies Record<string, { path: string; queryKey: readonly string[]; query?: Query }>;

export type Resource = keyof typeof ADMIN_RESOURCES;

/** The language the administration reads reference names in: as stored. */
export const ADMIN_LANGUAGE = 'en';

const resourceQuery = (resource: Resource): Query =>
  (ADMIN_RESOURCES[resource] as { query?: Query }).query ?? {};

export interface AdminListQuery {
  page: number;
  limit: number;
  sort: string;
  search: string;
}

/**
 * One page of an administration list; `filters` are the screen's own (a year,
 * a company). Names come as stored, in English: the form edits that name and
 * its translations, whatever the page's language.
 */
export function useAdminList<Row>(resource: Resource, query: AdminListQuery, filters: Query = {}) {
  const { path, queryKey } = ADMIN_RESOURCES[resource];
  return useQuery({
    queryKey: [...queryKey, 'admin-list', query, filters],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Row>>(path, {
        query: {
          ...resourceQuery(resource),
          ...filters,
          page: query.page,
          limit: query.limit,
          sort: query.sort,
          search: query.search.trim() || undefined,
        },
        signal,
        language: ADMIN_LANGUAGE,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Create, change and delete one kind of record. Failures are reported by
 * the form (field errors) or the delete button, so they are silent here.
 * Success refreshes every list of the kind, and the reference lists built on it.
 */
export function useAdminMutations<Row, Body>(resource: Resource) {
  const queryClient = useQueryClient();
  const { path, queryKey } = ADMIN_RESOURCES[resource];
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...queryKey] });
  const create = useMutation({
    mutationFn: (body: Body) => api.post<Row>(path, body),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<Body> }) => api.patch<Row>(`${path}/${id}`, body),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`${path}/${id}`),
    onSuccess: refresh,
    meta: { silent: true },
  });
  return { create, update, remove };
}
