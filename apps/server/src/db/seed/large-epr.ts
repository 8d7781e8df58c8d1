import { count, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { employees, eprs } from '../schema';
import { KPIS, OBJECTIVES } from './large-kpi';

/**
 * A review status per employee, spread like a review season in full swing
 * (by a hash of the E-ID: the seed hands out reports round-robin, so ids in
 * one manager's team share their remainders):
 * 1 Draft, 2 with the line manager, 3 with the O&O, 4 Completed, 5 sent back
 * to the employee, 10 returned to the line manager.
 */
const STATUS = sql.raw(`case
  when abs(hashtext(e.eid)) % 10 in (0, 1) then 1
  when abs(hashtext(e.eid)) % 10 in (2, 3) then 2
  when abs(hashtext(e.eid)) % 10 in (4, 7) then 3
  when abs(hashtext(e.eid)) % 10 = 5 then 5
  when abs(hashtext(e.eid)) % 10 = 6 then 10
  else 4 end`);

/**
 * A performance review for every employee of the large data set (E-IDs L…):
 * last year's approved yearly KPI sheet (the objectives and KPIs of this
 * year's, see large-kpi.ts), and
 * an annual review of it in every status, filled as far as its status goes
 * (the employee's actuals and ratings once submitted, the line manager's,
 * Section C and two development plan rows once they approved). Set-based
 * SQL, so 10,000 reviews take seconds.
 */
export async function seedLargeEprs(db: Db, log: (msg: string) => void = () => {}): Promise<void> {
  const [have] = await db
    .select({ n: count() })
    .from(eprs)
    .innerJoin(employees, eq(employees.id, eprs.employeeId))
    .where(like(employees.eid, 'L%'));
  if ((have?.n ?? 0) > 0) {
    log('The large data set already has its reviews.');
    return;
  }
  const year = new Date().getFullYear() - 1;
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  await db.execute(sql`
    insert into kpi_years (name, from_date, to_date)
    select ${`FY ${year}`}, ${from}::date, ${to}::date
    where not exists (select 1 from kpi_years where from_date = ${from}::date and to_date = ${to}::date)`);

  await db.execute(sql`
    insert into kpis (employee_id, line_manager_id, one_over_one_id, created_by_id, type_id, year_id, name,
                      from_date, to_date, status_id, first_submitted_at, created_at, updated_at)
    select e.id, e.parent_id, p.parent_id, e.id, 1, y.id, y.name, y.from_date, y.to_date, 4,
           y.from_date + 14, y.from_date + 7, y.from_date + 40
    from employees e
    left join employees p on p.id = e.parent_id
    cross join (select id, name, from_date, to_date from kpi_years
                 where from_date = ${from}::date and to_date = ${to}::date order by id limit 1) y
    where e.eid like 'L%' and e.parent_id is not null
      and not exists (select 1 from kpis k where k.employee_id = e.id and k.year_id = y.id)`);
  log("  last year's approved KPI sheets");

  await db.execute(sql`
    insert into kpi_objectives (kpi_id, perspective_id, name, weight, status_id, sort_order, created_at, updated_at)
    select k.id, o.perspective, o.name, o.weight, 1, o.ord, k.created_at, k.created_at
    from kpis k
    join employees e on e.id = k.employee_id
    cross join ${OBJECTIVES}
    where e.eid like 'L%' and k.from_date = ${from}::date and k.status_id = 4
      and not exists (select 1 from kpi_objectives x where x.kpi_id = k.id)`);
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
    where e.eid like 'L%' and k.from_date = ${from}::date and k.status_id = 4
      and not exists (select 1 from kpi_objective_kpis z where z.objective_id = o.id)`);
  log('  their objectives and KPIs');

  const self = sql.raw('r.status_id in (2, 3, 4, 5, 10)');
  const manager = sql.raw('r.status_id in (3, 4, 10)');
  await db.execute(sql`
    insert into eprs (employee_id, line_manager_id, one_over_one_id, created_by_id, kpi_id, type_id, name,
                      from_date, to_date, status_id, created_at, updated_at)
    select k.employee_id, k.line_manager_id, k.one_over_one_id, k.employee_id, k.id, 1, k.name || ' – Annual review',
           k.from_date, k.to_date, ${STATUS}, k.to_date + 10 + (e.id % 20), k.to_date + 12 + (e.id % 40)
    from kpis k
    join employees e on e.id = k.employee_id
    where e.eid like 'L%' and k.from_date = ${from}::date and k.status_id = 4
    on conflict do nothing`);
  log('  reviews');

  await db.execute(sql`
    update eprs r set
      a_rating = case when ${self} then 1 + abs(hashtext(e.eid || 'a')) % 3 end,
      a_comment = case when ${self} then 'Most targets reached; the cost target was the hardest.' end,
      b_rating = case when ${self} then 1 + abs(hashtext(e.eid || 'b')) % 3 end,
      self_proposal = case when ${self} then 'Lead the partner programme next year.' end,
      a_lm_rating = case when ${manager} then 1 + abs(hashtext(e.eid || 'k')) % 3 end,
      a_lm_comment = case when ${manager} then 'Delivered what was agreed.' end,
      b_lm_rating = case when ${manager} then 1 + abs(hashtext(e.eid || 'v')) % 3 end,
      c_kpi_rating = case when ${manager} then 1 + abs(hashtext(e.eid || 'k')) % 3 end,
      c_stable_rating = case when ${manager} then 1 + abs(hashtext(e.eid || 'v')) % 3 end,
      lm_recommendation = case when ${manager} then 'Ready for more responsibility.' end,
      next_level_remarks = case when r.status_id = 10 then 'Please look at the value rating again.' end,
      submitted_at = case when ${self} then r.created_at + interval '1 day' end,
      completed_at = case when r.status_id = 4 then r.updated_at end
    from employees e
    where e.id = r.employee_id and e.eid like 'L%' and r.from_date = ${from}::date`);

  await db.execute(sql`
    insert into epr_lines (epr_id, objective_kpi_id, actual, lm_actual)
    select r.id, k.id,
           case when ${self} then round(k.target * (0.75 + (k.id % 5) * 0.1), 2) end,
           case when ${manager} then round(k.target * (0.8 + (k.id % 4) * 0.1), 2) end
    from eprs r
    join employees e on e.id = r.employee_id
    join kpi_objective_kpis k on k.kpi_id = r.kpi_id and k.status_id = 1
    where e.eid like 'L%' and r.from_date = ${from}::date
    on conflict do nothing`);
  log('  Section A lines');

  await db.execute(sql`
    insert into epr_stables (epr_id, value_id, name, behaviours, sort_order, rating, lm_rating)
    select r.id, v.id, v.name,
           coalesce((select json_agg(json_build_object('name', b.name, 'enabled', b.enabled) order by b.sort_order, b.id)
                       from epr_value_behaviours b where b.value_id = v.id and b.enabled), '[]'::json)::text,
           v.sort_order,
           case when ${self} then 1 + ((r.id + v.id) % 3) end,
           case when ${manager} then 1 + ((r.id + v.id + 1) % 3) end
    from eprs r
    join employees e on e.id = r.employee_id
    cross join epr_values v
    where e.eid like 'L%' and r.from_date = ${from}::date and v.enabled`);
  log('  Section B values');

  await db.execute(sql`
    insert into epr_dev_plans (epr_id, dev_area, action_plan, "when", who)
    select r.id, p.area, p.plan, p.at, p.who
    from eprs r
    join employees e on e.id = r.employee_id
    cross join (values ('Presenting to clients', 'Lead two client demos', 'Next quarter', 'Line manager'),
                       ('Budgeting', 'Finance course for managers', 'By June', 'HR')) as p(area, plan, at, who)
    where e.eid like 'L%' and r.from_date = ${from}::date and ${manager}`);
  log('  development plans');

  for (const table of ['kpis', 'kpi_objectives', 'kpi_objective_kpis', 'eprs', 'epr_lines', 'epr_stables']) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
}
