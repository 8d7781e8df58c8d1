import type { ListResponse } from '@hr/contracts/lists';
import {
  keepPreviousData,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, type Query } from './http';
import { adminListKey } from './keys';

/**
 * One reference list HR administrators manage (SPEC.md §7 Other resources,
 * and each module's own: leave types, KPI years, EPR values...). The feature
 * that owns the list declares it beside its query keys: where the API has
 * it, the cached queries a change refreshes (forms and filters read keys
 * under the same start), and what every list call sends.
 */
export interface AdminResource {
  /** The list's name: its screen texts are `admin.<name>` unless the screen says otherwise. */
  name: string;
  path: string;
  queryKey: QueryKey;
  query?: Query;
}

/** The language the administration reads reference names in: as stored. */
export const ADMIN_LANGUAGE = 'en';

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
export function useAdminList<Row>(resource: AdminResource, query: AdminListQuery, filters: Query = {}) {
  const { path, queryKey } = resource;
  return useQuery({
    queryKey: adminListKey(queryKey, query, filters),
    queryFn: ({ signal }) =>
      api.get<ListResponse<Row>>(path, {
        query: {
          ...resource.query,
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
export function useAdminMutations<Row, Body>(resource: AdminResource) {
  const queryClient = useQueryClient();
  const { path, queryKey } = resource;
  const refresh = () => queryClient.invalidateQueries({ queryKey });
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
