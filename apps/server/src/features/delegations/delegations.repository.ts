import { and, asc, desc, eq, gte, inArray, lte, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type DelegationRow, delegations, employees } from '../../db/schema';
import { personJson } from '../../lib/approvers';

const d = delegations;

/** A delegation with the people it names, as one row. */
function rows(db: Db) {
  return db
    .select({
      id: d.id,
      delegatorId: d.delegatorId,
      delegateId: d.delegateId,
      fromDate: d.fromDate,
      toDate: d.toDate,
      modules: d.modules,
      createdBy: d.createdBy,
      delegator: personJson(d.delegatorId),
      delegate: personJson(d.delegateId),
      creator: personJson(d.createdBy),
    })
    .from(d);
}
export type DelegationDetail = Awaited<ReturnType<ReturnType<typeof rows>['execute']>>[number];

/** Delegations over some of the days `from`–`to` (both counted). */
const overDays = (from: string, to: string): SQL => and(lte(d.fromDate, to), gte(d.toDate, from))!;

/** The first delegation matching, with the other person's name (for the message). */
async function firstOver(tx: Db, where: SQL, nameOf: 'delegator' | 'delegate') {
  const [row] = await tx
    .select({ id: d.id, fromDate: d.fromDate, toDate: d.toDate, name: employees.name })
    .from(d)
    .innerJoin(employees, eq(employees.id, nameOf === 'delegator' ? d.delegatorId : d.delegateId))
    .where(where)
    .orderBy(asc(d.fromDate))
    .limit(1);
  return row ?? null;
}

export const delegationsRepository = {
  /**
   * Holds the rows of the people a delegation names until the transaction
   * ends, in id order: writes naming either of them run one after another,
   * so the rules below (no overlap, no chain, no circle) read a stable
   * picture and two opposite delegations cannot both pass them.
   */
  async lockPeople(tx: Db, ids: readonly number[]): Promise<void> {
    await tx
      .select({ id: employees.id })
      .from(employees)
      .where(inArray(employees.id, [...new Set(ids)]))
      .orderBy(asc(employees.id))
      .for('no key update');
  },

  async person(db: Db, id: number) {
    const [row] = await db
      .select({ id: employees.id, enabled: employees.enabled })
      .from(employees)
      .where(eq(employees.id, id));
    return row ?? null;
  },

  async name(db: Db, id: number): Promise<string | null> {
    const [row] = await db.select({ name: employees.name }).from(employees).where(eq(employees.id, id));
    return row?.name ?? null;
  },

  async find(db: Db, id: number): Promise<DelegationDetail | null> {
    const [row] = await rows(db).where(eq(d.id, id));
    return row ?? null;
  },

  /** Those `employeeId` handed over, newest first. */
  given(db: Db, employeeId: number) {
    return rows(db).where(eq(d.delegatorId, employeeId)).orderBy(desc(d.fromDate), desc(d.id));
  },

  /** Those naming `employeeId` delegate that have not ended by `today`, soonest first. */
  received(db: Db, employeeId: number, today: string) {
    return rows(db)
      .where(and(eq(d.delegateId, employeeId), gte(d.toDate, today)))
      .orderBy(asc(d.fromDate), asc(d.id));
  },

  /** Another delegation of the same delegator over some of these days. */
  overlapping(tx: Db, delegatorId: number, from: string, to: string, exceptId?: number) {
    return firstOver(
      tx,
      and(eq(d.delegatorId, delegatorId), overDays(from, to), exceptId ? ne(d.id, exceptId) : undefined)!,
      'delegate',
    );
  },

  /** The delegate's own delegation over some of these days (they are away: a chain). */
  delegateAway(tx: Db, delegateId: number, from: string, to: string, exceptId?: number) {
    return firstOver(
      tx,
      and(eq(d.delegatorId, delegateId), overDays(from, to), exceptId ? ne(d.id, exceptId) : undefined)!,
      'delegate',
    );
  },

  /** A delegation naming the delegator delegate over some of these days (they stand in: a chain). */
  standsIn(tx: Db, delegatorId: number, from: string, to: string, exceptId?: number) {
    return firstOver(
      tx,
      and(eq(d.delegateId, delegatorId), overDays(from, to), exceptId ? ne(d.id, exceptId) : undefined)!,
      'delegator',
    );
  },

  async insert(tx: Db, values: typeof d.$inferInsert): Promise<number> {
    const [row] = await tx.insert(d).values(values).returning({ id: d.id });
    return row!.id;
  },

  async update(tx: Db, id: number, values: Partial<DelegationRow>): Promise<void> {
    await tx.update(d).set(values).where(eq(d.id, id));
  },

  async remove(tx: Db, id: number): Promise<void> {
    await tx.delete(d).where(eq(d.id, id));
  },
};
