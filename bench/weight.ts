/**
 * The JavaScript each route of the web app loads, as a phone on a cold cache
 * gets it, and the biggest chunks of the build.
 *
 *   npx tsx bench/weight.ts                       # builds if needed, starts a server on a fresh database
 *   npx tsx bench/weight.ts --base http://127.0.0.1:3000   # against a running portal (demo seed)
 *   npx tsx bench/weight.ts --before /tmp/before  # and an older checkout's own build, route by route beside it
 *   npx tsx bench/weight.ts --only 'kpi|epr'      # the routes whose name matches
 *
 * Each route is opened in a new browser context (nothing cached, no service
 * worker yet) that asks for gzip only (`Accept-Encoding: gzip`), so the bytes
 * are the gzipped transfer whatever else the server could send; the signed-in
 * routes get the session of their user (support/routes.ts: the employee 1004,
 * or the HR administrator 1001 for the administration's screens), signed in
 * through the API and kept where the web app keeps it. The table sums the
 * compressed bodies of the script responses until the network is idle. Every
 * route is held to 250 KB and every file to 150 KB (the exit code says so).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { argsFor, findChromium } from '../e2e/support/browser';
import { demoPortal } from './support/demo-portal';
import { type Route, resolveRoutes } from './support/routes';

const root = path.resolve(import.meta.dirname, '..');

/** What the scripts run in the page use of it (the bench compiles without the DOM library). */
type PageGlobals = { localStorage: { setItem(key: string, value: string): void } };
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

/** The budgets: a route's cold load, and any one chunk (gzipped). */
const ROUTE_BUDGET = 250 * 1024;
const CHUNK_BUDGET = 150 * 1024;

interface RouteWeight {
  name: string;
  path: string;
  files: number;
  bytes: number;
  encodings: string;
}

async function measure(browser: Browser, base: string, route: Route, session: unknown) {
  const context = await browser.newContext({
    baseURL: base,
    serviceWorkers: 'block',
    extraHTTPHeaders: { 'accept-encoding': 'gzip' },
  });
  if (session) {
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
  if (session && new URL(page.url()).pathname === '/signin') {
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
  const beforeDir = opt('before');
  const before = beforeDir ? await demoPortal(undefined, 'hr-weight-before-', { checkout: beforeDir }) : null;
  const only = opt('only');
  const found = await findChromium();
  const browser = await chromium.launch({ executablePath: found.executablePath, args: argsFor(found) });
  try {
    const { routes, sessions } = await resolveRoutes(portal.base, only ? new RegExp(only, 'i') : undefined);
    const beforeSide = before
      ? await resolveRoutes(before.base, only ? new RegExp(only, 'i') : undefined)
      : null;
    const rows: { now: RouteWeight; was?: RouteWeight }[] = [];
    for (const [i, route] of routes.entries()) {
      // Side by side: the older build's same route right before this one's.
      const beforeRoute = beforeSide?.routes[i];
      const was =
        before && beforeSide && beforeRoute
          ? await measure(
              browser,
              before.base,
              beforeRoute,
              beforeRoute.as ? beforeSide.sessions[beforeRoute.as] : null,
            )
          : undefined;
      const now = await measure(browser, portal.base, route, route.as ? sessions[route.as] : null);
      rows.push({ now, was });
      console.log(
        `  ${now.name}: ${kb(now.bytes)} in ${now.files} files${was ? ` (before: ${kb(was.bytes)} in ${was.files})` : ''}`,
      );
    }
    const built = chunks(path.join(root, 'apps', 'web', 'dist'));
    const over = rows.filter((r) => r.now.bytes > ROUTE_BUDGET);
    const lines = [
      '',
      `JavaScript per route, gzipped transfer on a cold cache (${portal.base}${before ? `; before: ${beforeDir}` : ''}):`,
      '',
      before
        ? '| route | path | before JS (gzip) | files | after JS (gzip) | files |'
        : '| route | path | JS (gzip) | files | encoding |',
      before ? '| --- | --- | ---: | ---: | ---: | ---: |' : '| --- | --- | ---: | ---: | --- |',
      ...rows.map(({ now: r, was }) =>
        was
          ? `| ${r.name} | ${r.path} | ${kb(was.bytes)} | ${was.files} | ${kb(r.bytes)} | ${r.files} |`
          : `| ${r.name} | ${r.path} | ${kb(r.bytes)} | ${r.files} | ${r.encodings} |`,
      ),
      '',
      `Biggest chunks of apps/web/dist/assets (${built.length} JavaScript files):`,
      '',
      '| file | raw | gzip |',
      '| --- | ---: | ---: |',
      ...built.slice(0, 8).map((c) => `| ${c.name} | ${kb(c.raw)} | ${kb(c.gzip)} |`),
      '',
    ];
    const biggest = built[0];
    lines.push(
      `Routes over ${kb(ROUTE_BUDGET)}: ${over.length ? over.map((r) => r.now.name).join(', ') : 'none'}; ` +
        `biggest chunk: ${biggest ? kb(biggest.gzip) : '-'} of at most ${kb(CHUNK_BUDGET)}.`,
    );
    console.log(lines.join('\n'));
    if (over.length || (biggest && biggest.gzip > CHUNK_BUDGET)) process.exitCode = 1;
  } finally {
    await browser.close();
    await portal.stop();
    await before?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
