import type { AdminResource } from '../../lib/admin-resources';

/** The query keys of an employee's compensation and of pay schedules. */
export const compensationKeys = {
  all: (employeeId: number) => ['compensation', employeeId] as const,
  salaries: (employeeId: number) => ['compensation', employeeId, 'salaries'] as const,
  loans: (employeeId: number) => ['compensation', employeeId, 'loans'] as const,
  schedules: ['pay-schedules'] as const,
  scheduleOptions: ['pay-schedules', 'options'] as const,
  scheduleOptionsFor: (employeeId: number) => ['pay-schedules', 'options', employeeId] as const,
  scheduleTypes: ['pay-schedules', 'types'] as const,
  scheduleTypeOptions: ['pay-schedules', 'types', 'options'] as const,
};

/** Pay schedules and their types on the administration screen; a change refreshes the loan form's options. */
export const compensationResources = {
  paySchedules: {
    name: 'paySchedules',
    path: 'employees/pay-schedules',
    queryKey: compensationKeys.schedules,
  },
  payScheduleTypes: {
    name: 'payScheduleTypes',
    path: 'employees/pay-schedules/types',
    queryKey: compensationKeys.scheduleTypes,
  },
} satisfies Record<string, AdminResource>;
