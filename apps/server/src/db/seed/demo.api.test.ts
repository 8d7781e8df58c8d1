import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testConfig } from '../../../test/helper';
import { buildApp } from '../../app';
import { officeNow } from '../../lib/office-clock';
import type { Database, Db } from '../client';
import { seedDemoIfEmpty } from './demo';
import { DEMO_PASSWORD } from './demo-accounts';

/**
 * The demo company must look like a portal in use until today: requests of
 * the past months in every status, and no record stamped later than the
 * moment it was seeded (leave and remote-work days may lie ahead, the
 * records about them may not).
 */

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Every timestamp column of the schema, but expiry times (they lie ahead by nature). */
async function timestampColumns(db: Db): Promise<{ table: string; column: string }[]> {
  return rowsOf(
    db,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and data_type = 'timestamp with time zone'
          and column_name <> 'expires_at'
        order by table_name, column_name`,
  );
}

/** `table.column latest-value` for each column holding a moment after `now`. */
async function stampsAfter(db: Db, now: Date): Promise<string[]> {
  const late: string[] = [];
  for (const { table, column } of await timestampColumns(db)) {
    const [row] = await rowsOf<{ latest: Date | string | null; n: number }>(
      db,
      sql`select max(${sql.identifier(column)}) as latest, count(*)::int as n
          from ${sql.identifier(table)} where ${sql.identifier(column)} > ${now.toISOString()}::timestamptz`,
    );
    if (row && Number(row.n) > 0)
      late.push(`${table}.${column}: ${row.n} after ${now.toISOString()}, up to ${String(row.latest)}`);
  }
  return late;
}

async function statuses(db: Db, table: string): Promise<number[]> {
  const rows = await rowsOf<{ status_id: number }>(
    db,
    sql`select distinct status_id from ${sql.identifier(table)} order by status_id`,
  );
  return rows.map((r) => Number(r.status_id));
}

async function oldestCreated(db: Db, table: string): Promise<Date> {
  const [row] = await rowsOf<{ oldest: Date | string }>(
    db,
    sql`select min(created_at) as oldest from ${sql.identifier(table)}`,
  );
  return new Date(row!.oldest);
}

let database: Database | null = null;
afterEach(async () => {
  vi.useRealTimers();
  await database?.close();
  database = null;
});

async function seededAt(clock?: Date): Promise<{ db: Db; now: Date }> {
  database = await createTestDatabase();
  if (clock) vi.useFakeTimers({ toFake: ['Date'], now: clock });
  const made = await seedDemoIfEmpty(database.db);
  const now = new Date();
  vi.useRealTimers();
  expect(made).toBeGreaterThan(50);
  return { db: database.db, now };
}

describe('the demo data', () => {
  it('has no record stamped after the moment it was seeded', { timeout: 120_000 }, async () => {
    const { db, now } = await seededAt();
    const columns = (await timestampColumns(db)).map((c) => `${c.table}.${c.column}`);
    expect(columns).toEqual(
      expect.arrayContaining([
        'leaves.created_at',
        'leaves.updated_at',
        'remote_works.created_at',
        'remote_works.updated_at',
        'service_requests.created_at',
        'service_requests.updated_at',
        'service_requests.submitted_at',
        'audit_log.created_at',
        'employee_activities.created_at',
        'employees.created_at',
        'kpis.created_at',
        'kpis.updated_at',
        'comments.created_at',
        'eprs.created_at',
        'eprs.updated_at',
        'eprs.submitted_at',
        'eprs.completed_at',
      ]),
    );
    expect(await stampsAfter(db, now)).toEqual([]);
  });

  it('has no record stamped ahead when seeded just after midnight', { timeout: 120_000 }, async () => {
    // Times of day put on today's date (a request made "today at 10:15") would lie ahead at 00:05.
    const clock = new Date();
    clock.setDate(clock.getDate() + 1);
    clock.setHours(0, 5, 0, 0);
    const { db, now } = await seededAt(clock);
    expect(now.getTime()).toBe(clock.getTime());
    expect(await stampsAfter(db, now)).toEqual([]);
  });

  it('still has requests of the past months in every status', { timeout: 120_000 }, async () => {
    const { db, now } = await seededAt();
    expect(await statuses(db, 'leaves')).toEqual([1, 2, 3, 4]);
    expect(await statuses(db, 'remote_works')).toEqual([1, 2, 3, 4]);
    expect(await statuses(db, 'service_requests')).toEqual([1, 2, 3, 4, 5]);
    expect(await statuses(db, 'kpis')).toEqual([1, 2, 3, 4, 5]);
    expect(await statuses(db, 'kpi_objectives')).toEqual([1, 3]);
    expect(await statuses(db, 'eprs')).toEqual([1, 2, 3, 4, 5, 10]);
    const twoMonthsAgo = new Date(now.getTime() - 60 * 86_400_000);
    for (const table of ['leaves', 'remote_works', 'employee_activities'])
      expect((await oldestCreated(db, table)).getTime(), table).toBeLessThan(twoMonthsAgo.getTime());
    // Leave and remote work still lie ahead as well: only the records about them are in the past.
    const [ahead] = await rowsOf<{ leaves: number; remote: number }>(
      db,
      sql`select (select count(*)::int from leaves where from_date > current_date) as leaves,
                 (select count(*)::int from remote_works where from_date > current_date) as remote`,
    );
    expect(Number(ahead!.leaves)).toBeGreaterThan(0);
    expect(Number(ahead!.remote)).toBeGreaterThan(0);
  });

  it('has months of punches with late and absent days, none after the moment it was seeded', {
    timeout: 120_000,
  }, async () => {
    const { db, now } = await seededAt();
    const [row] = await rowsOf<{
      punches: number;
      people: number;
      days: number;
      late: number;
      after: number;
    }>(
      db,
      sql`select count(*)::int as punches, count(distinct employee_id)::int as people,
                 count(distinct at::date)::int as days,
                 count(*) filter (where at::time between '09:16' and '12:00')::int as late,
                 count(*) filter (where at > ${officeNow(now)}::timestamp)::int as after
            from punches`,
    );
    expect(Number(row!.people)).toBeGreaterThan(50);
    expect(Number(row!.days)).toBeGreaterThan(60);
    expect(Number(row!.late)).toBeGreaterThan(100);
    expect(Number(row!.after)).toBe(0);
    // 1004 misses some working days without leave: absent days exist.
    const [gaps] = await rowsOf<{ worked: number }>(
      db,
      sql`select count(distinct p.at::date)::int as worked from punches p join employees e on e.id = p.employee_id
           where e.eid = '1004' and p.at::date >= ${officeNow(now)}::date - 90`,
    );
    expect(Number(gaps!.worked)).toBeGreaterThan(40);
    expect(Number(gaps!.worked)).toBeLessThan(78);
    // Each office has its gate, punching for its office's people only; every punch is its person's gate's.
    const devices = await rowsOf<{ code: string; company: string | null; office: string | null }>(
      db,
      sql`select d.code, c.name as company, o.name as office from attendance_devices d
            left join companies c on c.id = d.company_id left join offices o on o.id = d.office_id
           order by d.code`,
    );
    expect(devices).toEqual([
      { code: 'CTG-GATE', company: 'Meghna Digital Ltd.', office: 'Chattogram Office' },
      { code: 'HUB-GATE', company: 'Meghna Logistics Ltd.', office: 'Logistics Hub' },
      { code: 'MAIN-GATE', company: 'Meghna Digital Ltd.', office: 'Dhaka Head Office' },
      { code: 'SYL-GATE', company: 'Meghna Digital Ltd.', office: 'Sylhet Office' },
    ]);
    const [outside] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from punches p join employees e on e.id = p.employee_id
            join attendance_devices d on d.code = p.device_code
           where d.company_id is distinct from e.company_id or d.office_id is distinct from e.office_id`,
    );
    expect(Number(outside!.n)).toBe(0);
  });

  it('has items of every module waiting for each demo approver, at every stage of theirs', {
    timeout: 120_000,
  }, async () => {
    await seededAt();
    const app = await buildApp({ config: testConfig(), database: database! });
    try {
      const signIn = async (eid: string) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/login_check',
          payload: { username: eid, password: DEMO_PASSWORD, app_id: 3 },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().token as string;
      };
      const get = async (token: string, url: string) => {
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      const statuses = new Map<string, string[]>();
      for (const eid of ['1003', '1002', '1001']) {
        const token = await signIn(eid);
        // The counts the inbox's tabs and the dashboard's cards show.
        const counts = await get(token, '/api/v1/approvals/counts');
        for (const module of ['leave', 'remote-work', 'hr-service', 'kpi', 'epr'])
          expect(counts[module], `${eid} ${module}`).toBeGreaterThan(0);
        const page = await get(token, '/api/v1/approvals?limit=50');
        // One page holds all of it.
        expect([page.total, page.items.length]).toEqual([counts.total, counts.total]);
        const items = page.items as { module: string; status: { id: number } }[];
        statuses.set(eid, [...new Set(items.map((i) => `${i.module} ${i.status.id}`))].sort());
      }
      // The line manager decides at 2 (and reviews at 10), the O&O KPI sheets and reviews at 3, HR also HR requests at 3.
      expect(statuses.get('1003')).toEqual(
        expect.arrayContaining(['epr 10', 'epr 2', 'hr-service 2', 'kpi 2', 'leave 2', 'remote-work 2']),
      );
      expect(statuses.get('1002')).toEqual(expect.arrayContaining(['epr 3', 'kpi 3']));
      expect(statuses.get('1001')).toEqual(
        expect.arrayContaining(['epr 3', 'hr-service 2', 'hr-service 3', 'kpi 2', 'kpi 3']),
      );
      // Nothing waits for the demo employee.
      expect((await get(await signIn('1004'), '/api/v1/approvals/counts')).total).toBe(0);
      // One delegation in force: 1010, away this week, hands their decisions to 1005.
      const delegate = await signIn('1005');
      const received = (await get(delegate, '/api/v1/delegations')).received as {
        state: string;
        delegator: { eid: string };
      }[];
      expect(received.map((d) => [d.delegator.eid, d.state])).toEqual([['1010', 'in_force']]);
      // The demo employee's bell has the decisions of their requests.
      const bell = await get(await signIn('1004'), '/api/v1/notifications');
      expect(bell.unread).toBeGreaterThan(0);
      expect(bell.items.every((n: { event: string }) => n.event === 'decided')).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('names what HR types (designations, units, leave types and the other lists) in Arabic too', {
    timeout: 120_000,
  }, async () => {
    const { db } = await seededAt();
    const tables = [
      'designations',
      'kpi_target_units',
      'kpi_perspectives',
      'leave_types',
      'leave_durations',
      'remote_work_types',
      'service_categories',
      'lookup_values',
    ];
    const missing: string[] = [];
    for (const table of tables) {
      const rows = await rowsOf<{ name: string }>(
        db,
        sql`select name from ${sql.identifier(table)}
            where coalesce(name_translations->>'ar', '') = '' and name !~ '^[%A-Z0-9+-]{1,3}$'`,
      );
      missing.push(...rows.map((r) => `${table}: ${r.name}`));
    }
    expect(missing).toEqual([]);
  });
});
