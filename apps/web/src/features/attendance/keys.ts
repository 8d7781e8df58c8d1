import type { DayRange } from './range';

/** The query keys of attendance reports (the dashboard and the profile read them too). */
export const attendanceKeys = {
  all: ['attendance'] as const,
  individual: (range: DayRange, employeeId: number | undefined) =>
    ['attendance', 'individual', employeeId, range.from, range.to] as const,
  /** One employee's individual reports, whatever the range. */
  individualOf: (employeeId: number) => ['attendance', 'individual', employeeId] as const,
  summaries: ['attendance', 'summary'] as const,
  summary: (range: DayRange) => ['attendance', 'summary', range.from, range.to] as const,
  calendar: (employeeId: number, month: string) => ['attendance', 'calendar', employeeId, month] as const,
};
