import { EPR_TYPE } from '@hr/contracts/epr';
import {
  type EPR_CYCLE_SORT_FIELDS,
  EPR_CYCLE_STATUS_ORDER,
  type EprCycleStage,
} from '@hr/contracts/epr-cycles';
import { KPI_ITEM_STATUS, KPI_TYPE } from '@hr/contracts/kpi';
import { EPR_STATUS, KPI_STATUS } from '@hr/contracts/workflow';
import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  auditLog,
  companies,
  employeeGroups,
  employees,
  eprCycles,
  eprLineEvidence,
  eprLines,
  eprStables,
  eprs,
  eprTypes,
  eprValueBehaviours,
  eprValues,
  groupTrees,
  kpiObjectiveKpis,
  kpiObjectives,
  kpis,
  workflowStatuses,
} from '../../db/schema';
import { personJson } from '../../lib/approvers';
import type { AuthContext } from '../../lib/auth-context';
import type { ListSource } from '../../lib/list';

/** The rows of a raw query, from either driver (both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/** An id list as one array parameter (one parameter however many ids: a launch may make 10,000). */
const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** What a cycle covers and for which period and type: the launch and the counts read it. */
export interface CycleScope {
  id: number;
  typeId: number;
  fromDate: string;
  toDate: string;
  companyId: number | null;
  groupTreeId: number | null;
}

/** Statuses in which a review is still on its way, each someone's turn. */
const UNFINISHED = EPR_CYCLE_STATUS_ORDER.filter((s) => s !== EPR_STATUS.completed);

const blank = (column: AnyColumn) => sql`nullif(btrim(${column}), '') is null`;

/**
 * A review not started: a draft in which the employee has filled in nothing
 * (no actual, evidence, rating, comment or remark), whatever its age.
 */
const notStarted = sql<boolean>`(${eprs.statusId} = ${EPR_STATUS.draft}
  and ${eprs.aRating} is null and ${blank(eprs.aComment)}
  and ${eprs.bRating} is null and ${blank(eprs.bComment)}
  and ${blank(eprs.selfProposal)} and ${blank(eprs.remarks)} and ${blank(eprs.devAreas)}
  and not exists (select 1 from ${eprLines} l where l.epr_id = ${eprs.id} and l.actual is not null)
  and not exists (select 1 from ${eprLineEvidence} v join ${eprLines} l on l.id = v.line_id where l.epr_id = ${eprs.id})
  and not exists (select 1 from ${eprStables} s where s.epr_id = ${eprs.id}
                   and (s.rating is not null or nullif(btrim(s.comment), '') is not null)))`;

/** The condition of one stage (they do not overlap: a review not started is no one else's). */
const STAGE: Record<EprCycleStage, SQL> = {
  not_started: notStarted,
  employee: sql`(${inArray(eprs.statusId, [EPR_STATUS.draft, EPR_STATUS.sentBack])} and not ${notStarted})`,
  line_manager: inArray(eprs.statusId, [EPR_STATUS.awaitingLineManager, EPR_STATUS.returnedToLineManager]),
  one_over_one: eq(eprs.statusId, EPR_STATUS.awaitingOneOverOne),
};

/**
 * The people a cycle covers and the sheet each would be reviewed on, as
 * CTEs: `people` the enabled employees of the company, the group item (and
 * the items below it) or everyone; `sheets` per person the approved KPI
 * sheet over the period with the latest start. With `onlyNew`, people who
 * have a review in this cycle already are left out (a launch adds the rest).
 */
function scopeCtes(c: CycleScope, onlyNew: boolean): SQL {
  const conditions: SQL[] = [sql`e.enabled`];
  if (c.companyId !== null) conditions.push(sql`e.company_id = ${c.companyId}`);
  if (c.groupTreeId !== null)
    conditions.push(sql`exists (select 1 from ${employeeGroups} eg
      where eg.employee_id = e.id and eg.group_tree_id in (select id from tree))`);
  if (onlyNew)
    conditions.push(
      sql`not exists (select 1 from ${eprs} x where x.cycle_id = ${c.id} and x.employee_id = e.id)`,
    );
  const tree =
    c.groupTreeId === null
      ? sql``
      : sql`tree(id) as (
          select g.id from ${groupTrees} g where g.id = ${c.groupTreeId}
          union
          select g.id from ${groupTrees} g join tree t on g.parent_id = t.id
        ),`;
  return sql`with recursive ${tree}
    people as (
      select e.id, e.parent_id from ${employees} e where ${sql.join(conditions, sql` and `)}
    ),
    sheets as (
      select distinct on (k.employee_id) k.employee_id, k.id as kpi_id, k.type_id, k.name, k.from_date, k.to_date
        from ${kpis} k join people p on p.id = k.employee_id
       where k.status_id = ${KPI_STATUS.approved} and k.from_date <= ${c.toDate} and k.to_date >= ${c.fromDate}
       order by k.employee_id, k.from_date desc, k.id desc
    )`;
}

/** A cycle with what its list row needs: names, the launcher, and its reviews counted by status. */
function baseQuery(db: Db, total: SQL<number> = sql<number>`0`) {
  return db
    .select({
      total,
      id: eprCycles.id,
      name: eprCycles.name,
      typeId: eprCycles.typeId,
      typeName: eprTypes.name,
      fromDate: eprCycles.fromDate,
      toDate: eprCycles.toDate,
      deadline: eprCycles.deadline,
      companyId: eprCycles.companyId,
      companyName: companies.name,
      groupTreeId: eprCycles.groupTreeId,
      groupName: groupTrees.name,
      launchedBy: personJson(eprCycles.launchedBy),
      createdAt: eprCycles.createdAt,
      byStatus: sql<{ id: number; n: number }[]>`coalesce((
        select json_agg(json_build_object('id', s.status_id, 'n', s.n))
          from (select r.status_id, count(*)::int as n from ${eprs} r
                 where r.cycle_id = ${eprCycles.id} group by r.status_id) s), '[]'::json)`,
    })
    .from(eprCycles)
    .innerJoin(eprTypes, eq(eprTypes.id, eprCycles.typeId))
    .leftJoin(companies, eq(companies.id, eprCycles.companyId))
    .leftJoin(groupTrees, eq(groupTrees.id, eprCycles.groupTreeId));
}

export type CycleRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

/** Sortable fields of the cycle list (the names the contract lists). */
export const CYCLE_SORT: Record<(typeof EPR_CYCLE_SORT_FIELDS)[number], AnyColumn | SQL> = {
  id: eprCycles.id,
  name: eprCycles.name,
  from: eprCycles.fromDate,
  deadline: eprCycles.deadline,
  created: eprCycles.createdAt,
};

export const eprCycleRepository = {
  /** Every cycle, with its counts (lib/list pages, sorts and prepares it). */
  list(): ListSource<CycleRow> {
    return {
      name: 'epr-cycles',
      table: eprCycles,
      conditions: [],
      sortable: CYCLE_SORT,
      tieBreaker: eprCycles.id,
      page: baseQuery,
    };
  },

  async find(db: Db, id: number): Promise<CycleRow | null> {
    const [row] = await baseQuery(db).where(eq(eprCycles.id, id));
    return row ?? null;
  },

  /** Holds a cycle until the transaction ends: two launches of one cycle run one after the other. */
  async lock(tx: Db, id: number): Promise<CycleScope | null> {
    const [row] = await tx
      .select({
        id: eprCycles.id,
        typeId: eprCycles.typeId,
        fromDate: eprCycles.fromDate,
        toDate: eprCycles.toDate,
        companyId: eprCycles.companyId,
        groupTreeId: eprCycles.groupTreeId,
      })
      .from(eprCycles)
      .where(eq(eprCycles.id, id))
      .for('update');
    return row ?? null;
  },

  async insert(
    tx: Db,
    values: Omit<CycleScope, 'id'> & { name: string; deadline: string; launchedBy: number },
  ): Promise<number> {
    const [row] = await tx.insert(eprCycles).values(values).returning({ id: eprCycles.id });
    return row!.id;
  },

  async type(db: Db, id: number) {
    const [row] = await db
      .select({ id: eprTypes.id, enabled: eprTypes.enabled })
      .from(eprTypes)
      .where(eq(eprTypes.id, id));
    return row ?? null;
  },

  async companyExists(db: Db, id: number): Promise<boolean> {
    const rows = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
    return rows.length > 0;
  },

  async groupTreeExists(db: Db, id: number): Promise<boolean> {
    const rows = await db.select({ id: groupTrees.id }).from(groupTrees).where(eq(groupTrees.id, id));
    return rows.length > 0;
  },

  /** The EPR statuses with their names and colours. */
  statuses(db: Db) {
    return db
      .select({ id: workflowStatuses.id, name: workflowStatuses.name, color: workflowStatuses.color })
      .from(workflowStatuses)
      .where(eq(workflowStatuses.module, 'epr'))
      .orderBy(asc(workflowStatuses.id));
  },

  /**
   * Launches a cycle for everyone it covers who has no review in it yet, as
   * a few set-based statements (in the caller's transaction, under the
   * cycle's lock), whatever the number of people:
   *
   * 1. a review of the person's sheet and the cycle's type made before,
   *    outside any cycle, joins this cycle;
   * 2. the others get a review: a draft with the approvers of the day, made
   *    by the administrator; one review of a type per sheet
   *    (`eprs_kpi_type_uq`) skips a sheet reviewed in another cycle meanwhile;
   * 3. the new reviews' Section A (the sheet's active KPIs of its active
   *    objectives) and Section B (the enabled values with their enabled
   *    behaviours, as they stand now), as a single review has them;
   * 4. an audit row per review made or taken in.
   */
  async launch(
    tx: Db,
    c: CycleScope,
    actor: AuthContext,
  ): Promise<{ created: number; adopted: number; opened: { id: number; employeeId: number }[] }> {
    const adopted = rowsOf<{ id: number }>(
      await tx.execute(sql`${scopeCtes(c, true)}
        update ${eprs} r set cycle_id = ${c.id}
          from sheets s
         where r.kpi_id = s.kpi_id and r.type_id = ${c.typeId} and r.cycle_id is null
        returning r.id`),
    ).map((r) => Number(r.id));

    const made = rowsOf<{ id: number; employee_id: number }>(
      await tx.execute(sql`${scopeCtes(c, true)}
        insert into ${eprs} (employee_id, line_manager_id, one_over_one_id, created_by_id, kpi_id, type_id,
                             cycle_id, name, from_date, to_date, status_id)
        select s.employee_id, p.parent_id, lm.parent_id, ${actor.employeeId}::int, s.kpi_id, t.id,
               ${c.id}::int, left(s.name || ' – ' || t.name, 150),
               case when t.id = ${EPR_TYPE.annual} and s.type_id = ${KPI_TYPE.yearly} then s.from_date else ${c.fromDate}::date end,
               case when t.id = ${EPR_TYPE.annual} and s.type_id = ${KPI_TYPE.yearly} then s.to_date else ${c.toDate}::date end,
               ${EPR_STATUS.draft}::smallint
          from sheets s
          join people p on p.id = s.employee_id
          left join ${employees} lm on lm.id = p.parent_id
          join ${eprTypes} t on t.id = ${c.typeId}
         order by s.employee_id
        on conflict (kpi_id, type_id) do nothing
        returning id, employee_id`),
    );
    const created = made.map((r) => Number(r.id));

    if (created.length > 0) {
      await tx.execute(sql`
        insert into ${eprLines} (epr_id, objective_kpi_id)
        select r.id, k.id
          from ${eprs} r
          join ${kpiObjectiveKpis} k on k.kpi_id = r.kpi_id
          join ${kpiObjectives} o on o.id = k.objective_id
         where r.id = any(${idArray(created)})
           and k.status_id = ${KPI_ITEM_STATUS.active} and o.status_id = ${KPI_ITEM_STATUS.active}`);
      await tx.execute(sql`
        with v as (
          select v.id, v.name, v.sort_order,
                 coalesce((select json_agg(json_build_object('name', b.name, 'enabled', b.enabled) order by b.sort_order, b.id)
                             from ${eprValueBehaviours} b where b.value_id = v.id and b.enabled), '[]'::json)::text as behaviours
            from ${eprValues} v
           where v.enabled
        )
        insert into ${eprStables} (epr_id, value_id, name, behaviours, sort_order)
        select r.id, v.id, v.name, v.behaviours, v.sort_order
          from unnest(${idArray(created)}) as r(id) cross join v`);
    }

    const auditRows = (ids: number[], action: string, fromStatus: SQL, toStatus: SQL) =>
      tx.execute(sql`
        insert into ${auditLog} (actor_user_id, actor_employee_id, impersonator_user_id, action, entity,
                                 entity_id, from_status, to_status, data)
        select ${actor.userId}::int, ${actor.employeeId}::int, ${actor.impersonatorUserId}::int, ${action}::text, 'epr',
               r.id, ${fromStatus}, ${toStatus}, jsonb_build_object('cycle_id', ${c.id}::int)
          from ${eprs} r where r.id = any(${idArray(ids)})`);
    if (created.length > 0) await auditRows(created, 'create', sql`null`, sql`r.status_id`);
    if (adopted.length > 0) await auditRows(adopted, 'join_cycle', sql`r.status_id`, sql`r.status_id`);

    return {
      created: created.length,
      adopted: adopted.length,
      opened: made.map((r) => ({ id: Number(r.id), employeeId: Number(r.employee_id) })),
    };
  },

  /**
   * The people the cycle covers now, each counted once: with a review in
   * this cycle; else without an approved sheet over the period; else with
   * their sheet's review of the type in another cycle; else eligible and not
   * launched yet (a launch makes their review or takes in the one they have).
   */
  async scopeCounts(db: Db, c: CycleScope) {
    const [row] = rowsOf<Record<string, number>>(
      await db.execute(sql`${scopeCtes(c, false)},
        mine as (select distinct x.employee_id from ${eprs} x where x.cycle_id = ${c.id})
        select count(*)::int as employees,
               count(*) filter (where m.employee_id is not null)::int as in_cycle,
               count(*) filter (where m.employee_id is null and s.kpi_id is null)::int as without_sheet,
               count(*) filter (where m.employee_id is null and r.cycle_id is not null)::int as other_cycle,
               count(*) filter (where m.employee_id is null and s.kpi_id is not null
                                  and r.cycle_id is null)::int as not_launched
          from people p
          left join mine m on m.employee_id = p.id
          left join sheets s on s.employee_id = p.id
          left join ${eprs} r on r.kpi_id = s.kpi_id and r.type_id = ${c.typeId}`),
    );
    const n = (key: string) => Number(row?.[key] ?? 0);
    return {
      employees: n('employees'),
      in_cycle: n('in_cycle'),
      without_sheet: n('without_sheet'),
      other_cycle: n('other_cycle'),
      not_launched: n('not_launched'),
    };
  },

  /** Refreshes the planner's statistics of the reviews table (outside the launch's transaction). */
  async refreshStatistics(db: Db) {
    await db.execute(sql`analyze ${eprs}`);
  },

  /** The cycle's unfinished reviews by stage. */
  async stageCounts(db: Db, cycleId: number): Promise<Record<EprCycleStage, number>> {
    const count = (stage: EprCycleStage) =>
      sql<number>`count(*) filter (where ${STAGE[stage]})::int`.mapWith(Number);
    const [row] = await db
      .select({
        not_started: count('not_started'),
        employee: count('employee'),
        line_manager: count('line_manager'),
        one_over_one: count('one_over_one'),
      })
      .from(eprs)
      .where(and(eq(eprs.cycleId, cycleId), inArray(eprs.statusId, UNFINISHED)));
    return row ?? { not_started: 0, employee: 0, line_manager: 0, one_over_one: 0 };
  },

  /** A page of the cycle's unfinished reviews (of one stage, or all), the longest unchanged first. */
  people(db: Db, cycleId: number, stage: EprCycleStage | undefined, limit: number, offset: number) {
    return db
      .select({
        id: eprs.id,
        name: eprs.name,
        statusId: eprs.statusId,
        statusName: workflowStatuses.name,
        statusColor: workflowStatuses.color,
        notStarted: sql<boolean>`${notStarted}`,
        updatedAt: eprs.updatedAt,
        days: sql<number>`floor(extract(epoch from (now() - ${eprs.updatedAt})) / 86400)::int`.mapWith(
          Number,
        ),
        employee: personJson(eprs.employeeId),
        lineManager: personJson(eprs.lineManagerId),
        oneOverOne: personJson(eprs.oneOverOneId),
      })
      .from(eprs)
      .leftJoin(
        workflowStatuses,
        and(eq(workflowStatuses.module, 'epr'), eq(workflowStatuses.id, eprs.statusId)),
      )
      .where(
        and(
          eq(eprs.cycleId, cycleId),
          inArray(eprs.statusId, UNFINISHED),
          stage === undefined ? undefined : STAGE[stage],
        ),
      )
      .orderBy(asc(eprs.updatedAt), asc(eprs.id))
      .limit(limit)
      .offset(offset);
  },
};
