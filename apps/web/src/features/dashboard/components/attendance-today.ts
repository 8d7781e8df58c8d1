import type { SummaryRow } from '@hr/contracts/attendance';

/** Who of the team was absent and who late on a one-day summary: the absent by name, the late by most minutes first. */
export function teamToday(rows: readonly SummaryRow[]): { absent: SummaryRow[]; late: SummaryRow[] } {
  const byName = (a: SummaryRow, b: SummaryRow) => a.employee.name.localeCompare(b.employee.name);
  return {
    absent: rows.filter((r) => r.absent > 0).sort(byName),
    late: rows.filter((r) => r.late > 0).sort((a, b) => b.late_minutes - a.late_minutes || byName(a, b)),
  };
}
