import { asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, holidays, leaveDurations, leaves, leaveTypes } from '../../db/schema';
import { type TableRow, tableStore } from '../../lib/reference-data';

export type LeaveTypeRow = TableRow<typeof leaveTypes>;
export type LeaveDurationRow = TableRow<typeof leaveDurations>;
export type HolidayRow = TableRow<typeof holidays>;

export interface EnabledFilter {
  /** Disabled ones too (administrators). */
  all?: boolean | undefined;
}

export interface HolidayFilter {
  /** Holidays that touch this calendar year. */
  year?: number | undefined;
}

/**
 * Leave types, short-leave durations and holidays: the reference-data stores
 * the admin screens run on, and the look-ups the leave rules need.
 */
export const leaveReferenceRepository = {
  typeStore: tableStore<typeof leaveTypes, EnabledFilter>(leaveTypes, {
    sortable: {
      id: leaveTypes.id,
      name: sql`lower(${leaveTypes.name})`,
      days: leaveTypes.days,
      // The order the leave form offers them in.
      order: leaveTypes.sortOrder,
    },
    where: (filter) => [filter.all ? undefined : eq(leaveTypes.enabled, true)],
    usedBy: [leaves.typeId],
  }),

  durationStore: tableStore<typeof leaveDurations, EnabledFilter>(leaveDurations, {
    sortable: {
      id: leaveDurations.id,
      name: sql`lower(${leaveDurations.name})`,
      minutes: leaveDurations.minutes,
    },
    where: (filter) => [filter.all ? undefined : eq(leaveDurations.enabled, true)],
    usedBy: [leaves.durationId],
  }),

  holidayStore: tableStore<typeof holidays, HolidayFilter>(holidays, {
    sortable: {
      id: holidays.id,
      name: sql`lower(${holidays.name})`,
      from: holidays.fromDate,
      to: holidays.toDate,
    },
    where: ({ year }) =>
      year ? [lte(holidays.fromDate, `${year}-12-31`), gte(holidays.toDate, `${year}-01-01`)] : [],
    // Two companies may each have their own holiday of the same name.
    uniqueNames: false,
  }),

  /** Leave types in the order the form offers them. */
  async types(db: Db, includeDisabled: boolean) {
    return db
      .select()
      .from(leaveTypes)
      .where(includeDisabled ? undefined : eq(leaveTypes.enabled, true))
      .orderBy(asc(leaveTypes.sortOrder), asc(leaveTypes.id));
  },

  async type(db: Db, id: number) {
    const [row] = await db.select().from(leaveTypes).where(eq(leaveTypes.id, id));
    return row ?? null;
  },

  async duration(db: Db, id: number) {
    const [row] = await db.select().from(leaveDurations).where(eq(leaveDurations.id, id));
    return row ?? null;
  },

  async companyExists(db: Db, id: number): Promise<boolean> {
    const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1);
    return Boolean(row);
  },
};
