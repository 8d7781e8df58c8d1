import {
  CALIBRATION_NAMES_PER_CELL,
  type CalibrationScope,
  COMPLETED_STATUSES,
  IN_PROGRESS_STATUSES,
  PROVISIONAL_STATUS,
  RATED_STATUSES,
} from '@hr/contracts/epr-calibration';
import { EPR_STATUS } from '@hr/contracts/workflow';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, employeeGroups, employees, eprs, groupTrees, workflowStatuses } from '../../db/schema';
import type { PersonColumns } from '../../lib/approvers';

/** How deep a group tree is followed below the chosen item; deeper trees do not exist, and a loop stops here. */
const MAX_GROUP_DEPTH = 50;

/** The rows of a raw query, from either driver (both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

const list = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

const SCOPE_STATUSES: Record<CalibrationScope, readonly number[]> = {
  all: [...IN_PROGRESS_STATUSES, ...COMPLETED_STATUSES],
  completed: COMPLETED_STATUSES,
  in_progress: IN_PROGRESS_STATUSES,
};

export interface Standing {
  /** Someone is two levels below the caller now, or a review names them as its O&O. */
  oneOverOne: boolean;
  companyFound: boolean;
  groupFound: boolean;
}

export interface GridFilters {
  /** Only the reviews naming this employee as their stored O&O; every review when null. */
  oneOverOneId: number | null;
  scope: CalibrationScope;
  companyId?: number;
  groupId?: number;
  fromDate?: string;
  toDate?: string;
}

/** A person named in a cell, as the grid statement reads it. */
export interface GridPersonRow {
  epr_id: number;
  employee: PersonColumns;
  line_manager: string | null;
  status_id: number;
  status_name: string | null;
  status_color: string | null;
  provisional: boolean;
}

/** One cell of the grid (both ratings null: the reviews not yet rated). */
export interface GridRow {
  kpi: number | null;
  stable: number | null;
  count: number;
  provisional: number;
  completed: number;
  people: GridPersonRow[];
}

export const calibrationRepository = {
  /**
   * Whether the caller stands as an O&O (someone reports to one of their
   * direct reports, or a review stores them as its O&O), and whether the
   * company and group item filtered on exist: one statement.
   */
  async standing(
    db: Db,
    employeeId: number,
    filters: { companyId?: number; groupId?: number },
  ): Promise<Standing> {
    const exists = (value: number | undefined, query: (v: number) => SQL) =>
      value === undefined ? sql`true` : sql`exists (${query(value)})`;
    const result = await db.execute(sql`
      select
        (exists (select 1 from ${employees} r join ${employees} m on m.id = r.parent_id
                  where m.parent_id = ${employeeId})
          or exists (select 1 from ${eprs} where ${eprs.oneOverOneId} = ${employeeId})) as one_over_one,
        ${exists(filters.companyId, (v) => sql`select 1 from ${companies} where ${companies.id} = ${v}`)} as company_found,
        ${exists(filters.groupId, (v) => sql`select 1 from ${groupTrees} where ${groupTrees.id} = ${v}`)} as group_found`);
    const [row] = rowsOf<{ one_over_one: boolean; company_found: boolean; group_found: boolean }>(result);
    return {
      oneOverOne: row?.one_over_one === true,
      companyFound: row?.company_found === true,
      groupFound: row?.group_found === true,
    };
  },

  /**
   * The grid in one statement, whatever the number of reviews: each matching
   * review's cell (its Section C ratings at 3, 10 and 4; at 2 its line
   * manager's A and B ratings once both are given, provisionally; none
   * otherwise), grouped by cell with its counts and the first names by
   * employee name. The provisional cell is `sectionCDefaults` of the line
   * manager's ratings, which for the whole ratings 1–3 the table holds
   * (eprs_ratings_ck) are the ratings themselves.
   */
  async grid(db: Db, f: GridFilters): Promise<GridRow[]> {
    const rated = sql`r.status_id in (${list(RATED_STATUSES)}) and r.c_kpi_rating is not null and r.c_stable_rating is not null`;
    const provisional = sql`r.status_id = ${PROVISIONAL_STATUS} and r.a_lm_rating is not null and r.b_lm_rating is not null`;
    const where: SQL[] = [sql`r.status_id in (${list(SCOPE_STATUSES[f.scope])})`];
    if (f.oneOverOneId !== null) where.push(sql`r.one_over_one_id = ${f.oneOverOneId}`);
    if (f.companyId !== undefined) where.push(sql`e.company_id = ${f.companyId}`);
    if (f.groupId !== undefined)
      where.push(
        sql`exists (select 1 from ${employeeGroups} g where g.employee_id = r.employee_id and g.group_tree_id in (select id from items))`,
      );
    if (f.fromDate !== undefined) where.push(sql`r.to_date >= ${f.fromDate}`);
    if (f.toDate !== undefined) where.push(sql`r.from_date <= ${f.toDate}`);
    const items =
      f.groupId === undefined
        ? sql``
        : sql`items(id, depth) as (
            select ${groupTrees.id}, 1 from ${groupTrees} where ${groupTrees.id} = ${f.groupId}
            union all
            select t.id, items.depth + 1 from ${groupTrees} t join items on t.parent_id = items.id
             where items.depth < ${MAX_GROUP_DEPTH}
          ),`;
    const result = await db.execute(sql`
      with recursive ${items}
      matched as (
        select r.id, r.status_id, r.line_manager_id, r.employee_id, e.eid, e.name, e.photo_version,
               case when ${rated} then r.c_kpi_rating when ${provisional} then r.a_lm_rating end as kpi,
               case when ${rated} then r.c_stable_rating when ${provisional} then r.b_lm_rating end as stable,
               (${provisional}) as provisional
          from ${eprs} r
          join ${employees} e on e.id = r.employee_id
         where ${sql.join(where, sql` and `)}
      ),
      ranked as (
        select m.*, row_number() over (partition by m.kpi, m.stable order by m.name, m.id) as n
          from matched m
      )
      select k.kpi, k.stable,
             count(*)::int as count,
             (count(*) filter (where k.provisional))::int as provisional,
             (count(*) filter (where k.status_id = ${EPR_STATUS.completed}))::int as completed,
             coalesce(json_agg(json_build_object(
               'epr_id', k.id,
               'employee', json_build_object('id', k.employee_id, 'eid', k.eid, 'name', k.name,
                                             'photoVersion', k.photo_version),
               'line_manager', lm.name,
               'status_id', k.status_id,
               'status_name', s.name,
               'status_color', s.color,
               'provisional', k.provisional
             ) order by k.n) filter (where k.kpi is not null and k.n <= ${CALIBRATION_NAMES_PER_CELL}), '[]'::json)
               as people
        from ranked k
        left join ${employees} lm on lm.id = k.line_manager_id and k.n <= ${CALIBRATION_NAMES_PER_CELL}
        left join ${workflowStatuses} s on s.module = 'epr' and s.id = k.status_id
       group by k.kpi, k.stable`);
    return rowsOf<GridRow>(result).map((r) => ({
      kpi: r.kpi === null ? null : Number(r.kpi),
      stable: r.stable === null ? null : Number(r.stable),
      count: Number(r.count),
      provisional: Number(r.provisional),
      completed: Number(r.completed),
      people: typeof r.people === 'string' ? (JSON.parse(r.people) as GridPersonRow[]) : r.people,
    }));
  },
};
