import type { AttendanceDay } from '@hr/contracts/attendance';
import { describe, expect, test } from 'vitest';
import { DAY_KINDS } from '../../components/attendance/day-status';
import { chartPoints, kindsIn, worstLateDay } from './chart-data';

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
