import { and, asc, eq, gt, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employees, holidays, leaves, punches, remoteWorks } from '../../db/schema';
import type { PersonColumns } from '../../lib/approvers';

/** Approved (3) leave and remote work count for attendance; drafts, pending and rejected ones do not. */
const APPROVED = 3;
/** Leave format 2 is short leave: hours of one day. */
const SHORT_LEAVE = 2;

export interface AttendancePerson extends PersonColumns {
  companyId: number | null;
}

const personColumns = {
  id: employees.id,
  eid: employees.eid,
  name: employees.name,
  photoVersion: employees.photoVersion,
  companyId: employees.companyId,
};

/**
 * The reads of the attendance reports. Each takes a batch of employees, so a
 * summary of 10,000 people reads a few hundred at a time with the same
 * handful of statements per batch, whatever its size.
 */
export const attendanceRepository = {
  async person(db: Db, id: number): Promise<AttendancePerson | null> {
    const [row] = await db.select(personColumns).from(employees).where(eq(employees.id, id));
    return row ?? null;
  },

  /**
   * The next page of a summary's people, by name then id after the last one
   * read (keyset paging: every page costs the same however far in).
   */
  async peoplePage(
    db: Db,
    scope: SQL | undefined,
    after: { name: string; id: number } | null,
    limit: number,
  ): Promise<AttendancePerson[]> {
    return db
      .select(personColumns)
      .from(employees)
      .where(
        and(
          eq(employees.enabled, true),
          scope,
          after
            ? or(
                gt(employees.name, after.name),
                and(eq(employees.name, after.name), gt(employees.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(employees.name), asc(employees.id))
      .limit(limit);
  },

  /**
   * Punches of the employees from the day before `from` to the day after `to`
   * (night shifts reach across), one row per employee with the times in order
   * as one text: a month of 400 people is 400 values, not 17,000 rows to map.
   */
  async punches(db: Db, ids: number[], from: string, to: string): Promise<Map<number, string[]>> {
    const out = new Map<number, string[]>();
    if (ids.length === 0) return out;
    const rows = await db
      .select({
        employeeId: punches.employeeId,
        times: sql<string>`string_agg(to_char(${punches.at}, 'YYYY-MM-DD HH24:MI:SS'), ',' order by ${punches.at})`,
      })
      .from(punches)
      .where(
        and(
          sql`${punches.employeeId} = any(${`{${ids.join(',')}}`}::int[])`,
          gte(punches.at, sql`${from}::date - 1`),
          sql`${punches.at} < ${to}::date + 2`,
        ),
      )
      .groupBy(punches.employeeId);
    for (const r of rows) out.set(r.employeeId, r.times.split(','));
    return out;
  },

  /** Approved leave of the employees overlapping the range, full-day and short. */
  async leaves(db: Db, ids: number[], from: string, to: string) {
    if (ids.length === 0) return [];
    return db
      .select({
        employeeId: leaves.employeeId,
        from: leaves.fromDate,
        to: leaves.toDate,
        short: sql<boolean>`${leaves.leaveFormat} = ${SHORT_LEAVE}`,
        fromTime: leaves.fromTime,
        toTime: leaves.toTime,
      })
      .from(leaves)
      .where(
        and(
          inArray(leaves.employeeId, ids),
          eq(leaves.statusId, APPROVED),
          lte(leaves.fromDate, to),
          gte(leaves.toDate, from),
        ),
      );
  },

  /** Approved remote work of the employees overlapping the range. */
  async remoteWork(db: Db, ids: number[], from: string, to: string) {
    if (ids.length === 0) return [];
    return db
      .select({
        employeeId: remoteWorks.employeeId,
        from: remoteWorks.fromDate,
        to: remoteWorks.toDate,
        fromTime: remoteWorks.fromTime,
        toTime: remoteWorks.toTime,
      })
      .from(remoteWorks)
      .where(
        and(
          inArray(remoteWorks.employeeId, ids),
          eq(remoteWorks.statusId, APPROVED),
          lte(remoteWorks.fromDate, to),
          gte(remoteWorks.toDate, from),
        ),
      );
  },

  /** Holidays overlapping the range: everyone's (no company) and each company's. */
  async holidays(db: Db, from: string, to: string) {
    return db
      .select({
        name: holidays.name,
        companyId: holidays.companyId,
        from: holidays.fromDate,
        to: holidays.toDate,
      })
      .from(holidays)
      .where(and(lte(holidays.fromDate, to), gte(holidays.toDate, from)))
      .orderBy(asc(holidays.fromDate));
  },

  /** Holidays of one company (and everyone's) in the range. */
  async holidaysOf(db: Db, companyId: number | null, from: string, to: string) {
    return db
      .select({ name: holidays.name, from: holidays.fromDate, to: holidays.toDate })
      .from(holidays)
      .where(
        and(
          lte(holidays.fromDate, to),
          gte(holidays.toDate, from),
          companyId === null
            ? isNull(holidays.companyId)
            : or(isNull(holidays.companyId), eq(holidays.companyId, companyId)),
        ),
      )
      .orderBy(asc(holidays.fromDate));
  },
};
