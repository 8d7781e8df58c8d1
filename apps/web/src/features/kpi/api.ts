import type {
  KpiBody,
  KpiListItem,
  KpiSheet,
  KpiYear,
  ObjectiveBody,
  ObjectiveKpiBody,
} from '@hr/contracts/kpi';
import type { ListResponse } from '@hr/contracts/lists';
import type { Option, WorkflowStatus } from '@hr/contracts/lookups';
import type { ReviewAction } from '@hr/contracts/workflow';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../lib/http';
import { dashboardKeys } from '../dashboard';
import { kpiKeys } from './keys';

export function useKpiList(query: Query) {
  return useQuery({
    queryKey: kpiKeys.list(query),
    queryFn: ({ signal }) => api.get<ListResponse<KpiListItem>>('kpis', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useKpiSheet(id: number) {
  return useQuery({
    queryKey: kpiKeys.sheet(id),
    queryFn: ({ signal }) => api.get<KpiSheet>(`kpis/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

function useLookup<T>(name: string, path: string) {
  return useQuery({
    queryKey: kpiKeys.lookup(name),
    queryFn: () => api.get<T[]>(path),
    staleTime: 10 * 60_000,
  });
}
export const useKpiYears = () => useLookup<KpiYear>('years', 'kpis/years');
export const useKpiTypes = () => useLookup<Option>('types', 'kpis/types');
export const useKpiStatuses = () => useLookup<WorkflowStatus>('statuses', 'kpis/statuses');
export const usePerspectives = () => useLookup<Option>('perspectives', 'kpis/objectives/perspectives');
export const useTargetUnits = () => useLookup<Option>('target-units', 'kpis/objectives/kpis/target-units');

/** After a change: the sheet's answer in place, the lists and the dashboard read again. */
function useSettle() {
  const client = useQueryClient();
  return (sheet?: KpiSheet) => {
    if (sheet) client.setQueryData(kpiKeys.sheet(sheet.id), sheet);
    void client.invalidateQueries({ queryKey: kpiKeys.lists });
    void client.invalidateQueries({ queryKey: dashboardKeys.all });
  };
}

export function useSaveKpi() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, copyOf, body }: { id?: number; copyOf?: number; body: KpiBody }) =>
      id
        ? api.patch<KpiSheet>(`kpis/${id}`, body)
        : copyOf
          ? api.post<KpiSheet>(`kpis/${copyOf}/copy`, body)
          : api.post<KpiSheet>('kpis', body),
    // The form shows the errors itself.
    meta: { silent: true },
    onSuccess: settle,
  });
}

export function useDeleteKpi() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>('kpis', { kpi_id: id }),
    onSuccess: () => settle(),
  });
}

export function useKpiAction() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ action, id }: { action: ReviewAction; id: number }) =>
      api.patch<KpiSheet>(`kpis/actions/${action}`, { kpi_id: id }),
    onSuccess: settle,
  });
}

export function useSaveObjective() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ObjectiveBody }) =>
      id ? api.patch<KpiSheet>(`kpis/objectives/${id}`, body) : api.post<KpiSheet>('kpis/objectives', body),
    meta: { silent: true },
    onSuccess: settle,
  });
}

export function useDeleteObjective() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (id: number) => api.delete<KpiSheet>('kpis/objectives', { objective_id: id }),
    onSuccess: settle,
  });
}

export function useSaveObjectiveKpi() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ObjectiveKpiBody }) =>
      id
        ? api.patch<KpiSheet>(`kpis/objectives/kpis/${id}`, body)
        : api.post<KpiSheet>('kpis/objectives/kpis', body),
    meta: { silent: true },
    onSuccess: settle,
  });
}

export function useDeleteObjectiveKpi() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (id: number) => api.delete<KpiSheet>('kpis/objectives/kpis', { objective_kpi_id: id }),
    onSuccess: settle,
  });
}
