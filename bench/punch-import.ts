/**
 * The CSV imports at their limit. Punches (the default): 100,000 generated punches in one CSV file
 * (about 3.6 MB), imported through the API over HTTP as the admin screen
 * does, then the same file again (every row a duplicate). With `--kind employees`: 10,000
 * employees (eight reports a manager, each manager further down the file than their reports),
 * then the same file again (every row unchanged), then the file with one employee in ten
 * renamed (updated).
 *
 * The punch import at its limit: 100,000 generated punches in one CSV file
 * (about 3.6 MB), imported through the API over HTTP as the admin screen
 * does, then the same file again (every row a duplicate). While each import
 * runs, another signed-in user asks for the device list every 50 ms: their
 * slowest answer shows how long the import kept them waiting. The heap
 * printed is its highest sample during the import (garbage included, unless
 * --live-heap).
 *
 *   npx tsx bench/punch-import.ts                 # PGlite (a fresh one in a temporary folder)
 *   DATABASE_URL=postgres://… npx tsx bench/punch-import.ts --db postgres
 *   npx tsx bench/punch-import.ts --rows 50000 --employees 500
 *   node --expose-gc --import tsx bench/punch-import.ts --live-heap   # the heap after a collection
 *   npx tsx bench/punch-import.ts --kind employees [--rows 10000]     # the employee import
 *
 * On PostgreSQL it works in a database of its own, `hr_portal_bench_punches`,
 * made afresh and dropped at the end.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const kind = opt('db') ?? 'pglite';
const fileKind = opt('kind') ?? 'punches';
if (fileKind !== 'punches' && fileKind !== 'employees') {
  console.error('--kind punches|employees');
  process.exit(2);
}
const rows = Number(opt('rows') ?? (fileKind === 'employees' ? 10_000 : 100_000));
const people = Number(opt('employees') ?? 1_000);
const liveHeap = args.includes('--live-heap');
if (kind !== 'pglite' && kind !== 'postgres') {
  console.error('--db pglite|postgres');
  process.exit(2);
}
if (kind === 'postgres' && !process.env.DATABASE_URL) {
  console.error('--db postgres needs DATABASE_URL (the server the bench makes its database on)');
  process.exit(2);
}
const BENCH_DATABASE = 'hr_portal_bench_punches';
const PASSWORD = 'bench-password';

const { buildApp } = await import('../apps/server/src/app');
const { loadConfig } = await import('../apps/server/src/config');
const { openPglite, openPostgres } = await import('../apps/server/src/db/client');
const { seedReferenceData } = await import('../apps/server/src/db/seed/reference');
const { hashPassword } = await import('../apps/server/src/lib/passwords');

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-bench-punches-'));
let url = '';
if (kind === 'postgres') {
  url = withDatabase(process.env.DATABASE_URL!, BENCH_DATABASE);
  await adminQuery(`drop database if exists "${BENCH_DATABASE}" with (force)`);
  await adminQuery(`create database "${BENCH_DATABASE}"`);
}
const database = kind === 'postgres' ? await openPostgres(url) : await openPglite({ dataDir });
await database.migrate();
await seedReferenceData(database.db);
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: url,
  LOG_LEVEL: 'warn',
  SEED: 'none',
  PUBLIC_URL: 'http://127.0.0.1',
});
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;

async function call<T>(method: string, route: string, token: string | null, body?: unknown) {
  const res = await fetch(`${base}/${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function setup() {
  const { db } = database;
  const { companies, designations, employees, offices, users } = await import('../apps/server/src/db/schema');
  const [company] = await db.insert(companies).values({ name: 'Bench Company' }).returning();
  const [office] = await db
    .insert(offices)
    .values({ companyId: company!.id, name: 'Bench Office' })
    .returning();
  const [designation] = await db.insert(designations).values({ name: 'Bench Engineer' }).returning();
  const eids = Array.from({ length: people }, (_, i) => `B${String(i + 1).padStart(6, '0')}`);
  const made = await db
    .insert(employees)
    .values(
      [...eids, 'BADMIN'].map((eid) => ({
        eid,
        name: `Bench ${eid}`,
        companyId: company!.id,
        officeId: office!.id,
        designationId: designation!.id,
      })),
    )
    .returning({ id: employees.id, eid: employees.eid });
  const admin = made.find((e) => e.eid === 'BADMIN')!;
  await db.insert(users).values({
    employeeId: admin.id,
    username: 'BADMIN',
    passwordHash: await hashPassword(PASSWORD),
    isAdmin: true,
  });
  const login = await call<{ token: string }>('POST', 'login_check', null, {
    username: 'BADMIN',
    password: PASSWORD,
    app_id: 3,
  });
  const device = await call<{ code: string }>('POST', 'attendance/devices', login.token, {
    code: 'BENCH-GATE',
    name: 'Bench gate',
    company_id: company!.id,
  });
  return { eids, token: login.token, device: device.code, company: company!.name, office: office!.name };
}

/**
 * `rows` new employees: eight reports a manager, every manager a later line of the file than
 * their reports (the import resolves them in any order); `renamed`: one in ten with another name.
 */
function employeeCsv(company: string, office: string, renamed = false): Buffer {
  const lines = ['eid,name,mobile,email,company,office,designation,line_manager_eid,joining_date'];
  const eid = (i: number) => `N${String(i).padStart(6, '0')}`;
  for (let line = 0; line < rows; line++) {
    const i = rows - line; // the last line is the top (i = 1)
    const manager = i === 1 ? '' : eid(Math.floor((i - 2) / 8) + 1);
    const name = `${renamed && i % 10 === 0 ? 'Renamed' : 'Imported'} person ${i}`;
    const mobile = `017${String(i).padStart(8, '0')}`;
    lines.push(
      `${eid(i)},${name},${mobile},p${i}@bench.example,${company},${office},Bench Engineer,${manager},2024-01-01`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** `rows` punches: each employee in and out on as many working days as it takes, from 2025-01-01. */
function csv(eids: string[], deviceCode: string): Buffer {
  const lines = ['E-ID,Date-time,Device'];
  const start = Date.UTC(2025, 0, 1);
  for (let i = 0; lines.length <= rows; i++) {
    const day = new Date(start + Math.floor(i / (2 * eids.length)) * 86_400_000).toISOString().slice(0, 10);
    const eid = eids[Math.floor(i / 2) % eids.length]!;
    const minute = (i * 7) % 60;
    const time =
      i % 2 === 0 ? `08:${String(minute).padStart(2, '0')}:00` : `17:${String(minute).padStart(2, '0')}:00`;
    lines.push(`${eid},${day} ${time},${deviceCode}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Imports the file while another user polls; answers the timings. */
async function timedImport(token: string, file: Buffer, name: string) {
  const route = fileKind === 'employees' ? 'employees/imports' : 'attendance/imports';
  const body = { file_name: name, file: file.toString('base64') };
  const waits: number[] = [];
  let running = true;
  let peakHeap = process.memoryUsage().heapUsed;
  const poller = (async () => {
    while (running) {
      const started = performance.now();
      await call('GET', 'attendance/devices', token);
      waits.push(performance.now() - started);
      // Live memory only: collect first (slows everything down; run with node --expose-gc).
      if (liveHeap) global.gc?.();
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  const result = await call<{
    status: string;
    total: number;
    added: number;
    updated?: number;
    duplicates: number;
  }>('POST', route, token, body);
  const ms = performance.now() - started;
  running = false;
  await poller;
  return { ms, result, waits, peakHeap };
}

try {
  const { eids, token, device, company, office } = await setup();
  const file = fileKind === 'employees' ? employeeCsv(company, office) : csv(eids, device);
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  console.log(
    fileKind === 'employees'
      ? `${kind}: ${rows.toLocaleString('en')} new employees, ${(file.length / 1024 / 1024).toFixed(2)} MB of CSV`
      : `${kind}: ${rows.toLocaleString('en')} punches of ${people.toLocaleString('en')} employees, ` +
          `${(file.length / 1024 / 1024).toFixed(2)} MB of CSV`,
  );
  const runs: [string, string, Buffer][] = [
    ['first import', 'bench-1.csv', file],
    ['same file again', 'bench-2.csv', file],
  ];
  if (fileKind === 'employees')
    runs.push(['one in ten renamed', 'bench-3.csv', employeeCsv(company, office, true)]);
  for (const [label, name, body] of runs) {
    const { ms, result, waits, peakHeap } = await timedImport(token, body, name);
    console.log(
      `${label.padEnd(18)} ${(ms / 1000).toFixed(2)} s, ${Math.round(result.total / (ms / 1000)).toLocaleString('en')} rows/s` +
        ` (${result.status}: added ${result.added},${result.updated === undefined ? '' : ` updated ${result.updated},`} duplicates ${result.duplicates}); ` +
        `another user's calls meanwhile: ${waits.length}, median ${median(waits).toFixed(0)} ms, ` +
        `slowest ${Math.max(0, ...waits).toFixed(0)} ms; heap at most ${mb(peakHeap)} MB (${mb(heapBefore)} MB before)`,
    );
  }
} finally {
  await app.close();
  await database.close();
  if (kind === 'postgres') await adminQuery(`drop database if exists "${BENCH_DATABASE}" with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
