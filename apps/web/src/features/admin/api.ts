import type { ListResponse } from '@hr/contracts/lists';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';

/** The administration lists: companies, offices and assets (SPEC.md §7 Other resources). */
export type Resource = 'companies' | 'offices' | 'assets';

export interface AdminListQuery {
  page: number;
  limit: number;
  sort: string;
  search: string;
}

export function useAdminList<Row>(resource: Resource, query: AdminListQuery) {
  return useQuery({
    queryKey: [resource, 'admin-list', query],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Row>>(resource, {
        query: {
          page: query.page,
          limit: query.limit,
          sort: query.sort,
          search: query.search.trim() || undefined,
        },
        signal,
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
  const refresh = () => queryClient.invalidateQueries({ queryKey: [resource] });
  const create = useMutation({
    mutationFn: (body: Body) => api.post<Row>(resource, body),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<Body> }) =>
      api.patch<Row>(`${resource}/${id}`, body),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`${resource}/${id}`),
    onSuccess: refresh,
    meta: { silent: true },
  });
  return { create, update, remove };
}
