import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { leaves, remoteWorks, serviceRequests } from '../../db/schema';

const SUBMITTED = 2;
const APPROVED = 3;

/** `count(*)` of the rows that meet a condition, among those the query reads. */
const countOf = (condition: SQL | undefined) => sql<number>`(count(*) filter (where ${condition}))::int`;

/**
 * What waits for someone, counted in one query per request table (each reads
 * only the rows of the caller as employee or approver, by index).
 */
export const dashboardRepository = {
  /** Submitted leave requests waiting for the line manager `me`, and `me`'s own submitted ones. */
  async leave(db: Db, me: number) {
    const [row] = await db
      .select({
        waiting: countOf(eq(leaves.lineManagerId, me)),
        mine: countOf(eq(leaves.employeeId, me)),
      })
      .from(leaves)
      .where(
        and(eq(leaves.statusId, SUBMITTED), or(eq(leaves.lineManagerId, me), eq(leaves.employeeId, me))),
      );
    return { waiting: row?.waiting ?? 0, mine: row?.mine ?? 0 };
  },

  async remoteWork(db: Db, me: number) {
    const [row] = await db
      .select({
        waiting: countOf(eq(remoteWorks.lineManagerId, me)),
        mine: countOf(eq(remoteWorks.employeeId, me)),
      })
      .from(remoteWorks)
      .where(
        and(
          eq(remoteWorks.statusId, SUBMITTED),
          or(eq(remoteWorks.lineManagerId, me), eq(remoteWorks.employeeId, me)),
        ),
      );
    return { waiting: row?.waiting ?? 0, mine: row?.mine ?? 0 };
  },

  /**
   * HR service requests: submitted ones waiting for the line manager `me`
   * (for HR admins, every submitted one), approved ones waiting for HR admins
   * to be done, and `me`'s own submitted or approved ones.
   */
  async hrService(db: Db, me: number, isAdmin: boolean) {
    const submitted = eq(serviceRequests.statusId, SUBMITTED);
    const toDecide = isAdmin ? submitted : and(submitted, eq(serviceRequests.lineManagerId, me));
    const toFinish = isAdmin ? eq(serviceRequests.statusId, APPROVED) : sql`false`;
    const mine = and(
      eq(serviceRequests.employeeId, me),
      inArray(serviceRequests.statusId, [SUBMITTED, APPROVED]),
    );
    const [row] = await db
      .select({ waiting: countOf(toDecide), done: countOf(toFinish), mine: countOf(mine) })
      .from(serviceRequests)
      .where(or(toDecide, toFinish, mine));
    return { waiting: row?.waiting ?? 0, done: row?.done ?? 0, mine: row?.mine ?? 0 };
  },
};
