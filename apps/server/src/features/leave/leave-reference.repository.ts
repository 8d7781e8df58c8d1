import { and, asc, eq, gte, inArray, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  companies,
  employeeGroups,
  employees,
  groupTrees,
  holidays,
  leaveDurations,
  leaves,
  leaveTypes,
  lookupValues,
  offices,
} from '../../db/schema';
import { type TableRow, tableStore } from '../../lib/reference-data';

export type LeaveTypeRow = TableRow<typeof leaveTypes>;
export type LeaveDurationRow = TableRow<typeof leaveDurations>;
export type HolidayRow = TableRow<typeof holidays>;

export interface EnabledFilter {
  /** Disabled ones too (administrators). */
  all?: boolean | undefined;
}

export interface LeaveTypeFilter extends EnabledFilter {
  /** Only the types this employee may take on this day. */
  eligible?: { employeeId: number; on: string } | undefined;
}

/**
 * The row of `employees` may take the row of `leave_types` on the day `on`
 * (docs/decisions.md, "Leave-type eligibility"): each condition the type sets
 * holds — the gender, one of the employment statuses, the months of service
 * since joining (none without a joining date), membership of the group item
 * or of an item below it.
 * Written once, used by the types offered, the balances and the request's check.
 */
export function eligibleSql(on: SQL | Placeholder | string): SQL {
  const t = leaveTypes;
  const e = employees;
  return sql`(${t.genderId} is null or ${t.genderId} = ${e.genderId})
    and (cardinality(${t.employmentStatusIds}) = 0 or ${e.statusId} = any(${t.employmentStatusIds}))
    and (${t.minServiceMonths} = 0
      or ${e.joiningDate} + make_interval(months => ${t.minServiceMonths}::int) <= ${on}::date)
    and (${t.groupTreeId} is null or exists (
      with recursive mine as (
        select g.id, g.parent_id from ${employeeGroups} eg join ${groupTrees} g on g.id = eg.group_tree_id
         where eg.employee_id = ${e.id}
        union
        select g.id, g.parent_id from ${groupTrees} g join mine on g.id = mine.parent_id
      )
      select 1 from mine where mine.id = ${t.groupTreeId}))`;
}

export interface HolidayFilter {
  /** Holidays that touch this calendar year. */
  year?: number | undefined;
  /** Holidays set for this company (its offices' own included). */
  companyId?: number | undefined;
  /** Holidays set for this office. */
  officeId?: number | undefined;
}

type HolidayValues = typeof holidays.$inferInsert;

const holidayTable = tableStore<typeof holidays, HolidayFilter>(holidays, {
  sortable: {
    id: holidays.id,
    name: sql`lower(${holidays.name})`,
    from: holidays.fromDate,
    to: holidays.toDate,
  },
  where: ({ year, companyId, officeId }) => [
    ...(year ? [lte(holidays.fromDate, `${year}-12-31`), gte(holidays.toDate, `${year}-01-01`)] : []),
    companyId === undefined ? undefined : eq(holidays.companyId, companyId),
    officeId === undefined ? undefined : eq(holidays.officeId, officeId),
  ],
  // Two companies may each have their own holiday of the same name.
  uniqueNames: false,
});

/** An office's company, or null when there is no such office. */
async function officeCompany(db: Db, id: number): Promise<{ companyId: number } | null> {
  const [row] = await db
    .select({ companyId: offices.companyId })
    .from(offices)
    .where(eq(offices.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * An office's holiday is stored with the office's company (docs/decisions.md,
 * "Holidays per office") when the body names no company.
 */
async function withOfficeCompany<V extends Partial<HolidayValues>>(db: Db, values: V): Promise<V> {
  if (values.officeId == null || values.companyId != null) return values;
  const office = await officeCompany(db, values.officeId);
  return office ? { ...values, companyId: office.companyId } : values;
}

/**
 * Leave types, short-leave durations and holidays: the reference-data stores
 * the admin screens run on, and the look-ups the leave rules need.
 */
export const leaveReferenceRepository = {
  typeStore: tableStore<typeof leaveTypes, LeaveTypeFilter>(leaveTypes, {
    sortable: {
      id: leaveTypes.id,
      name: sql`lower(${leaveTypes.name})`,
      days: leaveTypes.days,
      // The order the leave form offers them in.
      order: leaveTypes.sortOrder,
    },
    where: ({ all, eligible }) => [
      all ? undefined : eq(leaveTypes.enabled, true),
      eligible
        ? sql`exists (select 1 from ${employees} where ${employees.id} = ${eligible.employeeId}
            and ${eligibleSql(eligible.on)})`
        : undefined,
    ],
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

  holidayStore: {
    ...holidayTable,
    async insert(db: Db, values: HolidayValues) {
      return holidayTable.insert(db, await withOfficeCompany(db, values));
    },
    async update(db: Db, id: number, values: Partial<HolidayValues>) {
      await holidayTable.update(db, id, await withOfficeCompany(db, values));
    },
  },

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

  /** Whether the employee may take the leave type on the day `on`. */
  async eligible(db: Db, typeId: number, employeeId: number, on: string): Promise<boolean> {
    const [row] = await db
      .select({ one: sql<number>`1` })
      .from(employees)
      .innerJoin(leaveTypes, eq(leaveTypes.id, typeId))
      .where(and(eq(employees.id, employeeId), eligibleSql(on)))
      .limit(1);
    return Boolean(row);
  },

  /** Which of the eligibility's references are unknown: the gender, the employment statuses, the group item. */
  async unknownEligibility(
    db: Db,
    refs: { genderId: number | null; employmentStatusIds: number[]; groupTreeId: number | null },
  ) {
    const lookupIds = [...refs.employmentStatusIds, ...(refs.genderId ? [refs.genderId] : [])];
    const known = lookupIds.length
      ? await db
          .select({ id: lookupValues.id, kind: lookupValues.kind })
          .from(lookupValues)
          .where(inArray(lookupValues.id, lookupIds))
      : [];
    const isKind = (id: number, kind: string) => known.some((k) => k.id === id && k.kind === kind);
    const [item] = refs.groupTreeId
      ? await db.select({ id: groupTrees.id }).from(groupTrees).where(eq(groupTrees.id, refs.groupTreeId))
      : [];
    return {
      gender: refs.genderId !== null && !isKind(refs.genderId, 'gender'),
      employmentStatus: refs.employmentStatusIds.some((id) => !isKind(id, 'employee_status')),
      group: refs.groupTreeId !== null && !item,
    };
  },

  officeCompany,

  async companyExists(db: Db, id: number): Promise<boolean> {
    const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1);
    return Boolean(row);
  },
};
