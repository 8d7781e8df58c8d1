import type { ErasureBody, ErasureState, Leaver } from '@hr/contracts/data-rights';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { downloadFile } from '../../lib/download';
import { api } from '../../lib/http';
import { dataRightsKeys } from './keys';

/** "Download my data": the caller's archive, saved by the browser as a zip. */
export function downloadMyData(): Promise<void> {
  return downloadFile('account/export', `my-data-${dayjs().format('YYYY-MM-DD')}.zip`);
}

/** Disabled people (leavers) by name or E-ID, for HR's erasure screen. */
export function useLeavers(search: string) {
  return useQuery({
    queryKey: dataRightsKeys.leavers(search),
    queryFn: ({ signal }) =>
      api.get<{ data: Leaver[] }>('erasure/leavers', { signal, query: { search: search || undefined } }),
    placeholderData: keepPreviousData,
  });
}

/** A leaver's retention period, what HR may do, and the last erasure's report. */
export function useErasureState(employeeId: number | null) {
  return useQuery({
    queryKey: dataRightsKeys.state(employeeId ?? 0),
    queryFn: ({ signal }) => api.get<ErasureState>(`employees/${employeeId}/erasure`, { signal }),
    enabled: employeeId !== null,
  });
}

/** Erases a leaver; the answer (with the report) replaces their state, and the list shows them erased. */
export function useErase(employeeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ErasureBody) => api.post<ErasureState>(`employees/${employeeId}/erasure`, body),
    onSuccess: (state) => {
      client.setQueryData(dataRightsKeys.state(employeeId), state);
      void client.invalidateQueries({ queryKey: dataRightsKeys.all });
    },
  });
}
