import type { CalendarEntry, CalendarPerson } from '@hr/contracts/leave-policies';
import { describe, expect, it } from 'vitest';
import { addMonths, cellKind, entriesByDay, isMonth, monthDays } from './calendar-days';

const entry = (over: Partial<CalendarEntry>): CalendarEntry => ({
  kind: 'leave',
  from: '2027-03-01',
  to: '2027-03-01',
  from_time: null,
  to_time: null,
  pending: false,
  label: null,
  ...over,
});

describe('the months of the team calendar', () => {
  it('knows a month written YYYY-MM', () => {
    expect(isMonth('2027-03')).toBe(true);
    expect(isMonth('2027-13')).toBe(false);
    expect(isMonth('1999-12')).toBe(false);
    expect(isMonth('2027-3')).toBe(false);
    expect(isMonth(null)).toBe(false);
  });

  it('steps over the years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2027-03', 0)).toBe('2027-03');
  });

  it('has the days of the month with their weekdays, leap years too', () => {
    expect(monthDays('2027-02')).toHaveLength(28);
    expect(monthDays('2028-02')).toHaveLength(29);
    const march = monthDays('2027-03');
    expect(march).toHaveLength(31);
    // 1 March 2027 is a Monday.
    expect(march[0]).toEqual({ date: '2027-03-01', day: 1, weekday: 1 });
    expect(march[30]).toEqual({ date: '2027-03-31', day: 31, weekday: 3 });
  });
});

describe('a person’s days', () => {
  it('puts each entry on the days of the month it covers, one beginning before the month too', () => {
    const person = {
      entries: [
        entry({ from: '2027-02-26', to: '2027-03-02' }),
        entry({ kind: 'holiday', from: '2027-03-02', to: '2027-03-02', label: 'Day' }),
      ],
    } as CalendarPerson;
    const days = entriesByDay(person, monthDays('2027-03'));
    expect([...days.keys()]).toEqual(['2027-03-01', '2027-03-02']);
    expect(days.get('2027-03-02')?.map((e) => e.kind)).toEqual(['leave', 'holiday']);
  });

  it('colours a cell by leave, then holiday, then remote work, then the weekly day off; pending when all of that kind are', () => {
    expect(cellKind(undefined, false)).toBeNull();
    expect(cellKind(undefined, true)).toEqual({ kind: 'weekly_off', pending: false });
    expect(cellKind([entry({ kind: 'remote_work', pending: true })], true)).toEqual({
      kind: 'remote_work',
      pending: true,
    });
    expect(cellKind([entry({ kind: 'remote_work' }), entry({ kind: 'holiday' })], false)?.kind).toBe(
      'holiday',
    );
    expect(cellKind([entry({ pending: true }), entry({ pending: false })], false)).toEqual({
      kind: 'leave',
      pending: false,
    });
  });
});
