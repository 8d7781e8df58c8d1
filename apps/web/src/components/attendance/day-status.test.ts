import type { AttendanceDay } from '@hr/contracts/attendance';
import { describe, expect, test } from 'vitest';
import { dayMarks, holidayNames, mainKind, nextDay } from './day-status';

const day = (patch: Partial<AttendanceDay> = {}): AttendanceDay => ({
  date: '2026-05-04',
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

describe('dayMarks', () => {
  test('a day on time is present only', () => {
    expect(dayMarks(day({ present: true, punch_in: '08:55' }))).toEqual([{ kind: 'present' }]);
  });

  test('a late day is present and late, with its minutes', () => {
    expect(dayMarks(day({ present: true, late: true, late_in_minute: 27 }))).toEqual([
      { kind: 'present' },
      { kind: 'late', minutes: 27 },
    ]);
  });

  test('the kind of day and what covered it come before how it went', () => {
    expect(dayMarks(day({ working: false, holiday: true, weekly_off: true, present: true }))).toEqual([
      { kind: 'holiday' },
      { kind: 'weekly_off' },
      { kind: 'present' },
    ]);
    expect(dayMarks(day({ remote_work: true, present: true, late: true, late_in_minute: 5 }))).toEqual([
      { kind: 'remote_work' },
      { kind: 'present' },
      { kind: 'late', minutes: 5 },
    ]);
  });

  test('a day in the future that nothing covers has no mark', () => {
    expect(dayMarks(day())).toEqual([]);
    expect(mainKind(day())).toBeNull();
  });
});

describe('mainKind', () => {
  test('a holiday or weekly off wins over what happened on it', () => {
    expect(mainKind(day({ holiday: true, leave: true }))).toBe('holiday');
    expect(mainKind(day({ weekly_off: true, leave: true, present: true }))).toBe('weekly_off');
  });

  test('leave, then absence, then lateness, then remote work, then presence', () => {
    expect(mainKind(day({ leave: true }))).toBe('leave');
    expect(mainKind(day({ absent: true }))).toBe('absent');
    expect(mainKind(day({ remote_work: true, present: true, late: true, late_in_minute: 3 }))).toBe('late');
    expect(mainKind(day({ remote_work: true }))).toBe('remote_work');
    expect(mainKind(day({ present: true }))).toBe('present');
  });
});

describe('holidayNames', () => {
  test('names every day of a holiday, across a month end, and keeps two on one day', () => {
    const names = holidayNames([
      { name: 'Eid', from: '2026-05-30', to: '2026-06-02' },
      { name: 'Founders', from: '2026-06-01', to: '2026-06-01' },
    ]);
    expect([...names.keys()]).toEqual(['2026-05-30', '2026-05-31', '2026-06-01', '2026-06-02']);
    expect(names.get('2026-06-01')).toEqual(['Eid', 'Founders']);
  });

  test('takes dates with a time part by their day', () => {
    expect([...holidayNames([{ name: 'X', from: '2026-02-28T00:00:00Z', to: '2026-03-01' }]).keys()]).toEqual(
      ['2026-02-28', '2026-03-01'],
    );
  });
});

test('nextDay crosses months, leap days and years', () => {
  expect(nextDay('2024-02-28')).toBe('2024-02-29');
  expect(nextDay('2024-02-29')).toBe('2024-03-01');
  expect(nextDay('2025-12-31')).toBe('2026-01-01');
});
