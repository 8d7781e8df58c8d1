import { errorText } from '@hr/contracts/error-codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from './errors';
import { safeEqualHex, sha256 } from './tokens';

/**
 * The process's Prometheus metrics (docs/architecture.md, "Metrics"), served
 * at `GET /metrics` to a scraper holding METRICS_TOKEN.
 *
 * One registry for the process, made once when this module loads: every app
 * built in the process (tests build many) records into it and none registers
 * a metric again. What a gauge shows is read when it is scraped, from the
 * sources that are open now (pools, realtime streams), each added when it
 * opens and taken away when it closes. Labels are fixed names only (route
 * templates, job and limit names): never an id, a person or a secret.
 */
export const registry = new Registry();

// Node's own metrics under their usual names (process_*, nodejs_*: event-loop lag, heap, GC...).
collectDefaultMetrics({ register: registry });

/** Where the metrics are served: beside the API, not under /api/v1. */
export const METRICS_PATH = '/metrics';

/** The route label of a call no route matched (the web app's pages, unknown addresses). */
export const UNMATCHED_ROUTE = 'unmatched';
/** The route label of every file of the built web app (a route each: one label for them all). */
export const STATIC_ROUTE = 'static';

const requestDuration = new Histogram({
  name: 'hr_http_request_duration_seconds',
  help: 'Time from a call arriving to its answer sent, by method, route template and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** A database connection source of this process, read when scraped. */
interface PoolSource {
  kind: 'pglite' | 'postgres';
  max: number;
  total(): number;
  /** Null where it is not known (PGlite's one connection). */
  idle(): number | null;
  waiting(): number | null;
}
const pools = new Set<PoolSource>();

/** Sums a reading over the open pools of one kind; null when none of them knows it. */
function poolGauge(
  name: string,
  help: string,
  read: (source: PoolSource) => number | null,
): Gauge<'database'> {
  return new Gauge({
    name,
    help,
    labelNames: ['database'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const sums = new Map<string, number>();
      for (const source of pools) {
        const value = read(source);
        if (value !== null) sums.set(source.kind, (sums.get(source.kind) ?? 0) + value);
      }
      for (const [database, value] of sums) this.set({ database }, value);
    },
  });
}

poolGauge(
  'hr_db_pool_max_clients',
  'Connections the database pools of this process may open (PGlite: its one connection)',
  (s) => s.max,
);
poolGauge(
  'hr_db_pool_total_clients',
  'Connections the database pools of this process hold open, idle or in use (PGlite: its one connection)',
  (s) => s.total(),
);
poolGauge('hr_db_pool_idle_clients', 'Open connections not in use (PostgreSQL only)', (s) => s.idle());
poolGauge(
  'hr_db_pool_waiting_clients',
  'Queries and transactions waiting for a connection of the pool (PostgreSQL only)',
  (s) => s.waiting(),
);

const poolWait = new Histogram({
  name: 'hr_db_pool_wait_seconds',
  help: 'Time a query or transaction waited for a pool connection, opening one included (PostgreSQL only)',
  buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void;

/**
 * Counts a PostgreSQL pool in the pool gauges and times every wait for one
 * of its connections (its `connect`, which `pool.query` and every
 * transaction go through). Answers how to take it off when the pool ends.
 */
export function watchPgPool(pool: pg.Pool, max: number): () => void {
  // The pool's overloaded connect (promise, or callback), called as it was.
  const connect = pool.connect.bind(pool) as (
    callback?: ConnectCallback,
  ) => Promise<pg.PoolClient> | undefined;
  const timed = (callback?: ConnectCallback) => {
    const end = poolWait.startTimer();
    if (callback)
      return connect((err, client, done) => {
        end();
        callback(err, client, done);
      });
    return connect()!.then(
      (client) => {
        end();
        return client;
      },
      (err: unknown) => {
        end();
        throw err;
      },
    );
  };
  pool.connect = timed as typeof pool.connect;
  const source: PoolSource = {
    kind: 'postgres',
    max,
    total: () => pool.totalCount,
    idle: () => pool.idleCount,
    waiting: () => pool.waitingCount,
  };
  pools.add(source);
  return () => pools.delete(source);
}

/** Counts an embedded database (one connection; its queue is not visible). Answers how to take it off. */
export function watchPglite(): () => void {
  const source: PoolSource = {
    kind: 'pglite',
    max: 1,
    total: () => 1,
    idle: () => null,
    waiting: () => null,
  };
  pools.add(source);
  return () => pools.delete(source);
}

/** Open realtime streams of this process: each app's set, read when scraped. */
const streamSets = new Set<{ readonly size: number }>();
new Gauge({
  name: 'hr_realtime_streams_open',
  help: 'Realtime (server-sent event) streams open on this process',
  registers: [registry],
  collect() {
    let open = 0;
    for (const streams of streamSets) open += streams.size;
    this.set(open);
  },
});

/** Counts the open streams of `streams` until the returned function is called (it stops). */
export function watchStreams(streams: { readonly size: number }): () => void {
  streamSets.add(streams);
  return () => streamSets.delete(streams);
}

/** Runs and failures of the scheduled jobs (lib/jobs.ts). */
export const jobRuns = new Counter({
  name: 'hr_job_runs_total',
  help: 'Runs of a scheduled job on this process (a run that found another process holding the job counts too)',
  labelNames: ['job'] as const,
  registers: [registry],
});
export const jobFailures = new Counter({
  name: 'hr_job_failures_total',
  help: 'Runs of a scheduled job on this process that failed (the error is in the log)',
  labelNames: ['job'] as const,
  registers: [registry],
});
export const jobDuration = new Histogram({
  name: 'hr_job_duration_seconds',
  help: 'Time a run of a scheduled job took',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
  registers: [registry],
});

const throttleRefusals = new Counter({
  name: 'hr_throttle_refusals_total',
  help: 'Attempts refused with 429 by a limit (lib/throttle.ts), by the limit name',
  labelNames: ['limit'] as const,
  registers: [registry],
});

/** One attempt refused by the limit named `limit` (a rule's bucket: never whose count it was). */
export function countThrottleRefusal(limit: string): void {
  throttleRefusals.inc({ limit });
}

/**
 * The route label of a call: its route's template (`/api/v1/employees/:id`,
 * never the address with its ids), one label for all the web app's files,
 * and one for calls no route matched.
 */
export function routeLabel(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route === undefined) return UNMATCHED_ROUTE;
  return route.startsWith('/api/') || route === METRICS_PATH ? route : STATIC_ROUTE;
}

/** The bearer token of an Authorization header, or '' (never compared as it came). */
function bearer(header: string | undefined): string {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match ? match[1]! : '';
}

/**
 * Times every call of `app` and serves `GET /metrics` to whoever sends
 * `Authorization: Bearer <token>` (401 otherwise). Without a token nothing
 * is added: /metrics answers as an unknown address does.
 */
export function registerMetrics(app: FastifyInstance, token: string | null): void {
  if (!token) return;
  app.addHook('onResponse', (request, reply, done) => {
    requestDuration.observe(
      { method: request.method, route: routeLabel(request), status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  // Compared as digests of one length, in constant time: the answer's timing tells nothing of the token.
  const wanted = sha256(token);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!safeEqualHex(sha256(bearer(request.headers.authorization)), wanted))
      throw new AppError(401, 'unauthorized', errorText('unauthorized'), {
        headers: { 'www-authenticate': 'Bearer' },
      });
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
