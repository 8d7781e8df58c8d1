/**
 * The organisation chart on the large data set (10,000 employees, PostgreSQL):
 * how long the chart takes to open and a branch to load, through the API over
 * HTTP (the app built in this process from its sources, listening on a free
 * port), and the one statement each call sends, alone.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/test npx tsx bench/org-chart.ts
 *   DATABASE_URL=… npx tsx bench/org-chart.ts --calls 500   # samples per call (300)
 *
 * It works on the database of DATABASE_URL as it is. When that holds no large
 * data set, it first adds the large data set's employees (the first step of
 * `npm run seed:large`, which adds requests, sheets, reviews and attendance
 * after them; the chart reads none of those), and prints how long that took.
 *
 * Calls run one after the other on one connection, after a warm-up; the
 * p50 and p95 are nearest-rank over every sample.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { count, eq, like, sql } from 'drizzle-orm';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const calls = Number(opt('calls') ?? 300);
const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error('The chart is measured on PostgreSQL: set DATABASE_URL (postgres://...)');
  process.exit(2);
}

const { buildApp } = await import('../apps/server/src/app');
const { loadConfig } = await import('../apps/server/src/config');
const { openPostgres } = await import('../apps/server/src/db/client');
const { employees } = await import('../apps/server/src/db/schema');
const { seedDemoIfEmpty } = await import('../apps/server/src/db/seed/demo');
const { DEMO_PASSWORD } = await import('../apps/server/src/db/seed/demo-accounts');
const { seedLarge } = await import('../apps/server/src/db/seed/large');
const { seedReferenceData } = await import('../apps/server/src/db/seed/reference');
const { orgChartRepository } = await import('../apps/server/src/features/org-chart/org-chart.repository');

const database = await openPostgres(url);
const { db } = database;

/** Nearest-rank percentile. */
function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

async function timed(run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(30, calls); i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

function firstRow<T>(result: unknown): T {
  const row = (result as { rows: T[] }).rows[0];
  if (!row) throw new Error('The data set has no employee to measure the chart on');
  return row;
}

const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(9);

try {
  await database.migrate();
  const [large] = await db.select({ n: count() }).from(employees).where(like(employees.eid, 'L%'));
  if (!large?.n) {
    console.log('No large data set in this database: adding its employees first.');
    const started = performance.now();
    await seedReferenceData(db);
    await seedDemoIfEmpty(db);
    await seedLarge(db, 10_000, (msg) => console.log(msg));
    console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  }
  const [all] = await db.select({ n: count() }).from(employees).where(eq(employees.enabled, true));

  // The bottom of the deepest chain (and their line manager), and the widest branch.
  const deepest = firstRow<{ eid: string; depth: number }>(
    await db.execute(sql`
      with recursive up(id, start, depth) as (
        select id, id, 0 from employees where eid like 'L%' and enabled
        union all
        select e.parent_id, up.start, up.depth + 1 from up join employees e on e.id = up.id
        where e.parent_id is not null and up.depth < 50
      )
      select e.eid, max(up.depth)::int as depth from up join employees e on e.id = up.start
      group by e.eid order by depth desc, e.eid limit 1`),
  );
  const widest = firstRow<{ id: number; n: number }>(
    await db.execute(sql`
      select parent_id as id, count(*)::int as n from employees
      where enabled and parent_id is not null group by parent_id order by n desc, parent_id limit 1`),
  );
  const [top] = await db.select({ id: employees.id }).from(employees).where(eq(employees.eid, '1000'));
  const [viewer] = await db
    .select({ id: employees.id, parentId: employees.parentId })
    .from(employees)
    .where(eq(employees.eid, deepest.eid));

  const config = loadConfig({
    ...process.env,
    DATA_DIR: '/tmp/unused',
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    SEED: 'none',
    PUBLIC_URL: 'http://127.0.0.1',
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
  try {
    const login = await fetch(`${base}/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: deepest.eid, password: DEMO_PASSWORD, app_id: 3 }),
    });
    if (!login.ok) throw new Error(`sign-in of ${deepest.eid}: ${login.status}`);
    const { token } = (await login.json()) as { token: string };
    const get = async (path: string) => {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const text = await res.text();
      if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 200)}`);
      return text;
    };

    const cases = [
      {
        name: `GET employees/org-chart (as ${deepest.eid}, a chain of ${deepest.depth})`,
        api: () => get('/employees/org-chart'),
        sql: () => orgChartRepository.chart(db, viewer!.id, viewer!.id, 50),
      },
      {
        name: 'GET employees/org-chart?id= (the managing director)',
        api: () => get(`/employees/org-chart?id=${top!.id}`),
        sql: () => orgChartRepository.chart(db, top!.id, viewer!.id, 50),
      },
      {
        name: `GET employees/org-chart/{id}/reports (the widest branch, ${widest.n} people)`,
        api: () => get(`/employees/org-chart/${widest.id}/reports`),
        sql: () => orgChartRepository.reports(db, widest.id, { offset: 0, limit: 50 }),
      },
      {
        name: `GET employees/org-chart/{id}/reports (the line manager of ${deepest.eid})`,
        api: () => get(`/employees/org-chart/${viewer!.parentId}/reports`),
        sql: () => orgChartRepository.reports(db, viewer!.parentId!, { offset: 0, limit: 50 }),
      },
    ];
    console.log(
      `\n${all?.n ?? 0} enabled employees; ${calls} calls each, one after the other, after a warm-up.\n`,
    );
    console.log(`${'call'.padEnd(72)}   API p50   API p95   SQL p50   SQL p95   bytes`);
    for (const c of cases) {
      const bytes = (await c.api()).length;
      const api = await timed(c.api);
      const statement = await timed(c.sql);
      console.log(
        `${c.name.padEnd(72)} ${ms(percentile(api, 50))} ${ms(percentile(api, 95))} ${ms(percentile(statement, 50))} ${ms(percentile(statement, 95))}   ${bytes}`,
      );
    }
  } finally {
    await app.close();
  }
} finally {
  await database.close();
}
