import { ATTENDANCE_RANGE_MAX_DAYS, daysInRange } from '@hr/contracts/attendance';
import { isCalendarDate } from '@hr/contracts/dates';

/** A range of days as the API takes it: YYYY-MM-DD, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

export type AttendanceView = 'individual' | 'summary';

/** What /attendance shows, as its address keeps it (so that a link opens the same report). */
export interface AttendanceState {
  view: AttendanceView;
  range: DayRange;
  /** The employee of the individual report; none means the signed-in employee. */
  employeeId: number | undefined;
}

/** The first day of a date's month. */
export const monthStart = (date: string) => `${date.slice(0, 8)}01`;

/** The presets of the range picker (SPEC.md §2): today, and this month so far (no day after today). */
export const todayRange = (today: string): DayRange => ({ from: today, to: today });
export const thisMonthRange = (today: string): DayRange => ({ from: monthStart(today), to: today });

/**
 * A range the report may ask for: real days, the start not after the end,
 * no day after today (future days are disabled) and at most the longest
 * range a report covers.
 */
export function isReportRange(range: DayRange, today: string): boolean {
  return (
    isCalendarDate(range.from) &&
    isCalendarDate(range.to) &&
    range.from <= range.to &&
    range.to <= today &&
    daysInRange(range.from, range.to) <= ATTENDANCE_RANGE_MAX_DAYS
  );
}

const POSITIVE_ID = /^[1-9]\d{0,9}$/;

/** Reads the address's `view`, `from`, `to` and `employee`; anything unusable falls back to the default (this month so far, own report). */
export function readState(params: URLSearchParams, today: string): AttendanceState {
  const view: AttendanceView = params.get('view') === 'summary' ? 'summary' : 'individual';
  const asked = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const range = isReportRange(asked, today) ? asked : thisMonthRange(today);
  const employee = params.get('employee') ?? '';
  return { view, range, employeeId: POSITIVE_ID.test(employee) ? Number(employee) : undefined };
}

/** The address's query for a state: only what differs from the default is written. */
export function writeState(state: AttendanceState, today: string): URLSearchParams {
  const params = new URLSearchParams();
  if (state.view === 'summary') params.set('view', 'summary');
  const fallback = thisMonthRange(today);
  if (state.range.from !== fallback.from || state.range.to !== fallback.to) {
    params.set('from', state.range.from);
    params.set('to', state.range.to);
  }
  if (state.view === 'individual' && state.employeeId !== undefined)
    params.set('employee', String(state.employeeId));
  return params;
}

/**
 * Whether a day may be picked as the other end of a range whose first end is
 * `anchor`: not after today, and the range no longer than a report covers.
 */
export function isPickable(date: string, today: string, anchor?: string): boolean {
  if (date > today) return false;
  if (!anchor) return true;
  const [a, b] = date < anchor ? [date, anchor] : [anchor, date];
  return daysInRange(a, b) <= ATTENDANCE_RANGE_MAX_DAYS;
}
