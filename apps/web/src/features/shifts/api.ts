import type { AssignShiftBody, EmployeeShifts, ShiftsResponse } from '@hr/contracts/shifts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { profileKeys } from '../profile';
import { shiftKeys } from './keys';

/** GET employees/{id}/shifts: the shift of today and the history (for the readers of personal data). */
export function useEmployeeShifts(employeeId: number) {
  return useQuery({
    queryKey: shiftKeys.ofEmployee(employeeId),
    queryFn: ({ signal }) => api.get<EmployeeShifts>(`employees/${employeeId}/shifts`, { signal }),
  });
}

/** The shifts one may assign: every enabled one, in the order of their start. */
export function useShiftOptions(enabled: boolean) {
  return useQuery({
    queryKey: shiftKeys.options,
    queryFn: ({ signal }) =>
      api.get<ShiftsResponse>('shifts', { query: { enabled: true, sort: 'start,asc' }, signal }),
    select: (answer) => answer.items,
    enabled,
  });
}

/** PATCH employees/shifts/assign. Failures are told by the form (field errors and the toast). */
export function useAssignShift(employeeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<AssignShiftBody, 'employee_id'>) =>
      api.patch<{ message: string }>('employees/shifts/assign', { employee_id: employeeId, ...body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: shiftKeys.ofEmployee(employeeId) }),
        // The record's change log has a new row.
        client.invalidateQueries({ queryKey: profileKeys.changes(employeeId) }),
        client.invalidateQueries({ queryKey: shiftKeys.all }),
      ]),
    meta: { silent: true },
  });
}
