import type { AttendanceDay } from '@hr/contracts/attendance';
import { type DayKind, mainKind } from '../../components/attendance/day-status';

/** One day of the chart: its kind (the colour of its bar) and its late minutes. */
export interface ChartPoint {
  date: string;
  /** null: a day not judged yet (after today) that nothing covers. */
  kind: DayKind | null;
  /** The status strip's bar: 1 for a day with a kind, 0 without one. */
  mark: number;
  lateMinutes: number;
}

export function chartPoints(rows: readonly AttendanceDay[]): ChartPoint[] {
  return rows.map((day) => {
    const kind = mainKind(day);
    return { date: day.date, kind, mark: kind ? 1 : 0, lateMinutes: day.late ? day.late_in_minute : 0 };
  });
}

/** The kinds the chart has days of, in the legend's order, so the legend names only what is drawn. */
export function kindsIn(points: readonly ChartPoint[], order: readonly DayKind[]): DayKind[] {
  const seen = new Set(points.map((p) => p.kind));
  return order.filter((k) => seen.has(k));
}

/** The day with the most late minutes (the first of equals), for the chart's summary; null without a late day. */
export function worstLateDay(points: readonly ChartPoint[]): ChartPoint | null {
  let worst: ChartPoint | null = null;
  for (const p of points) if (p.lateMinutes > 0 && (!worst || p.lateMinutes > worst.lateMinutes)) worst = p;
  return worst;
}

/**
 * The marks of the minutes axis: from 0 in equal steps of 1, 2 or 5 times a
 * power of ten (whole minutes), about four of them, the last at or above the
 * most minutes late; 0 to 4 when nobody was late.
 */
export function minuteTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return Array.from({ length: count + 1 }, (_, i) => i);
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, ([1, 2, 5, 10].find((m) => m * power >= rough) ?? 10) * power);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

/**
 * Which days the date axis names, at least `gap` pixels apart when each day
 * is `band` pixels wide: every so many days from the first, and always the
 * last (the one before it left out where they would run into each other).
 */
export function labelledDays(days: number, band: number, gap: number): number[] {
  if (days <= 0) return [];
  const every = Math.max(1, Math.ceil(gap / Math.max(band, 0.001)));
  const shown: number[] = [];
  for (let i = 0; i < days; i += every) shown.push(i);
  const last = days - 1;
  if (shown.at(-1) !== last) {
    if (shown.length > 1 && last - shown.at(-1)! < every) shown.pop();
    shown.push(last);
  }
  return shown;
}
