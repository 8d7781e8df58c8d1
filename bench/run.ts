/**
 * Load and size measurements (never timed assertions in tests).
 *
 *   npm run bench                 # PGlite and, when DATABASE_URL is set, PostgreSQL
 *   npm run bench -- --db pglite  # one database only
 *   npm run bench -- --duration 5 # seconds per scenario
 *   npm run bench -- --only lists # only the request lists against their SQL (PostgreSQL)
 *   npm run bench -- --only lists --calls approvals --as L00001 # some of them, as one employee
 *   npm run bench -- --only realtime # only the comment delivery to open chat windows (PostgreSQL)
 *   npm run bench -- --only bells  # only the notification delivery to 500 open bells (PostgreSQL)
 *   npm run bench -- --only cycles # only the review cycle launch for everyone (PostgreSQL)
 *   npm run bench -- --only attendance # only the attendance summary of everyone, JSON and CSV (PostgreSQL)
 *   npm run bench -- --only office # a day at the office, 500 users, one API process and two (PostgreSQL)
 *   npm run bench -- --only capacity # CPU per action of the office day, the capacity model and its check (PostgreSQL)
 *   npm run bench -- --only engines --employees 1000 # the read calls on PGlite next to PostgreSQL
 *   npm run bench -- --only fixed-cost # small calls against the bare route and their SQL, one connection (PostgreSQL)
 *   npm run bench -- --only scale  # the read calls on 1,000, 10,000 and 100,000 employees (PostgreSQL)
 *   npm run bench -- --only explain --employees 100000 # the plans and indexes of the read calls' statements
 *   npm run bench -- --only leave-close --sizes 10000,100000 # the leave period close on 10,000 and 100,000 employees
 *   npm run bench -- --only sql-ratio # every read call and four writes against their statements replayed by pgbench
 *   npm run bench -- --only sql-ratio --checkout /tmp/before # the same for another checkout's build (a before table)
 *   npm run bench -- --reseed     # drop the bench database(s) and seed them again
 *
 * Each database gets the large data set (10,000 employees, `seed:large`), a
 * server started from the build, and every scenario under load with
 * autocannon. On PostgreSQL the request lists are also compared with the
 * statements they send, replayed directly (`lists.ts`). Results are printed
 * and written to bench/results/latest.md.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { argsFor, findChromium } from '../e2e/support/browser';
import { ATTENDANCE_HEADING, attendanceBench, attendanceSection } from './attendance';
import { BELLS_HEADING, bellsBench, bellsSection } from './bells';
import { CAPACITY_HEADING, capacityBench, capacitySection } from './capacity';
import { CYCLES_HEADING, type CycleRun, cycleBench, cyclesSection } from './cycles';
import { explainCalls, explainReport } from './explain';
import { FIXED_COST_HEADING, fixedCostBench, fixedCostSection } from './fixed-cost';
import {
  closeSettled,
  ensureLeavePolicies,
  leaveCloseBench,
  leaveCloseHeading,
  leaveCloseSection,
} from './leave-close';
import {
  busiestManager,
  type CapturedCall,
  captureCalls,
  compareCall,
  type ListRow,
  listsSection,
  replaceSection,
  statementsReport,
} from './lists';
import { OFFICE_HEADING, type OfficeRun, officeDay, officeSection, officeUsers } from './office';
import { DELIVERY_HEADING, type DeliveryRow, deliveryBench, deliverySection } from './realtime';
import { detailCalls, type ListCall, listCalls, type Scenario, scenarios } from './scenarios';
import { enginesHeading, enginesSection, scaleHeading, scaleSection, sideBySide, type Target } from './sides';
import { sqlFileName, sqlRatioBench, sqlRatioHeading, sqlRatioScripts, sqlRatioSection } from './sql-ratio';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const duration = Number(opt('duration') ?? 10);
const connections = Number(opt('connections') ?? 10);
const only = opt('db');
const size = Number(opt('employees') ?? 10_000);
const part = opt('only');
/** The request lists' two sides take turns in slices of about this many seconds. */
const sliceSeconds = Number(opt('slice') ?? 2);
const reseed = args.includes('--reseed');
/** `--calls <text>`: only the compared calls whose name contains it (printed, not written to results/). */
const callsOnly = opt('calls');
/** Open chat windows of the comment delivery measurement. */
const windows = Number(opt('windows') ?? 500);
/** Simulated users of the day at the office. */
const officeUserCount = Number(opt('users') ?? 500);
const PARTS = [
  'lists',
  'realtime',
  'bells',
  'cycles',
  'attendance',
  'office',
  'capacity',
  'engines',
  'fixed-cost',
  'scale',
  'explain',
  'leave-close',
  'sql-ratio',
];
if (part !== undefined && !PARTS.includes(part)) {
  console.error(`--only ${part}: the parts that run alone are ${PARTS.map((p) => `"${p}"`).join(', ')}`);
  process.exit(2);
}
const resultsDir = path.join(root, 'bench', 'results');
/** The PostgreSQL database the bench seeds and loads, on the server of DATABASE_URL (`--database` names another). */
const BENCH_DATABASE = opt('database') ?? 'hr_portal_bench';
/** The bench database of a data set of `employees` (10,000: the one above). */
const benchDatabase = (employees: number) =>
  employees === 10_000 ? BENCH_DATABASE : `${BENCH_DATABASE}_${employees}`;
/** Days of punches of the data sets of `--sizes` above 10,000 (two years otherwise). */
const bigPunchDays = Number(opt('big-punch-days') ?? 60);
/**
 * `--checkout <path>`: another checkout (a git worktree of an older commit, its dependencies installed and
 * built with `node scripts/build.mjs`), measured instead of this one by `--only sql-ratio`: its server from
 * `<path>/apps/server/dist`, the captured statements from its `<path>/apps/server/src`. `--server-dist` and
 * `--server-src` name either one alone.
 */
const checkout = opt('checkout') ? path.resolve(opt('checkout')!) : undefined;
const serverDist = opt('server-dist')
  ? path.resolve(opt('server-dist')!)
  : checkout && path.join(checkout, 'apps', 'server', 'dist');
const serverSrc = opt('server-src')
  ? path.resolve(opt('server-src')!)
  : checkout && path.join(checkout, 'apps', 'server', 'src');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, timeoutMs: number): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return Date.now() - start;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The built server of `dist` (this checkout's by default), run from the checkout it belongs to. */
function startServer(
  env: Record<string, string>,
  dist = path.join(root, 'apps', 'server', 'dist'),
): ChildProcess {
  const main = path.join(dist, 'main.js');
  if (!fs.existsSync(main))
    throw new Error(`${main} not found: build that checkout (node scripts/build.mjs)`);
  // `BENCH_SERVER_ARGS='--cpu-prof --cpu-prof-dir=/tmp/profiles'`: Node's options for the server (a CPU profile under the bench).
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  return spawn(process.execPath, [...nodeArgs, main], {
    cwd: path.basename(dist) === 'dist' ? path.resolve(dist, '..', '..', '..') : root,
    env: { ...process.env, LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

function seed(env: Record<string, string>, employees: number) {
  const punchDays = employees > 10_000 ? [String(bigPunchDays)] : [];
  // The seed migrates first: another checkout's server (`--checkout`) seeds with its own migrations.
  const dist = serverDist ?? path.join(root, 'apps', 'server', 'dist');
  const res = spawnSync(
    process.execPath,
    [path.join(dist, 'seed-cli.js'), 'large', String(employees), ...punchDays],
    {
      cwd: path.resolve(dist, '..', '..', '..'),
      env: { ...process.env, ...env },
      stdio: 'inherit',
    },
  );
  if (res.status !== 0) throw new Error('seeding the large data set failed');
}

interface Row {
  db: string;
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(base: string, scenario: Scenario, token: string, db: string): Promise<Row> {
  const prepared = await scenario.prepare?.(base, token);
  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        method: scenario.method,
        path: scenario.path,
        headers: {
          'content-type': 'application/json',
          ...(scenario.auth === false ? {} : { authorization: `Bearer ${token}` }),
        },
        ...(scenario.body ? { body: JSON.stringify(scenario.body(prepared)) } : {}),
      },
    ],
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  return {
    db,
    scenario: scenario.name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: bad,
  };
}

async function login(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo123', app_id: 3 }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * The environment of a server on the bench database, seeded with the large
 * data set. A database seeded before is used as it is (the seed only adds
 * what is missing); `--reseed` drops it first.
 */
async function prepare(db: 'pglite' | 'postgres', employees = size): Promise<Record<string, string>> {
  // The chat-delivery bench opens hundreds of windows as one manager, beyond the portal's limit per person.
  const env: Record<string, string> = { SEED: 'demo', REALTIME_STREAMS_PER_PERSON: '10000' };
  if (db === 'pglite') {
    env.DATA_DIR = path.join(
      root,
      'bench',
      employees === 10_000 ? '.data-pglite' : `.data-pglite-${employees}`,
    );
    env.DATABASE_URL = '';
    if (reseed) fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  } else {
    const url = new URL(process.env.DATABASE_URL!);
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    const name = benchDatabase(employees);
    if (reseed) await admin.query(`drop database if exists ${name} with (force)`);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
    await admin.end();
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  }
  console.log(`\n== ${db}: preparing ${employees} employees`);
  seed(env, employees);
  return env;
}

interface ListsResult {
  rows: ListRow[];
  captured: CapturedCall[];
  manager: { eid: string; name: string; requests: number };
  when: string;
}

/**
 * Each request list, signed in as the busiest manager: the API under load
 * and the statements that call sends, replayed from as many clients, taking
 * turns for as long each; the two side by side, call by call.
 */
async function compareLists(base: string, url: string): Promise<ListsResult> {
  // The server runs the day's leave period close when it starts: not under the measurement.
  const waited = await closeSettled(url);
  if (waited > 1) console.log(`  waited ${waited.toFixed(0)} s for the server's leave period close of today`);
  const when = new Date().toISOString();
  const as = opt('as');
  const manager = as ? await managerAt(url, as) : await busiestManager(url);
  console.log(`  request lists as ${manager.eid} (${manager.name}, on ${manager.requests} requests)`);
  const token = await login(base, manager.eid);
  // `--calls a|b`: the calls whose name contains any of the texts.
  const wanted = callsOnly?.split('|').filter(Boolean);
  const calls = [...listCalls, ...(await detailCalls(base, token))].filter(
    (c) => wanted === undefined || wanted.some((w) => c.name.includes(w)),
  );
  if (calls.length === 0) throw new Error(`--calls ${callsOnly}: no call's name contains it`);
  const captured = await captureCalls(url, token, calls);
  const rows: ListRow[] = [];
  for (const c of captured) {
    process.stdout.write(`  ${c.call.name} (${c.statements.length} statements) ... `);
    const row = await compareCall({ base, url, token, connections, duration, slice: sliceSeconds }, c);
    console.log(
      `API ${row.api.rps.toFixed(0)} req/s p50 ${row.api.p50.toFixed(2)} ms p99 ${row.api.p99.toFixed(2)} ms ` +
        `(autocannon's p50 per slice ${row.apiHistogramP50s.join(', ')}); ` +
        `SQL ${row.raw.rps.toFixed(0)} req/s p50 ${row.raw.p50.toFixed(2)} ms p99 ${row.raw.p99.toFixed(2)} ms` +
        `${row.api.errors + row.raw.errors ? `; errors ${row.api.errors} / ${row.raw.errors}` : ''}${row.replayMismatch ? `; ${row.replayMismatch}` : ''}`,
    );
    rows.push(row);
  }
  return { rows, captured, manager, when };
}

function listsReport(lists: ListsResult): string {
  const statements = statementsReport(lists.captured, lists.manager, lists.when);
  if (callsOnly === undefined) {
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(path.join(resultsDir, 'lists-sql.md'), statements);
  } else {
    console.log(`\n${statements}`);
  }
  return listsSection(lists.rows, lists.captured, lists.manager, {
    when: lists.when,
    connections,
    duration,
    slice: sliceSeconds,
    employees: size,
  });
}

async function withServer<T>(
  env: Record<string, string>,
  run: (base: string, pid: number) => Promise<T>,
  dist?: string,
): Promise<T> {
  const port = await freePort();
  const server = startServer({ ...env, PORT: String(port), HOST: '127.0.0.1' }, dist);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health`, 120_000);
    return await run(base, server.pid ?? 0);
  } finally {
    await stop(server);
  }
}

/** `count` servers on the same database, started one after the other (each applies the migrations first). */
async function withServers<T>(
  env: Record<string, string>,
  count: number,
  run: (servers: { base: string; pid: number }[]) => Promise<T>,
): Promise<T> {
  const servers: ChildProcess[] = [];
  const bases: { base: string; pid: number }[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      servers.push(startServer({ ...env, PORT: String(port), HOST: '127.0.0.1' }));
      const base = `http://127.0.0.1:${port}`;
      await waitFor(`${base}/api/health`, 120_000);
      bases.push({ base, pid: servers[i]!.pid ?? 0 });
    }
    return await run(bases);
  } finally {
    await Promise.all(servers.map(stop));
  }
}

/**
 * The day at the office on one process, then on two: the steady phases run
 * at 60 % of what one process gave (both), and on two processes also at 60 %
 * of what two gave.
 */
async function officeBench(env: Record<string, string>): Promise<OfficeRun[]> {
  const url = env.DATABASE_URL!;
  const users = await officeUsers(url, officeUserCount);
  console.log(
    `  ${users.length} users, ${users.filter((u) => u.waiting > 0).length} of them line managers with leave waiting`,
  );
  const runs: OfficeRun[] = [];
  let oneProcess = 0;
  for (const processes of [1, 2]) {
    const run = await withServers(env, processes, (servers) =>
      officeDay(servers, url, users, duration, (capacity) => {
        if (processes === 1) oneProcess = capacity;
        return processes === 1 ? [0.6 * capacity] : [0.6 * oneProcess, 0.6 * capacity];
      }),
    );
    const line = (p: { requests: number; seconds: number; p50: number; p99: number; errors: number }) =>
      `${(p.requests / p.seconds).toFixed(0)} calls/s, p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, ${p.errors} errors`;
    console.log(`  ${processes} process(es): morning ${line(run.morning)}; capacity ${line(run.capacity)}`);
    for (const s of run.steady) console.log(`    steady ${s.rate.toFixed(0)} actions/s: ${line(s.result)}`);
    runs.push(run);
  }
  return runs;
}

/** The read calls compared across servers, for a manager signed in on one of them. */
async function readCalls(base: string, token: string): Promise<ListCall[]> {
  return [...listCalls, ...(await detailCalls(base, token))];
}

/** Servers started one after the other on each environment, all running while `run` runs. */
async function withEach<T>(envs: Record<string, string>[], run: (bases: string[]) => Promise<T>): Promise<T> {
  const [first, ...rest] = envs;
  if (!first) return run([]);
  return withServer(first, (base) => withEach(rest, (bases) => run([base, ...bases])));
}

/** The read calls on PGlite next to PostgreSQL, on data sets of `size` employees seeded alike. */
async function enginesBench(): Promise<string> {
  const pgEnv = await prepare('postgres');
  const liteEnv = await prepare('pglite');
  const manager = await busiestManager(pgEnv.DATABASE_URL!);
  const when = new Date().toISOString();
  const rows = await withEach([liteEnv, pgEnv], async (bases) => {
    const targets: Target[] = [];
    for (const [i, label] of ['PGlite', 'PostgreSQL'].entries()) {
      const base = bases[i]!;
      const token = await login(base, manager.eid);
      targets.push({ label, base, token, calls: await readCalls(base, token) });
    }
    return sideBySide(targets, { connections, duration, slice: sliceSeconds });
  });
  return enginesSection(rows, {
    when,
    employees: size,
    eid: manager.eid,
    connections,
    duration,
    slice: sliceSeconds,
  });
}

/** An employee of a data set and the requests naming them as line manager or O&O, as `busiestManager` answers. */
async function managerAt(url: string, eid: string): Promise<{ eid: string; name: string; requests: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query<{ name: string; requests: number }>(
      `select e.name, ((select count(*) from leaves l where l.line_manager_id = e.id or l.one_over_one_id = e.id)
          + (select count(*) from remote_works r where r.line_manager_id = e.id or r.one_over_one_id = e.id)
          + (select count(*) from service_requests q where q.line_manager_id = e.id or q.one_over_one_id = e.id))::int as requests
         from employees e where e.eid = $1`,
      [eid],
    );
    const row = res.rows[0];
    if (!row) throw new Error(`${eid} is not in ${url}`);
    return { eid, ...row };
  } finally {
    await client.end();
  }
}

/** A checkout named by its commit: `abc1234 at /tmp/before`. */
function checkoutLabel(dir: string): string {
  const res = spawnSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
  const commit = res.status === 0 ? res.stdout.trim() : 'unknown commit';
  return `${commit} at ${dir}`;
}

/** The read calls on PostgreSQL data sets of each size of `--sizes`, side by side. */
async function scaleBench(): Promise<string> {
  const sizes = (opt('sizes') ?? '1000,10000,100000').split(',').map(Number);
  const envs: Record<string, string>[] = [];
  for (const employees of sizes) envs.push(await prepare('postgres', employees));
  // `--as <E-ID>`: the same employee on every data set (a head of department has a team of the
  // same shape at every size); by default each size's busiest manager.
  const as = opt('as');
  const managers: Awaited<ReturnType<typeof busiestManager>>[] = [];
  for (const env of envs)
    managers.push(as ? await managerAt(env.DATABASE_URL!, as) : await busiestManager(env.DATABASE_URL!));
  const when = new Date().toISOString();
  const rows = await withEach(envs, async (bases) => {
    const targets: Target[] = [];
    for (const [i, employees] of sizes.entries()) {
      const base = bases[i]!;
      const token = await login(base, managers[i]!.eid);
      targets.push({
        label: employees.toLocaleString('en'),
        base,
        token,
        calls: await readCalls(base, token),
      });
    }
    return sideBySide(targets, { connections, duration, slice: sliceSeconds });
  });
  return scaleSection(
    rows,
    sizes.map((employees, i) => ({
      label: employees.toLocaleString('en'),
      eid: managers[i]!.eid,
      note: `on ${managers[i]!.requests.toLocaleString('en')} requests${employees > 10_000 ? `, ${bigPunchDays} days of punches` : ''}`,
    })),
    { when, connections, duration, slice: sliceSeconds, as },
  );
}

async function runOn(db: 'pglite' | 'postgres'): Promise<{
  rows: Row[];
  lists: ListsResult | null;
  delivery: DeliveryRow[] | null;
  cycles: CycleRun[] | null;
}> {
  const env = await prepare(db);
  // The leave calls of the comparison read a company's policies (the leave-close section's), put in before the server starts.
  if (db === 'postgres') await ensureLeavePolicies(env.DATABASE_URL!);
  return withServer(env, async (base) => {
    const tokens = new Map<string, string>();
    const rows: Row[] = [];
    for (const scenario of scenarios) {
      const user = scenario.as ?? '1003';
      if (!tokens.has(user)) tokens.set(user, await login(base, user));
      process.stdout.write(`  ${scenario.name} ... `);
      const row = await load(base, scenario, tokens.get(user)!, db);
      console.log(
        `${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms${row.errors ? `, ${row.errors} errors` : ''}`,
      );
      rows.push(row);
    }
    const lists = db === 'postgres' ? await compareLists(base, env.DATABASE_URL!) : null;
    const delivery = db === 'postgres' ? await deliveryBench(base, env.DATABASE_URL!, windows) : null;
    const cycles =
      db === 'postgres' ? await cycleBench(base, env.DATABASE_URL!, await login(base, '1001')) : null;
    return { rows, lists, delivery, cycles };
  });
}

/** Time from `npm start` to the first answer, on an empty data folder (the build already done). */
async function startupTime(): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-bench-start-'));
  const port = await freePort();
  const started = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`, 180_000);
    return Date.now() - started;
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The JavaScript a browser loads for the first page (/signin, cold) and then
 * for the signed-in shell (/profile), gzipped at level 9 for comparison.
 */
async function initialJs(): Promise<{ signin: number; shell: number; files: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-bench-js-'));
  const port = await freePort();
  const server = startServer({ DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  const dist = path.join(root, 'apps', 'web', 'dist');
  const found = await findChromium();
  const browser = await chromium.launch({ executablePath: found.executablePath, args: argsFor(found) });
  try {
    await waitFor(`${base}/api/health`, 120_000);
    const page = await browser.newPage();
    const seen = new Set<string>();
    let total = 0;
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (!url.pathname.endsWith('.js') || seen.has(url.pathname)) return;
      seen.add(url.pathname);
      total += gzipSync(fs.readFileSync(path.join(dist, url.pathname)), { level: 9 }).length;
    });
    await page.goto(`${base}/signin`, { waitUntil: 'networkidle' });
    const signin = total;
    await page.getByLabel('E-ID').fill('1004');
    await page.getByLabel('Password').fill('demo123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/profile$/);
    await page.waitForLoadState('networkidle');
    return { signin, shell: total - signin, files: seen.size };
  } finally {
    await browser.close();
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
  const latest = path.join(resultsDir, 'latest.md');

  if (part === 'attendance') {
    if (!process.env.DATABASE_URL) {
      console.error('--only attendance runs on PostgreSQL: set DATABASE_URL (postgres://...)');
      process.exit(2);
    }
    const env = await prepare('postgres');
    const before = fs.existsSync(latest) ? fs.readFileSync(latest, 'utf8') : '# Benchmark results\n';
    const runs = await withServer(env, async (base, pid) =>
      attendanceBench(base, await login(base, '1001'), pid),
    );
    const section = attendanceSection(runs, size, new Date().toISOString());
    fs.writeFileSync(latest, replaceSection(before, section, ATTENDANCE_HEADING));
    console.log(`\n${section}`);
    return;
  }

  if (part === 'leave-close') {
    if (!process.env.DATABASE_URL) {
      console.error('--only leave-close runs on PostgreSQL: set DATABASE_URL (postgres://...)');
      process.exit(2);
    }
    // `--sizes`: the data sets of the scale run (10,000 in the usual bench database); `--employees` alone by default.
    const sizes = (opt('sizes') ?? String(size)).split(',').map(Number);
    for (const employees of sizes) {
      const env = await prepare('postgres', employees);
      console.log(`  the leave period close on ${employees.toLocaleString('en')} employees`);
      const section = leaveCloseSection(
        await leaveCloseBench(env.DATABASE_URL!, employees, {
          ...(opt('stop-after') ? { stoppedAfter: Number(opt('stop-after')) } : {}),
          ...(opt('batch') ? { batch: Number(opt('batch')) } : {}),
          // The first close once more in one go (`--whole yes|no`): by default up to 10,000 employees.
          whole: opt('whole') === undefined ? employees <= 10_000 : opt('whole') !== 'no',
        }),
      );
      const before = fs.existsSync(latest) ? fs.readFileSync(latest, 'utf8') : '# Benchmark results\n';
      fs.writeFileSync(latest, replaceSection(before, section, leaveCloseHeading(employees)));
      console.log(`\n${section}`);
    }
    return;
  }

  if (part === 'explain') {
    if (!process.env.DATABASE_URL) {
      console.error('--only explain runs on PostgreSQL: set DATABASE_URL (postgres://...)');
      process.exit(2);
    }
    const env = await prepare('postgres');
    const url = env.DATABASE_URL!;
    const as = opt('as');
    const manager = as ? await managerAt(url, as) : await busiestManager(url);
    const captured = await withServer(env, async (base) => {
      const token = await login(base, manager.eid);
      return captureCalls(url, token, await readCalls(base, token));
    });
    const report = explainReport(await explainCalls(url, captured), {
      when: new Date().toISOString(),
      employees: size,
      eid: manager.eid,
    });
    fs.writeFileSync(path.join(resultsDir, `explain-${size}.md`), report);
    console.log(report);
    return;
  }

  if (part === 'sql-ratio') {
    if (!process.env.DATABASE_URL) {
      console.error('--only sql-ratio runs on PostgreSQL: set DATABASE_URL (postgres://...)');
      process.exit(2);
    }
    const env = await prepare('postgres');
    const url = env.DATABASE_URL!;
    // The leave balances read a company's policies (the leave-close section's), put in before the server starts.
    await ensureLeavePolicies(url);
    // The head of department of the large data set unless `--as`; the busiest manager where there is no L00001.
    const eid = opt('as') ?? 'L00001';
    const as = await managerAt(url, eid).catch(async (err) => {
      if (opt('as')) throw err;
      return busiestManager(url);
    });
    const label = checkout
      ? checkoutLabel(checkout)
      : serverDist || serverSrc
        ? 'another build'
        : 'this checkout';
    if (serverDist) console.log(`  the server of ${serverDist}`);
    if (serverSrc) console.log(`  statements captured from ${serverSrc}`);
    const result = await withServer(
      env,
      async (base, pid) => {
        // The server runs the day's leave period close when it starts: not under the measurement.
        const waited = await closeSettled(url);
        if (waited > 1)
          console.log(`  waited ${waited.toFixed(0)} s for the server's leave period close of today`);
        return sqlRatioBench(
          {
            base,
            url,
            apiPid: pid,
            serverPort: Number(new URL(url).port || 5432),
            as,
            connections,
            duration,
            slice: sliceSeconds,
            writes: Number(opt('writes') ?? 200),
            ...(callsOnly ? { only: callsOnly.split('|').filter(Boolean) } : {}),
            ...(serverSrc ? { src: serverSrc } : {}),
            label,
          },
          readCalls,
        );
      },
      serverDist,
    );
    const section = sqlRatioSection(result, size);
    const scripts = sqlRatioScripts(result, new URL(url).pathname.slice(1));
    // A part of the calls (`--calls`) is printed only: the report keeps every call's row.
    if (callsOnly === undefined) {
      const before = fs.existsSync(latest) ? fs.readFileSync(latest, 'utf8') : '# Benchmark results\n';
      fs.writeFileSync(latest, replaceSection(before, section, sqlRatioHeading(label)));
      fs.writeFileSync(path.join(resultsDir, sqlFileName(label)), scripts);
    } else {
      console.log(`\n${scripts}`);
    }
    console.log(`\n${section}`);
    return;
  }

  if (part === 'fixed-cost') {
    if (!process.env.DATABASE_URL) {
      console.error('--only fixed-cost runs on PostgreSQL: set DATABASE_URL (postgres://...)');
      process.exit(2);
    }
    const env = await prepare('postgres');
    // The leave balances read a company's policies (the leave-close section's), put in before the server starts.
    await ensureLeavePolicies(env.DATABASE_URL!);
    // A normal employee: the demo's 1004 has requests of every kind of their own and nobody under them.
    const as = opt('as') ?? '1004';
    const run = await withServer(env, async (base, pid) =>
      fixedCostBench({
        base,
        url: env.DATABASE_URL!,
        pid,
        token: await login(base, as),
        as,
        // One user at a time unless `--connections` says otherwise: the parts of one call's time.
        connections: opt('connections') ? connections : 1,
        duration,
        slice: sliceSeconds,
        ...(callsOnly ? { calls: callsOnly.split('|').filter(Boolean) } : {}),
      }),
    );
    const section = fixedCostSection(run, size);
    if (callsOnly === undefined) {
      const before = fs.existsSync(latest) ? fs.readFileSync(latest, 'utf8') : '# Benchmark results\n';
      fs.writeFileSync(latest, replaceSection(before, section, FIXED_COST_HEADING));
    }
    console.log(`\n${section}`);
    return;
  }

  if (part === 'engines' || part === 'scale') {
    if (!process.env.DATABASE_URL) {
      console.error(`--only ${part} runs on PostgreSQL: set DATABASE_URL (postgres://...)`);
      process.exit(2);
    }
    const before = fs.existsSync(latest) ? fs.readFileSync(latest, 'utf8') : '# Benchmark results\n';
    const section = part === 'engines' ? await enginesBench() : await scaleBench();
    fs.writeFileSync(
      latest,
      replaceSection(
        before,
        section,
        part === 'engines' ? enginesHeading(connections) : scaleHeading(opt('as')),
      ),
    );
    console.log(`\n${section}`);
    return;
  }

  if (part === 'office') {
    if (!process.env.DATABASE_URL) {
      console.error('--only office runs on PostgreSQL: set DATABASE_URL (postgres://...)');
      process.exit(2);
    }
    const env = await prepare('postgres');
    const before = fs.existsSync(latest) ? fs.readFileSync(latest, 'utf8') : '# Benchmark results\n';
    const section = officeSection(await officeBench(env), size, new Date().toISOString(), duration);
    fs.writeFileSync(latest, replaceSection(before, section, OFFICE_HEADING));
    console.log(`\n${section}`);
    return;
  }

  if (part === 'capacity') {
    if (!process.env.DATABASE_URL) {
      console.error('--only capacity runs on PostgreSQL: set DATABASE_URL (postgres://...)');
      process.exit(2);
    }
    const env = await prepare('postgres');
    const result = await withServer(env, (base, pid) =>
      capacityBench({ base, pid }, env.DATABASE_URL!, officeUserCount, {
        seconds: duration,
        // Enough users at once to keep the API and PostgreSQL busy (`--connections` for another number).
        connections: opt('connections') ? connections : 50,
        writeLimit: Number(opt('write-limit') ?? 1000),
        // `--actions 'dashboard,KPI edit'`: only these actions of the mix.
        ...(opt('actions') ? { only: opt('actions')!.split(',') } : {}),
        serverPort: Number(new URL(env.DATABASE_URL!).port || 5432),
        employees: size,
      }),
    );
    const section = capacitySection(result);
    // Read when the run is over: other parts written meanwhile stay.
    const before = fs.existsSync(latest) ? fs.readFileSync(latest, 'utf8') : '# Benchmark results\n';
    fs.writeFileSync(latest, replaceSection(before, section, CAPACITY_HEADING));
    console.log(`\n${section}`);
    return;
  }

  if (part === 'bells') {
    if (!process.env.DATABASE_URL) {
      console.error('--only bells runs on PostgreSQL: set DATABASE_URL (postgres://...)');
      process.exit(2);
    }
    // One stream a person: the portal's own limit of streams per person, not the chat bench's.
    const { REALTIME_STREAMS_PER_PERSON: _chat, ...portal } = await prepare('postgres');
    const { STREAMS_PER_PERSON } = await import('../apps/server/src/config');
    const before = fs.existsSync(latest) ? fs.readFileSync(latest, 'utf8') : '# Benchmark results\n';
    const section = bellsSection(
      await withServer(portal, (base, pid) =>
        bellsBench(
          base,
          portal.DATABASE_URL!,
          pid,
          {
            bells: Number(opt('bells') ?? 500),
            rounds: Number(opt('rounds') ?? 3),
            told: Number(opt('told') ?? 10_000),
            idleSeconds: Number(opt('idle') ?? 60),
          },
          process.env.REALTIME_STREAMS_PER_PERSON ?? String(STREAMS_PER_PERSON),
        ),
      ),
    );
    fs.writeFileSync(latest, replaceSection(before, section, BELLS_HEADING));
    console.log(`\n${section}`);
    return;
  }

  if (part === 'cycles') {
    if (!process.env.DATABASE_URL) {
      console.error('--only cycles runs on PostgreSQL: set DATABASE_URL (postgres://...)');
      process.exit(2);
    }
    const env = await prepare('postgres');
    const before = fs.existsSync(latest) ? fs.readFileSync(latest, 'utf8') : '# Benchmark results\n';
    const runs = await withServer(env, async (base) =>
      cycleBench(base, env.DATABASE_URL!, await login(base, '1001')),
    );
    const section = cyclesSection(runs, size, new Date().toISOString());
    fs.writeFileSync(latest, replaceSection(before, section, CYCLES_HEADING));
    console.log(`\n${section}`);
    return;
  }

  if (part === 'lists' || part === 'realtime') {
    if (!process.env.DATABASE_URL) {
      console.error(`--only ${part} runs on PostgreSQL: set DATABASE_URL (postgres://...)`);
      process.exit(2);
    }
    const env = await prepare('postgres');
    if (part === 'lists') await ensureLeavePolicies(env.DATABASE_URL!);
    const before = fs.existsSync(latest) ? fs.readFileSync(latest, 'utf8') : '# Benchmark results\n';
    const [section, heading] =
      part === 'lists'
        ? [listsReport(await withServer(env, (base) => compareLists(base, env.DATABASE_URL!)))]
        : [
            deliverySection(
              await withServer(env, (base) => deliveryBench(base, env.DATABASE_URL!, windows)),
              new Date().toISOString(),
            ),
            DELIVERY_HEADING,
          ];
    // A part of the compared calls (`--calls`) is printed only: the report keeps every call's row.
    if (part === 'realtime' || callsOnly === undefined)
      fs.writeFileSync(latest, replaceSection(before, section, heading));
    console.log(`\n${section}`);
    return;
  }

  const dbs: ('pglite' | 'postgres')[] = [];
  if (!only || only === 'pglite') dbs.push('pglite');
  if ((!only || only === 'postgres') && process.env.DATABASE_URL) dbs.push('postgres');

  const rows: Row[] = [];
  let lists: ListsResult | null = null;
  let delivery: DeliveryRow[] | null = null;
  let cycles: CycleRun[] | null = null;
  for (const db of dbs) {
    const result = await runOn(db);
    rows.push(...result.rows);
    lists = result.lists ?? lists;
    delivery = result.delivery ?? delivery;
    cycles = result.cycles ?? cycles;
  }
  const startMs = await startupTime();
  const js = await initialJs();

  const lines = [
    `# Benchmark results (${new Date().toISOString()})`,
    '',
    `${os.cpus().length} cores, Node ${process.version}; ${size} employees; autocannon ${connections} connections, ${duration} s per scenario.`,
    '',
    '| database | scenario | req/s | p50 ms | p99 ms | errors |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.db} | ${r.scenario} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`),
    '',
    `Time from \`npm start\` to the first answer on an empty DATA_DIR (build up to date): ${(startMs / 1000).toFixed(1)} s`,
    '',
    `Web app JavaScript, gzipped: ${(js.signin / 1024).toFixed(0)} KiB for the first page (/signin, cold), then ${(js.shell / 1024).toFixed(0)} KiB more for the signed-in shell (/profile); ${js.files} files in all.`,
    '',
    ...(lists ? [listsReport(lists)] : []),
    ...(delivery ? [deliverySection(delivery, new Date().toISOString())] : []),
    ...(cycles ? [cyclesSection(cycles, size, new Date().toISOString())] : []),
  ];
  const report = lines.join('\n');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(latest, report);
  console.log(`\n${report}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
