import type {
  AssignSalaryBody,
  EmployeeLoans,
  EmployeeSalaries,
  Loan,
  LoanCreate,
  LoanUpdate,
  PaySchedulesResponse,
  SalaryKind,
  SalaryRecord,
  SalaryUpdate,
} from '@hr/contracts/compensation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { profileKeys } from '../profile';
import { compensationKeys } from './keys';

/** GET salaries?employee_id=: the history and the current basic and tax (the employee and HR only). */
export function useSalaries(employeeId: number) {
  return useQuery({
    queryKey: compensationKeys.salaries(employeeId),
    queryFn: ({ signal }) =>
      api.get<EmployeeSalaries>('salaries', { query: { employee_id: employeeId }, signal }),
  });
}

/** GET employees/loans?employee_id=. */
export function useLoans(employeeId: number) {
  return useQuery({
    queryKey: compensationKeys.loans(employeeId),
    queryFn: ({ signal }) =>
      api.get<EmployeeLoans>('employees/loans', { query: { employee_id: employeeId }, signal }),
  });
}

/** The schedules the employee's loan may be put on: the enabled ones of their company and every company's, by name. */
export function usePayScheduleOptions(enabled: boolean, employeeId: number) {
  return useQuery({
    queryKey: compensationKeys.scheduleOptionsFor(employeeId),
    queryFn: ({ signal }) =>
      api.get<PaySchedulesResponse>('employees/pay-schedules', {
        query: { enabled: true, sort: 'name,asc', employee_id: employeeId },
        signal,
      }),
    select: (answer) => answer.items,
    enabled,
  });
}

/** After a change: the employee's compensation and the record's change log are read again. */
function useRefresh(employeeId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: compensationKeys.all(employeeId) }),
      client.invalidateQueries({ queryKey: profileKeys.changes(employeeId) }),
    ]);
}

/**
 * HR administrators' changes of an employee's salaries and loans. Failures
 * are told by the form (field errors and the toast) or the button, so they
 * are silent here.
 */
export function useCompensationMutations(employeeId: number) {
  const onSuccess = useRefresh(employeeId);
  const meta = { silent: true };
  return {
    assign: useMutation({
      mutationFn: ({ kind, body }: { kind: SalaryKind; body: Omit<AssignSalaryBody, 'employee_id'> }) =>
        api.patch<SalaryRecord>(`employees/salaries/assign/${kind}`, { employee_id: employeeId, ...body }),
      onSuccess,
      meta,
    }),
    updateSalary: useMutation({
      mutationFn: ({ id, body }: { id: number; body: SalaryUpdate }) =>
        api.patch<SalaryRecord>(`salaries/${id}`, body),
      onSuccess,
      meta,
    }),
    deleteSalary: useMutation({
      mutationFn: (id: number) => api.delete<{ message: string }>('salaries', { salary_id: id }),
      onSuccess,
      meta,
    }),
    createLoan: useMutation({
      mutationFn: (body: Omit<LoanCreate, 'employee_id'>) =>
        api.post<Loan>('employees/loans', { employee_id: employeeId, ...body }),
      onSuccess,
      meta,
    }),
    updateLoan: useMutation({
      mutationFn: ({ id, body }: { id: number; body: LoanUpdate }) =>
        api.patch<Loan>(`employees/loans/${id}`, body),
      onSuccess,
      meta,
    }),
    deleteLoan: useMutation({
      mutationFn: (id: number) => api.delete<{ message: string }>('employees/loans', { loan_id: id }),
      onSuccess,
      meta,
    }),
  };
}
