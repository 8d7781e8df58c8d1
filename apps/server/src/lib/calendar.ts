import dayjs from 'dayjs';
import { and, eq, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, holidays } from '../db/schema';

/**
 * Working days (DESIGN.md §4): every day except the company's weekly off
 * day (Friday unless set otherwise) and the person's holidays.
 */
export interface WorkCalendar {
  weeklyOffDay: number;
  holidays: Set<string>;
}

/** Whose a holiday is: its company and office (null: none). */
export interface HolidayScope {
  companyId: number | null;
  officeId: number | null;
}

/**
 * Whether a holiday is a person's (docs/decisions.md, "Holidays per office"):
 * one with neither company nor office is everyone's, one with a company that
 * company's people's, one with an office only that office's people's.
 */
export function holidayApplies(
  holiday: HolidayScope,
  companyId: number | null,
  officeId: number | null = null,
): boolean {
  if (holiday.officeId !== null) return holiday.officeId === officeId;
  return holiday.companyId === null || holiday.companyId === companyId;
}

/** The same rule as SQL on `holidays` (everyone's, the company's, the office's). */
export function holidayAppliesSql(companyId: number | null, officeId: number | null = null): SQL {
  const shared = and(
    isNull(holidays.officeId),
    companyId === null
      ? isNull(holidays.companyId)
      : or(isNull(holidays.companyId), eq(holidays.companyId, companyId)),
  )!;
  return officeId === null ? shared : or(shared, eq(holidays.officeId, officeId))!;
}

/** The days of holidays as `YYYY-MM-DD`. */
function holidayDays(rows: readonly { from: string; to: string }[]): Set<string> {
  const days = new Set<string>();
  for (const h of rows) {
    for (let d = dayjs(h.from); !d.isAfter(h.to, 'day'); d = d.add(1, 'day'))
      days.add(d.format('YYYY-MM-DD'));
  }
  return days;
}

/**
 * The calendar of a person of the company (null: none) and the office
 * (absent or null: none) from `from` to `to`: the company's weekly off day,
 * and everyone's, the company's and the office's holidays.
 */
export async function workCalendar(
  db: Db,
  companyId: number | null,
  from: string,
  to: string,
  officeId: number | null = null,
): Promise<WorkCalendar> {
  let weeklyOffDay = 5;
  if (companyId !== null) {
    const [company] = await db
      .select({ off: companies.weeklyOffDay })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (company) weeklyOffDay = company.off;
  }
  const rows = await db
    .select({ from: holidays.fromDate, to: holidays.toDate })
    .from(holidays)
    .where(
      and(lte(holidays.fromDate, to), gte(holidays.toDate, from), holidayAppliesSql(companyId, officeId)),
    );
  return { weeklyOffDay, holidays: holidayDays(rows) };
}

export function isWorkingDay(calendar: WorkCalendar, date: string): boolean {
  return dayjs(date).day() !== calendar.weeklyOffDay && !calendar.holidays.has(date);
}

/** The working days from `from` to `to`, both included. */
export function countWorkingDays(calendar: WorkCalendar, from: string, to: string): number {
  let n = 0;
  for (let d = dayjs(from); !d.isAfter(to, 'day'); d = d.add(1, 'day')) {
    if (isWorkingDay(calendar, d.format('YYYY-MM-DD'))) n += 1;
  }
  return n;
}

/**
 * The calendars of many people over one range: the companies' calendars by
 * company id (`get`, everyone's holidays and the company's; `null`, no
 * company), and `of` for a person's, their office's holidays too.
 */
export interface WorkCalendars extends ReadonlyMap<number | null, WorkCalendar> {
  /** The calendar of a person of the company and the office (absent or null: none). */
  of(companyId: number | null, officeId?: number | null): WorkCalendar;
}

/**
 * The calendars of several companies and their offices over one range, in
 * two statements whatever their number (a job or a page naming many
 * people's items). A company left out of `companyIds` has the default weekly
 * off day; any office's holidays are known, so `of` takes any office.
 */
export async function workCalendars(
  db: Db,
  companyIds: readonly (number | null)[],
  from: string,
  to: string,
): Promise<WorkCalendars> {
  const ids = [...new Set(companyIds.filter((c): c is number => c !== null))];
  const offs =
    ids.length === 0
      ? []
      : await db
          .select({ id: companies.id, off: companies.weeklyOffDay })
          .from(companies)
          .where(inArray(companies.id, ids));
  const rows = await db
    .select({
      companyId: holidays.companyId,
      officeId: holidays.officeId,
      from: holidays.fromDate,
      to: holidays.toDate,
    })
    .from(holidays)
    .where(and(lte(holidays.fromDate, to), gte(holidays.toDate, from)));
  const calendarOf = (companyId: number | null, officeId: number | null): WorkCalendar => ({
    weeklyOffDay: offs.find((o) => o.id === companyId)?.off ?? 5,
    holidays: holidayDays(rows.filter((h) => holidayApplies(h, companyId, officeId))),
  });
  const byCompany = new Map<number | null, WorkCalendar>([[null, calendarOf(null, null)]]);
  for (const id of ids) byCompany.set(id, calendarOf(id, null));
  // A place's calendar is made once, shared by its people (a page or a job has many).
  const byPlace = new Map<string, WorkCalendar>();
  return Object.assign(byCompany, {
    of(companyId: number | null, officeId: number | null = null): WorkCalendar {
      const known = officeId === null ? byCompany.get(companyId) : undefined;
      if (known) return known;
      const key = `${companyId}:${officeId}`;
      let calendar = byPlace.get(key);
      if (!calendar) {
        calendar = calendarOf(companyId, officeId);
        byPlace.set(key, calendar);
      }
      return calendar;
    },
  });
}

/** The day `n` working days after `from` (not counting `from` itself). */
export function addWorkingDays(calendar: WorkCalendar, from: string, n: number): string {
  let d = dayjs(from);
  for (let left = n; left > 0; ) {
    d = d.add(1, 'day');
    if (isWorkingDay(calendar, d.format('YYYY-MM-DD'))) left -= 1;
  }
  return d.format('YYYY-MM-DD');
}
