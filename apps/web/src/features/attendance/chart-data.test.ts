import type { AttendanceDay } from '@hr/contracts/attendance';
import { describe, expect, test } from 'vitest';
import { DAY_KINDS } from '../../components/attendance/day-status';
import { chartPoints, kindsIn, labelledDays, minuteTicks, worstLateDay } from './chart-data';

const day = (date: string, patch: Partial<AttendanceDay> = {}): AttendanceDay => ({
  date,
  working: true,
  weekly_off: false,
  holiday: false,
  absent: false,
  present: false,
  late: false,
  late_in_minute: 0,
  leave: false,
  remote_work: false,
  punch_in: null,
  punch_out: null,
  shift: null,
  ...patch,
});

const rows = [
  day('2026-05-03', { present: true }),
  day('2026-05-04', { present: true, late: true, late_in_minute: 25 }),
  day('2026-05-05', { absent: true }),
  day('2026-05-06', { present: true, late: true, late_in_minute: 40 }),
  day('2026-05-07', { present: true, late: true, late_in_minute: 40 }),
  day('2026-05-08', { working: false, weekly_off: true }),
  day('2026-05-09'),
];

describe('chartPoints', () => {
  test('a point per day with its kind, a bar for judged days and the minutes of late ones', () => {
    expect(chartPoints(rows)).toEqual([
      { date: '2026-05-03', kind: 'present', mark: 1, lateMinutes: 0 },
      { date: '2026-05-04', kind: 'late', mark: 1, lateMinutes: 25 },
      { date: '2026-05-05', kind: 'absent', mark: 1, lateMinutes: 0 },
      { date: '2026-05-06', kind: 'late', mark: 1, lateMinutes: 40 },
      { date: '2026-05-07', kind: 'late', mark: 1, lateMinutes: 40 },
      { date: '2026-05-08', kind: 'weekly_off', mark: 1, lateMinutes: 0 },
      { date: '2026-05-09', kind: null, mark: 0, lateMinutes: 0 },
    ]);
  });

  test('minutes count only on a late day', () => {
    expect(chartPoints([day('2026-05-03', { present: true, late_in_minute: 12 })])[0]!.lateMinutes).toBe(0);
  });
});

test('kindsIn names the kinds drawn, in the given order', () => {
  expect(kindsIn(chartPoints(rows), DAY_KINDS)).toEqual(['present', 'late', 'absent', 'weekly_off']);
  expect(kindsIn([], DAY_KINDS)).toEqual([]);
});

test('worstLateDay is the first day with the most minutes, or none', () => {
  expect(worstLateDay(chartPoints(rows))?.date).toBe('2026-05-06');
  expect(worstLateDay(chartPoints(rows.slice(0, 1)))).toBeNull();
});

describe('minuteTicks', () => {
  test('about four equal steps of 1, 2 or 5 times ten to a power, the last at or above the most', () => {
    expect(minuteTicks(61)).toEqual([0, 20, 40, 60, 80]);
    expect(minuteTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(minuteTicks(231)).toEqual([0, 100, 200, 300]);
    expect(minuteTicks(7)).toEqual([0, 2, 4, 6, 8]);
  });

  test('whole minutes only, and 0 to 4 when nobody was late', () => {
    expect(minuteTicks(1)).toEqual([0, 1]);
    expect(minuteTicks(3)).toEqual([0, 1, 2, 3]);
    expect(minuteTicks(0)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('labelledDays', () => {
  test('every day when there is room for each', () => {
    expect(labelledDays(7, 120, 52)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  test('every few days from the first, and the last, never two running into each other', () => {
    // 61 days of 14.7 px: a label every 4 days, the last among them.
    expect(labelledDays(61, 14.7, 52)).toEqual([0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60]);
    // 60 days: the 57th gives way to the last.
    expect(labelledDays(60, 14.7, 52)).toEqual([0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 59]);
    expect(labelledDays(9, 20, 52)).toEqual([0, 3, 8]);
    expect(labelledDays(1, 900, 52)).toEqual([0]);
    expect(labelledDays(0, 900, 52)).toEqual([]);
  });
});
