import type {
  Delegation,
  DelegationBody,
  DelegationPatch,
  DelegationsResponse,
} from '@hr/contracts/delegations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { delegationKeys } from './keys';

/** GET delegations: the reader's own, or (HR administrators) `employeeId`'s. */
export function useDelegations(employeeId?: number) {
  return useQuery({
    queryKey: delegationKeys.of(employeeId),
    queryFn: ({ signal }) =>
      api.get<DelegationsResponse>('delegations', {
        query: employeeId === undefined ? {} : { employee_id: employeeId },
        signal,
      }),
  });
}

/** Names a delegate (POST) or changes a delegation (PATCH); every list of delegations and the inbox read again. */
export function useSaveDelegation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: DelegationBody | DelegationPatch }) =>
      id === undefined
        ? api.post<Delegation>('delegations', body)
        : api.patch<Delegation>(`delegations/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: delegationKeys.all }),
  });
}

export function useDeleteDelegation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>('delegations', { delegation_id: id }),
    onSuccess: () => client.invalidateQueries({ queryKey: delegationKeys.all }),
  });
}
