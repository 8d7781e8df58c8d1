import { count, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { employees, leaves } from '../schema';

/**
 * A year of requests for the large data set (employees with E-IDs L…):
 * twelve leave requests, six remote-work requests and two HR requests per
 * employee, in every status, none overlapping for one employee. Written with
 * set-based SQL so that 10,000 employees take seconds.
 */
export async function seedLargeRequests(db: Db, log: (msg: string) => void = () => {}): Promise<void> {
  const [have] = await db
    .select({ n: count() })
    .from(leaves)
    .innerJoin(employees, eq(employees.id, leaves.employeeId))
    .where(like(employees.eid, 'L%'));
  if ((have?.n ?? 0) > 0) {
    log('The large data set already has its requests.');
    return;
  }
  const status = (g: string) =>
    sql.raw(`case when ${g} % 10 = 0 then 2 when ${g} % 17 = 0 then 4 when ${g} % 23 = 0 then 1 else 3 end`);

  await db.execute(sql`
    insert into leaves (employee_id, responsible_id, line_manager_id, one_over_one_id, type_id, leave_format,
                        from_date, to_date, days, leave_address, status_id, created_at, updated_at)
    select e.id, e.parent_id, e.parent_id, p.parent_id, 1 + (g % 3), 1, x.d, x.d + (g % 3), 1 + (g % 3),
           'Home address', ${status('g')}, x.d - interval '7 days', x.d - interval '6 days'
    from employees e
    left join employees p on p.id = e.parent_id
    cross join generate_series(0, 11) g
    cross join lateral (select (current_date - 365 + g * 30 + (e.id % 20))::date as d) x
    where e.eid like 'L%' and e.parent_id is not null`);
  log('  leave requests');

  await db.execute(sql`
    insert into remote_works (employee_id, line_manager_id, one_over_one_id, type_id, from_date, to_date,
                              from_time, to_time, description, status_id, created_at, updated_at)
    select e.id, e.parent_id, p.parent_id, case when g % 2 = 0 then 1 else 2 end, x.d,
           case when g % 2 = 0 then x.d else x.d + 1 end,
           case when g % 2 = 0 then time '14:00' end, case when g % 2 = 0 then time '17:00' end,
           'Working from home', ${status('g')}, x.d - interval '3 days', x.d - interval '2 days'
    from employees e
    left join employees p on p.id = e.parent_id
    cross join generate_series(0, 5) g
    cross join lateral (select (current_date - 365 + g * 60 + 25 + (e.id % 5))::date as d) x
    where e.eid like 'L%' and e.parent_id is not null`);
  log('  remote-work requests');

  await db.execute(sql`
    insert into service_requests (employee_id, company_id, line_manager_id, one_over_one_id, category, reason,
                                  description, issue_date, status_id, created_by, submitted_at, created_at, updated_at)
    select e.id, e.company_id, e.parent_id, p.parent_id,
           case when g = 0 then 'salary_certificate' else 'employment_certificate' end, 'Bank account',
           'Please issue the certificate', x.d, case when g = 0 then 3 else 2 end, e.id,
           x.d - interval '2 days', x.d - interval '3 days', x.d - interval '2 days'
    from employees e
    left join employees p on p.id = e.parent_id
    cross join generate_series(0, 1) g
    cross join lateral (select (current_date - 200 + g * 150 + (e.id % 30))::date as d) x
    where e.eid like 'L%' and e.parent_id is not null`);
  log('  HR service requests');
  await db.execute(sql`analyze leaves`);
  await db.execute(sql`analyze remote_works`);
  await db.execute(sql`analyze service_requests`);
}
