import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import {
  eprDevPlans,
  eprLineEvidence,
  eprLines,
  eprStables,
  eprs,
  kpiObjectiveKpis,
  kpiObjectives,
  kpis,
} from '../../src/db/schema';

interface SheetLine {
  weight: number;
  target: number;
  removed?: boolean;
}
interface SheetObjective {
  weight: number;
  lines: SheetLine[];
  removed?: boolean;
}

/** Objectives 60/40: the first with KPIs 70/30 (targets 100 and 10), the second one KPI (target 50). */
export const STANDARD_SHEET: SheetObjective[] = [
  {
    weight: 60,
    lines: [
      { weight: 70, target: 100 },
      { weight: 30, target: 10 },
    ],
  },
  { weight: 40, lines: [{ weight: 100, target: 50 }] },
];

/**
 * An approved (status 4) KPI sheet of an employee, written straight to the
 * database: the reviews' tests start where the KPI workflow ends.
 */
export async function approvedSheet(
  db: Db,
  people: { employeeId: number; lineManagerId: number | null; oneOverOneId: number | null },
  options: {
    objectives?: SheetObjective[];
    statusId?: number;
    typeId?: number;
    from?: string;
    to?: string;
  } = {},
) {
  const [sheet] = await db
    .insert(kpis)
    .values({
      ...people,
      createdById: people.employeeId,
      typeId: options.typeId ?? 2,
      name: `Plan ${Math.random().toString(36).slice(2, 8)}`,
      fromDate: options.from ?? '2031-01-01',
      toDate: options.to ?? '2031-12-31',
      statusId: options.statusId ?? 4,
      firstSubmittedAt: new Date(),
    })
    .returning();
  const lines: number[] = [];
  for (const [i, o] of (options.objectives ?? STANDARD_SHEET).entries()) {
    const [objective] = await db
      .insert(kpiObjectives)
      .values({
        kpiId: sheet!.id,
        perspectiveId: 1 + (i % 4),
        name: `Objective ${i + 1}`,
        weight: o.weight,
        statusId: o.removed ? 3 : 1,
      })
      .returning();
    for (const [j, l] of o.lines.entries()) {
      const [k] = await db
        .insert(kpiObjectiveKpis)
        .values({
          kpiId: sheet!.id,
          objectiveId: objective!.id,
          name: `KPI ${i + 1}.${j + 1}`,
          weight: l.weight,
          time: 'Every quarter',
          target: l.target,
          targetUnitId: 1,
          statusId: l.removed ? 3 : 1,
        })
        .returning();
      lines.push(k!.id);
    }
  }
  return { sheet: sheet!, objectiveKpis: lines };
}

/** Sets a review's status directly (to test the rules of a status without walking to it). */
export async function setEprStatus(db: Db, id: number, statusId: number) {
  await db.update(eprs).set({ statusId }).where(eq(eprs.id, id));
}

export async function eprRow(db: Db, id: number) {
  const [row] = await db.select().from(eprs).where(eq(eprs.id, id));
  return row ?? null;
}

/** What a review holds in its own tables, to show that a refused call changed nothing. */
export async function eprState(db: Db, id: number) {
  return {
    review: await eprRow(db, id),
    lines: await db.select().from(eprLines).where(eq(eprLines.eprId, id)).orderBy(eprLines.id),
    stables: await db.select().from(eprStables).where(eq(eprStables.eprId, id)).orderBy(eprStables.id),
    plans: await db.select().from(eprDevPlans).where(eq(eprDevPlans.eprId, id)).orderBy(eprDevPlans.id),
    evidence: await db
      .select({ id: eprLineEvidence.id, lineId: eprLineEvidence.lineId, fileId: eprLineEvidence.fileId })
      .from(eprLineEvidence)
      .innerJoin(eprLines, eq(eprLines.id, eprLineEvidence.lineId))
      .where(eq(eprLines.eprId, id))
      .orderBy(eprLineEvidence.id),
  };
}
