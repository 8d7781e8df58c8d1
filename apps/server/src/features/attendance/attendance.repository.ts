import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employees, holidays, leaves, punches, remoteWorks } from '../../db/schema';
import type { PersonColumns } from '../../lib/approvers';
import { holidayAppliesSql } from '../../lib/calendar';
import { preparedOnce } from '../../lib/prepared';
import { belowCondition } from '../../lib/privacy';

/** Approved (3) leave and remote work count for attendance; drafts, pending and rejected ones do not. */
const APPROVED = 3;
/** Leave format 2 is short leave: hours of one day. */
const SHORT_LEAVE = 2;

export interface AttendancePerson extends PersonColumns {
  companyId: number | null;
  /** Whose holidays are the person's too (docs/decisions.md, "Holidays per office"). */
  officeId: number | null;
}

/**
 * Whose rows a summary has: one employee; or the people below a manager
 * (`below`), one company's people (`companyId`), both, or neither (everyone).
 */
export type AttendanceScope = { employeeId: number } | { below?: number; companyId?: number };

function scopeCondition(scope: AttendanceScope): SQL | undefined {
  if ('employeeId' in scope) return eq(employees.id, scope.employeeId);
  return and(
    scope.below === undefined ? undefined : belowCondition(scope.below),
    scope.companyId === undefined ? undefined : eq(employees.companyId, scope.companyId),
  );
}

const personColumns = {
  id: employees.id,
  eid: employees.eid,
  name: employees.name,
  photoVersion: employees.photoVersion,
  companyId: employees.companyId,
  officeId: employees.officeId,
};

/**
 * The reads of the attendance reports. Each takes a batch of employees, so a
 * summary of 10,000 people reads a few hundred at a time with the same
 * handful of statements per batch, whatever its size.
 */
export const attendanceRepository = {
  async person(db: Db, id: number): Promise<AttendancePerson | null> {
    const [row] = await preparedOnce(db, 'attendance-person', (name) =>
      db
        .select(personColumns)
        .from(employees)
        .where(eq(employees.id, sql.placeholder('id')))
        .prepare(name),
    ).execute({ id });
    return row ?? null;
  },

  /**
   * The ids of the enabled people of a scope, by name then id: the scope
   * (a management chain's tree, a company) is worked out once per summary,
   * and its batches are then read by id.
   */
  async scopeIds(db: Db, scope: AttendanceScope, limit?: number): Promise<number[]> {
    const query = db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.enabled, true), scopeCondition(scope)))
      .orderBy(asc(employees.name), asc(employees.id));
    const rows = await (limit === undefined ? query : query.limit(limit));
    return rows.map((r) => r.id);
  },

  /** A batch of people by id, in the order of `ids`. */
  async peopleByIds(db: Db, ids: number[]): Promise<AttendancePerson[]> {
    const rows = await db
      .select(personColumns)
      .from(employees)
      .where(sql`${employees.id} = any(${`{${ids.join(',')}}`}::int[])`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  /**
   * What the day rule needs of a batch of employees over a range, in one
   * statement: their punches from the day before to the day after (a night
   * shift crosses midnight), as one list of times per employee; their
   * approved leave (full-day and short) and remote work overlapping the
   * range; and the holidays overlapping it, everyone's, each company's and
   * each office's.
   */
  async dayFacts(db: Db, ids: number[], from: string, to: string) {
    // Prepared once: the batch's ids are one array value, the range two dates.
    const people = sql`any(${sql.placeholder('ids')}::int[])`;
    const fromDate = sql`${sql.placeholder('from')}::date`;
    const toDate = sql`${sql.placeholder('to')}::date`;
    const statement = preparedOnce(db, 'attendance-day-facts', (name) =>
      db
        .select({
          punches: sql<{ employeeId: number; times: string }[]>`(select coalesce(json_agg(json_build_object(
            'employeeId', p.employee_id, 'times', p.times)), '[]'::json)
          from (select ${punches.employeeId} as employee_id,
              string_agg(to_char(${punches.at}, 'YYYY-MM-DD HH24:MI:SS'), ',' order by ${punches.at}) as times
            from ${punches}
            where ${punches.employeeId} = ${people} and ${punches.at} >= ${fromDate} - 1 and ${punches.at} < ${toDate} + 2
            group by ${punches.employeeId}) p)`,
          leaves: sql<
            {
              employeeId: number;
              from: string;
              to: string;
              short: boolean;
              fromTime: string | null;
              toTime: string | null;
            }[]
          >`(select coalesce(json_agg(json_build_object(
            'employeeId', ${leaves.employeeId}, 'from', ${leaves.fromDate}, 'to', ${leaves.toDate},
            'short', ${leaves.leaveFormat} = ${SHORT_LEAVE}, 'fromTime', ${leaves.fromTime}, 'toTime', ${leaves.toTime})), '[]'::json)
          from ${leaves}
          where ${leaves.employeeId} = ${people} and ${leaves.statusId} = ${APPROVED}
            and ${leaves.fromDate} <= ${toDate} and ${leaves.toDate} >= ${fromDate})`,
          remoteWork: sql<
            { employeeId: number; from: string; to: string; fromTime: string | null; toTime: string | null }[]
          >`(select coalesce(json_agg(json_build_object(
            'employeeId', ${remoteWorks.employeeId}, 'from', ${remoteWorks.fromDate}, 'to', ${remoteWorks.toDate},
            'fromTime', ${remoteWorks.fromTime}, 'toTime', ${remoteWorks.toTime})), '[]'::json)
          from ${remoteWorks}
          where ${remoteWorks.employeeId} = ${people} and ${remoteWorks.statusId} = ${APPROVED}
            and ${remoteWorks.fromDate} <= ${toDate} and ${remoteWorks.toDate} >= ${fromDate})`,
          holidays: sql<
            { name: string; companyId: number | null; officeId: number | null; from: string; to: string }[]
          >`(select
            coalesce(json_agg(json_build_object('name', ${holidays.name}, 'companyId', ${holidays.companyId},
              'officeId', ${holidays.officeId}, 'from', ${holidays.fromDate}, 'to', ${holidays.toDate})
              order by ${holidays.fromDate}), '[]'::json)
          from ${holidays} where ${holidays.fromDate} <= ${toDate} and ${holidays.toDate} >= ${fromDate})`,
        })
        .from(sql`(select 1) as one`)
        .prepare(name),
    );
    const [row] = await statement.execute({ ids: `{${ids.join(',')}}`, from, to });
    const punchesBy = new Map<number, string[]>();
    for (const r of row?.punches ?? []) punchesBy.set(r.employeeId, r.times.split(','));
    return {
      punches: punchesBy,
      leaves: row?.leaves ?? [],
      remoteWork: row?.remoteWork ?? [],
      holidays: row?.holidays ?? [],
    };
  },

  /** A person's holidays in the range: everyone's, their company's and their office's. */
  async holidaysOf(
    db: Db,
    person: Pick<AttendancePerson, 'companyId' | 'officeId'>,
    from: string,
    to: string,
  ) {
    return db
      .select({ name: holidays.name, from: holidays.fromDate, to: holidays.toDate })
      .from(holidays)
      .where(
        and(
          lte(holidays.fromDate, to),
          gte(holidays.toDate, from),
          holidayAppliesSql(person.companyId, person.officeId),
        ),
      )
      .orderBy(asc(holidays.fromDate), asc(holidays.id));
  },
};
