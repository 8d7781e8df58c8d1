import type { CalendarEntry, CalendarKind, CalendarPerson } from '@hr/contracts/leave-policies';

/**
 * The team calendar's month as days and cells: which days a month has, what
 * each person's day holds, and the one kind a cell is coloured by. Kept apart
 * from the page so the rules read (and are tested) on their own.
 */

/** A month as `YYYY-MM`. */
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: string | null | undefined): value is string {
  return Boolean(value && MONTH.test(value) && Number(value.slice(0, 4)) >= 2000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The month `n` months after `month` (before, for a negative `n`). */
export function addMonths(month: string, n: number): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7)) - 1 + n;
  const date = new Date(Date.UTC(y, m, 1));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
}

export interface MonthDay {
  /** YYYY-MM-DD */
  date: string;
  day: number;
  /** 0 Sunday .. 6 Saturday */
  weekday: number;
}

/** Every day of a month. */
export function monthDays(month: string): MonthDay[] {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => ({
    date: `${month}-${pad(i + 1)}`,
    day: i + 1,
    weekday: new Date(Date.UTC(y, m - 1, i + 1)).getUTCDay(),
  }));
}

/** A person's entries by day (YYYY-MM-DD), on the days of `days` they cover. */
export function entriesByDay(
  person: CalendarPerson,
  days: readonly MonthDay[],
): Map<string, CalendarEntry[]> {
  const out = new Map<string, CalendarEntry[]>();
  for (const d of days) {
    const covering = person.entries.filter((e) => e.from <= d.date && d.date <= e.to);
    if (covering.length > 0) out.set(d.date, covering);
  }
  return out;
}

/** What a cell may be coloured by: an entry's kind, or the person's weekly day off. */
export type CellKind = CalendarKind | 'weekly_off';

/** The order a cell's colour is chosen in: being away first, then the kind of day, then working elsewhere. */
const COLOUR_ORDER: readonly CalendarKind[] = ['leave', 'holiday', 'remote_work'];

/** The kind a cell is coloured by, and whether that is only pending; null for a plain working day. */
export function cellKind(
  entries: readonly CalendarEntry[] | undefined,
  weeklyOff: boolean,
): { kind: CellKind; pending: boolean } | null {
  for (const kind of COLOUR_ORDER) {
    const of = (entries ?? []).filter((e) => e.kind === kind);
    if (of.length > 0) return { kind, pending: of.every((e) => e.pending) };
  }
  return weeklyOff ? { kind: 'weekly_off', pending: false } : null;
}
