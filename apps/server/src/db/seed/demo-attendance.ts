import { sql } from 'drizzle-orm';
import { officeNow } from '../../lib/office-clock';
import type { Db } from '../client';

/** Days of punches the demo company has, up to yesterday. */
const DEMO_DAYS = 100;

/**
 * A few months of punches for the demo company, on the General shift
 * (09:00–18:00, 15 minutes of grace): in at the gate between 08:35 and 09:14
 * on most days, late (09:16 to 10:10) on about one day in eight, no punch
 * at all (absent) on about one in twenty-five, out between 17:55 and 19:10.
 * Nobody punches on the company's weekly off day, on a holiday, on approved
 * full-day leave or on approved whole-day remote work. Today, people who
 * came in before now have their punch in. Set-based: one statement.
 */
export async function seedDemoAttendance(tx: Db): Promise<void> {
  // A gate reader at each office, punching for that office's people, which its punches come from
  // (without a key: HR gives it one on the admin screen).
  await tx.execute(sql`
    insert into attendance_devices (code, name, company_id, office_id)
    select d.code, d.name, o.company_id, o.id
      from (values ('MAIN-GATE', 'Main gate, head office', 'Dhaka Head Office'),
                   ('CTG-GATE', 'Gate, Chattogram office', 'Chattogram Office'),
                   ('SYL-GATE', 'Gate, Sylhet office', 'Sylhet Office'),
                   ('HUB-GATE', 'Gate, logistics hub', 'Logistics Hub')) as d(code, name, office)
      join offices o on o.name = d.office
    on conflict do nothing`);
  // The seeding moment on the office's clock (as the other demo records take it).
  const moment = officeNow();
  const today = moment.slice(0, 10);
  const draw = (salt: string) => sql.raw(`abs(hashtext(e.eid || '${salt}' || d.day::text))`);
  await tx.execute(sql`
    with days as (
      select (${today}::date - n)::date as day from generate_series(0, ${DEMO_DAYS}) as n
    ),
    worked as (
      select e.id as employee_id, e.eid, d.day,
             ${draw('late')} % 8 = 0 as late,
             ${draw('absent')} % 25 = 0 as absent,
             ${draw('in')} % 40 as in_minute,
             ${draw('out')} % 75 as out_minute
        from employees e
        join companies c on c.id = e.company_id
        cross join days d
       where e.enabled and e.eid not like 'L%'
         and extract(dow from d.day) <> c.weekly_off_day
         and not exists (select 1 from holidays h where d.day between h.from_date and h.to_date
                           and (h.office_id = e.office_id
                                or h.office_id is null and (h.company_id is null or h.company_id = e.company_id)))
         and not exists (select 1 from leaves l where l.employee_id = e.id and l.status_id = 3
                           and l.leave_format = 1 and d.day between l.from_date and l.to_date)
         and not exists (select 1 from remote_works r where r.employee_id = e.id and r.status_id = 3
                           and r.from_time is null and d.day between r.from_date and r.to_date)
    ),
    punch as (
      select employee_id, day + case when late then time '09:16' + make_interval(mins => in_minute + in_minute / 3)
                                     else time '08:35' + make_interval(mins => in_minute) end as at
        from worked where not absent
      union all
      select employee_id, day + time '17:55' + make_interval(mins => out_minute)
        from worked where not absent and day < ${today}::date
    )
    insert into punches (employee_id, at, device_code, source)
    select p.employee_id, date_trunc('minute', p.at), coalesce(g.code, 'MAIN-GATE'), 'device'
      from punch p
      join employees e on e.id = p.employee_id
      left join attendance_devices g on g.office_id = e.office_id
     where p.at <= ${moment}::timestamp
    on conflict do nothing`);
}
