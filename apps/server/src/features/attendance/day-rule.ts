import type { AttendanceDay, AttendanceTotals } from '@hr/contracts/attendance';
import { officeNow } from '../../lib/office-clock';

/**
 * The day rule of attendance (DESIGN.md §7), as a pure function over one
 * employee's facts for a range: no database, so every case is a unit test
 * with hand-made days.
 *
 * The rule, day by day:
 * - The shift of a date is the period with the latest `from` on or before it.
 *   Without one the row's `shift` is null and the day is judged against
 *   `FALLBACK_SHIFT` (09:00–18:00, no grace, Friday off: the company's usual
 *   week); the caller normally always gives a period.
 * - Weekly off: the weekday is one of the shift's off days. Holiday: the date
 *   is a holiday. Working: neither. A day that is not working is never absent
 *   or late (its punches still make it present).
 * - The shift's day window: a date d owns the punches from
 *   `d + start - W` to `d + start - W + 24h` (end excluded), W being half the
 *   time between the shift's end and the next start. A 09:00–18:00 shift owns
 *   d 01:30 to d+1 01:30; a 22:00–06:00 shift d 14:00 to d+1 14:00, so the
 *   morning punch after a night is that night's punch out.
 * - Where the shift changes from one date to the next, the line between the
 *   two days is drawn the same way: halfway between the first day's shift end
 *   and the next day's shift start (with one shift on both days this is
 *   exactly the window above). Windows never overlap and leave no gap, so a
 *   punch counts once, for one day. (Each day keeping its own 24-hour window
 *   would hand a whole morning to the day before: after a 22:00–06:00 night,
 *   a 09:00 punch of the first 09:00–18:00 day would fall in the night's
 *   window, which runs to 14:00.) After a night ending 06:00, a day starting
 *   09:00 owns its punches from 07:30; before a night starting 22:00, a day
 *   ending 18:00 owns them up to 08:00 of the night's date.
 * - The day before `from` is laid out too (and dropped), so the line at the
 *   range's start is where it would be in any longer range: a day's row does
 *   not depend on where the range starts. The punches the rule may look at
 *   thus run from `from - 1` 00:00 to `to + 1` 23:59:59 (a day past either
 *   end); others are left out.
 * - punch_in: the first punch of the window; punch_out: the last one when
 *   there are two or more. Punches at the same second count once (a device
 *   sending a punch twice). Both are shown as `HH:mm` on the wall clock.
 * - Late: a working day with a punch in after `start + grace`. Lateness is
 *   judged in whole minutes, on the minute the row shows (a punch at
 *   09:10:59 with ten minutes of grace on a 09:00 shift is on time), and
 *   late_in_minute counts from the start, not from the end of the grace.
 *   Approved short leave and hours of remote work on the date that cover the
 *   shift's start move the expected arrival to their end (touching or
 *   overlapping parts chain: 09:00–11:00 leave then 11:00–13:00 remote work
 *   expects 13:00); the grace then runs from there, and so do the minutes.
 *   Such hours elsewhere in the day change nothing for lateness.
 * - A day covered whole (full-day leave, whole-day remote work, or short
 *   leave and remote hours together spanning the shift from start to end) is
 *   never late and never absent; with punches it is present too.
 * - Absent: a working day, not in the future, with no punch and not covered
 *   whole. Short leave or remote hours that leave part of the shift
 *   uncovered do not save a day without a punch.
 * - leave / remote_work: the date lies within approved full-day leave / an
 *   approved remote-work application (whole days, or hours on each of its
 *   days when it has both a start and an end time), on any kind of day; the
 *   totals count them on working days only.
 * - Days after `today` (default: today on the server's clock) are not
 *   judged: no punches, not present, not absent, not late; their weekly-off,
 *   holiday, leave and remote-work flags still show (the profile calendar
 *   colours them). Today is judged up to `now`: a working day is absent only
 *   once its shift's start and grace have passed without a punch.
 *
 * Times are wall-clock times on the office's clock and all arithmetic is on
 * that clock, with no time zone: every day has 24 hours. Hours of short leave
 * or remote work that end at or before their start run past midnight. A
 * date, time or punch that does not parse throws: a report is not built on
 * facts it cannot read.
 */

/** A shift as the rule needs it. Times are `HH:mm` (or `HH:mm:ss`) on the office's clock. */
export interface ShiftSpec {
  id: number;
  name: string;
  start: string;
  /** At or before `start`: the shift ends the next morning (a night shift). */
  end: string;
  graceMinutes: number;
  /** Days of the week off, 0 Sunday .. 6 Saturday. */
  weeklyOffDays: readonly number[];
}

/** A shift valid from a date on, until the next period's date. Sorted by `from`; the first may start before the range. */
export interface ShiftPeriod {
  from: string;
  shift: ShiftSpec;
}

/** What happened in the range, as the database holds it. Only approved leave and remote work count. */
export interface DayFacts {
  /** `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
  shifts: readonly ShiftPeriod[];
  /** Punches as `YYYY-MM-DD HH:mm:ss` on the office's clock, in any order; may reach a day past either end. */
  punches: readonly string[];
  /** Holiday dates `YYYY-MM-DD`. */
  holidays: ReadonlySet<string>;
  /** Approved full-day leave, dates included. */
  leaves: readonly { from: string; to: string }[];
  /** Approved short leave: a part of one day (`HH:mm`). */
  shortLeaves: readonly { date: string; from: string; to: string }[];
  /**
   * Approved remote work: whole days (no times), or hours within each of its
   * days (`fromTime`/`toTime`, remote-work type 1).
   */
  remoteWork: readonly { from: string; to: string; fromTime?: string | null; toTime?: string | null }[];
  /** `YYYY-MM-DD`: the days after it are not judged yet. Default: today on the server's clock. */
  today?: string;
  /**
   * The moment of judging, `YYYY-MM-DD HH:mm[:ss]` on the office's clock: a
   * day whose shift start plus grace has not come yet is not absent (this
   * morning before 09:15 on a 09:00 shift). Default: the end of `today` when
   * it is given, else the server's clock now.
   */
  now?: string;
}

/**
 * The shift a date without any shift period is judged against (its row shows
 * `shift: null`): the office's usual day, 09:00–18:00, no grace, Friday off.
 */
export const FALLBACK_SHIFT: ShiftSpec = {
  id: 0,
  name: 'Default',
  start: '09:00',
  end: '18:00',
  graceMinutes: 0,
  weeklyOffDays: [5],
};

/** Seconds in a day. Moments below are seconds on the office's clock since 1970-01-01 00:00. */
const DAY = 86_400;

/** The day number of a `YYYY-MM-DD` date (1970-01-01 is 0). */
function dayNumber(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`Not a date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000;
}

function dateOf(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** 0 Sunday .. 6 Saturday (1970-01-01 was a Thursday). */
function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Seconds since midnight of `HH:mm` or `HH:mm:ss`. */
function secondsOf(time: string): number {
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!m) throw new Error(`Not a time: ${time}`);
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0);
}

/** The moment of a punch `YYYY-MM-DD HH:mm[:ss[.fff]]` (a `T` between date and time is taken too). */
function punchMoment(punch: string): number {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?$/.exec(punch);
  if (!m) throw new Error(`Not a punch time: ${punch}`);
  return dayNumber(m[1]!) * DAY + secondsOf(m[2]!);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `HH:mm` of a moment or of seconds since midnight. */
function clock(moment: number): string {
  const s = ((moment % DAY) + DAY) % DAY;
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}`;
}

/** A shift's start, length and W (the window opens W before the start), in seconds. */
function geometry(shift: ShiftSpec): { start: number; length: number; lead: number } {
  const start = secondsOf(shift.start);
  const length = (((secondsOf(shift.end) - start) % DAY) + DAY) % DAY || DAY;
  return { start, length, lead: (DAY - length) / 2 };
}

/** One date laid out on the clock: its shift, the shift's hours and the part of the clock owning its punches. */
interface DayPlan {
  day: number;
  date: string;
  period: ShiftPeriod | null;
  shift: ShiftSpec;
  /** The shift's start and end on this date. */
  start: number;
  end: number;
  /** The day's window: the punches from `windowFrom` up to (not at) `windowTo` are the day's. */
  windowFrom: number;
  windowTo: number;
  punches: number[];
}

function planDay(day: number, periods: readonly ShiftPeriod[]): DayPlan {
  const date = dateOf(day);
  let period: ShiftPeriod | null = null;
  for (const p of periods) if (p.from <= date) period = p;
  const shift = period?.shift ?? FALLBACK_SHIFT;
  const g = geometry(shift);
  const start = day * DAY + g.start;
  return {
    day,
    date,
    period,
    shift,
    start,
    end: start + g.length,
    windowFrom: start - g.lead,
    windowTo: start - g.lead + DAY,
    punches: [],
  };
}

/**
 * Draws the line between each two neighbouring days halfway between the
 * first one's shift end and the next one's shift start (the shift's own
 * window when both days have the same shift), then hands each punch to the
 * day whose window holds it.
 */
function assignPunches(plans: readonly DayPlan[], punches: readonly string[]): void {
  for (let i = 1; i < plans.length; i++) {
    const before = plans[i - 1]!;
    const plan = plans[i]!;
    const line = (before.end + plan.start) / 2;
    before.windowTo = line;
    plan.windowFrom = line;
  }
  const moments = [...new Set(punches.map(punchMoment))].sort((a, b) => a - b);
  for (const t of moments) plans.find((p) => p.windowFrom <= t && t < p.windowTo)?.punches.push(t);
}

type Span = readonly [from: number, to: number];

/** Sorted spans with the touching and overlapping ones joined. */
function merge(spans: readonly Span[]): Span[] {
  const out: [number, number][] = [];
  for (const [from, to] of [...spans].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/** Hours on a day from `HH:mm` to `HH:mm`; an end at or before the start is the next morning. */
function spanOn(day: number, from: string, to: string): Span {
  const start = day * DAY + secondsOf(from);
  let end = day * DAY + secondsOf(to);
  if (end <= start) end += DAY;
  return [start, end];
}

const hasHours = (r: DayFacts['remoteWork'][number]) => Boolean(r.fromTime && r.toTime);

function judge(plan: DayPlan, facts: DayFacts, today: number, now: number): AttendanceDay {
  const { date, shift } = plan;
  const future = plan.day > today;
  // Nobody is absent before their shift has started and its grace run out (in whole minutes, as lateness).
  const notYet = Math.floor(now / 60) <= Math.floor(plan.start / 60) + shift.graceMinutes;
  const weeklyOff = shift.weeklyOffDays.includes(weekdayOf(plan.day));
  const holiday = facts.holidays.has(date);
  const working = !weeklyOff && !holiday;

  const leave = facts.leaves.some((l) => l.from <= date && date <= l.to);
  const remote = facts.remoteWork.filter((r) => r.from <= date && date <= r.to);
  const wholeDayRemote = remote.some((r) => !hasHours(r));
  // Short leave and remote hours of the date, joined: the parts of the day that need no presence.
  const parts = merge([
    ...facts.shortLeaves.filter((s) => s.date === date).map((s) => spanOn(plan.day, s.from, s.to)),
    ...remote.filter(hasHours).map((r) => spanOn(plan.day, r.fromTime!, r.toTime!)),
  ]);
  const partsCoverShift = parts.some(([from, to]) => from <= plan.start && to >= plan.end);
  const coveredWhole = leave || wholeDayRemote || partsCoverShift;

  const punches = future ? [] : plan.punches;
  const first = punches[0];
  const last = punches.length > 1 ? punches[punches.length - 1] : undefined;
  const present = first !== undefined;

  let lateMinutes = 0;
  if (working && first !== undefined && !coveredWhole) {
    // Expected arrival: the start, or the end of the leave/remote hours covering it.
    const arrival = parts.find(([from, to]) => from <= plan.start && plan.start < to)?.[1] ?? plan.start;
    const arrivedMinute = Math.floor(first / 60);
    const expectedMinute = Math.floor(arrival / 60);
    if (arrivedMinute > expectedMinute + shift.graceMinutes) lateMinutes = arrivedMinute - expectedMinute;
  }

  return {
    date,
    working,
    weekly_off: weeklyOff,
    holiday,
    absent: working && !future && !notYet && !present && !coveredWhole,
    present,
    late: lateMinutes > 0,
    late_in_minute: lateMinutes,
    leave,
    remote_work: remote.length > 0,
    punch_in: first === undefined ? null : clock(first),
    punch_out: last === undefined ? null : clock(last),
    shift: plan.period && {
      id: shift.id,
      name: shift.name,
      start: clock(secondsOf(shift.start)),
      end: clock(secondsOf(shift.end)),
      grace_minutes: shift.graceMinutes,
    },
  };
}

/** One row per date from `facts.from` to `facts.to`, in order (none when `to` is before `from`). */
export function attendanceDays(facts: DayFacts): AttendanceDay[] {
  const first = dayNumber(facts.from);
  const last = dayNumber(facts.to);
  if (last < first) return [];
  const now =
    facts.now !== undefined
      ? punchMoment(facts.now)
      : facts.today !== undefined
        ? (dayNumber(facts.today) + 1) * DAY - 1
        : punchMoment(officeNow());
  const today = facts.today !== undefined ? dayNumber(facts.today) : Math.floor(now / DAY);
  // Stable: of two periods from the same date, the one given last wins.
  const periods = [...facts.shifts].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const plans: DayPlan[] = [];
  for (let day = first - 1; day <= last; day++) plans.push(planDay(day, periods));
  assignPunches(plans, facts.punches);
  return plans.slice(1).map((plan) => judge(plan, facts, today, now));
}

/**
 * The counts of a range: working days, and of them those present, on leave
 * and in remote work; absent and late days; the late minutes added up.
 */
export function totalsOf(days: readonly AttendanceDay[]): AttendanceTotals {
  const totals: AttendanceTotals = {
    working_days: 0,
    present: 0,
    absent: 0,
    late: 0,
    late_minutes: 0,
    leave: 0,
    remote_work: 0,
  };
  for (const d of days) {
    if (d.working) {
      totals.working_days++;
      if (d.present) totals.present++;
      if (d.leave) totals.leave++;
      if (d.remote_work) totals.remote_work++;
    }
    if (d.absent) totals.absent++;
    if (d.late) totals.late++;
    totals.late_minutes += d.late_in_minute;
  }
  return totals;
}
