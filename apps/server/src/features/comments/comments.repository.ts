import { KPI_ITEM_STATUS } from '@hr/contracts/kpi';
import { and, asc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments, employees, kpiObjectiveKpis, kpiObjectives, kpis } from '../../db/schema';
import { COMMENTS_CHANNEL } from '../../lib/realtime';

/** The kinds of thread a comment may belong to. */
export const THREAD_KINDS = ['kpi', 'kpi_objective', 'kpi_objective_kpi'] as const;
export type ThreadKind = (typeof THREAD_KINDS)[number];

/** What decides who may read and write a thread: the record it belongs to and its people. */
export interface ThreadAccess {
  rootKind: 'kpi';
  rootId: number;
  employeeId: number;
  lineManagerId: number | null;
  oneOverOneId: number | null;
  statusId: number;
  /** The item was removed (status 3): its comments are read, not added to. */
  removed: boolean;
}

const sheetColumns = {
  rootId: kpis.id,
  employeeId: kpis.employeeId,
  lineManagerId: kpis.lineManagerId,
  oneOverOneId: kpis.oneOverOneId,
  statusId: kpis.statusId,
};

/**
 * How each kind of thread finds its record (one statement each). EPR
 * sections add their kinds here.
 */
const RESOLVERS: Record<ThreadKind, (db: Db, id: number) => Promise<ThreadAccess | null>> = {
  async kpi(db, id) {
    const [row] = await db.select(sheetColumns).from(kpis).where(eq(kpis.id, id));
    return row ? { ...row, rootKind: 'kpi', removed: false } : null;
  },
  async kpi_objective(db, id) {
    const [row] = await db
      .select({ ...sheetColumns, itemStatus: kpiObjectives.statusId })
      .from(kpiObjectives)
      .innerJoin(kpis, eq(kpis.id, kpiObjectives.kpiId))
      .where(eq(kpiObjectives.id, id));
    return row ? { ...row, rootKind: 'kpi', removed: row.itemStatus !== KPI_ITEM_STATUS.active } : null;
  },
  async kpi_objective_kpi(db, id) {
    const [row] = await db
      .select({ ...sheetColumns, itemStatus: kpiObjectiveKpis.statusId })
      .from(kpiObjectiveKpis)
      .innerJoin(kpis, eq(kpis.id, kpiObjectiveKpis.kpiId))
      .where(eq(kpiObjectiveKpis.id, id));
    return row ? { ...row, rootKind: 'kpi', removed: row.itemStatus !== KPI_ITEM_STATUS.active } : null;
  },
};

function select(db: Db) {
  return db
    .select({
      id: comments.id,
      kind: comments.threadKind,
      thread: comments.threadId,
      body: comments.body,
      createdAt: comments.createdAt,
      employeeId: comments.employeeId,
      name: employees.name,
      photoVersion: employees.photoVersion,
    })
    .from(comments)
    .innerJoin(employees, eq(employees.id, comments.employeeId));
}
export type CommentRow = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

export const commentsRepository = {
  access(db: Db, kind: ThreadKind, id: number) {
    return RESOLVERS[kind](db, id);
  },

  /** A thread's comments after `after` (0: all), oldest first. */
  thread(db: Db, kind: ThreadKind, id: number, after = 0) {
    return select(db)
      .where(and(eq(comments.threadKind, kind), eq(comments.threadId, id), gt(comments.id, after)))
      .orderBy(asc(comments.id));
  },

  /** The comments of several threads after `after`, oldest first (a reconnecting window). */
  threads(db: Db, threads: { kind: ThreadKind; id: number }[], after: number) {
    const byKind = new Map<ThreadKind, number[]>();
    for (const t of threads) byKind.set(t.kind, [...(byKind.get(t.kind) ?? []), t.id]);
    const any: SQL[] = [...byKind].map(
      ([kind, ids]) => and(eq(comments.threadKind, kind), inArray(comments.threadId, ids))!,
    );
    return select(db)
      .where(and(gt(comments.id, after), or(...any)))
      .orderBy(asc(comments.id))
      .limit(500);
  },

  async one(db: Db, id: number) {
    const [row] = await select(db).where(eq(comments.id, id));
    return row ?? null;
  },

  /**
   * Adds a comment and announces it to every API process, in the caller's
   * transaction: the announcement leaves when it commits.
   *
   * Comments are written one at a time (a lock held to the commit), so their
   * ids commit in the order they were taken: a window that has seen comment
   * N has seen every comment before it, which is what its live feed and its
   * catching up after N (Last-Event-ID) rely on. Without it, a comment whose
   * id was taken first but committed last would be skipped by both.
   */
  async add(tx: Db, values: typeof comments.$inferInsert): Promise<number> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('comments'))`);
    const [row] = await tx.insert(comments).values(values).returning({ id: comments.id });
    const notice = JSON.stringify({ id: row!.id, kind: values.threadKind, thread: values.threadId });
    await tx.execute(sql`select pg_notify(${COMMENTS_CHANNEL}, ${notice})`);
    return row!.id;
  },
};
