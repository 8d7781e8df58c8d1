import { type AttendanceDay, attendanceDay } from '@hr/contracts/attendance';
import { describe, expect, it } from 'vitest';
import { attendanceDays, type DayFacts, FALLBACK_SHIFT, type ShiftSpec, totalsOf } from './day-rule';

/**
 * The day rule on hand-made days. March 2025: Mon 3, Tue 4, Wed 5, Thu 6,
 * Fri 7, Sat 8, Sun 9, Mon 10, Tue 11.
 */

const DAY_SHIFT: ShiftSpec = {
  id: 1,
  name: 'General',
  start: '09:00:00',
  end: '18:00:00',
  graceMinutes: 10,
  weeklyOffDays: [5],
};

const NIGHT_SHIFT: ShiftSpec = {
  id: 2,
  name: 'Night',
  start: '22:00',
  end: '06:00',
  graceMinutes: 15,
  weeklyOffDays: [0],
};

/** An employee on the day shift since January, nothing else happened; `today` is well after March. */
function facts(over: Partial<DayFacts> = {}): DayFacts {
  return {
    from: '2025-03-03',
    to: '2025-03-03',
    shifts: [{ from: '2025-01-01', shift: DAY_SHIFT }],
    punches: [],
    holidays: new Set(),
    leaves: [],
    shortLeaves: [],
    remoteWork: [],
    today: '2025-12-31',
    ...over,
  };
}

/** Punches `YYYY-MM-DD HH:mm` as the database gives them (with seconds). */
const punches = (...at: string[]) => at.map((p) => (p.length === 16 ? `${p}:00` : p));

/** The rows of a range, each checked against the shared contract. */
function rows(from: string, to: string, over: Partial<DayFacts> = {}): AttendanceDay[] {
  const result = attendanceDays(facts({ from, to, ...over }));
  for (const row of result) attendanceDay.parse(row);
  return result;
}

/** The row of one date. */
function day(date: string, over: Partial<DayFacts> = {}): AttendanceDay {
  const [row, ...rest] = rows(date, date, over);
  expect(rest).toEqual([]);
  return row!;
}

/** The rows of a range by date. */
function byDate(from: string, to: string, over: Partial<DayFacts> = {}): Record<string, AttendanceDay> {
  return Object.fromEntries(rows(from, to, over).map((r) => [r.date, r]));
}

const MON = '2025-03-03';
const TUE = '2025-03-04';
const FRI = '2025-03-07';

describe('a day shift, 09:00–18:00 with 10 minutes of grace', () => {
  it('gives the whole row of a day on time', () => {
    expect(day(MON, { punches: punches(`${MON} 08:55`, `${MON} 18:05`) })).toEqual({
      date: MON,
      working: true,
      weekly_off: false,
      holiday: false,
      absent: false,
      present: true,
      late: false,
      late_in_minute: 0,
      leave: false,
      remote_work: false,
      punch_in: '08:55',
      punch_out: '18:05',
      shift: { id: 1, name: 'General', start: '09:00', end: '18:00', grace_minutes: 10 },
    });
  });

  it('is not late within the grace, judged on the minute shown', () => {
    for (const at of ['09:00:00', '09:05:00', '09:10:00', '09:10:59']) {
      const row = day(MON, { punches: [`${MON} ${at}`] });
      expect(row, at).toMatchObject({ present: true, late: false, late_in_minute: 0 });
    }
  });

  it('is late past the grace, the minutes counted from the start', () => {
    expect(day(MON, { punches: punches(`${MON} 09:11`) })).toMatchObject({
      late: true,
      late_in_minute: 11,
      punch_in: '09:11',
    });
    expect(day(MON, { punches: [`${MON} 09:47:30`] })).toMatchObject({ late: true, late_in_minute: 47 });
    expect(day(MON, { punches: punches(`${MON} 13:00`) })).toMatchObject({ late: true, late_in_minute: 240 });
  });

  it('counts a shift without grace late from the first minute past the start', () => {
    const strict = { ...DAY_SHIFT, graceMinutes: 0 };
    const over = { shifts: [{ from: '2025-01-01', shift: strict }] };
    expect(day(MON, { ...over, punches: [`${MON} 09:00:59`] })).toMatchObject({ late: false });
    expect(day(MON, { ...over, punches: [`${MON} 09:01:00`] })).toMatchObject({
      late: true,
      late_in_minute: 1,
    });
  });

  it('marks a working day without a punch absent', () => {
    expect(day(MON)).toMatchObject({
      working: true,
      absent: true,
      present: false,
      late: false,
      late_in_minute: 0,
      punch_in: null,
      punch_out: null,
    });
  });

  it('takes a single punch as the punch in, with no punch out', () => {
    expect(day(MON, { punches: punches(`${MON} 08:50`) })).toMatchObject({
      present: true,
      absent: false,
      punch_in: '08:50',
      punch_out: null,
    });
  });

  it('takes the first and the last of many punches, given in any order', () => {
    const row = day(MON, {
      punches: punches(`${MON} 13:00`, `${MON} 18:30`, `${MON} 09:02`, `${MON} 12:00`, `${MON} 08:57`),
    });
    expect(row).toMatchObject({ punch_in: '08:57', punch_out: '18:30', late: false });
  });

  it('counts a punch sent twice at the same second once', () => {
    expect(day(MON, { punches: [`${MON} 09:00:00`, `${MON} 09:00:00`] })).toMatchObject({
      punch_in: '09:00',
      punch_out: null,
    });
  });

  it('owns the punches from 01:30 to 01:30 the next morning', () => {
    const two = byDate(MON, TUE, { punches: punches(`${MON} 08:58`, `${TUE} 01:29`, `${TUE} 01:30`) });
    expect(two[MON]).toMatchObject({ punch_in: '08:58', punch_out: '01:29' });
    expect(two[TUE]).toMatchObject({ punch_in: '01:30', punch_out: null, late: false });
  });

  it('leaves a punch from 01:30 after the last date to the day after the range', () => {
    expect(
      day(MON, { punches: punches(`${MON} 09:00`, `${TUE} 01:29`, `${TUE} 01:30`, `${TUE} 09:00`) }),
    ).toMatchObject({ punch_in: '09:00', punch_out: '01:29' });
  });

  it('leaves a punch before 01:30 of the first date to the day before the range', () => {
    expect(day(MON, { punches: punches(`${MON} 01:00`, `${MON} 09:30`) })).toMatchObject({
      punch_in: '09:30',
      punch_out: null,
      late: true,
      late_in_minute: 30,
    });
  });
});

describe('days off', () => {
  it('does not mark a weekly off absent', () => {
    expect(day(FRI)).toMatchObject({
      working: false,
      weekly_off: true,
      holiday: false,
      absent: false,
      present: false,
      late: false,
    });
  });

  it('shows a weekly off with punches present, never late', () => {
    expect(day(FRI, { punches: punches(`${FRI} 11:30`, `${FRI} 15:00`) })).toMatchObject({
      working: false,
      weekly_off: true,
      present: true,
      absent: false,
      late: false,
      late_in_minute: 0,
      punch_in: '11:30',
      punch_out: '15:00',
    });
  });

  it('does not mark a holiday absent, and its punches are present but never late', () => {
    const holidays = new Set([MON]);
    expect(day(MON, { holidays })).toMatchObject({
      working: false,
      weekly_off: false,
      holiday: true,
      absent: false,
      present: false,
    });
    expect(day(MON, { holidays, punches: punches(`${MON} 12:00`) })).toMatchObject({
      holiday: true,
      present: true,
      late: false,
      late_in_minute: 0,
    });
  });

  it('shows a holiday on a weekly off as both', () => {
    expect(day(FRI, { holidays: new Set([FRI]) })).toMatchObject({
      working: false,
      weekly_off: true,
      holiday: true,
      absent: false,
    });
  });
});

describe('leave and remote work', () => {
  const leaves = [{ from: '2025-03-02', to: '2025-03-04' }];

  it('does not mark a day of full-day leave absent', () => {
    expect(day(MON, { leaves })).toMatchObject({ leave: true, absent: false, present: false, late: false });
  });

  it('shows a day of full-day leave with punches as present, never late', () => {
    expect(day(TUE, { leaves, punches: punches(`${TUE} 11:00`, `${TUE} 15:00`) })).toMatchObject({
      leave: true,
      present: true,
      absent: false,
      late: false,
      late_in_minute: 0,
      punch_in: '11:00',
      punch_out: '15:00',
    });
  });

  it('counts only the dates inside the leave', () => {
    expect(day('2025-03-05', { leaves })).toMatchObject({ leave: false, absent: true });
  });

  it('does not mark a day of whole-day remote work absent, nor late when punches come', () => {
    const remoteWork = [{ from: MON, to: TUE }];
    expect(day(MON, { remoteWork })).toMatchObject({ remote_work: true, absent: false, present: false });
    expect(day(TUE, { remoteWork, punches: punches(`${TUE} 12:00`) })).toMatchObject({
      remote_work: true,
      present: true,
      late: false,
    });
    const nullTimes = [{ from: MON, to: MON, fromTime: null, toTime: null }];
    expect(day(MON, { remoteWork: nullTimes })).toMatchObject({ remote_work: true, absent: false });
  });

  it('moves the expected arrival to the end of remote hours covering the start', () => {
    const remoteWork = [{ from: MON, to: TUE, fromTime: '08:00:00', toTime: '11:00:00' }];
    expect(day(MON, { remoteWork, punches: punches(`${MON} 11:10`) })).toMatchObject({
      remote_work: true,
      late: false,
    });
    // On every day of the application, counted from 11:00.
    expect(day(TUE, { remoteWork, punches: punches(`${TUE} 11:25`) })).toMatchObject({
      remote_work: true,
      late: true,
      late_in_minute: 25,
    });
  });

  it('still marks a day absent when remote hours leave part of the shift and no punch comes', () => {
    const remoteWork = [{ from: MON, to: MON, fromTime: '09:00', toTime: '13:00' }];
    expect(day(MON, { remoteWork })).toMatchObject({ remote_work: true, absent: true });
  });

  it('moves the expected arrival to the end of a short leave covering the start', () => {
    const shortLeaves = [{ date: MON, from: '09:00', to: '11:00' }];
    expect(day(MON, { shortLeaves, punches: punches(`${MON} 10:55`) })).toMatchObject({ late: false });
    expect(day(MON, { shortLeaves, punches: punches(`${MON} 11:10`) })).toMatchObject({ late: false });
    expect(day(MON, { shortLeaves, punches: punches(`${MON} 11:12`) })).toMatchObject({
      late: true,
      late_in_minute: 12,
      leave: false,
    });
    const early = [{ date: MON, from: '08:30:00', to: '10:00:00' }];
    expect(day(MON, { shortLeaves: early, punches: punches(`${MON} 10:20`) })).toMatchObject({
      late: true,
      late_in_minute: 20,
    });
  });

  it('leaves lateness alone for a short leave elsewhere in the day', () => {
    const afternoon = [{ date: MON, from: '14:00', to: '18:00' }];
    expect(day(MON, { shortLeaves: afternoon, punches: punches(`${MON} 09:20`) })).toMatchObject({
      late: true,
      late_in_minute: 20,
    });
    // Ending at the start does not cover it.
    const before = [{ date: MON, from: '07:00', to: '09:00' }];
    expect(day(MON, { shortLeaves: before, punches: punches(`${MON} 09:20`) })).toMatchObject({
      late: true,
      late_in_minute: 20,
    });
    // A short leave of another date changes nothing.
    const otherDay = [{ date: TUE, from: '09:00', to: '11:00' }];
    expect(day(MON, { shortLeaves: otherDay, punches: punches(`${MON} 09:20`) })).toMatchObject({
      late_in_minute: 20,
    });
  });

  it('still marks a day absent with only a short leave and no punch', () => {
    const shortLeaves = [{ date: MON, from: '09:00', to: '11:00' }];
    expect(day(MON, { shortLeaves })).toMatchObject({ absent: true, leave: false, present: false });
  });

  it('chains a short leave and remote hours that follow each other', () => {
    const over = {
      shortLeaves: [{ date: MON, from: '09:00', to: '11:00' }],
      remoteWork: [{ from: MON, to: MON, fromTime: '11:00', toTime: '13:00' }],
    };
    expect(day(MON, { ...over, punches: punches(`${MON} 13:05`) })).toMatchObject({ late: false });
    expect(day(MON, { ...over, punches: punches(`${MON} 13:30`) })).toMatchObject({
      late: true,
      late_in_minute: 30,
    });
  });

  it('does not mark a day absent when short leave and remote hours cover the whole shift', () => {
    const over = {
      shortLeaves: [{ date: MON, from: '08:00', to: '13:00' }],
      remoteWork: [{ from: MON, to: MON, fromTime: '12:00', toTime: '18:00' }],
    };
    expect(day(MON, over)).toMatchObject({ absent: false, leave: false, remote_work: true });
    expect(day(MON, { ...over, punches: punches(`${MON} 17:00`) })).toMatchObject({
      present: true,
      late: false,
    });
    const whole = [{ date: MON, from: '09:00', to: '18:00' }];
    expect(day(MON, { shortLeaves: whole })).toMatchObject({ absent: false });
    const notQuite = [{ date: MON, from: '09:00', to: '17:59' }];
    expect(day(MON, { shortLeaves: notQuite })).toMatchObject({ absent: true });
  });

  it('shows leave and remote work on days off too', () => {
    expect(
      day(FRI, { leaves: [{ from: FRI, to: FRI }], remoteWork: [{ from: FRI, to: FRI }] }),
    ).toMatchObject({
      weekly_off: true,
      leave: true,
      remote_work: true,
      absent: false,
    });
  });
});

describe('a night shift, 22:00–06:00 with 15 minutes of grace, Sunday off', () => {
  const night = { shifts: [{ from: '2025-01-01', shift: NIGHT_SHIFT }] };

  it('takes the morning punch after midnight as the punch out, and the same evening as the next punch in', () => {
    const days = byDate(MON, '2025-03-05', {
      ...night,
      punches: punches(
        `${MON} 21:50`,
        `${TUE} 05:50`,
        `${TUE} 21:55`,
        '2025-03-05 06:10',
        '2025-03-05 22:00',
      ),
    });
    expect(days[MON]).toMatchObject({
      punch_in: '21:50',
      punch_out: '05:50',
      present: true,
      late: false,
      absent: false,
      shift: { id: 2, name: 'Night', start: '22:00', end: '06:00', grace_minutes: 15 },
    });
    expect(days[TUE]).toMatchObject({ punch_in: '21:55', punch_out: '06:10', late: false });
    expect(days['2025-03-05']).toMatchObject({ punch_in: '22:00', punch_out: null, late: false });
  });

  it('owns the punches from 14:00 to 14:00 the next day', () => {
    const days = byDate(MON, TUE, {
      ...night,
      punches: punches(`${MON} 13:59`, `${MON} 14:00`, `${TUE} 13:59`),
    });
    expect(days[MON]).toMatchObject({ punch_in: '14:00', punch_out: '13:59' });
    expect(days[TUE]).toMatchObject({ present: false, absent: true });
  });

  it('leaves the punches from 14:00 after the last night to the next one', () => {
    expect(
      day(MON, { ...night, punches: punches(`${MON} 22:00`, `${TUE} 13:59`, `${TUE} 14:00`) }),
    ).toMatchObject({
      punch_in: '22:00',
      punch_out: '13:59',
    });
  });

  it('is late past the grace, also when the punch in comes after midnight', () => {
    expect(day(MON, { ...night, punches: punches(`${MON} 22:15`) })).toMatchObject({ late: false });
    expect(day(MON, { ...night, punches: punches(`${MON} 22:20`, `${TUE} 06:00`) })).toMatchObject({
      late: true,
      late_in_minute: 20,
    });
    expect(day(MON, { ...night, punches: punches(`${TUE} 00:30`, `${TUE} 06:00`) })).toMatchObject({
      late: true,
      late_in_minute: 150,
      punch_in: '00:30',
      punch_out: '06:00',
    });
  });

  it('marks a night without a punch absent, even when the morning after has one of the next night', () => {
    // Tuesday 05:50 is Monday's punch out; Tuesday night has nothing.
    const days = byDate(MON, TUE, { ...night, punches: punches(`${MON} 22:00`, `${TUE} 05:50`) });
    expect(days[TUE]).toMatchObject({ absent: true, present: false });
  });

  it('takes a short leave over the start into account', () => {
    const shortLeaves = [{ date: MON, from: '22:00', to: '00:00' }];
    expect(day(MON, { ...night, shortLeaves, punches: punches(`${TUE} 00:10`) })).toMatchObject({
      late: false,
    });
    expect(day(MON, { ...night, shortLeaves, punches: punches(`${TUE} 00:20`) })).toMatchObject({
      late: true,
      late_in_minute: 20,
    });
  });

  it('has its own weekly off: Sunday, not Friday', () => {
    expect(day(FRI, night)).toMatchObject({ working: true, weekly_off: false, absent: true });
    expect(day('2025-03-09', night)).toMatchObject({ working: false, weekly_off: true, absent: false });
  });
});

describe('a shift change within the range', () => {
  // Day shift (Friday off) until Tuesday, nights (Sunday off) Wednesday to Sunday, day shift again from Monday 10.
  const shifts = [
    { from: '2025-01-01', shift: DAY_SHIFT },
    { from: '2025-03-05', shift: NIGHT_SHIFT },
    { from: '2025-03-10', shift: DAY_SHIFT },
  ];

  it('judges each date against its own shift, windows and weekly off', () => {
    const days = byDate(MON, '2025-03-11', {
      shifts,
      punches: punches(
        `${MON} 09:00`,
        `${MON} 18:00`,
        // Tuesday, the last day shift, leaves late: 02:00 on Wednesday is still Tuesday's.
        `${TUE} 08:58`,
        '2025-03-05 02:00',
        // Wednesday, the first night.
        '2025-03-05 21:58',
        '2025-03-06 06:01',
        // Thursday night, late.
        '2025-03-06 22:30',
        '2025-03-07 06:00',
        // Friday is a working night now.
        '2025-03-07 21:59',
        '2025-03-08 06:00',
        // Saturday night: nothing. Sunday: off.
        // Monday 10, back on the day shift: its morning punch is its own, not the night before's.
        '2025-03-10 08:55',
        '2025-03-10 18:00',
        '2025-03-11 09:15',
        '2025-03-11 18:00',
      ),
    });
    expect(Object.keys(days)).toEqual([
      MON,
      TUE,
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
      '2025-03-08',
      '2025-03-09',
      '2025-03-10',
      '2025-03-11',
    ]);
    expect(days[MON]).toMatchObject({ shift: { id: 1 }, punch_in: '09:00', punch_out: '18:00', late: false });
    expect(days[TUE]).toMatchObject({ shift: { id: 1 }, punch_in: '08:58', punch_out: '02:00', late: false });
    expect(days['2025-03-05']).toMatchObject({
      shift: { id: 2 },
      punch_in: '21:58',
      punch_out: '06:01',
      late: false,
    });
    expect(days['2025-03-06']).toMatchObject({
      punch_in: '22:30',
      punch_out: '06:00',
      late: true,
      late_in_minute: 30,
    });
    expect(days['2025-03-07']).toMatchObject({
      working: true,
      weekly_off: false,
      punch_in: '21:59',
      punch_out: '06:00',
      absent: false,
    });
    expect(days['2025-03-08']).toMatchObject({ working: true, absent: true, present: false });
    expect(days['2025-03-09']).toMatchObject({
      shift: { id: 2 },
      weekly_off: true,
      absent: false,
      present: false,
    });
    expect(days['2025-03-10']).toMatchObject({
      shift: { id: 1 },
      punch_in: '08:55',
      punch_out: '18:00',
      late: false,
      absent: false,
    });
    expect(days['2025-03-11']).toMatchObject({ late: true, late_in_minute: 15 });
  });

  it('draws the line between a night and the next day shift halfway between 06:00 and 09:00', () => {
    const days = byDate('2025-03-09', '2025-03-10', {
      shifts: [
        { from: '2025-01-01', shift: { ...NIGHT_SHIFT, weeklyOffDays: [6] } },
        { from: '2025-03-10', shift: DAY_SHIFT },
      ],
      punches: punches('2025-03-09 22:00', '2025-03-10 07:29', '2025-03-10 07:30', '2025-03-10 18:00'),
    });
    expect(days['2025-03-09']).toMatchObject({ punch_in: '22:00', punch_out: '07:29' });
    expect(days['2025-03-10']).toMatchObject({ punch_in: '07:30', punch_out: '18:00', late: false });
  });

  it('draws the line between a day shift and the next night halfway between 18:00 and 22:00 the next day', () => {
    const days = byDate(TUE, '2025-03-05', {
      shifts,
      punches: punches(`${TUE} 09:00`, '2025-03-05 07:59', '2025-03-05 08:00', '2025-03-05 22:00'),
    });
    expect(days[TUE]).toMatchObject({ punch_in: '09:00', punch_out: '07:59' });
    expect(days['2025-03-05']).toMatchObject({ punch_in: '08:00', punch_out: '22:00', late: false });
  });

  it('gives the same row for a date whatever day the range starts on', () => {
    const all = punches('2025-03-09 22:00', '2025-03-10 06:00', '2025-03-10 08:55', '2025-03-10 18:00');
    const over = { shifts, punches: all };
    const alone = day('2025-03-10', over);
    expect(alone).toMatchObject({ punch_in: '08:55', punch_out: '18:00' });
    expect(byDate('2025-03-09', '2025-03-10', over)['2025-03-10']).toEqual(alone);
  });
});

describe('dates without a shift period', () => {
  it('judges them against 09:00–18:00 without grace and Friday off, with no shift shown', () => {
    const days = byDate('2025-03-06', '2025-03-10', {
      shifts: [{ from: '2025-03-09', shift: NIGHT_SHIFT }],
      punches: punches('2025-03-06 09:01', '2025-03-06 18:00', '2025-03-08 09:00'),
    });
    expect(days['2025-03-06']).toMatchObject({
      shift: null,
      working: true,
      late: true,
      late_in_minute: 1,
      punch_out: '18:00',
    });
    expect(days['2025-03-07']).toMatchObject({ shift: null, weekly_off: true, absent: false });
    expect(days['2025-03-08']).toMatchObject({ shift: null, late: false, punch_in: '09:00' });
    expect(days['2025-03-09']).toMatchObject({ shift: { id: 2 }, weekly_off: true });
    expect(days['2025-03-10']).toMatchObject({ shift: { id: 2 }, absent: true });
    expect(FALLBACK_SHIFT).toMatchObject({
      start: '09:00',
      end: '18:00',
      graceMinutes: 0,
      weeklyOffDays: [5],
    });
  });

  it('judges a range with no period at all the same way', () => {
    expect(day(MON, { shifts: [] })).toMatchObject({ shift: null, working: true, absent: true });
  });
});

describe('future days', () => {
  it('are neither absent nor late, and show no punch', () => {
    const days = byDate(MON, '2025-03-06', {
      today: TUE,
      punches: punches(`${TUE} 09:30`, '2025-03-05 09:30', '2025-03-05 18:00'),
      leaves: [{ from: '2025-03-06', to: '2025-03-06' }],
    });
    expect(days[MON]).toMatchObject({ absent: true });
    // Today is judged.
    expect(days[TUE]).toMatchObject({ late: true, late_in_minute: 30, present: true });
    expect(days['2025-03-05']).toMatchObject({
      working: true,
      absent: false,
      present: false,
      late: false,
      late_in_minute: 0,
      punch_in: null,
      punch_out: null,
    });
    expect(days['2025-03-06']).toMatchObject({ leave: true, absent: false });
  });

  it('today: nobody is absent before the shift has started and its grace run out', () => {
    expect(day(MON, { now: `${MON} 08:00` })).toMatchObject({ working: true, absent: false, present: false });
    expect(day(MON, { now: `${MON} 09:10` })).toMatchObject({ absent: false });
    expect(day(MON, { now: `${MON} 09:11` })).toMatchObject({ absent: true });
    // Arrived already: present, late once past the grace.
    expect(day(MON, { now: `${MON} 09:40`, punches: punches(`${MON} 09:30`) })).toMatchObject({
      present: true,
      late: true,
      late_in_minute: 30,
    });
    // A night shift starting this evening is not absent this afternoon.
    expect(
      day(MON, { now: `${MON} 15:00`, shifts: [{ from: '2025-01-01', shift: NIGHT_SHIFT }] }),
    ).toMatchObject({ absent: false });
  });

  it('still show their weekly off and holiday', () => {
    expect(day(FRI, { today: MON })).toMatchObject({ weekly_off: true, working: false, absent: false });
  });
});

describe('the range', () => {
  it('has one row per date in order, across a month end', () => {
    expect(rows('2025-02-27', '2025-03-02').map((r) => r.date)).toEqual([
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
      '2025-03-02',
    ]);
  });

  it('is empty when it ends before it starts', () => {
    expect(rows(TUE, MON)).toEqual([]);
  });

  it('refuses a punch that is not a date and time', () => {
    expect(() => attendanceDays(facts({ punches: ['yesterday'] }))).toThrow(/punch/);
  });
});

describe('totals', () => {
  it('counts the rows of a week', () => {
    const week = rows(MON, '2025-03-09', {
      holidays: new Set(['2025-03-08']),
      leaves: [{ from: '2025-03-06', to: '2025-03-07' }],
      remoteWork: [{ from: '2025-03-05', to: '2025-03-05' }],
      punches: punches(
        `${MON} 09:25`, // late 25
        `${TUE} 09:40`, // late 40
        '2025-03-05 09:00', // remote work, present
        '2025-03-07 10:00', // Friday off, on leave, present
        '2025-03-09 09:00', // Sunday, on time
      ),
    });
    // Mon, Tue, Wed (remote), Thu (leave), Sun: working; Fri off; Sat holiday.
    expect(totalsOf(week)).toEqual({
      working_days: 5,
      present: 4,
      absent: 0,
      late: 2,
      late_minutes: 65,
      leave: 1,
      remote_work: 1,
    });
  });

  it('counts absent days', () => {
    expect(totalsOf(rows(MON, '2025-03-07'))).toEqual({
      working_days: 4,
      present: 0,
      absent: 4,
      late: 0,
      late_minutes: 0,
      leave: 0,
      remote_work: 0,
    });
  });

  it('is all zero for no days', () => {
    expect(totalsOf([])).toEqual({
      working_days: 0,
      present: 0,
      absent: 0,
      late: 0,
      late_minutes: 0,
      leave: 0,
      remote_work: 0,
    });
  });
});
