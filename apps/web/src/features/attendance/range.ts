import { ATTENDANCE_RANGE_MAX_DAYS, daysInRange } from '@hr/contracts/attendance-report';
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

/** A YYYY-MM-DD day moved by a number of days. */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The range after one of its ends was chosen (`moved`): the other end moves
 * with it where the range would run backwards (to the same day) or be longer
 * than a report covers (to the farthest day it may be), so the range the
 * report asks for is always one it takes.
 */
export function fitRange(range: DayRange, moved: 'from' | 'to'): DayRange {
  const { from, to } = range;
  if (moved === 'from') {
    if (to < from) return { from, to: from };
    if (daysInRange(from, to) > ATTENDANCE_RANGE_MAX_DAYS)
      return { from, to: addDays(from, ATTENDANCE_RANGE_MAX_DAYS - 1) };
    return range;
  }
  if (from > to) return { from: to, to };
  if (daysInRange(from, to) > ATTENDANCE_RANGE_MAX_DAYS)
    return { from: addDays(to, -(ATTENDANCE_RANGE_MAX_DAYS - 1)), to };
  return range;
}
