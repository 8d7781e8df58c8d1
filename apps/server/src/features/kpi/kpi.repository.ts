import { KPI_ITEM_STATUS, type KPI_SORT_FIELDS, type kpiListQuery } from '@hr/contracts/kpi';
import { KPI_WORKFLOW } from '@hr/contracts/workflow';
import { type AnyColumn, and, asc, count, desc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  comments,
  employees,
  kpiObjectiveKpis,
  kpiObjectives,
  kpiPerspectives,
  kpis,
  kpiTargetUnits,
  kpiTypes,
  kpiYears,
  workflowStatuses,
} from '../../db/schema';
import { decisionOf, personJson, personName } from '../../lib/approvers';
import { escalationOf } from '../../lib/delegations';
import { localName } from '../../lib/language';
import { condition, type ListSource, requestScope } from '../../lib/list';
import { preparedOnce } from '../../lib/prepared';
import { inGroupItem } from '../organisation';

/** One sheet with everything its answer needs; `total` is the list's count of matches (0 elsewhere). */
function baseQuery(db: Db, total: SQL<number> = sql<number>`0`) {
  return db
    .select({
      total,
      id: kpis.id,
      escalation: escalationOf('kpi', kpis.id),
      decision: decisionOf('kpi', KPI_WORKFLOW, kpis.id),
      name: kpis.name,
      employeeId: kpis.employeeId,
      lineManagerId: kpis.lineManagerId,
      oneOverOneId: kpis.oneOverOneId,
      createdById: kpis.createdById,
      statusId: kpis.statusId,
      statusName: workflowStatuses.name,
      statusColor: workflowStatuses.color,
      typeId: kpis.typeId,
      typeName: kpiTypes.name,
      yearId: kpis.yearId,
      yearName: kpiYears.name,
      yearFrom: kpiYears.fromDate,
      yearTo: kpiYears.toDate,
      fromDate: kpis.fromDate,
      toDate: kpis.toDate,
      firstSubmittedAt: kpis.firstSubmittedAt,
      createdAt: kpis.createdAt,
      updatedAt: kpis.updatedAt,
      totalWeight: sql<number>`(select coalesce(sum(o.weight), 0) from kpi_objectives o
        where o.kpi_id = ${kpis.id} and o.status_id = ${KPI_ITEM_STATUS.active})`.mapWith(Number),
      owner: personJson(kpis.employeeId),
      lineManager: personJson(kpis.lineManagerId),
      oneOverOne: personJson(kpis.oneOverOneId),
      createdBy: personJson(kpis.createdById),
    })
    .from(kpis)
    .innerJoin(kpiTypes, eq(kpiTypes.id, kpis.typeId))
    .leftJoin(kpiYears, eq(kpiYears.id, kpis.yearId))
    .leftJoin(
      workflowStatuses,
      and(eq(workflowStatuses.module, 'kpi'), eq(workflowStatuses.id, kpis.statusId)),
    );
}

export type KpiRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

/** Sortable fields of the KPI list (the names the contract lists). */
export const KPI_SORT: Record<(typeof KPI_SORT_FIELDS)[number], AnyColumn | SQL> = {
  id: kpis.id,
  created: kpis.createdAt,
  updated: kpis.updatedAt,
  name: kpis.name,
  from: kpis.fromDate,
  to: kpis.toDate,
  type: kpiTypes.name,
  status: kpis.statusId,
  employee: personName(kpis.employeeId),
};

const commentCount = (kind: string, id: AnyColumn) =>
  sql<number>`(select count(*) from comments c where c.thread_kind = ${kind} and c.thread_id = ${id})`.mapWith(
    Number,
  );

/** A sheet's objectives, active first then removed, in the order they were added. */
function objectivesQuery(db: Db) {
  return db
    .select({
      id: kpiObjectives.id,
      kpiId: kpiObjectives.kpiId,
      name: kpiObjectives.name,
      weight: kpiObjectives.weight,
      statusId: kpiObjectives.statusId,
      perspectiveId: kpiObjectives.perspectiveId,
      perspectiveName: localName(kpiPerspectives.name, kpiPerspectives.nameTranslations),
      perspectiveOrder: kpiPerspectives.sortOrder,
      comments: commentCount('kpi_objective', kpiObjectives.id),
    })
    .from(kpiObjectives)
    .innerJoin(kpiPerspectives, eq(kpiPerspectives.id, kpiObjectives.perspectiveId))
    .where(eq(kpiObjectives.kpiId, sql.placeholder('kpiId')))
    .orderBy(asc(kpiPerspectives.sortOrder), asc(kpiObjectives.id));
}

/** Every objective KPI of a sheet (one statement for a sheet of any size). */
function objectiveKpisQuery(db: Db) {
  return db
    .select({
      id: kpiObjectiveKpis.id,
      kpiId: kpiObjectiveKpis.kpiId,
      objectiveId: kpiObjectiveKpis.objectiveId,
      name: kpiObjectiveKpis.name,
      weight: kpiObjectiveKpis.weight,
      time: kpiObjectiveKpis.time,
      target: kpiObjectiveKpis.target,
      targetUnitId: kpiObjectiveKpis.targetUnitId,
      direction: kpiObjectiveKpis.direction,
      targetUnitName: localName(kpiTargetUnits.name, kpiTargetUnits.nameTranslations),
      budget: kpiObjectiveKpis.budget,
      initiative: kpiObjectiveKpis.initiative,
      statusId: kpiObjectiveKpis.statusId,
      comments: commentCount('kpi_objective_kpi', kpiObjectiveKpis.id),
    })
    .from(kpiObjectiveKpis)
    .innerJoin(kpiTargetUnits, eq(kpiTargetUnits.id, kpiObjectiveKpis.targetUnitId))
    .where(eq(kpiObjectiveKpis.kpiId, sql.placeholder('kpiId')))
    .orderBy(asc(kpiObjectiveKpis.id));
}

export type ObjectiveRow = Awaited<ReturnType<typeof kpiRepository.objectives>>[number];
export type ObjectiveKpiRow = Awaited<ReturnType<typeof kpiRepository.objectiveKpis>>[number];

export type ObjectiveInsert = typeof kpiObjectives.$inferInsert;
export type ObjectiveKpiInsert = typeof kpiObjectiveKpis.$inferInsert;

/** The columns a KPI sheet and a review share: whose, who decides, which type and status, which period. */
interface PeriodRecordColumns {
  employeeId: PgColumn;
  lineManagerId: AnyColumn;
  oneOverOneId: AnyColumn;
  typeId: AnyColumn;
  statusId: AnyColumn;
  fromDate: AnyColumn;
  toDate: AnyColumn;
}

/** The filters of the KPI list that the EPR list has too (SPEC.md §2). */
interface PeriodListQuery {
  list_type: 'self' | 'team';
  employee_id?: number;
  type_id?: number;
  status_id?: number;
  from_date?: string;
  to_date?: string;
  company_id?: number;
  group_id?: number;
}

/**
 * The conditions of a list of sheets or reviews: the caller's own or their
 * team's, one employee, a type, a status, a period that overlaps from–to, the
 * employee's company and group item.
 */
export function periodListConditions(t: PeriodRecordColumns, me: number, q: PeriodListQuery) {
  return [
    requestScope(q.list_type === 'self', me, t.employeeId, [t.lineManagerId, t.oneOverOneId]),
    condition('employee_id', q.employee_id, (v) => eq(t.employeeId, v)),
    condition('type_id', q.type_id, (v) => eq(t.typeId, v)),
    condition('status_id', q.status_id, (v) => eq(t.statusId, v)),
    condition('from_date', q.from_date, (v) => sql`${t.toDate} >= ${v}`),
    condition('to_date', q.to_date, (v) => sql`${t.fromDate} <= ${v}`),
    condition(
      'company_id',
      q.company_id,
      (v) =>
        sql`${t.employeeId} in (select ${employees.id} from ${employees} where ${employees.companyId} = ${v})`,
    ),
    condition('group_id', q.group_id, (v) => inGroupItem(t.employeeId, v)),
  ];
}

export const kpiRepository = {
  /** The sheets' table, for the request life cycle (lib/request-workflow.ts). */
  table: kpis,

  /** The list of the caller (`me`): their own sheets or their team's, and the filters they gave. */
  list(me: number, q: z.output<typeof kpiListQuery>): ListSource<KpiRow> {
    return {
      name: 'kpi',
      table: kpis,
      conditions: periodListConditions(kpis, me, q),
      sortable: KPI_SORT,
      tieBreaker: kpis.id,
      page: baseQuery,
    };
  },

  /** Marks when a sheet was first submitted (items removed after it are kept as removed). */
  async setFirstSubmitted(tx: Db, id: number, at: Date): Promise<void> {
    await tx.update(kpis).set({ firstSubmittedAt: at }).where(eq(kpis.id, id));
  },

  async insertObjective(tx: Db, values: ObjectiveInsert): Promise<number> {
    const [row] = await tx.insert(kpiObjectives).values(values).returning({ id: kpiObjectives.id });
    return row!.id;
  },

  async updateObjective(
    tx: Db,
    id: number,
    values: { name: string; weight: number; perspectiveId: number },
  ): Promise<void> {
    await tx
      .update(kpiObjectives)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(kpiObjectives.id, id));
  },

  /** Keeps an objective and its KPIs as removed (status 3), out of the totals. */
  async markObjectiveRemoved(tx: Db, id: number): Promise<void> {
    await tx
      .update(kpiObjectives)
      .set({ statusId: KPI_ITEM_STATUS.removed, updatedAt: new Date() })
      .where(eq(kpiObjectives.id, id));
    await tx
      .update(kpiObjectiveKpis)
      .set({ statusId: KPI_ITEM_STATUS.removed, updatedAt: new Date() })
      .where(eq(kpiObjectiveKpis.objectiveId, id));
  },

  /** Deletes an objective (its KPIs go with it). */
  async deleteObjective(tx: Db, id: number): Promise<void> {
    await tx.delete(kpiObjectives).where(eq(kpiObjectives.id, id));
  },

  async insertObjectiveKpi(tx: Db, values: ObjectiveKpiInsert): Promise<number> {
    const [row] = await tx.insert(kpiObjectiveKpis).values(values).returning({ id: kpiObjectiveKpis.id });
    return row!.id;
  },

  async updateObjectiveKpi(
    tx: Db,
    id: number,
    values: Omit<ObjectiveKpiInsert, 'id' | 'kpiId' | 'statusId' | 'createdAt' | 'updatedAt'>,
  ): Promise<void> {
    await tx
      .update(kpiObjectiveKpis)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(kpiObjectiveKpis.id, id));
  },

  /** Keeps an objective KPI as removed (status 3), out of the totals. */
  async markObjectiveKpiRemoved(tx: Db, id: number): Promise<void> {
    await tx
      .update(kpiObjectiveKpis)
      .set({ statusId: KPI_ITEM_STATUS.removed, updatedAt: new Date() })
      .where(eq(kpiObjectiveKpis.id, id));
  },

  async deleteObjectiveKpi(tx: Db, id: number): Promise<void> {
    await tx.delete(kpiObjectiveKpis).where(eq(kpiObjectiveKpis.id, id));
  },

  /** One sheet (a prepared statement: every view of a sheet reads it). */
  async find(db: Db, id: number): Promise<KpiRow | null> {
    const statement = preparedOnce(db, 'kpi.find', (name) =>
      baseQuery(db)
        .where(eq(kpis.id, sql.placeholder('id')))
        .limit(1)
        .prepare(name),
    );
    const [row] = await statement.execute({ id });
    return row ?? null;
  },

  /** A sheet's objectives, active first then removed, in the order they were added. */
  objectives(db: Db, kpiId: number) {
    return preparedOnce(db, 'kpi.objectives', (name) => objectivesQuery(db).prepare(name)).execute({ kpiId });
  },

  /** Every objective KPI of a sheet (one statement for a sheet of any size). */
  objectiveKpis(db: Db, kpiId: number) {
    const statement = preparedOnce(db, 'kpi.objectiveKpis', (name) => objectiveKpisQuery(db).prepare(name));
    return statement.execute({ kpiId });
  },

  async objective(db: Db, id: number) {
    const [row] = await db.select().from(kpiObjectives).where(eq(kpiObjectives.id, id));
    return row ?? null;
  },

  async objectiveKpi(db: Db, id: number) {
    const [row] = await db.select().from(kpiObjectiveKpis).where(eq(kpiObjectiveKpis.id, id));
    return row ?? null;
  },

  /** The sheet an objective or objective KPI belongs to (to lock it first). */
  async sheetOf(db: Db, kind: 'objective' | 'objective_kpi', id: number): Promise<number | null> {
    const table = kind === 'objective' ? kpiObjectives : kpiObjectiveKpis;
    const [row] = await db.select({ kpiId: table.kpiId }).from(table).where(eq(table.id, id));
    return row?.kpiId ?? null;
  },

  /** The employee's yearly sheet of a year, if any. */
  /** The first other sheet of the employee whose period meets [from, to]. */
  async overlappingSheet(db: Db, employeeId: number, from: string, to: string, exceptId?: number) {
    const [row] = await db
      .select({ id: kpis.id, name: kpis.name, fromDate: kpis.fromDate, toDate: kpis.toDate })
      .from(kpis)
      .where(
        and(
          eq(kpis.employeeId, employeeId),
          lte(kpis.fromDate, to),
          gte(kpis.toDate, from),
          exceptId ? ne(kpis.id, exceptId) : undefined,
        ),
      )
      .orderBy(asc(kpis.fromDate), asc(kpis.id))
      .limit(1);
    return row ?? null;
  },

  async yearSheet(db: Db, employeeId: number, yearId: number, exceptId?: number) {
    const [row] = await db
      .select({ id: kpis.id })
      .from(kpis)
      .where(
        and(
          eq(kpis.employeeId, employeeId),
          eq(kpis.yearId, yearId),
          exceptId ? ne(kpis.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row ?? null;
  },

  async type(db: Db, id: number) {
    const [row] = await db.select().from(kpiTypes).where(eq(kpiTypes.id, id));
    return row ?? null;
  },
  async year(db: Db, id: number) {
    const [row] = await db.select().from(kpiYears).where(eq(kpiYears.id, id));
    return row ?? null;
  },
  async perspective(db: Db, id: number) {
    const [row] = await db.select().from(kpiPerspectives).where(eq(kpiPerspectives.id, id));
    return row ?? null;
  },
  async targetUnit(db: Db, id: number) {
    const [row] = await db.select().from(kpiTargetUnits).where(eq(kpiTargetUnits.id, id));
    return row ?? null;
  },

  types: (db: Db) =>
    db
      .select({ id: kpiTypes.id, name: kpiTypes.name })
      .from(kpiTypes)
      .where(eq(kpiTypes.enabled, true))
      .orderBy(asc(kpiTypes.id)),
  years: (db: Db) =>
    db
      .select({
        id: kpiYears.id,
        name: kpiYears.name,
        from_date: kpiYears.fromDate,
        to_date: kpiYears.toDate,
      })
      .from(kpiYears)
      .where(eq(kpiYears.enabled, true))
      .orderBy(desc(kpiYears.fromDate)),
  perspectives: (db: Db) =>
    db
      .select({
        id: kpiPerspectives.id,
        name: localName(kpiPerspectives.name, kpiPerspectives.nameTranslations),
      })
      .from(kpiPerspectives)
      .where(eq(kpiPerspectives.enabled, true))
      .orderBy(asc(kpiPerspectives.sortOrder), asc(kpiPerspectives.id)),
  targetUnits: (db: Db) =>
    db
      .select({
        id: kpiTargetUnits.id,
        name: localName(kpiTargetUnits.name, kpiTargetUnits.nameTranslations),
      })
      .from(kpiTargetUnits)
      .where(eq(kpiTargetUnits.enabled, true))
      .orderBy(asc(kpiTargetUnits.name)),
  statuses: (db: Db) =>
    db
      .select({ id: workflowStatuses.id, name: workflowStatuses.name, color: workflowStatuses.color })
      .from(workflowStatuses)
      .where(eq(workflowStatuses.module, 'kpi'))
      .orderBy(asc(workflowStatuses.id)),

  /** Active objectives with the sums of their active KPIs' weights, in cents (for the submit rule). */
  async weights(db: Db, kpiId: number) {
    return db
      .select({
        id: kpiObjectives.id,
        name: kpiObjectives.name,
        cents: sql<number>`round(${kpiObjectives.weight} * 100)`.mapWith(Number),
        kpiCents: sql<number>`(select coalesce(round(sum(k.weight) * 100), 0) from kpi_objective_kpis k
          where k.objective_id = "kpi_objectives"."id" and k.status_id = ${KPI_ITEM_STATUS.active})`.mapWith(
          Number,
        ),
      })
      .from(kpiObjectives)
      .where(and(eq(kpiObjectives.kpiId, kpiId), eq(kpiObjectives.statusId, KPI_ITEM_STATUS.active)))
      .orderBy(asc(kpiObjectives.id));
  },

  /** The number of comments of a sheet's threads (used by tests and the copy rule). */
  async commentCount(db: Db, kpiId: number) {
    const [row] = await db
      .select({ n: count() })
      .from(comments)
      .where(and(eq(comments.rootKind, 'kpi'), eq(comments.rootId, kpiId)));
    return row?.n ?? 0;
  },

  /** Copies the active objectives and KPIs of one sheet into another. */
  async copyItems(db: Db, fromId: number, toId: number) {
    const objectives = await db
      .select()
      .from(kpiObjectives)
      .where(and(eq(kpiObjectives.kpiId, fromId), eq(kpiObjectives.statusId, KPI_ITEM_STATUS.active)))
      .orderBy(asc(kpiObjectives.id));
    if (objectives.length === 0) return;
    const inserted = await db
      .insert(kpiObjectives)
      .values(
        objectives.map((o) => ({
          kpiId: toId,
          perspectiveId: o.perspectiveId,
          name: o.name,
          weight: o.weight,
          sortOrder: o.sortOrder,
        })),
      )
      .returning({ id: kpiObjectives.id });
    const idMap = new Map(objectives.map((o, i) => [o.id, inserted[i]!.id]));
    const items = await db
      .select()
      .from(kpiObjectiveKpis)
      .where(
        and(
          inArray(kpiObjectiveKpis.objectiveId, [...idMap.keys()]),
          eq(kpiObjectiveKpis.statusId, KPI_ITEM_STATUS.active),
        ),
      )
      .orderBy(asc(kpiObjectiveKpis.id));
    if (items.length === 0) return;
    await db.insert(kpiObjectiveKpis).values(
      items.map((k) => ({
        kpiId: toId,
        objectiveId: idMap.get(k.objectiveId)!,
        name: k.name,
        weight: k.weight,
        time: k.time,
        target: k.target,
        targetUnitId: k.targetUnitId,
        direction: k.direction,
        budget: k.budget,
        initiative: k.initiative,
        sortOrder: k.sortOrder,
      })),
    );
  },
};
