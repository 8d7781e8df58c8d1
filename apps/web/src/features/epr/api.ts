import type {
  DevPlanBody,
  EprBehaviour,
  EprBody,
  EprDetail,
  EprListItem,
  EprValue,
  EvidenceUpload,
  eprKpi,
  LineBody,
  SectionBBody,
  SectionCBody,
  SectionDBody,
  SectionRatingBody,
} from '@hr/contracts/epr';
import type { ListResponse } from '@hr/contracts/lists';
import type { Option, WorkflowStatus } from '@hr/contracts/lookups';
import type { NameTranslations } from '@hr/contracts/translations';
import type { ReviewAction } from '@hr/contracts/workflow';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ADMIN_LANGUAGE } from '../../lib/admin-resources';
import { api, type Query } from '../../lib/http';
import { REFERENCE_STALE_MS } from '../../lib/query';
import { dashboardKeys } from '../dashboard';
import { eprKeys, eprResources } from './keys';

export type EprPeriod = z.infer<typeof eprKpi>;

export function useEprList(query: Query) {
  return useQuery({
    queryKey: eprKeys.list(query),
    queryFn: ({ signal }) => api.get<ListResponse<EprListItem>>('eprs', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEpr(id: number) {
  return useQuery({
    queryKey: eprKeys.review(id),
    queryFn: ({ signal }) => api.get<EprDetail>(`eprs/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

function useLookup<T>(name: string, path: string) {
  return useQuery({
    queryKey: eprKeys.lookup(name),
    queryFn: () => api.get<T[]>(path),
    staleTime: REFERENCE_STALE_MS,
  });
}
export const useEprTypes = () => useLookup<Option>('types', 'eprs/types');
export const useEprStatuses = () => useLookup<WorkflowStatus>('statuses', 'eprs/statuses');

/** The caller's approved KPI sheets a review may be made for (the Period choice). */
export function useEprPeriods(enabled = true) {
  return useQuery({
    queryKey: eprKeys.lookup('periods'),
    queryFn: () => api.get<EprPeriod[]>('eprs/periods'),
    enabled,
  });
}

/** After a change: the review's answer in place, the lists and the dashboard read again. */
function useSettle() {
  const client = useQueryClient();
  return (review?: EprDetail) => {
    if (review) client.setQueryData(eprKeys.review(review.id), review);
    void client.invalidateQueries({ queryKey: eprKeys.lists });
    void client.invalidateQueries({ queryKey: dashboardKeys.all });
  };
}

export function useSaveEpr() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: EprBody }) =>
      id ? api.patch<EprDetail>(`eprs/${id}`, body) : api.post<EprDetail>('eprs', body),
    // The form shows the errors itself.
    meta: { silent: true },
    onSuccess: settle,
  });
}

export function useDeleteEpr() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>('eprs', { epr_id: id }),
    onSuccess: () => settle(),
  });
}

export function useEprAction() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ action, id }: { action: ReviewAction; id: number }) =>
      api.patch<EprDetail>(`eprs/actions/${action}`, { epr_id: id }),
    onSuccess: settle,
  });
}

/** Every change of a section answers the whole review, which replaces the one shown. */
export type SectionChange =
  | { kind: 'rating'; id: number; section: 'a'; body: SectionRatingBody }
  | { kind: 'section-b'; id: number; body: SectionBBody }
  | { kind: 'c'; id: number; body: SectionCBody }
  | { kind: 'd'; id: number; body: SectionDBody }
  | { kind: 'line'; lineId: number; body: LineBody }
  | { kind: 'lines'; id: number; body: ({ objective_id: number } & LineBody)[] }
  | { kind: 'add-plan'; id: number; body: DevPlanBody }
  | { kind: 'update-plan'; planId: number; body: DevPlanBody }
  | { kind: 'delete-plan'; planId: number }
  | { kind: 'add-evidence'; lineId: number; body: EvidenceUpload }
  | { kind: 'delete-evidence'; evidenceId: number };

function send(change: SectionChange): Promise<EprDetail> {
  switch (change.kind) {
    case 'rating':
      return api.patch(`eprs/${change.id}/sections/${change.section}`, change.body);
    case 'section-b':
      return api.patch(`eprs/${change.id}/sections/b`, change.body);
    case 'c':
      return api.patch(`eprs/${change.id}/sections/c`, change.body);
    case 'd':
      return api.patch(`eprs/${change.id}/sections/d`, change.body);
    case 'line':
      return api.patch(`eprs/sections/a/objectives/${change.lineId}`, change.body);
    case 'lines':
      return api.patch(`eprs/${change.id}/sections/a/objectives`, change.body);
    case 'add-plan':
      return api.post(`eprs/sections/d/${change.id}/dev-plan`, change.body);
    case 'update-plan':
      return api.patch(`eprs/sections/d/${change.planId}/dev-plan`, change.body);
    case 'delete-plan':
      return api.delete('eprs/sections/d/dev-plan', { dev_plan_id: change.planId });
    case 'add-evidence':
      return api.post(`eprs/sections/a/objectives/${change.lineId}/evidence`, change.body);
    case 'delete-evidence':
      return api.delete('eprs/sections/a/objectives/evidence', { evidence_id: change.evidenceId });
  }
}

export function useEprChange() {
  const settle = useSettle();
  return useMutation({ mutationFn: send, meta: { silent: true }, onSuccess: settle });
}

/**
 * The KPI types for the list's KPI Type filter, read here rather than through
 * the KPI feature (a feature does not reach into another's files).
 */
export const useKpiTypeChoices = () => useLookup<Option>('kpi-types', 'kpis/types');

/**
 * An evidence image as an object URL: the image needs the bearer token, so it
 * is fetched, not linked. An image never changes, so it is read once.
 */
export function useEvidenceImage(id: number, enabled: boolean) {
  const query = useQuery({
    queryKey: eprKeys.evidence(id),
    queryFn: async ({ signal }) => {
      const blob = await api.get<Blob>(`eprs/evidence/${id}`, { blob: true, signal });
      return URL.createObjectURL(blob);
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  });
  return query.data;
}

/** One value with its behaviours, read afresh for the values' drawer; every change refreshes the values' lists too. */
export function useBehaviours(valueId: number | null) {
  const client = useQueryClient();
  const { path } = eprResources.eprValues;
  const value = useQuery({
    queryKey: eprKeys.value(valueId),
    queryFn: ({ signal }) => api.get<EprValue>(`${path}/${valueId}`, { signal, language: ADMIN_LANGUAGE }),
    enabled: valueId !== null,
  });
  const refresh = () => client.invalidateQueries({ queryKey: eprKeys.values });
  const add = useMutation({
    mutationFn: (body: { name: string; name_translations: NameTranslations; sort_order: number }) =>
      api.post<EprBehaviour>(`${path}/${valueId}/behaviours`, body),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const update = useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: number;
      body: { name?: string; name_translations?: NameTranslations; enabled?: boolean };
    }) => api.patch<EprBehaviour>(`${path}/behaviours/${id}`, body),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`${path}/behaviours`, { behaviour_id: id }),
    onSuccess: refresh,
    meta: { silent: true },
  });
  return { value, add, update, remove };
}
