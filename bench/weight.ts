/**
 * The JavaScript each route of the web app loads, as a phone on a cold cache
 * gets it, and the biggest chunks of the build.
 *
 *   npx tsx bench/weight.ts                       # builds if needed, starts a server on a fresh database
 *   npx tsx bench/weight.ts --base http://127.0.0.1:3000   # against a running portal (demo seed)
 *
 * Each route is opened in a new browser context (nothing cached, no service
 * worker yet) that asks for gzip only (`Accept-Encoding: gzip`), so the bytes
 * are the gzipped transfer whatever else the server could send; the signed-in
 * routes get the session of the HR administrator 1001 (signed in through the
 * API and kept where the web app keeps it). The table sums the compressed
 * bodies of the script responses until the network is idle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { argsFor, findChromium } from '../e2e/support/browser';
import { demoPortal } from './support/demo-portal';

const root = path.resolve(import.meta.dirname, '..');

/** What the scripts run in the page use of it (the bench compiles without the DOM library). */
type PageGlobals = { localStorage: { setItem(key: string, value: string): void } };
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

/** The routes measured: the two public pages first, then the signed-in screens. */
const ROUTES: { name: string; path: string; signedIn: boolean }[] = [
  { name: 'sign-in', path: '/signin', signedIn: false },
  { name: 'forgot password', path: '/forgotpassword', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'profile', path: '/profile', signedIn: true },
  { name: 'leave', path: '/leave', signedIn: true },
  { name: 'remote work', path: '/remote-work', signedIn: true },
  { name: 'hr services', path: '/hr-services', signedIn: true },
  { name: 'kpi list', path: '/kpi', signedIn: true },
  { name: 'epr list', path: '/epr', signedIn: true },
  { name: 'team', path: '/team', signedIn: true },
  { name: 'attendance', path: '/attendance', signedIn: true },
  { name: 'employees', path: '/employees', signedIn: true },
  { name: 'admin: companies', path: '/admin/companies', signedIn: true },
  { name: 'admin: attendance', path: '/admin/attendance', signedIn: true },
  { name: 'admin: review cycles', path: '/admin/review-cycles', signedIn: true },
];

/** Budgets of the issue "light to load": the sign-in route, and any one chunk (gzipped). */
const SIGNIN_BUDGET = 250 * 1024;
const CHUNK_BUDGET = 150 * 1024;

interface RouteWeight {
  name: string;
  path: string;
  files: number;
  bytes: number;
  encodings: string;
}

async function measure(browser: Browser, base: string, route: (typeof ROUTES)[number], session: unknown) {
  const context = await browser.newContext({
    baseURL: base,
    serviceWorkers: 'block',
    extraHTTPHeaders: { 'accept-encoding': 'gzip' },
  });
  if (route.signedIn) {
    await context.addInitScript((value) => {
      (globalThis as unknown as PageGlobals).localStorage.setItem('hr.session', value);
    }, JSON.stringify(session));
  }
  const page = await context.newPage();
  const scripts = new Map<string, { bytes: number; encoding: string }>();
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const sizes = await res.request().sizes();
        const encoding = (await res.headerValue('content-encoding')) ?? 'identity';
        scripts.set(new URL(res.url()).pathname, { bytes: sizes.responseBodySize, encoding });
      })(),
    );
  });
  // A busy machine can take long: wait up to two minutes for the network to settle.
  await page.goto(route.path, { waitUntil: 'networkidle', timeout: 120_000 });
  if (route.signedIn && new URL(page.url()).pathname === '/signin') {
    throw new Error(`${route.path}: the session was not taken (landed on the sign-in page)`);
  }
  await Promise.all(pending);
  await context.close();
  const values = [...scripts.values()];
  return {
    name: route.name,
    path: route.path,
    files: values.length,
    bytes: values.reduce((sum, s) => sum + s.bytes, 0),
    encodings: [...new Set(values.map((s) => s.encoding))].join(', '),
  } satisfies RouteWeight;
}

/** The JavaScript files of a built web app, biggest (gzipped) first. */
function chunks(dir: string): { name: string; raw: number; gzip: number }[] {
  const assets = path.join(dir, 'assets');
  return fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((name) => {
      const raw = fs.readFileSync(path.join(assets, name));
      const gz = path.join(assets, `${name}.gz`);
      return {
        name,
        raw: raw.length,
        gzip: fs.existsSync(gz) ? fs.statSync(gz).size : gzipSync(raw, { level: 9 }).length,
      };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  const portal = await demoPortal(opt('base'), 'hr-weight-');
  const base = portal.base;
  const found = await findChromium();
  const browser = await chromium.launch({ executablePath: found.executablePath, args: argsFor(found) });
  try {
    const login = await fetch(`${base}/api/v1/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '1001', password: 'demo123', app_id: 3 }),
    });
    if (!login.ok) throw new Error(`sign-in of 1001 failed: ${login.status}`);
    const session: unknown = await login.json();

    const rows: RouteWeight[] = [];
    for (const route of ROUTES) {
      const row = await measure(browser, base, route, session);
      rows.push(row);
      console.log(`  ${row.name}: ${kb(row.bytes)} in ${row.files} files`);
    }
    const built = chunks(path.join(root, 'apps', 'web', 'dist'));
    const lines = [
      '',
      `JavaScript per route, gzipped transfer on a cold cache (${base}):`,
      '',
      '| route | path | JS (gzip) | files | encoding |',
      '| --- | --- | ---: | ---: | --- |',
      ...rows.map((r) => `| ${r.name} | ${r.path} | ${kb(r.bytes)} | ${r.files} | ${r.encodings} |`),
      '',
      `Biggest chunks of apps/web/dist/assets (${built.length} JavaScript files):`,
      '',
      '| file | raw | gzip |',
      '| --- | ---: | ---: |',
      ...built.slice(0, 8).map((c) => `| ${c.name} | ${kb(c.raw)} | ${kb(c.gzip)} |`),
      '',
    ];
    const signin = rows[0]!;
    const biggest = built[0];
    lines.push(
      `Sign-in route: ${kb(signin.bytes)} of at most ${kb(SIGNIN_BUDGET)}; ` +
        `biggest chunk: ${biggest ? kb(biggest.gzip) : '-'} of at most ${kb(CHUNK_BUDGET)}.`,
    );
    console.log(lines.join('\n'));
    if (signin.bytes > SIGNIN_BUDGET || (biggest && biggest.gzip > CHUNK_BUDGET)) process.exitCode = 1;
  } finally {
    await browser.close();
    await portal.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
