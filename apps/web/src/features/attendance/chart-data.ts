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
