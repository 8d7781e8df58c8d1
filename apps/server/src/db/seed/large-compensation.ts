import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * A basic salary and a tax row for every employee of the large data set
 * (E-IDs L…) that has none: the basic by designation with an even spread by
 * E-ID, the tax from it (nothing on the first 350,000 a year, 10% on the next
 * 400,000, 15% above), both from the joining date or else the start of this
 * year. Two set-based statements, so 10,000 employees take a second.
 */
export async function seedLargeCompensation(db: Db, log: (msg: string) => void = () => {}): Promise<void> {
  const started = Date.now();
  await db.execute(sql`
    insert into salaries (employee_id, kind, amount, effective_date)
    select e.id, 'basic',
      (case d.name when 'Head of Department' then 180000 when 'Line Manager' then 90000 else 38000 end
        + ((hashtext(e.eid || ':basic')::bigint + 2147483648) % 40) * 500)::numeric(12, 2),
      coalesce(e.joining_date, date_trunc('year', current_date)::date)
    from employees e
    left join designations d on d.id = e.designation_id
    where e.eid like 'L%' and not exists (select 1 from salaries s where s.employee_id = e.id and s.kind = 'basic')`);
  await db.execute(sql`
    insert into salaries (employee_id, kind, amount, effective_date)
    select b.employee_id, 'tax',
      round((greatest(0, least(b.amount * 12, 750000) - 350000) * 0.10
        + greatest(0, b.amount * 12 - 750000) * 0.15) / 12 / 50) * 50,
      b.effective_date
    from salaries b
    join employees e on e.id = b.employee_id
    where e.eid like 'L%' and b.kind = 'basic'
      and not exists (select 1 from salaries s where s.employee_id = b.employee_id and s.kind = 'tax')`);
  log(`  salaries in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
