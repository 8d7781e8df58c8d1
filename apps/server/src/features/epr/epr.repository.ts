import type { EPR_SORT_FIELDS, eprListQuery } from '@hr/contracts/epr';
import { KPI_ITEM_STATUS } from '@hr/contracts/kpi';
import { EPR_WORKFLOW } from '@hr/contracts/workflow';
import { type AnyColumn, and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  eprDevPlans,
  eprLineEvidence,
  eprLines,
  eprStables,
  eprs,
  eprTypes,
  eprValueBehaviours,
  eprValues,
  files,
  kpiObjectiveKpis,
  kpiObjectives,
  kpiPerspectives,
  kpis,
  kpiTargetUnits,
  kpiTypes,
  workflowStatuses,
} from '../../db/schema';
import { decisionOf, personJson, personName } from '../../lib/approvers';
import { escalationOf } from '../../lib/delegations';
import { localName, requestLanguage } from '../../lib/language';
import { condition, type ListSource } from '../../lib/list';
import { preparedOnce } from '../../lib/prepared';
import { periodListConditions } from '../kpi';

const kpiStatus = alias(workflowStatuses, 'kpi_status');

/** The `files.kind` of a Section A evidence image. */
const EVIDENCE_FILE_KIND = 'epr_evidence';

/** The KPI sheet's status a review is made for (SPEC.md §2: the period choice lists approved sheets). */
export const KPI_APPROVED = 4;

/** One review with everything its list row needs; `total` is the list's count of matches (0 elsewhere). */
function baseQuery(db: Db, total: SQL<number> = sql<number>`0`) {
  return db
    .select({
      total,
      id: eprs.id,
      escalation: escalationOf('epr', eprs.id),
      decision: decisionOf('epr', EPR_WORKFLOW, eprs.id),
      name: eprs.name,
      employeeId: eprs.employeeId,
      lineManagerId: eprs.lineManagerId,
      oneOverOneId: eprs.oneOverOneId,
      createdById: eprs.createdById,
      statusId: eprs.statusId,
      statusName: workflowStatuses.name,
      statusColor: workflowStatuses.color,
      typeId: eprs.typeId,
      typeName: eprTypes.name,
      kpiId: eprs.kpiId,
      kpiName: kpis.name,
      kpiTypeId: kpis.typeId,
      kpiTypeName: kpiTypes.name,
      kpiStatusId: kpis.statusId,
      kpiStatusName: kpiStatus.name,
      kpiStatusColor: kpiStatus.color,
      kpiFrom: kpis.fromDate,
      kpiTo: kpis.toDate,
      fromDate: eprs.fromDate,
      toDate: eprs.toDate,
      aRating: eprs.aRating,
      aComment: eprs.aComment,
      aLmRating: eprs.aLmRating,
      aLmComment: eprs.aLmComment,
      bRating: eprs.bRating,
      bComment: eprs.bComment,
      bLmRating: eprs.bLmRating,
      bLmComment: eprs.bLmComment,
      cKpiRating: eprs.cKpiRating,
      cStableRating: eprs.cStableRating,
      selfProposal: eprs.selfProposal,
      remarks: eprs.remarks,
      devAreas: eprs.devAreas,
      lmRecommendation: eprs.lmRecommendation,
      lmRemarks: eprs.lmRemarks,
      lmDevAreas: eprs.lmDevAreas,
      nextLevelRemarks: eprs.nextLevelRemarks,
      createdAt: eprs.createdAt,
      updatedAt: eprs.updatedAt,
      owner: personJson(eprs.employeeId),
      lineManager: personJson(eprs.lineManagerId),
      oneOverOne: personJson(eprs.oneOverOneId),
    })
    .from(eprs)
    .innerJoin(eprTypes, eq(eprTypes.id, eprs.typeId))
    .innerJoin(kpis, eq(kpis.id, eprs.kpiId))
    .innerJoin(kpiTypes, eq(kpiTypes.id, kpis.typeId))
    .leftJoin(
      workflowStatuses,
      and(eq(workflowStatuses.module, 'epr'), eq(workflowStatuses.id, eprs.statusId)),
    )
    .leftJoin(kpiStatus, and(eq(kpiStatus.module, 'kpi'), eq(kpiStatus.id, kpis.statusId)));
}

export type EprRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

/** Sortable fields of the EPR list (the names the contract lists). */
export const EPR_SORT: Record<(typeof EPR_SORT_FIELDS)[number], AnyColumn | SQL> = {
  id: eprs.id,
  created: eprs.createdAt,
  updated: eprs.updatedAt,
  name: eprs.name,
  from: eprs.fromDate,
  to: eprs.toDate,
  type: eprTypes.name,
  status: eprs.statusId,
  employee: personName(eprs.employeeId),
};

/** Section A lines with the sheet's KPI, its objective, perspective and unit, and the evidence. */
function linesQuery(db: Db) {
  return db
    .select({
      id: eprLines.id,
      actual: eprLines.actual,
      lmActual: eprLines.lmActual,
      objectiveKpiId: kpiObjectiveKpis.id,
      name: kpiObjectiveKpis.name,
      weight: kpiObjectiveKpis.weight,
      time: kpiObjectiveKpis.time,
      target: kpiObjectiveKpis.target,
      direction: kpiObjectiveKpis.direction,
      targetUnitId: kpiObjectiveKpis.targetUnitId,
      targetUnitName: localName(kpiTargetUnits.name, kpiTargetUnits.nameTranslations),
      lineStatus: kpiObjectiveKpis.statusId,
      objectiveId: kpiObjectives.id,
      objectiveName: kpiObjectives.name,
      objectiveWeight: kpiObjectives.weight,
      objectiveStatus: kpiObjectives.statusId,
      perspectiveId: kpiPerspectives.id,
      perspectiveName: localName(kpiPerspectives.name, kpiPerspectives.nameTranslations),
      evidence: sql<
        { id: number; name: string; size: number; by: number | null }[]
      >`coalesce((select json_agg(json_build_object('id', v.id, 'name', f.name, 'size', f.size, 'by', f.created_by) order by v.id)
        from ${eprLineEvidence} v join ${files} f on f.id = v.file_id where v.line_id = ${eprLines.id}), '[]'::json)`,
    })
    .from(eprLines)
    .innerJoin(kpiObjectiveKpis, eq(kpiObjectiveKpis.id, eprLines.objectiveKpiId))
    .innerJoin(kpiObjectives, eq(kpiObjectives.id, kpiObjectiveKpis.objectiveId))
    .innerJoin(kpiPerspectives, eq(kpiPerspectives.id, kpiObjectives.perspectiveId))
    .innerJoin(kpiTargetUnits, eq(kpiTargetUnits.id, kpiObjectiveKpis.targetUnitId))
    .where(eq(eprLines.eprId, sql.placeholder('eprId')))
    .orderBy(asc(kpiPerspectives.sortOrder), asc(kpiObjectives.id), asc(kpiObjectiveKpis.id));
}

/**
 * Section B's behaviours as the review was made with them (`[{ name, enabled }]`
 * as text), each named in the call's language where HR translated the
 * behaviour of that name of the value; English as copied otherwise.
 */
function stableBehaviours(): SQL<string> {
  if (requestLanguage() === 'en') return sql<string>`${eprStables.behaviours}`;
  const name = localName(sql`x.e ->> 'name'`, sql`b.name_translations`);
  return sql<string>`(select coalesce(json_agg(json_build_object('name', ${name}, 'enabled', x.e -> 'enabled')
      order by x.n), '[]'::json)::text
    from json_array_elements(${eprStables.behaviours}::json) with ordinality as x(e, n)
    left join ${eprValueBehaviours} b on b.value_id = ${eprStables.valueId} and b.name = x.e ->> 'name')`;
}

function stablesQuery(db: Db) {
  return db
    .select({
      id: eprStables.id,
      // The name the review was made with, in the call's language where HR translated the value.
      name: localName(eprStables.name, eprValues.nameTranslations),
      behaviours: stableBehaviours(),
      rating: eprStables.rating,
      comment: eprStables.comment,
      lmRating: eprStables.lmRating,
      lmComment: eprStables.lmComment,
    })
    .from(eprStables)
    .leftJoin(eprValues, eq(eprValues.id, eprStables.valueId))
    .where(eq(eprStables.eprId, sql.placeholder('eprId')))
    .orderBy(asc(eprStables.sortOrder), asc(eprStables.id));
}

function devPlansQuery(db: Db) {
  return db
    .select({
      id: eprDevPlans.id,
      devArea: eprDevPlans.devArea,
      actionPlan: eprDevPlans.actionPlan,
      when: eprDevPlans.when,
      who: eprDevPlans.who,
    })
    .from(eprDevPlans)
    .where(eq(eprDevPlans.eprId, sql.placeholder('eprId')))
    .orderBy(asc(eprDevPlans.id));
}

export type LineRow = Awaited<ReturnType<typeof eprRepository.lines>>[number];
export type StableRow = Awaited<ReturnType<typeof eprRepository.stables>>[number];
export type DevPlanRow = Awaited<ReturnType<typeof eprRepository.devPlans>>[number];

/** The fields of a review itself that its sections change (the ratings, comments and remarks). */
export type ReviewFields = Partial<
  Pick<
    typeof eprs.$inferInsert,
    | 'aRating'
    | 'aComment'
    | 'aLmRating'
    | 'aLmComment'
    | 'bRating'
    | 'bComment'
    | 'bLmRating'
    | 'bLmComment'
    | 'cKpiRating'
    | 'cStableRating'
    | 'selfProposal'
    | 'remarks'
    | 'devAreas'
    | 'lmRecommendation'
    | 'lmRemarks'
    | 'lmDevAreas'
    | 'nextLevelRemarks'
  >
>;

/** A development plan row's values. */
export type DevPlanValues = Pick<typeof eprDevPlans.$inferInsert, 'devArea' | 'actionPlan' | 'when' | 'who'>;

export const eprRepository = {
  /** The reviews' table, for the request life cycle (lib/request-workflow.ts). */
  table: eprs,

  /** The list of the caller (`me`): their own reviews or their team's, and the filters they gave. */
  list(me: number, q: z.output<typeof eprListQuery>): ListSource<EprRow> {
    return {
      name: 'epr',
      table: eprs,
      conditions: [
        ...periodListConditions(eprs, me, q),
        // On the review's own table (the total is counted there, without the page's joins).
        condition(
          'kpi_type_id',
          q.kpi_type_id,
          (v) => sql`${eprs.kpiId} in (select ${kpis.id} from ${kpis} where ${kpis.typeId} = ${v})`,
        ),
        condition(
          'kpi_status_id',
          q.kpi_status_id,
          (v) => sql`${eprs.kpiId} in (select ${kpis.id} from ${kpis} where ${kpis.statusId} = ${v})`,
        ),
      ],
      sortable: EPR_SORT,
      tieBreaker: eprs.id,
      page: baseQuery,
    };
  },

  /** Sets fields of a review (a section's ratings, comments or remarks). */
  async setFields(tx: Db, id: number, values: ReviewFields): Promise<void> {
    await tx.update(eprs).set(values).where(eq(eprs.id, id));
  },

  /** Sets one side's actual value of a Section A line of the review. */
  async setLine(
    tx: Db,
    eprId: number,
    lineId: number,
    values: { actual?: number | null } | { lmActual?: number | null },
  ): Promise<void> {
    await tx
      .update(eprLines)
      .set(values)
      .where(and(eq(eprLines.id, lineId), eq(eprLines.eprId, eprId)));
  },

  /** Sets a Section B value's ratings and comments. */
  async setStable(
    tx: Db,
    id: number,
    values: Pick<Partial<typeof eprStables.$inferInsert>, 'rating' | 'comment' | 'lmRating' | 'lmComment'>,
  ): Promise<void> {
    await tx.update(eprStables).set(values).where(eq(eprStables.id, id));
  },

  async addDevPlan(tx: Db, eprId: number, values: DevPlanValues): Promise<void> {
    await tx.insert(eprDevPlans).values({ eprId, ...values });
  },

  async updateDevPlan(tx: Db, id: number, values: DevPlanValues): Promise<void> {
    await tx.update(eprDevPlans).set(values).where(eq(eprDevPlans.id, id));
  },

  async deleteDevPlan(tx: Db, id: number): Promise<void> {
    await tx.delete(eprDevPlans).where(eq(eprDevPlans.id, id));
  },

  /** One review (a prepared statement: every view of a review reads it). */
  async find(db: Db, id: number): Promise<EprRow | null> {
    const statement = preparedOnce(db, 'epr.find', (name) =>
      baseQuery(db)
        .where(eq(eprs.id, sql.placeholder('id')))
        .limit(1)
        .prepare(name),
    );
    const [row] = await statement.execute({ id });
    return row ?? null;
  },

  lines(db: Db, eprId: number) {
    return preparedOnce(db, 'epr.lines', (name) => linesQuery(db).prepare(name)).execute({ eprId });
  },

  stables(db: Db, eprId: number) {
    return preparedOnce(db, 'epr.stables', (name) => stablesQuery(db).prepare(name)).execute({ eprId });
  },

  devPlans(db: Db, eprId: number) {
    return preparedOnce(db, 'epr.devPlans', (name) => devPlansQuery(db).prepare(name)).execute({ eprId });
  },

  async type(db: Db, id: number) {
    const [row] = await db.select().from(eprTypes).where(eq(eprTypes.id, id));
    return row ?? null;
  },

  types(db: Db) {
    return db
      .select({ id: eprTypes.id, name: eprTypes.name })
      .from(eprTypes)
      .where(eq(eprTypes.enabled, true))
      .orderBy(asc(eprTypes.id));
  },

  statuses(db: Db) {
    return db
      .select({ id: workflowStatuses.id, name: workflowStatuses.name, color: workflowStatuses.color })
      .from(workflowStatuses)
      .where(eq(workflowStatuses.module, 'epr'))
      .orderBy(asc(workflowStatuses.id));
  },

  /** The KPI sheet a review is made for. */
  async sheet(db: Db, kpiId: number) {
    const [row] = await db
      .select({
        id: kpis.id,
        employeeId: kpis.employeeId,
        statusId: kpis.statusId,
        typeId: kpis.typeId,
        name: kpis.name,
        fromDate: kpis.fromDate,
        toDate: kpis.toDate,
      })
      .from(kpis)
      .where(eq(kpis.id, kpiId));
    return row ?? null;
  },

  /** The approved sheets of an employee, newest first: the periods a review may be made for. */
  approvedSheets(db: Db, employeeId: number) {
    return db
      .select({
        id: kpis.id,
        name: kpis.name,
        typeId: kpis.typeId,
        typeName: kpiTypes.name,
        statusId: kpis.statusId,
        statusName: workflowStatuses.name,
        statusColor: workflowStatuses.color,
        fromDate: kpis.fromDate,
        toDate: kpis.toDate,
      })
      .from(kpis)
      .innerJoin(kpiTypes, eq(kpiTypes.id, kpis.typeId))
      .leftJoin(
        workflowStatuses,
        and(eq(workflowStatuses.module, 'kpi'), eq(workflowStatuses.id, kpis.statusId)),
      )
      .where(and(eq(kpis.employeeId, employeeId), eq(kpis.statusId, KPI_APPROVED)))
      .orderBy(desc(kpis.fromDate), desc(kpis.id));
  },

  /** Another review of this sheet and type, if there is one. */
  async existing(db: Db, kpiId: number, typeId: number, exceptId?: number) {
    const rows = await db
      .select({ id: eprs.id })
      .from(eprs)
      .where(and(eq(eprs.kpiId, kpiId), eq(eprs.typeId, typeId)));
    return rows.find((r) => r.id !== exceptId) ?? null;
  },

  /** Section A's lines of a new review: the sheet's active KPIs of its active objectives. */
  async addLines(tx: Db, eprId: number, kpiId: number) {
    await tx.execute(sql`
      insert into ${eprLines} (epr_id, objective_kpi_id)
      select ${eprId}, k.id
        from ${kpiObjectiveKpis} k
        join ${kpiObjectives} o on o.id = k.objective_id
       where k.kpi_id = ${kpiId} and k.status_id = ${KPI_ITEM_STATUS.active} and o.status_id = ${KPI_ITEM_STATUS.active}`);
  },

  /** Section B's rows of a new review: the enabled values with their enabled behaviours, as they stand now. */
  async addStables(tx: Db, eprId: number) {
    await tx.execute(sql`
      insert into ${eprStables} (epr_id, value_id, name, behaviours, sort_order)
      select ${eprId}, v.id, v.name,
             coalesce((select json_agg(json_build_object('name', b.name, 'enabled', b.enabled) order by b.sort_order, b.id)
                         from ${eprValueBehaviours} b where b.value_id = v.id and b.enabled), '[]'::json)::text,
             v.sort_order
        from ${eprValues} v
       where v.enabled`);
  },

  /** Rebuilds Section A for another sheet (a draft whose period changed); the old lines' images go too. */
  async replaceLines(tx: Db, eprId: number, kpiId: number) {
    const gone = await eprRepository.evidenceFilesOf(tx, eprId);
    await tx.delete(eprLines).where(eq(eprLines.eprId, eprId));
    await eprRepository.dropFiles(tx, gone);
    await eprRepository.addLines(tx, eprId, kpiId);
  },

  /** The stored files of a review's evidence images (read before the review or its lines are deleted). */
  async evidenceFilesOf(tx: Db, eprId: number): Promise<number[]> {
    const rows = await tx
      .select({ fileId: eprLineEvidence.fileId })
      .from(eprLineEvidence)
      .innerJoin(eprLines, eq(eprLines.id, eprLineEvidence.lineId))
      .where(eq(eprLines.eprId, eprId));
    return rows.map((r) => r.fileId);
  },

  /** Deletes stored files no longer referenced (after their evidence rows went with a cascade). */
  async dropFiles(tx: Db, fileIds: number[]) {
    if (fileIds.length > 0) await tx.delete(files).where(inArray(files.id, fileIds));
  },

  async evidenceCount(tx: Db, lineId: number): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(eprLineEvidence)
      .where(eq(eprLineEvidence.lineId, lineId));
    return row?.n ?? 0;
  },

  /** Stores an evidence image of a line. */
  async addEvidence(
    tx: Db,
    lineId: number,
    image: { name: string; mime: string; data: Buffer; createdBy: number },
  ) {
    const [file] = await tx
      .insert(files)
      .values({ kind: EVIDENCE_FILE_KIND, size: image.data.length, ...image })
      .returning({ id: files.id });
    await tx.insert(eprLineEvidence).values({ lineId, fileId: file!.id });
  },

  /** One evidence image with its line's review and who added it (without the bytes). */
  async evidence(db: Db, id: number) {
    const [row] = await db
      .select({
        id: eprLineEvidence.id,
        lineId: eprLineEvidence.lineId,
        eprId: eprLines.eprId,
        fileId: eprLineEvidence.fileId,
        createdBy: files.createdBy,
      })
      .from(eprLineEvidence)
      .innerJoin(eprLines, eq(eprLines.id, eprLineEvidence.lineId))
      .innerJoin(files, eq(files.id, eprLineEvidence.fileId))
      .where(eq(eprLineEvidence.id, id));
    return row ?? null;
  },

  async evidenceFile(db: Db, fileId: number) {
    const [row] = await db
      .select({ name: files.name, mime: files.mime, data: files.data })
      .from(files)
      .where(eq(files.id, fileId));
    return row ?? null;
  },

  async removeEvidence(tx: Db, id: number, fileId: number) {
    await tx.delete(eprLineEvidence).where(eq(eprLineEvidence.id, id));
    await eprRepository.dropFiles(tx, [fileId]);
  },

  async line(db: Db, id: number) {
    const [row] = await db
      .select({ id: eprLines.id, eprId: eprLines.eprId })
      .from(eprLines)
      .where(eq(eprLines.id, id));
    return row ?? null;
  },

  async linesOf(db: Db, eprId: number, ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select({ id: eprLines.id })
      .from(eprLines)
      .where(and(eq(eprLines.eprId, eprId), inArray(eprLines.id, ids)));
  },

  /** Which of these values belong to the review. */
  async stablesOf(db: Db, eprId: number, ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select({ id: eprStables.id })
      .from(eprStables)
      .where(and(eq(eprStables.eprId, eprId), inArray(eprStables.id, ids)));
  },

  async stable(db: Db, id: number) {
    const [row] = await db
      .select({ id: eprStables.id, eprId: eprStables.eprId })
      .from(eprStables)
      .where(eq(eprStables.id, id));
    return row ?? null;
  },

  async devPlan(db: Db, id: number) {
    const [row] = await db
      .select({ id: eprDevPlans.id, eprId: eprDevPlans.eprId })
      .from(eprDevPlans)
      .where(eq(eprDevPlans.id, id));
    return row ?? null;
  },

  /** What submitting or approving needs: the lines and values without a value of that side. */
  async completeness(db: Db, eprId: number) {
    const n = (query: SQL) => sql<number>`(${query})`.mapWith(Number);
    const [row] = await db
      .select({
        actualMissing: n(
          sql`select count(*) from ${eprLines} l where l.epr_id = ${eprs.id} and l.actual is null`,
        ),
        lmActualMissing: n(
          sql`select count(*) from ${eprLines} l where l.epr_id = ${eprs.id} and l.lm_actual is null`,
        ),
        ratingMissing: n(
          sql`select count(*) from ${eprStables} s where s.epr_id = ${eprs.id} and s.rating is null`,
        ),
        lmRatingMissing: n(
          sql`select count(*) from ${eprStables} s where s.epr_id = ${eprs.id} and s.lm_rating is null`,
        ),
      })
      .from(eprs)
      .where(eq(eprs.id, eprId));
    return row ?? { actualMissing: 0, lmActualMissing: 0, ratingMissing: 0, lmRatingMissing: 0 };
  },
};
