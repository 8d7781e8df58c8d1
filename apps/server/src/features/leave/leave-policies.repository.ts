import { and, count, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { companies, leaveLedger, leavePolicies, leaveTypes, lookupValues, offices } from '../../db/schema';
import { orderBy } from '../../lib/list';
import {
  containing,
  type PageWindow,
  type ReferenceStore,
  tableWrites,
  windowed,
} from '../../lib/reference-data';

/** A policy's own columns, as the ledger's replay reads them. */
export const policyColumns = {
  id: leavePolicies.id,
  name: leavePolicies.name,
  typeId: leavePolicies.typeId,
  companyId: leavePolicies.companyId,
  officeId: leavePolicies.officeId,
  gradeId: leavePolicies.gradeId,
  employmentStatusId: leavePolicies.employmentStatusId,
  effectiveFrom: leavePolicies.effectiveFrom,
  effectiveTo: leavePolicies.effectiveTo,
  daysPerYear: leavePolicies.daysPerYear,
  accrual: leavePolicies.accrual,
  proRata: leavePolicies.proRata,
  cap: leavePolicies.cap,
  carryForwardMax: leavePolicies.carryForwardMax,
  carryForwardExpiryDays: leavePolicies.carryForwardExpiryDays,
  minNoticeDays: leavePolicies.minNoticeDays,
  maxConsecutiveDays: leavePolicies.maxConsecutiveDays,
  negativeAllowed: leavePolicies.negativeAllowed,
  countsShortLeave: leavePolicies.countsShortLeave,
};

/** A policy as HR's list shows it: with its leave type's name. */
const columns = {
  ...policyColumns,
  typeName: leaveTypes.name,
  typeNameTranslations: leaveTypes.nameTranslations,
};

export interface PolicyFilter {
  typeId?: number | undefined;
}

async function find(db: Db, id: number) {
  const [row] = await db
    .select(columns)
    .from(leavePolicies)
    .innerJoin(leaveTypes, eq(leaveTypes.id, leavePolicies.typeId))
    .where(eq(leavePolicies.id, id))
    .limit(1);
  return row ?? null;
}
export type PolicyRow = NonNullable<Awaited<ReturnType<typeof find>>>;
export type PolicyValues = typeof leavePolicies.$inferInsert;

const same = (column: PgColumn, value: number | null | undefined) =>
  value == null ? isNull(column) : eq(column, value);

/** Leave policies (DESIGN.md §12) as reference data HR manages: listed with their leave type's name. */
export const leavePoliciesRepository = {
  async list(db: Db, filter: PolicyFilter & { search?: string | undefined }, window: PageWindow) {
    const order = orderBy(
      window.sort,
      {
        id: leavePolicies.id,
        name: sql`lower(${leavePolicies.name})`,
        type: sql`lower(${leaveTypes.name})`,
        from: leavePolicies.effectiveFrom,
      },
      leavePolicies.id,
    );
    const where = and(
      filter.search ? ilike(leavePolicies.name, containing(filter.search)) : undefined,
      filter.typeId === undefined ? undefined : eq(leavePolicies.typeId, filter.typeId),
    );
    const [t] = await db.select({ n: count() }).from(leavePolicies).where(where);
    return windowed(t?.n ?? 0, window, (limit, offset) =>
      db
        .select(columns)
        .from(leavePolicies)
        .innerJoin(leaveTypes, eq(leaveTypes.id, leavePolicies.typeId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    );
  },

  find,

  /** Names need not be unique: a version of a policy keeps its name. */
  ...tableWrites(leavePolicies, { uniqueName: false }),

  /** Another policy of the type for the same people (the same scope) whose days meet [from, to]. */
  async overlapping(db: Db, v: PolicyValues, exceptId: number | null) {
    const [row] = await db
      .select({ name: leavePolicies.name, from: leavePolicies.effectiveFrom })
      .from(leavePolicies)
      .where(
        and(
          eq(leavePolicies.typeId, v.typeId),
          same(leavePolicies.companyId, v.companyId),
          same(leavePolicies.officeId, v.officeId),
          same(leavePolicies.gradeId, v.gradeId),
          same(leavePolicies.employmentStatusId, v.employmentStatusId),
          v.effectiveTo ? sql`${leavePolicies.effectiveFrom} <= ${v.effectiveTo}` : undefined,
          or(isNull(leavePolicies.effectiveTo), sql`${leavePolicies.effectiveTo} >= ${v.effectiveFrom}`),
          exceptId === null ? undefined : ne(leavePolicies.id, exceptId),
        ),
      )
      .limit(1);
    return row ?? null;
  },

  /** Which of the scope's references do not exist (or an office not of the company). */
  async unknownScope(db: Db, v: Partial<PolicyValues>): Promise<string | null> {
    const has = async (q: Promise<unknown[]>) => (await q).length > 0;
    if (
      v.companyId != null &&
      !(await has(db.select({ id: companies.id }).from(companies).where(eq(companies.id, v.companyId))))
    )
      return 'company_id';
    if (v.officeId != null) {
      const [office] = await db
        .select({ companyId: offices.companyId })
        .from(offices)
        .where(eq(offices.id, v.officeId));
      if (!office || (v.companyId != null && office.companyId !== v.companyId)) return 'office_id';
    }
    const lookup = async (id: number, kind: string) =>
      has(
        db
          .select({ id: lookupValues.id })
          .from(lookupValues)
          .where(and(eq(lookupValues.id, id), eq(lookupValues.kind, kind))),
      );
    if (v.gradeId != null && !(await lookup(v.gradeId, 'grade'))) return 'grade_id';
    if (v.employmentStatusId != null && !(await lookup(v.employmentStatusId, 'employee_status')))
      return 'employment_status_id';
    return null;
  },

  async typeOf(db: Db, typeId: number) {
    const [row] = await db
      .select({ hasBalance: leaveTypes.hasBalance })
      .from(leaveTypes)
      .where(eq(leaveTypes.id, typeId));
    return row ?? null;
  },

  /** Whether the ledger holds entries a policy wrote. */
  async wroteEntries(db: Db, id: number): Promise<boolean> {
    const [row] = await db
      .select({ id: leaveLedger.id })
      .from(leaveLedger)
      .where(eq(leaveLedger.policyId, id))
      .limit(1);
    return Boolean(row);
  },
} satisfies ReferenceStore<PolicyRow, PolicyValues, PolicyFilter> & Record<string, unknown>;
