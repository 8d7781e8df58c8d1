import { and, count, eq, gte, like, lte, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { employees, kpis, kpiYears } from '../schema';

/** Five objectives of a balanced scorecard: weights add up to 100, perspectives 1 to 4. */
export const OBJECTIVES = sql.raw(`(values
  (1, 'Grow revenue from existing customers', 30, 1),
  (2, 'Keep costs within budget', 20, 1),
  (3, 'Raise customer satisfaction', 20, 2),
  (4, 'Deliver on time and without rework', 15, 3),
  (5, 'Learn and share one new skill', 15, 4)
) as o(ord, name, weight, perspective)`);

/**
 * Three KPIs under each objective: weights 40, 30 and 30, each with a target,
 * its unit and which way it is better (one of each direction).
 */
export const KPIS = sql.raw(`(values
  (1, 'Main measure', 40, 'Every quarter', 90, 1, 'higher'),
  (2, 'Second measure', 30, 'Every month', 12, 3, 'lower'),
  (3, 'Third measure', 30, 'By the end of the year', 4, 6, 'budget')
) as x(ord, name, weight, time, target, unit, direction)`);

/**
 * A yearly KPI sheet for every employee of the large data set (E-IDs L…) in
 * the KPI year of today: five objectives with three KPIs each, in every
 * status (a third with the O&O, a fifth with the line manager, a third
 * approved), and a comment on the first objective of each sheet
 * that left the draft. Set-based SQL, so 10,000 sheets take seconds.
 */
export async function seedLargeKpis(db: Db, log: (msg: string) => void = () => {}): Promise<void> {
  const [have] = await db
    .select({ n: count() })
    .from(kpis)
    .innerJoin(employees, eq(employees.id, kpis.employeeId))
    .where(like(employees.eid, 'L%'));
  if ((have?.n ?? 0) > 0) {
    log('The large data set already has its KPI sheets.');
    return;
  }
  const today = sql`current_date`;
  let [year] = await db
    .select({ id: kpiYears.id })
    .from(kpiYears)
    .where(and(lte(kpiYears.fromDate, today), gte(kpiYears.toDate, today)))
    .limit(1);
  if (!year) {
    const y = new Date().getFullYear();
    [year] = await db
      .insert(kpiYears)
      .values({ name: `FY ${y}`, fromDate: `${y}-01-01`, toDate: `${y}-12-31` })
      .returning({ id: kpiYears.id });
  }
  // 1 Draft, 2 Awaiting line manager, 3 Awaiting O&O, 4 Approved, 5 Update requested: the season
  // of setting the year's sheets, many of them with the O&O. By a hash of the E-ID (the seed hands
  // out reports round-robin, so ids of one department share their remainders), independent of the
  // review's (large-epr.ts).
  const status = sql.raw(`case
    when abs(hashtext(e.eid || ':kpi')) % 10 = 0 then 1
    when abs(hashtext(e.eid || ':kpi')) % 10 in (1, 2) then 2
    when abs(hashtext(e.eid || ':kpi')) % 10 in (3, 4, 5) then 3
    when abs(hashtext(e.eid || ':kpi')) % 10 = 6 then 5
    else 4 end`);
  await db.execute(sql`
    insert into kpis (employee_id, line_manager_id, one_over_one_id, created_by_id, type_id, year_id, name,
                      from_date, to_date, status_id, first_submitted_at, created_at, updated_at)
    select e.id, e.parent_id, p.parent_id, e.id, 1, y.id, y.name, y.from_date, y.to_date, ${status},
           case when ${status} > 1 then y.from_date + 14 end, y.from_date + 7, y.from_date + 21
    from employees e
    left join employees p on p.id = e.parent_id
    cross join kpi_years y
    where e.eid like 'L%' and e.parent_id is not null and y.id = ${year!.id}`);
  log('  KPI sheets');

  await db.execute(sql`
    insert into kpi_objectives (kpi_id, perspective_id, name, weight, status_id, sort_order, created_at, updated_at)
    select k.id, o.perspective, o.name, o.weight, 1, o.ord, k.created_at, k.created_at
    from kpis k
    join employees e on e.id = k.employee_id
    cross join ${OBJECTIVES}
    where e.eid like 'L%' and k.year_id = ${year!.id}`);
  log('  objectives');

  await db.execute(sql`
    insert into kpi_objective_kpis (kpi_id, objective_id, name, weight, time, target, target_unit_id, direction,
                                    status_id, sort_order, created_at, updated_at)
    select o.kpi_id, o.id, x.name || ' of ' || lower(o.name), x.weight, x.time, x.target, x.unit, x.direction, 1,
           x.ord,
           o.created_at, o.created_at
    from kpi_objectives o
    join kpis k on k.id = o.kpi_id
    join employees e on e.id = k.employee_id
    cross join ${KPIS}
    where e.eid like 'L%' and k.year_id = ${year!.id}`);
  log('  objective KPIs');

  await db.execute(sql`
    insert into comments (thread_kind, thread_id, root_kind, root_id, employee_id, body, created_at)
    select 'kpi_objective', o.id, 'kpi', k.id, k.employee_id, 'Ready for your review.', k.first_submitted_at
    from kpis k
    join employees e on e.id = k.employee_id
    join kpi_objectives o on o.kpi_id = k.id and o.sort_order = 1
    where e.eid like 'L%' and k.year_id = ${year!.id} and k.status_id > 1`);
  log('  comments');
  for (const table of ['kpis', 'kpi_objectives', 'kpi_objective_kpis', 'comments']) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
}
