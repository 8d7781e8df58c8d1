import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteOptions } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';

/**
 * The route index (docs/routes.md): every method and path of the running app
 * with the source file whose code registered it. Many routes are made by a
 * helper (lib/request-routes.ts, lib/reference-routes.ts…) from a feature's
 * table, so their paths appear nowhere in the code; the index is where a
 * path is found. `npm run routes` writes it (scripts/routes.ts) and
 * `route-index.api.test.ts` checks that the committed one is current.
 */

const THIS_FILE = fileURLToPath(import.meta.url);
export const REPO_ROOT = path.resolve(path.dirname(THIS_FILE), '../../..');
export const ROUTE_INDEX_FILE = 'docs/routes.md';
export const ROUTE_INDEX_COMMAND = 'npm run routes';

const SERVER_SRC = 'apps/server/src/';
const FEATURES = `${SERVER_SRC}features/`;
const LIB = `${SERVER_SRC}lib/`;

export interface IndexedRoute {
  method: string;
  path: string;
  /** The file whose code registered the route (relative to the repo root), or the npm package. */
  file: string;
  /** The helper in lib/ that made it from that file's call, if one did. */
  helper: string | null;
}

/** Methods in the order a reader expects them; any other after them, by name. */
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

function methodRank(method: string): number {
  const i = METHOD_ORDER.indexOf(method);
  return i === -1 ? METHOD_ORDER.length : i;
}

/** Code-point order, the same on every machine and locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The source files of a stack, innermost first, relative to the repo root (npm packages as `node_modules/…`). */
function stackFiles(stack: string): string[] {
  const files: string[] = [];
  for (const line of stack.split('\n')) {
    if (!line.trimStart().startsWith('at ')) continue;
    const match = /(?:file:\/\/)?(\/[^\s()?]+?\.[cm]?[jt]sx?)(?:\?[^\s:()]*)?:\d+:\d+/.exec(line);
    if (!match) continue;
    const absolute = match[1]!;
    if (absolute === THIS_FILE) continue;
    files.push(path.relative(REPO_ROOT, absolute).split(path.sep).join('/'));
  }
  return files;
}

/** `node_modules/@fastify/swagger-ui/index.js` → `@fastify/swagger-ui`. */
function packageOf(file: string): string | null {
  const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  return match ? match[1]! : null;
}

/**
 * Who registered a route, from the stack at the moment Fastify announced it:
 * the first frame past Fastify itself is the registering code. When that is a
 * helper in lib/, the route belongs to the feature (or app.ts) that called it.
 */
function attribute(stack: string): Pick<IndexedRoute, 'file' | 'helper'> {
  const frames = stackFiles(stack).filter((file) => packageOf(file) !== 'fastify');
  const first = frames[0];
  if (first === undefined) return { file: 'unknown', helper: null };
  const pkg = packageOf(first);
  if (pkg !== null) return { file: pkg, helper: null };
  if (first.startsWith(LIB)) {
    const caller =
      frames.find((file) => file.startsWith(FEATURES)) ??
      frames.find((file) => file.startsWith(SERVER_SRC) && !file.startsWith(LIB));
    return { file: caller ?? first, helper: caller ? first : null };
  }
  return { file: first, helper: null };
}

/**
 * The configuration the index is taken with: the API description and the
 * metrics on (their routes are listed), no built web app (its files would
 * add a route each).
 * Nothing else in the configuration changes which routes exist.
 */
function indexConfig() {
  return {
    ...loadConfig({
      DATA_DIR: '/tmp/unused',
      PUBLIC_URL: 'http://portal.test',
      API_DOCS: 'true',
      METRICS_TOKEN: 'route-index-metrics-token-0123456789',
    }),
    webDist: '/nonexistent/web-dist',
  };
}

/** Builds the app on `database` (migrated), collects its routes and closes it. */
export async function collectRoutes(database: Database): Promise<IndexedRoute[]> {
  const seen: IndexedRoute[] = [];
  // Fastify adds a HEAD route beside every GET route, with the GET's handler; those are left out.
  const getHandlers = new Set<unknown>();
  const onRoute = (route: RouteOptions) => {
    if (route.method === 'HEAD' && getHandlers.has(route.handler)) return;
    if (route.method === 'GET') getHandlers.add(route.handler);
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = Number.POSITIVE_INFINITY;
    const stack = new Error().stack ?? '';
    Error.stackTraceLimit = limit;
    const where = attribute(stack);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) seen.push({ method, path: route.url, ...where });
  };
  const app = await buildApp({ config: indexConfig(), database, onRoute });
  try {
    await app.ready();
  } finally {
    await app.close();
  }
  return seen.sort(
    (a, b) =>
      compare(a.path, b.path) ||
      methodRank(a.method) - methodRank(b.method) ||
      compare(a.method, b.method) ||
      compare(a.file, b.file),
  );
}

/** The index as docs/routes.md holds it. */
export function renderRouteIndex(routes: IndexedRoute[]): string {
  const lines = [
    '# Routes',
    '',
    `Generated from the running app by \`${ROUTE_INDEX_COMMAND}\` (apps/server/scripts/routes.ts); do not edit by hand.`,
    '',
    `Every method and path the API answers (${routes.length} routes), sorted by path then method, with the`,
    'file whose code registered it and, when a helper in `lib/` made the route from that',
    "file's call, the helper. Find a route by its path with `grep -n 'actions/submit' docs/routes.md`",
    '(path parameters are written `:id`).',
    '',
    "Left out: the HEAD route Fastify adds beside every GET, and the built web app's files",
    '(`@fastify/static`, one route per file, and the not-found handler that answers unknown',
    "addresses with the app's page or a JSON 404). The `/api/docs` routes exist only where",
    '`API_DOCS` is on, and `/metrics` only where `METRICS_TOKEN` is set (see README).',
    '',
    '| Method | Path | File | Helper |',
    '| ------ | ---- | ---- | ------ |',
    ...routes.map(
      (r) => `| ${r.method} | \`${r.path}\` | \`${r.file}\` | ${r.helper ? `\`${r.helper}\`` : ''} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** Builds the app on `database` and answers the index's text. */
export async function routeIndex(database: Database): Promise<string> {
  return renderRouteIndex(await collectRoutes(database));
}
