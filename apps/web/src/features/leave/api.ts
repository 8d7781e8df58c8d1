import type { Leave, LeaveBalances, LeaveBody, LeaveDuration, LeaveType } from '@hr/contracts/leave';
import type { AdjustmentBody, Forecast, Ledger, TeamCalendar } from '@hr/contracts/leave-policies';
import type { ListResponse } from '@hr/contracts/lists';
import type { PersonRef } from '@hr/contracts/people';
import type { LeaveAction } from '@hr/contracts/workflow';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../lib/http';
import { dashboardKeys } from '../dashboard';
import { leaveKeys } from './keys';

export function useLeaveList(query: Query) {
  return useQuery({
    queryKey: leaveKeys.list(query),
    queryFn: ({ signal }) => api.get<ListResponse<Leave>>('leave', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every enabled leave type (the lists' filters); `eligible`: only those the caller may take (the form's). */
export function useLeaveTypes({ eligible = false }: { eligible?: boolean } = {}) {
  return useQuery({
    queryKey: eligible ? leaveKeys.eligibleTypes : leaveKeys.types,
    queryFn: () => api.get<LeaveType[]>('leave/types', { query: eligible ? { eligible: true } : {} }),
    staleTime: 10 * 60_000,
  });
}

export function useLeaveDurations() {
  return useQuery({
    queryKey: leaveKeys.durations,
    queryFn: () => api.get<LeaveDuration[]>('leave/durations'),
    staleTime: 10 * 60_000,
  });
}

export function useResponsibles(enabled: boolean) {
  return useQuery({
    queryKey: leaveKeys.responsibles,
    queryFn: () => api.get<PersonRef[]>('leave/responsibles'),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useLeaveBalances(employeeId?: number) {
  return useQuery({
    queryKey: leaveKeys.balancesOf(employeeId),
    queryFn: () => api.get<LeaveBalances>('leave/balances', { query: { employee_id: employeeId } }),
  });
}

/** Puts the server's answer in place of the row in every cached list (SPEC.md §4: replace the row). */
function replaceRow(client: ReturnType<typeof useQueryClient>, leave: Leave) {
  client.setQueriesData<ListResponse<Leave>>({ queryKey: leaveKeys.lists }, (data) =>
    data ? { ...data, items: data.items.map((l) => (l.id === leave.id ? leave : l)) } : data,
  );
}

export function useSaveLeave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: LeaveBody }) =>
      id ? api.patch<Leave>(`leave/${id}`, body) : api.post<Leave>('leave', body),
    // The form shows the errors itself.
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: leaveKeys.all }),
  });
}

export function useLeaveAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: LeaveAction; id: number }) =>
      api.patch<Leave>(`leave/actions/${action}`, { leave_id: id }),
    onSuccess: (leave) => {
      replaceRow(client, leave);
      void client.invalidateQueries({ queryKey: leaveKeys.balances });
      void client.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

export function useDeleteLeave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>('leave', { leave_id: id }),
    onSuccess: () => client.invalidateQueries({ queryKey: leaveKeys.all }),
  });
}

/** The team calendar of a range (at most 62 days), keeping the month shown while the next one loads. */
export function useTeamCalendar(from: string, to: string, groupId: number | undefined) {
  return useQuery({
    queryKey: leaveKeys.calendar(from, to, groupId),
    queryFn: ({ signal }) =>
      api.get<TeamCalendar>('leave/calendar', { query: { from, to, group_id: groupId }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One leave type's ledger of a year, line by line (the caller's own unless an employee is named). */
export function useLedger(employeeId: number | undefined, typeId: number | undefined, year: number) {
  return useQuery({
    queryKey: leaveKeys.ledger(employeeId, year, typeId ?? 0),
    queryFn: ({ signal }) =>
      api.get<Ledger>('leave/ledger', { query: { type_id: typeId, employee_id: employeeId, year }, signal }),
    enabled: typeId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** What a forecast is asked with: a type and a day, and a request's last day or short-leave duration. */
export interface ForecastQuery {
  type_id: number;
  date: string;
  to?: string;
  duration_id?: number;
  leave_id?: number;
}

/**
 * The balance on a request's first day and what remains after it. Each
 * answer stays cached, so going back to dates already chosen asks nothing;
 * the form reports nothing itself (saving says what is wrong).
 */
export function useForecast(query: ForecastQuery | null) {
  return useQuery({
    queryKey: leaveKeys.forecast({ ...query }),
    queryFn: ({ signal }) => api.get<Forecast>('leave/forecast', { query: { ...query }, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/** HR administrators: correct a balance by some days with the reason; the ledgers and balances read again. */
export function useAddAdjustment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustmentBody) => api.post<Ledger>('leave/adjustments', body),
    meta: { silent: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: leaveKeys.balances });
      void client.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
