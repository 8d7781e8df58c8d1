import { and, asc, eq, gt, gte, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  employees,
  leaveCloseRuns,
  leaveLedger,
  leavePolicies,
  leaves,
  leaveTypes,
  separations,
} from '../../db/schema';
import { preparedOnce } from '../../lib/prepared';
import type { Counted, Person, Policy, Written } from './leave-engine';
import { policyColumns } from './leave-policies.repository';
import { eligibleSql } from './leave-reference.repository';

/** Status ids counted against a balance: submitted (held) and approved (taken). */
const SUBMITTED = 2;
const APPROVED = 3;
const SHORT = 2;

export interface BalanceType {
  id: number;
  name: string;
  nameTranslations: Record<string, string> | null;
  days: number;
}

/** A person's ledger inputs of some leave types, from a day on. */
export interface LedgerInputs {
  written: (Written & { typeId: number })[];
  requests: (Counted & { typeId: number })[];
}

const personColumns = {
  id: employees.id,
  companyId: employees.companyId,
  officeId: employees.officeId,
  gradeId: employees.gradeId,
  statusId: employees.statusId,
  joiningDate: employees.joiningDate,
  leavingDate: separations.lastWorkingDate,
};

const typeColumns = {
  id: leaveTypes.id,
  name: leaveTypes.name,
  nameTranslations: leaveTypes.nameTranslations,
  days: leaveTypes.days,
};

/*
 * One person's balances, ledger and forecast read the same few statements on
 * every call: those are prepared once per shape (`lib/prepared.ts`), their
 * values bound (a list of leave types as one array). The close reads many
 * people at once, built for its batch of ids as before.
 */
const PERSON = sql.placeholder('employeeId');
const FROM = sql.placeholder('from');
const TYPES = sql.placeholder('typeIds');
const EXCEPT = sql.placeholder('exceptLeaveId');
/** `column` is one of the leave types bound as an array. */
const oneOfTypes = (column: typeof leaveLedger.typeId | typeof leaves.typeId) =>
  sql`${column} = any(${TYPES}::int[])`;

function writtenQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      employeeId: leaveLedger.employeeId,
      typeId: leaveLedger.typeId,
      date: leaveLedger.date,
      kind: leaveLedger.kind,
      days: leaveLedger.days,
      period: leaveLedger.period,
      note: leaveLedger.note,
      policyId: leaveLedger.policyId,
    })
    .from(leaveLedger)
    .where(where)
    .orderBy(asc(leaveLedger.date), asc(leaveLedger.id));
}

function requestsQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      employeeId: leaves.employeeId,
      typeId: leaves.typeId,
      id: leaves.id,
      from: leaves.fromDate,
      days: leaves.days,
      statusId: leaves.statusId,
      leaveFormat: leaves.leaveFormat,
    })
    .from(leaves)
    .where(where)
    .orderBy(asc(leaves.fromDate), asc(leaves.id));
}

function balanceTypesQuery(db: Db, on: SQL | string, who: SQL) {
  return db
    .select({ employeeId: employees.id, ...typeColumns })
    .from(employees)
    .innerJoin(
      leaveTypes,
      and(eq(leaveTypes.enabled, true), eq(leaveTypes.hasBalance, true), eligibleSql(on)),
    )
    .where(who)
    .orderBy(asc(employees.id), asc(leaveTypes.sortOrder), asc(leaveTypes.id));
}

export const leaveLedgerRepository = {
  /** The person as the policies see them (their leaving day is their separation's last working day). */
  async person(db: Db, employeeId: number): Promise<Person | null> {
    const statement = preparedOnce(db, 'ledger-person', (name) =>
      db
        .select(personColumns)
        .from(employees)
        .leftJoin(separations, eq(separations.employeeId, employees.id))
        .where(eq(employees.id, PERSON))
        .prepare(name),
    );
    const [row] = await statement.execute({ employeeId });
    return row ?? null;
  },

  /**
   * People after `afterId`, `limit` of them in id order, locked as a
   * request's writer locks them (the close). With `only`, a range of days in
   * one month: only the people whose joining day, its anniversary or their
   * leaving day falls in it.
   */
  async lockPeople(
    db: Db,
    afterId: number,
    limit: number,
    only?: { from: string; to: string } | null,
  ): Promise<Person[]> {
    const md = (d: string) => d.slice(5);
    const y = +(only?.to ?? '2000').slice(0, 4);
    // An anniversary on 29 February falls on the 28th in a common year.
    const leapDay = only && md(only.to) === '02-28' && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0));
    return db
      .select(personColumns)
      .from(employees)
      .leftJoin(separations, eq(separations.employeeId, employees.id))
      .where(
        and(
          gt(employees.id, afterId),
          only
            ? sql`(to_char(${employees.joiningDate}, 'MM-DD') between ${md(only.from)} and ${leapDay ? '02-29' : md(only.to)}
                or ${separations.lastWorkingDate} between ${only.from} and ${only.to})`
            : undefined,
        ),
      )
      .orderBy(asc(employees.id))
      .limit(limit)
      .for('no key update', { of: employees });
  },

  /** Every policy of the given leave types (or all). */
  async policies(db: Db, typeIds?: readonly number[]): Promise<Policy[]> {
    const query = (where: SQL | undefined) =>
      db.select(policyColumns).from(leavePolicies).where(where).orderBy(asc(leavePolicies.id));
    const rows = typeIds
      ? await preparedOnce(db, 'ledger-policies-of-types', (name) =>
          query(sql`${leavePolicies.typeId} = any(${TYPES}::int[])`).prepare(name),
        ).execute({ typeIds: [...typeIds] })
      : await query(undefined);
    return rows.map((r) => ({ ...r, accrual: r.accrual as Policy['accrual'] }));
  },

  /** One leave type with a balance (enabled or not), or null. */
  async balanceType(db: Db, typeId: number): Promise<BalanceType | null> {
    const statement = preparedOnce(db, 'ledger-balance-type', (name) =>
      db
        .select(typeColumns)
        .from(leaveTypes)
        .where(and(eq(leaveTypes.id, sql.placeholder('typeId')), eq(leaveTypes.hasBalance, true)))
        .prepare(name),
    );
    const [row] = await statement.execute({ typeId });
    return row ?? null;
  },

  /** The enabled types with a balance each of the people may take on the day `on`. */
  async balanceTypesOf(db: Db, employeeIds: readonly number[], on: string) {
    const [one, ...more] = employeeIds;
    if (one === undefined) return [];
    if (more.length > 0) return balanceTypesQuery(db, on, inArray(employees.id, [...employeeIds]));
    return preparedOnce(db, 'ledger-balance-types', (name) =>
      balanceTypesQuery(db, sql`${sql.placeholder('on')}`, eq(employees.id, PERSON)).prepare(name),
    ).execute({ employeeId: one, on });
  },

  /**
   * The written entries and the counted requests of people's leave types
   * from `from` on; `exceptLeaveId` leaves one request out (the one being
   * changed).
   */
  async inputs(
    db: Db,
    employeeIds: readonly number[],
    from: string,
    typeIds?: readonly number[],
    exceptLeaveId?: number,
  ): Promise<Map<number, LedgerInputs>> {
    const out = new Map<number, LedgerInputs>();
    for (const id of employeeIds) out.set(id, { written: [], requests: [] });
    if (employeeIds.length === 0) return out;
    const ids = [...employeeIds];
    const counted = inArray(leaves.statusId, [SUBMITTED, APPROVED]);
    const values = {
      employeeId: ids[0],
      from,
      ...(typeIds ? { typeIds: [...typeIds] } : {}),
      ...(exceptLeaveId ? { exceptLeaveId } : {}),
    };
    const shape = `${typeIds ? 'types' : 'all'}|${exceptLeaveId ? 'except' : 'every'}`;
    // One after the other: `db` may be a transaction, whose connection takes one statement at a time.
    const written =
      ids.length === 1
        ? await preparedOnce(db, `ledger-written|${shape}`, (name) =>
            writtenQuery(
              db,
              and(
                eq(leaveLedger.employeeId, PERSON),
                gte(leaveLedger.date, FROM),
                typeIds ? oneOfTypes(leaveLedger.typeId) : undefined,
              ),
            ).prepare(name),
          ).execute(values)
        : await writtenQuery(
            db,
            and(
              inArray(leaveLedger.employeeId, ids),
              gte(leaveLedger.date, from),
              typeIds ? inArray(leaveLedger.typeId, [...typeIds]) : undefined,
            ),
          );
    const requests =
      ids.length === 1
        ? await preparedOnce(db, `ledger-requests|${shape}`, (name) =>
            requestsQuery(
              db,
              and(
                eq(leaves.employeeId, PERSON),
                counted,
                gte(leaves.fromDate, FROM),
                typeIds ? oneOfTypes(leaves.typeId) : undefined,
                exceptLeaveId ? ne(leaves.id, EXCEPT) : undefined,
              ),
            ).prepare(name),
          ).execute(values)
        : await requestsQuery(
            db,
            and(
              inArray(leaves.employeeId, ids),
              counted,
              gte(leaves.fromDate, from),
              typeIds ? inArray(leaves.typeId, [...typeIds]) : undefined,
              exceptLeaveId ? ne(leaves.id, exceptLeaveId) : undefined,
            ),
          );
    for (const w of written)
      out.get(w.employeeId)!.written.push({ ...w, kind: w.kind as Written['kind'], days: Number(w.days) });
    for (const r of requests)
      out.get(r.employeeId)!.requests.push({
        id: r.id,
        typeId: r.typeId,
        from: r.from,
        days: Number(r.days),
        held: r.statusId === SUBMITTED,
        short: r.leaveFormat === SHORT,
      });
    return out;
  },

  /** Writes close entries; one already written for its period is left as it is. Answers how many were written. */
  async writeEntries(db: Db, rows: (typeof leaveLedger.$inferInsert)[]): Promise<number> {
    if (rows.length === 0) return 0;
    const written = await db
      .insert(leaveLedger)
      .values(rows)
      .onConflictDoNothing({
        target: [leaveLedger.employeeId, leaveLedger.typeId, leaveLedger.period],
        where: sql`${leaveLedger.period} is not null`,
      })
      .returning({ id: leaveLedger.id });
    return written.length;
  },

  async addAdjustment(db: Db, row: typeof leaveLedger.$inferInsert): Promise<number> {
    const [r] = await db.insert(leaveLedger).values(row).returning({ id: leaveLedger.id });
    return r!.id;
  },

  /** The close's lock for this transaction: false when another process holds it (it is running the close). */
  async lockClose(tx: Db): Promise<boolean> {
    const result = await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext('leave_period_close')) as locked`,
    );
    const rows = ((result as { rows?: { locked: boolean }[] }).rows ?? []) as { locked: boolean }[];
    return rows[0]?.locked === true;
  },

  /** The close's run of a day (made on first use), locked: where it is, and whether it is finished. */
  async closeRun(tx: Db, upTo: string): Promise<{ lastEmployeeId: number; finished: boolean }> {
    await tx.insert(leaveCloseRuns).values({ upTo }).onConflictDoNothing();
    const [run] = await tx.select().from(leaveCloseRuns).where(eq(leaveCloseRuns.upTo, upTo)).for('update');
    return { lastEmployeeId: run?.lastEmployeeId ?? 0, finished: Boolean(run?.finishedAt) };
  },

  async advanceClose(tx: Db, upTo: string, lastEmployeeId: number, entries: number): Promise<void> {
    await tx
      .update(leaveCloseRuns)
      .set({ lastEmployeeId, entries: sql`${leaveCloseRuns.entries} + ${entries}` })
      .where(eq(leaveCloseRuns.upTo, upTo));
  },

  /** The last day a close finished before `today`, or null. */
  async lastClose(db: Db, today: string): Promise<string | null> {
    const [row] = await db
      .select({ upTo: leaveCloseRuns.upTo })
      .from(leaveCloseRuns)
      .where(and(sql`${leaveCloseRuns.upTo} < ${today}`, sql`${leaveCloseRuns.finishedAt} is not null`))
      .orderBy(sql`${leaveCloseRuns.upTo} desc`)
      .limit(1);
    return row?.upTo ?? null;
  },

  async finishClose(tx: Db, upTo: string): Promise<void> {
    await tx.update(leaveCloseRuns).set({ finishedAt: new Date() }).where(eq(leaveCloseRuns.upTo, upTo));
  },

  /** A person's submitted and approved full-day requests of a type that meet [from, to] (the longest run's neighbours). */
  async fullDaysNear(
    db: Db,
    employeeId: number,
    typeId: number,
    from: string,
    to: string,
    exceptId?: number,
  ) {
    const rows = await db
      .select({ from: leaves.fromDate, to: leaves.toDate, days: leaves.days })
      .from(leaves)
      .where(
        and(
          eq(leaves.employeeId, employeeId),
          eq(leaves.typeId, typeId),
          inArray(leaves.statusId, [SUBMITTED, APPROVED]),
          eq(leaves.leaveFormat, 1),
          sql`${leaves.fromDate} <= ${to} and ${leaves.toDate} >= ${from}`,
          exceptId ? ne(leaves.id, exceptId) : undefined,
        ),
      )
      .orderBy(asc(leaves.fromDate));
    return rows.map((r) => ({ ...r, days: Number(r.days) }));
  },
};
