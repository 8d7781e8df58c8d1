import type {
  EprCycleBody,
  EprCycleDetail,
  EprCycleItem,
  EprCycleLaunched,
  EprCycleStage,
} from '@hr/contracts/epr-cycles';
import type { ListResponse } from '@hr/contracts/lists';
import type { Option } from '@hr/contracts/lookups';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../lib/http';
import { REFERENCE_STALE_MS } from '../../lib/query';
import { dashboardKeys } from '../dashboard';
import { eprKeys } from '../epr';
import { cycleKeys } from './keys';

/** A page of a cycle's open reviews, of one stage or all. */
export interface CyclePeopleQuery {
  page: number;
  limit: number;
  stage?: EprCycleStage;
}

export function useCycles(query: Query) {
  return useQuery({
    queryKey: cycleKeys.list(query),
    queryFn: ({ signal }) => api.get<ListResponse<EprCycleItem>>('eprs/cycles', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One cycle with its counts and a page of its open reviews (of one stage, or all). */
export function useCycle(id: number | null, query: CyclePeopleQuery) {
  return useQuery({
    queryKey: cycleKeys.cycle(id ?? 0, query),
    queryFn: ({ signal }) => api.get<EprCycleDetail>(`eprs/cycles/${id}`, { query: { ...query }, signal }),
    enabled: id !== null && id > 0,
    placeholderData: keepPreviousData,
  });
}

/** The review types a cycle may launch. */
export function useCycleTypes() {
  return useQuery({
    queryKey: cycleKeys.types,
    queryFn: () => api.get<Option[]>('eprs/types'),
    staleTime: REFERENCE_STALE_MS,
  });
}

/** After a launch: the cycles read again, and the review lists that now hold the new drafts. */
function useSettle() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: cycleKeys.all });
    void client.invalidateQueries({ queryKey: eprKeys.lists });
    void client.invalidateQueries({ queryKey: dashboardKeys.all });
  };
}

export function useLaunchCycle() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: EprCycleBody) => api.post<EprCycleLaunched>('eprs/cycles', body),
    // The form shows the errors itself.
    meta: { silent: true },
    onSuccess: settle,
  });
}

export function useRelaunchCycle() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (id: number) => api.patch<EprCycleLaunched>(`eprs/cycles/${id}/launch`),
    onSuccess: settle,
  });
}
