import dayjs from 'dayjs';
import { count, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { employees, punches } from '../schema';

/** Two years of punches, up to yesterday. */
const LARGE_DAYS = 730;

/**
 * Two years of punches for every employee of the large data set (E-IDs L…),
 * in and out on each working day of the General shift: late on about one
 * day in eight, absent on about one in twenty-five, like the demo company.
 * Set-based, a month per statement (about 400,000 punches for 10,000
 * people), so the whole takes minutes.
 */
export async function seedLargeAttendance(
  db: Db,
  log: (msg: string) => void = () => {},
  days = LARGE_DAYS,
): Promise<void> {
  const [have] = await db
    .select({ n: count() })
    .from(punches)
    .innerJoin(employees, eq(employees.id, punches.employeeId))
    .where(like(employees.eid, 'L%'))
    .limit(1);
  if ((have?.n ?? 0) > 0) {
    log('The large data set already has its punches.');
    return;
  }
  const end = dayjs().subtract(1, 'day');
  const start = end.subtract(days - 1, 'day');
  const draw = (salt: string) => sql.raw(`abs(hashtext(e.eid || '${salt}' || d.day::text))`);
  let made = 0;
  for (let month = start.startOf('month'); !month.isAfter(end); month = month.add(1, 'month')) {
    const from = (month.isBefore(start) ? start : month).format('YYYY-MM-DD');
    const last = month.endOf('month');
    const to = (last.isAfter(end) ? end : last).format('YYYY-MM-DD');
    const result = await db.execute(sql`
      with days as (
        select day::date from generate_series(${from}::date, ${to}::date, interval '1 day') as day
      ),
      worked as (
        select e.id as employee_id, d.day,
               ${draw('late')} % 8 = 0 as late,
               ${draw('in')} % 40 as in_minute,
               ${draw('out')} % 75 as out_minute
          from employees e
          join companies c on c.id = e.company_id
          cross join days d
         where e.eid like 'L%'
           and extract(dow from d.day) <> c.weekly_off_day
           and ${draw('absent')} % 25 <> 0
           and not exists (select 1 from holidays h where d.day between h.from_date and h.to_date
                             and (h.office_id = e.office_id
                                  or h.office_id is null and (h.company_id is null or h.company_id = e.company_id)))
      )
      insert into punches (employee_id, at, device_code, source)
      select employee_id,
             day + case when late then time '09:16' + make_interval(mins => in_minute + in_minute / 3)
                        else time '08:35' + make_interval(mins => in_minute) end,
             'MAIN-GATE', 'device'
        from worked
      union all
      select employee_id, day + time '17:55' + make_interval(mins => out_minute), 'MAIN-GATE', 'device'
        from worked
      on conflict do nothing`);
    made += Number((result as { rowCount?: number | null; affectedRows?: number }).rowCount ?? 0) || 0;
    log(`  punches of ${month.format('YYYY-MM')}`);
  }
  await db.execute(sql`analyze punches`);
  if (made > 0) log(`  ${made} punches`);
}
