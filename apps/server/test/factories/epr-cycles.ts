import { randomBytes } from 'node:crypto';
import type { EprCycleBody } from '@hr/contracts/epr-cycles';
import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import {
  auditLog,
  companies,
  employeeGroups,
  employees,
  eprCycles,
  eprLines,
  eprStables,
  eprs,
  groups,
  groupTrees,
} from '../../src/db/schema';

/** A valid launch body over a period, with a deadline at its end; `overrides` change or add fields. */
export function cycleBody(
  period: { from: string; to: string },
  overrides: Partial<EprCycleBody> = {},
): EprCycleBody {
  return {
    name: `Cycle ${randomBytes(3).toString('hex')}`,
    type_id: 2,
    from_date: period.from,
    to_date: period.to,
    deadline: period.to,
    ...overrides,
  };
}

/** A company of its own, with these employees moved into it. */
export async function companyWith(db: Db, employeeIds: number[]): Promise<number> {
  const [c] = await db
    .insert(companies)
    .values({ name: `Cycle Company ${randomBytes(4).toString('hex')}` })
    .returning({ id: companies.id });
  if (employeeIds.length > 0)
    await db.update(employees).set({ companyId: c!.id }).where(inArray(employees.id, employeeIds));
  return c!.id;
}

/** A group with an item and a child item below it; members are added with `join`. */
export async function groupTree(db: Db) {
  const [g] = await db
    .insert(groups)
    .values({ name: `Cycle Group ${randomBytes(4).toString('hex')}`, typeId: null })
    .returning({ id: groups.id });
  const [parent] = await db
    .insert(groupTrees)
    .values({ groupId: g!.id, name: 'Sales' })
    .returning({ id: groupTrees.id });
  const [child] = await db
    .insert(groupTrees)
    .values({ groupId: g!.id, parentId: parent!.id, name: 'Sales North' })
    .returning({ id: groupTrees.id });
  return { groupId: g!.id, parentId: parent!.id, childId: child!.id };
}

export async function joinGroup(db: Db, groupTreeId: number, employeeIds: number[]) {
  await db.insert(employeeGroups).values(employeeIds.map((employeeId) => ({ employeeId, groupTreeId })));
}

/** The reviews of a cycle, oldest first. */
export function cycleReviews(db: Db, cycleId: number) {
  return db.select().from(eprs).where(eq(eprs.cycleId, cycleId)).orderBy(asc(eprs.id));
}

/** Counts across the tables a launch writes, to show that a refused call changed nothing. */
export async function launchState(db: Db) {
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
  return {
    cycles: await n(db.select({ n: count() }).from(eprCycles)),
    reviews: await n(db.select({ n: count() }).from(eprs)),
    inCycles: await n(db.select({ n: count() }).from(eprs).where(isNotNull(eprs.cycleId))),
    lines: await n(db.select({ n: count() }).from(eprLines)),
    stables: await n(db.select({ n: count() }).from(eprStables)),
    cycleAudit: await n(db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, 'epr_cycle'))),
    reviewAudit: await n(
      db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'epr'), inArray(auditLog.action, ['create', 'join_cycle']))),
    ),
  };
}

/** Moves a review's last change into the past (days since its last change). */
export async function ageReview(db: Db, id: number, days: number) {
  await db
    .update(eprs)
    .set({ updatedAt: new Date(Date.now() - days * 86_400_000) })
    .where(eq(eprs.id, id));
}
