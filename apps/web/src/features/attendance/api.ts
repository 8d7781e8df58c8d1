import type { IndividualReport, SummaryReport } from '@hr/contracts/attendance';
import { attendanceFileName, summaryFileName } from '@hr/contracts/attendance-report';
import type { PersonRef } from '@hr/contracts/people';
import { useQuery } from '@tanstack/react-query';
import { downloadFile } from '../../lib/download';
import { api } from '../../lib/http';
import { attendanceKeys } from './keys';
import type { DayRange } from './range';

const rangeQuery = (range: DayRange) => ({ from_date: range.from, to_date: range.to });

/**
 * GET report/attendance/individual: one employee's days. Nothing is asked
 * before the range and the employee are known (SPEC.md §5). While another
 * range of the same employee loads, the days already shown stay.
 */
export function useIndividualReport(range: DayRange | null, employeeId: number | undefined) {
  const ready = Boolean(range?.from && range.to && employeeId);
  return useQuery({
    queryKey: attendanceKeys.individual(range ?? { from: '', to: '' }, employeeId ?? 0),
    queryFn: ({ signal }) =>
      api.get<IndividualReport>('report/attendance/individual', {
        query: { ...rangeQuery(range!), employee_id: employeeId, response_type: 'json' },
        signal,
      }),
    enabled: ready,
    placeholderData: (previous) => (previous?.employee.id === employeeId ? previous : undefined),
  });
}

/** GET report/attendance/summary: a row of totals per person of the caller's team. */
export function useSummaryReport(range: DayRange, enabled: boolean) {
  return useQuery({
    queryKey: attendanceKeys.summary(range),
    queryFn: ({ signal }) =>
      api.get<SummaryReport>('report/attendance/summary', {
        // The caller's team (an HR administrator's "everyone" is a file, not a page).
        query: { ...rangeQuery(range), scope: 'team', response_type: 'json' },
        signal,
      }),
    enabled,
    placeholderData: (previous) => previous,
  });
}

const csvPath = (path: string, query: Record<string, string>) =>
  `${path}?${new URLSearchParams({ ...query, response_type: 'csv' }).toString()}`;

/** The individual report's CSV as the server makes it, saved under its name (SPEC.md §9). */
export function downloadIndividualCsv(employee: Pick<PersonRef, 'id' | 'name' | 'eid'>, range: DayRange) {
  return downloadFile(
    csvPath('report/attendance/individual', { ...rangeQuery(range), employee_id: String(employee.id) }),
    attendanceFileName(employee, range.from, range.to),
  );
}

/** The team summary's CSV. */
export function downloadSummaryCsv(range: DayRange) {
  return downloadFile(
    csvPath('report/attendance/summary', { ...rangeQuery(range), scope: 'team' }),
    summaryFileName(range.from, range.to),
  );
}
