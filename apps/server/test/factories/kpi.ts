import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { kpiObjectiveKpis, kpiObjectives, kpis, kpiYears } from '../../src/db/schema';

/** A KPI year of its own (names are unique), `2031-01-01` to `2031-12-31` unless given. */
export async function kpiYear(db: Db, from = '2031-01-01', to = '2031-12-31') {
  const [row] = await db
    .insert(kpiYears)
    .values({ name: `FY ${randomUUID().slice(0, 8)}`, fromDate: from, toDate: to })
    .returning();
  return row!;
}

/** A custom-period (type 2) sheet body. */
export function customSheetBody(over: Record<string, unknown> = {}) {
  return { type_id: 2, from: '2031-01-01', to: '2031-06-30', name: 'First half plan', ...over };
}

export function objectiveBody(kpiId: number, over: Record<string, unknown> = {}) {
  return { name: 'Grow revenue', weight: 50, kpi_id: kpiId, perspective_id: 1, ...over };
}

export function objectiveKpiBody(kpiId: number, objectiveId: number, over: Record<string, unknown> = {}) {
  return {
    name: 'Monthly recurring revenue',
    weight: 50,
    time: 'Quarterly',
    target: 120,
    target_unit_id: 1,
    budget: null,
    initiative: null,
    kpi_id: kpiId,
    objective_id: objectiveId,
    ...over,
  };
}

/** Sets a sheet's status directly (to test the rules of a status without walking to it). */
export async function setKpiStatus(db: Db, id: number, statusId: number, firstSubmitted = statusId > 1) {
  await db
    .update(kpis)
    .set({ statusId, firstSubmittedAt: firstSubmitted ? new Date() : null })
    .where(eq(kpis.id, id));
}

export async function kpiRow(db: Db, id: number) {
  const [row] = await db.select().from(kpis).where(eq(kpis.id, id));
  return row ?? null;
}

export async function objectiveRows(db: Db, kpiId: number) {
  return db.select().from(kpiObjectives).where(eq(kpiObjectives.kpiId, kpiId)).orderBy(kpiObjectives.id);
}

export async function objectiveKpiRows(db: Db, kpiId: number) {
  return db
    .select()
    .from(kpiObjectiveKpis)
    .where(eq(kpiObjectiveKpis.kpiId, kpiId))
    .orderBy(kpiObjectiveKpis.id);
}
