import dayjs from 'dayjs';
import { and, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, holidays } from '../db/schema';

/**
 * Working days (DESIGN.md §4): every day except the company's weekly off
 * day (Friday unless set otherwise) and its holidays (or everyone's).
 */
export interface WorkCalendar {
  weeklyOffDay: number;
  holidays: Set<string>;
}

export async function workCalendar(
  db: Db,
  companyId: number | null,
  from: string,
  to: string,
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
      and(
        lte(holidays.fromDate, to),
        gte(holidays.toDate, from),
        companyId === null
          ? isNull(holidays.companyId)
          : or(isNull(holidays.companyId), eq(holidays.companyId, companyId)),
      ),
    );
  const days = new Set<string>();
  for (const h of rows) {
    for (let d = dayjs(h.from); !d.isAfter(h.to, 'day'); d = d.add(1, 'day'))
      days.add(d.format('YYYY-MM-DD'));
  }
  return { weeklyOffDay, holidays: days };
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
 * The calendars of several companies over one range, in two statements
 * whatever their number (a job or a page naming many people's items). A
 * company left out of the answer (none given) is read as `null`'s calendar.
 */
export async function workCalendars(
  db: Db,
  companyIds: readonly (number | null)[],
  from: string,
  to: string,
): Promise<Map<number | null, WorkCalendar>> {
  const ids = [...new Set(companyIds.filter((c): c is number => c !== null))];
  const offs =
    ids.length === 0
      ? []
      : await db
          .select({ id: companies.id, off: companies.weeklyOffDay })
          .from(companies)
          .where(inArray(companies.id, ids));
  const rows = await db
    .select({ companyId: holidays.companyId, from: holidays.fromDate, to: holidays.toDate })
    .from(holidays)
    .where(and(lte(holidays.fromDate, to), gte(holidays.toDate, from)));
  const daysOf = (companyId: number | null) => {
    const days = new Set<string>();
    for (const h of rows) {
      if (h.companyId !== null && h.companyId !== companyId) continue;
      for (let d = dayjs(h.from); !d.isAfter(h.to, 'day'); d = d.add(1, 'day'))
        days.add(d.format('YYYY-MM-DD'));
    }
    return days;
  };
  const calendars = new Map<number | null, WorkCalendar>([
    [null, { weeklyOffDay: 5, holidays: daysOf(null) }],
  ]);
  for (const id of ids)
    calendars.set(id, { weeklyOffDay: offs.find((o) => o.id === id)?.off ?? 5, holidays: daysOf(id) });
  return calendars;
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
