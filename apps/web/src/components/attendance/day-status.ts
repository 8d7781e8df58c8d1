import type { AttendanceDay } from '@hr/contracts/attendance';

/**
 * What a day of attendance says (SPEC.md §3 attendance row), as the
 * attendance report, the profile calendar and the dashboard show it: in
 * words and with an icon beside any colour, never by colour alone.
 */
export const DAY_KINDS = [
  'present',
  'late',
  'absent',
  'leave',
  'remote_work',
  'holiday',
  'weekly_off',
] as const;
export type DayKind = (typeof DAY_KINDS)[number];

export interface DayMark {
  kind: DayKind;
  /** Late: the minutes from the shift's start. */
  minutes?: number;
}

/**
 * The marks of a day, in the order they are shown: what kind of day it is
 * (holiday, weekly off), what covered it (leave, remote work), then how it
 * went (absent; present, and late with its minutes). A day in the future
 * that nothing covers has none.
 */
export function dayMarks(day: AttendanceDay): DayMark[] {
  const marks: DayMark[] = [];
  if (day.holiday) marks.push({ kind: 'holiday' });
  if (day.weekly_off) marks.push({ kind: 'weekly_off' });
  if (day.leave) marks.push({ kind: 'leave' });
  if (day.remote_work) marks.push({ kind: 'remote_work' });
  if (day.absent) marks.push({ kind: 'absent' });
  if (day.present) marks.push({ kind: 'present' });
  if (day.late) marks.push({ kind: 'late', minutes: day.late_in_minute });
  return marks;
}

/**
 * The one kind a day is coloured by where a single colour is drawn (a
 * calendar cell, a bar): the kind of day first (a holiday or weekly off
 * counts for nothing else), then what covered it, then how it went.
 */
const COLOUR_ORDER: readonly DayKind[] = [
  'holiday',
  'weekly_off',
  'leave',
  'absent',
  'late',
  'remote_work',
  'present',
];

export function mainKind(day: AttendanceDay): DayKind | null {
  const kinds = new Set(dayMarks(day).map((m) => m.kind));
  return COLOUR_ORDER.find((k) => kinds.has(k)) ?? null;
}

/** The colour of each kind: strong enough on white and on the dark theme, told apart by an icon as well. */
export const DAY_COLOURS: Record<DayKind, string> = {
  present: '#15803d',
  late: '#d97706',
  absent: '#dc2626',
  leave: '#2563eb',
  remote_work: '#7c3aed',
  holiday: '#db2777',
  weekly_off: '#64748b',
};

/** The holidays' names by day (YYYY-MM-DD), from holidays that may span several days. */
export function holidayNames(
  holidays: readonly { name: string; from: string; to: string }[],
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const h of holidays) {
    const from = h.from.slice(0, 10);
    const to = h.to.slice(0, 10);
    for (let d = from; d <= to; d = nextDay(d)) {
      const names = out.get(d);
      if (names) names.push(h.name);
      else out.set(d, [h.name]);
    }
  }
  return out;
}

/** The calendar day after a YYYY-MM-DD date. */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
