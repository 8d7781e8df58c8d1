import { and, count, desc, eq, ilike, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, employeeShifts, employees, shifts } from '../../db/schema';
import { localName } from '../../lib/language';
import { orderBy } from '../../lib/list';
import { preparedOnce } from '../../lib/prepared';
import {
  ALL_ROWS_CAP,
  containing,
  type PageWindow,
  type ReferenceStore,
  tableWrites,
} from '../../lib/reference-data';

/** The weekly off day of an employee without a company (the column default of `companies.weekly_off_day`). */
const FRIDAY = 5;

/** The rows of a raw query, from either driver (both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

// A correlated count names its table outright: in a select list drizzle writes columns unqualified.
const employeesCount = sql<number>`(select count(distinct es.employee_id)::int from employee_shifts es where es.shift_id = "shifts"."id")`;

const shiftColumns = {
  id: shifts.id,
  name: shifts.name,
  nameTranslations: shifts.nameTranslations,
  startTime: shifts.startTime,
  endTime: shifts.endTime,
  graceMinutes: shifts.graceMinutes,
  weeklyOffDays: shifts.weeklyOffDays,
  isDefault: shifts.isDefault,
  enabled: shifts.enabled,
  createdAt: shifts.createdAt,
  updatedAt: shifts.updatedAt,
  employeesCount,
};

export interface ShiftFilter {
  enabled?: boolean | undefined;
}

export type ShiftValues = typeof shifts.$inferInsert;

async function findShift(db: Db, id: number) {
  const [row] = await db.select(shiftColumns).from(shifts).where(eq(shifts.id, id)).limit(1);
  return row ?? null;
}
export type ShiftRow = NonNullable<Awaited<ReturnType<typeof findShift>>>;

/** A shift as an employee's history names it, with the days off resolved. */
export interface ShiftOfEmployee {
  id: number;
  name: string;
  start: string;
  end: string;
  graceMinutes: number;
  weeklyOffDays: number[];
  enabled: boolean;
}

interface ShiftOfEmployeeRow {
  shift_id: number;
  name: string;
  start: string;
  end: string;
  grace_minutes: number;
  off_days: (number | string)[];
  enabled: boolean;
}

const asShift = (r: ShiftOfEmployeeRow): ShiftOfEmployee => ({
  id: Number(r.shift_id),
  name: r.name,
  start: r.start,
  end: r.end,
  graceMinutes: Number(r.grace_minutes),
  weeklyOffDays: r.off_days.map(Number),
  enabled: r.enabled,
});

/**
 * The columns of a shift as `ShiftOfEmployeeRow`, the days off falling back
 * to `offDay`; the name in the call's language.
 */
const shiftOfEmployeeColumns = (offDay: ReturnType<typeof sql>) => sql`
  s.id as shift_id, ${localName(sql`s.name`, sql`s.name_translations`)} as name, to_char(s.start_time, 'HH24:MI') as start, to_char(s.end_time, 'HH24:MI') as "end",
  s.grace_minutes, coalesce(s.weekly_off_days, array[${offDay}]::smallint[]) as off_days, s.enabled`;

/** A shift in effect from a date on, for the attendance day rule. */
export interface ShiftPeriod {
  /** `YYYY-MM-DD`: the assignment's date, or the range's start for the default shift. */
  from: string;
  shift: Omit<ShiftOfEmployee, 'enabled'>;
}

/**
 * Shifts and their assignment to employees: the reference-data store of the
 * admin screen, the default shift, an employee's history and the periods the
 * attendance reports read.
 */
export const shiftsRepository = {
  store: {
    async list(db: Db, filter: ShiftFilter & { search?: string | undefined }, window: PageWindow) {
      const order = orderBy(
        window.sort,
        {
          id: shifts.id,
          name: sql`lower(${shifts.name})`,
          start: shifts.startTime,
          end: shifts.endTime,
          grace_minutes: shifts.graceMinutes,
        },
        shifts.id,
      );
      const where = and(
        filter.search ? ilike(shifts.name, containing(filter.search)) : undefined,
        filter.enabled === undefined ? undefined : eq(shifts.enabled, filter.enabled),
      );
      const [t] = await db.select({ n: count() }).from(shifts).where(where);
      const total = t?.n ?? 0;
      if (total === 0 || window.offset >= total) return { rows: [], total };
      const rows = await db
        .select(shiftColumns)
        .from(shifts)
        .where(where)
        .orderBy(...order)
        .limit(window.limit ?? ALL_ROWS_CAP)
        .offset(window.offset);
      return { rows, total };
    },

    find: findShift,

    ...tableWrites(shifts),
  } satisfies ReferenceStore<ShiftRow, ShiftValues, ShiftFilter>,

  /**
   * Makes no shift but `exceptId` the default. Changes of the default take
   * turns (a transaction-scoped lock), so two made at once end with one
   * default, the later one, instead of a clash on the unique index.
   */
  async clearDefault(db: Db, exceptId?: number) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('shifts.is_default'))`);
    await db
      .update(shifts)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(and(eq(shifts.isDefault, true), exceptId === undefined ? undefined : ne(shifts.id, exceptId)));
  },

  /** How many employees' histories name a shift. */
  async employeesUsing(db: Db, shiftId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${employeeShifts.employeeId})::int` })
      .from(employeeShifts)
      .where(eq(employeeShifts.shiftId, shiftId));
    return Number(row?.n ?? 0);
  },

  /** Locks an employee's row for a change of their shifts; false when there is no such employee. */
  async lockEmployee(db: Db, employeeId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.id, employeeId))
      .for('no key update');
    return Boolean(row);
  },

  async shift(db: Db, id: number) {
    const [row] = await db
      .select({ id: shifts.id, name: shifts.name, enabled: shifts.enabled })
      .from(shifts)
      .where(eq(shifts.id, id));
    return row ?? null;
  },

  /** The assignment valid on a date (the latest from that date or before), with its shift's name. */
  async assignmentAt(db: Db, employeeId: number, date: string) {
    const [row] = await db
      .select({ fromDate: employeeShifts.fromDate, shift: shifts.name })
      .from(employeeShifts)
      .innerJoin(shifts, eq(shifts.id, employeeShifts.shiftId))
      .where(and(eq(employeeShifts.employeeId, employeeId), lte(employeeShifts.fromDate, date)))
      .orderBy(desc(employeeShifts.fromDate))
      .limit(1);
    return row ?? null;
  },

  async defaultShiftName(db: Db): Promise<string | null> {
    const [row] = await db.select({ name: shifts.name }).from(shifts).where(eq(shifts.isDefault, true));
    return row?.name ?? null;
  },

  /** Adds an assignment, or gives the one of the same date another shift. */
  async assign(db: Db, a: { employeeId: number; shiftId: number; fromDate: string; createdById: number }) {
    await db
      .insert(employeeShifts)
      .values(a)
      .onConflictDoUpdate({
        target: [employeeShifts.employeeId, employeeShifts.fromDate],
        set: { shiftId: a.shiftId, createdById: a.createdById, createdAt: new Date() },
      });
  },

  /** An employee's assignments, the latest first, each shift's days off resolved with the employee's company. */
  async history(db: Db, employeeId: number) {
    const result = await db.execute(sql`
      select es.id, to_char(es.from_date, 'YYYY-MM-DD') as from_date,
        ${shiftOfEmployeeColumns(sql`coalesce(c.weekly_off_day, ${FRIDAY})`)}
      from ${employeeShifts} es
      join ${shifts} s on s.id = es.shift_id
      join ${employees} e on e.id = es.employee_id
      left join ${companies} c on c.id = e.company_id
      where es.employee_id = ${employeeId}
      order by es.from_date desc`);
    return rowsOf<ShiftOfEmployeeRow & { id: number; from_date: string }>(result).map((r) => ({
      id: Number(r.id),
      fromDate: r.from_date,
      shift: asShift(r),
    }));
  },

  /** The default shift as it applies to an employee (their company's weekly off day). */
  async defaultShiftOf(db: Db, employeeId: number): Promise<ShiftOfEmployee | null> {
    const result = await db.execute(sql`
      select ${shiftOfEmployeeColumns(sql`coalesce(c.weekly_off_day, ${FRIDAY})`)}
      from ${shifts} s
      join ${employees} e on e.id = ${employeeId}
      left join ${companies} c on c.id = e.company_id
      where s.is_default`);
    const [row] = rowsOf<ShiftOfEmployeeRow>(result);
    return row ? asShift(row) : null;
  },

  /**
   * Per employee, the shifts in effect over `from`..`to`, sorted: the
   * assignment valid on `from` (or the default shift when none is), then the
   * assignments starting inside the range. One statement for any number of
   * employees; employees that do not exist are left out.
   */
  async periods(
    db: Db,
    employeeIds: number[],
    from: string,
    to: string,
  ): Promise<Map<number, ShiftPeriod[]>> {
    const out = new Map<number, ShiftPeriod[]>();
    const ids = [...new Set(employeeIds)];
    if (ids.length === 0) return out;
    // Prepared once (per language of the shift names): the ids are one array value.
    const from_ = sql`${sql.placeholder('from')}::date`;
    const to_ = sql`${sql.placeholder('to')}::date`;
    const statement = preparedOnce(db, 'shift-periods', (name) =>
      db
        .select({
          // Nested, so the columns inside keep their table names.
          rows: sql<(ShiftOfEmployeeRow & { employee_id: number; from_date: string })[]>`${sql`(
      select coalesce(json_agg(periods order by periods.employee_id, periods.from_date), '[]'::json) from (
      with people as (
        select ${employees.id} as employee_id, coalesce(${companies.weeklyOffDay}, ${FRIDAY}) as off_day
        from ${employees} left join ${companies} on ${companies.id} = ${employees.companyId}
        where ${employees.id} = any(${sql.placeholder('ids')}::int[])
      ),
      starts as (
        select p.employee_id, coalesce(valid.from_date, ${from_}) as from_date,
          coalesce(valid.shift_id, (select d.id from ${shifts} d where d.is_default)) as shift_id
        from people p
        left join lateral (
          select es.from_date, es.shift_id from ${employeeShifts} es
          where es.employee_id = p.employee_id and es.from_date <= ${from_}
          order by es.from_date desc limit 1
        ) valid on true
        union all
        select es.employee_id, es.from_date, es.shift_id
        from ${employeeShifts} es join people p on p.employee_id = es.employee_id
        where es.from_date > ${from_} and es.from_date <= ${to_}
      )
      select st.employee_id, to_char(st.from_date, 'YYYY-MM-DD') as from_date,
        ${shiftOfEmployeeColumns(sql`p.off_day`)}
      from starts st
      join people p on p.employee_id = st.employee_id
      join ${shifts} s on s.id = st.shift_id) periods)`}`,
        })
        .from(sql`(select 1) as one`)
        .prepare(name),
    );
    const [found] = await statement.execute({ ids: `{${ids.join(',')}}`, from, to });
    for (const r of found?.rows ?? []) {
      const { enabled: _enabled, ...shift } = asShift(r);
      const employeeId = Number(r.employee_id);
      const period = { from: r.from_date, shift };
      const list = out.get(employeeId);
      if (list) list.push(period);
      else out.set(employeeId, [period]);
    }
    return out;
  },
};
