import type {
  ServiceCategory,
  ServiceRequest,
  ServiceRequestBody,
  ServiceRequestDetail,
} from '@hr/contracts/hr-services';
import type { ListResponse } from '@hr/contracts/lists';
import type { Option } from '@hr/contracts/lookups';
import type { ServiceAction } from '@hr/contracts/workflow';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../lib/download';
import { api, type Query } from '../../lib/http';
import { REFERENCE_STALE_MS } from '../../lib/query';
import { dashboardKeys } from '../dashboard';
import { serviceKeys } from './keys';

const PATH = 'employee/service-requests';
/** Reference lists change rarely. */

export function useServiceList(query: Query) {
  return useQuery({
    queryKey: serviceKeys.list(query),
    queryFn: ({ signal }) => api.get<ListResponse<ServiceRequest>>(PATH, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One request; a 403 or 404 is shown by the page itself, not as a toast. */
export function useServiceRequest(id: number | null) {
  return useQuery({
    queryKey: serviceKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<ServiceRequestDetail>(`${PATH}/${id}`, { signal }),
    enabled: id !== null,
    meta: { silent: true },
  });
}

export function useServiceCategories() {
  return useQuery({
    queryKey: serviceKeys.categories,
    queryFn: () => api.get<ServiceCategory[]>(`${PATH}/categories`),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useNocTypes(enabled = true) {
  return useQuery({
    queryKey: serviceKeys.nocTypes,
    queryFn: () => api.get<Option[]>(`${PATH}/noc-types`),
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });
}

type Client = ReturnType<typeof useQueryClient>;

/** Puts the server's answer in place of the row in every cached list, and as the detail (SPEC.md §4). */
function replaceRow(client: Client, request: ServiceRequestDetail) {
  client.setQueriesData<ListResponse<ServiceRequest>>({ queryKey: serviceKeys.lists }, (data) =>
    data ? { ...data, items: data.items.map((r) => (r.id === request.id ? request : r)) } : data,
  );
  client.setQueryData(serviceKeys.detail(request.id), request);
}

export function useSaveServiceRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ServiceRequestBody }) =>
      id
        ? api.patch<ServiceRequestDetail>(`${PATH}/${id}`, body)
        : api.post<ServiceRequestDetail>(PATH, body),
    // The form shows the errors itself.
    meta: { silent: true },
    onSuccess: (request) => {
      client.setQueryData(serviceKeys.detail(request.id), request);
      return client.invalidateQueries({ queryKey: serviceKeys.lists });
    },
  });
}

export function useServiceAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: ServiceAction; id: number }) =>
      api.patch<ServiceRequestDetail>(`${PATH}/${id}/actions/${action}`),
    onSuccess: (request) => {
      replaceRow(client, request);
      void client.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

export function useDeleteServiceRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(PATH, { service_request_id: id }),
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: serviceKeys.detail(id) });
      return client.invalidateQueries({ queryKey: serviceKeys.lists });
    },
  });
}

/**
 * Fetches the letter with the bearer token and hands it to the browser as a
 * download, under the server's file name.
 */
export function downloadLetter(request: ServiceRequestDetail): Promise<void> {
  return downloadFile(
    `${PATH}/${request.id}/letter`,
    request.letter?.name || `HR_service_request_${request.id}.pdf`,
  );
}
