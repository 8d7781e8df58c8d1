import dayjs from 'dayjs';
import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
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
