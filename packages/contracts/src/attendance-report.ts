/**
 * What the attendance report's page shares with the server without zod
 * (the page loads none of it): the longest range one report covers, the
 * days of a range and the names of the CSV files (SPEC.md §2, §9).
 * attendance.ts exports them with the rest.
 */

/** The longest range one report covers (a year and a day, for a leap year). */
export const ATTENDANCE_RANGE_MAX_DAYS = 366;

/** Days from `from` to `to`, both included (UTC arithmetic on calendar dates). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The CSV file of an individual report (SPEC.md §9). */
export function attendanceFileName(
  employee: { name: string; eid: string },
  from: string,
  to: string,
): string {
  return `Attendance_${employee.name}_${employee.eid}_${from}_${to}.csv`;
}

/** The CSV file of a team summary. */
export function summaryFileName(from: string, to: string): string {
  return `Attendance_summary_${from}_${to}.csv`;
}
