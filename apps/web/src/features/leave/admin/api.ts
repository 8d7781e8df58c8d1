import type { Holiday, LeaveDuration, LeaveType } from '@hr/contracts/leave';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** Leave types, short-leave durations and holidays as administrators manage them. */
export type LeaveReference = 'leave/types' | 'leave/durations' | 'holidays';

export function useAllLeaveTypes() {
  return useQuery({
    queryKey: ['leave', 'types', 'all'],
    queryFn: () => api.get<LeaveType[]>('leave/types', { query: { all: 'true' } }),
  });
}

export function useAllDurations() {
  return useQuery({
    queryKey: ['leave', 'durations', 'all'],
    queryFn: () => api.get<LeaveDuration[]>('leave/durations', { query: { all: 'true' } }),
  });
}

export function useHolidays(year: number) {
  return useQuery({
    queryKey: ['holidays', year],
    queryFn: () => api.get<Holiday[]>('holidays', { query: { year } }),
  });
}

/** Create, update and delete for one reference list; every cached list of it is refreshed after. */
export function useReferenceMutations<Body>(path: LeaveReference) {
  const client = useQueryClient();
  const refresh = () =>
    client.invalidateQueries({
      queryKey: path === 'holidays' ? ['holidays'] : ['leave', path.split('/')[1]],
    });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: number; body: Body }) =>
        id ? api.patch(`${path}/${id}`, body) : api.post(path, body),
      meta: { silent: true },
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete<{ message: string }>(`${path}/${id}`),
      onSuccess: refresh,
    }),
  };
}
