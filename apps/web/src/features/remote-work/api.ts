import type { ListResponse } from '@hr/contracts/lists';
import type { RemoteWork, RemoteWorkBody, RemoteWorkType } from '@hr/contracts/remote-work';
import type { RequestAction } from '@hr/contracts/workflow';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../lib/http';
import { dashboardKeys } from '../dashboard';
import { remoteWorkKeys } from './keys';

export function useRemoteWorkList(query: Query) {
  return useQuery({
    queryKey: remoteWorkKeys.list(query),
    queryFn: ({ signal }) => api.get<ListResponse<RemoteWork>>('remote-work', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRemoteWorkTypes() {
  return useQuery({
    queryKey: remoteWorkKeys.types,
    queryFn: () => api.get<RemoteWorkType[]>('remote-work/types'),
    staleTime: 10 * 60_000,
  });
}

/** Puts the server's answer in place of the row in every cached list (SPEC.md §4: replace the row). */
function replaceRow(client: ReturnType<typeof useQueryClient>, item: RemoteWork) {
  client.setQueriesData<ListResponse<RemoteWork>>({ queryKey: remoteWorkKeys.lists }, (data) =>
    data ? { ...data, items: data.items.map((r) => (r.id === item.id ? item : r)) } : data,
  );
}

export function useSaveRemoteWork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: RemoteWorkBody }) =>
      id ? api.patch<RemoteWork>(`remote-work/${id}`, body) : api.post<RemoteWork>('remote-work', body),
    // The form shows the errors itself.
    meta: { silent: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: remoteWorkKeys.lists });
      void client.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

export function useRemoteWorkAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: RequestAction; id: number }) =>
      api.patch<RemoteWork>(`remote-work/actions/${action}`, { remote_work_id: id }),
    onSuccess: (item) => {
      replaceRow(client, item);
      void client.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

export function useDeleteRemoteWork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>('remote-work', { remote_work_id: id }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: remoteWorkKeys.lists });
      void client.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
