/**
 * Request lists: the API call against the very SQL it sends.
 *
 * The app is built in this process from its sources (as the server builds it)
 * with a recorder on node-postgres `Client.prototype.query`; one call of each
 * list through `app.inject` leaves the statements it sent, in order, with
 * their values. Those statements are then replayed straight through `pg` as
 * named prepared statements, from as many clients as the API side has
 * connections, for as long. Nothing here copies the server's SQL, so the
 * comparison follows the server when its queries change.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import type { ListCall } from './scenarios';

/** A call to capture: a list call, or another method (a write) with headers of its own. */
export interface CaptureCall extends ListCall {
  /** GET without a body and POST with one unless given. */
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Instead of the bearer token (a device's key, another user's token). */
  headers?: Record<string, string>;
}

export interface CaptureOptions {
  /**
   * The server's sources the app is built from (`apps/server/src` of another
   * checkout, for a before measurement); this checkout's by default.
   */
  src?: string;
  /**
   * Every connection the call uses runs inside a transaction of the capture's
   * that is rolled back when the call has answered (the app's own
   * transactions become savepoints in it): a write leaves nothing behind, so
   * it can be called again (warm-up, the stability check) and its statements
   * replayed on the data it saw.
   */
  dry?: boolean;
}

/** One statement as the app sent it. */
export interface Statement {
  text: string;
  values: unknown[];
  rowMode?: 'array';
  /** Rows it answered (or rows it touched), to check the replay against. */
  rows: number | null;
  /** Which pool connection ran it, numbered in order of first use within the call. */
  connection: number;
  /** Another statement of the same call was still running when this one was sent. */
  overlapped: boolean;
}

export interface CapturedCall {
  call: ListCall;
  statements: Statement[];
  /** The list's `total` as the API answered it. */
  total: number | null;
}

/** Latencies in milliseconds: p50 and p99 by nearest rank over every sample. */
export interface Load {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

export interface ListRow {
  call: string;
  api: Load;
  /** p50 of autocannon's own histogram (whole milliseconds) in each slice, as a cross-check. */
  apiHistogramP50s: number[];
  raw: Load;
  roundTrips: number;
  connections: number;
  overlapped: number;
  replayMismatch: string | null;
}

// ---------------------------------------------------------------- capture

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;

interface Recording {
  statements: Statement[];
  connections: Map<object, number>;
  inFlight: number;
  /** The dry mode's: the connections in the capture's transaction, to roll back. */
  dry: { clients: Set<pg.Client> } | null;
}

let recording: Recording | null = null;
const installed = new WeakSet<object>();

/** The app's transaction control, as the dry mode turns it into a savepoint of its own transaction. */
const DRY_CONTROL: [RegExp, string][] = [
  [/^\s*(begin|start transaction)\b[^;]*;?\s*$/i, 'savepoint bench_dry'],
  [/^\s*(commit|end)\s*;?\s*$/i, 'release savepoint bench_dry'],
  [/^\s*rollback\s*;?\s*$/i, 'rollback to savepoint bench_dry'],
];

/** Wraps `Client.prototype.query` of a copy of node-postgres once; it records only while a capture is running. */
function installRecorder(driver: typeof pg = pg) {
  const proto = driver.Client.prototype as unknown as { query: QueryFn };
  if (installed.has(proto)) return;
  installed.add(proto);
  const original = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const rec = recording;
    if (!rec) return original.apply(this, args);
    const [first, second] = args;
    const config =
      typeof first === 'string' ? { text: first } : (first as pg.QueryConfig & { rowMode?: string });
    const values = Array.isArray(second) ? second : (config.values ?? []);
    if (!rec.connections.has(this)) rec.connections.set(this, rec.connections.size + 1);
    if (rec.dry) {
      if (!rec.dry.clients.has(this)) {
        rec.dry.clients.add(this);
        // Queued before the app's statement: the connection's work from here on is the capture's transaction.
        Promise.resolve(original.call(this, "begin; set local lock_timeout = '5s'")).catch(() => {});
      }
      const control = DRY_CONTROL.find(([pattern]) => pattern.test(config.text));
      if (control) args[0] = typeof first === 'string' ? control[1] : { ...config, text: control[1] };
    }
    const statement: Statement = {
      text: config.text,
      values: [...values],
      ...(config.rowMode === 'array' ? { rowMode: 'array' as const } : {}),
      rows: null,
      connection: rec.connections.get(this)!,
      overlapped: rec.inFlight > 0,
    };
    rec.statements.push(statement);
    rec.inFlight++;
    const done = (res: unknown) => {
      rec.inFlight--;
      const r = res as { rows?: unknown[]; rowCount?: number | null } | undefined;
      statement.rows = Array.isArray(r?.rows) && r.rows.length > 0 ? r.rows.length : (r?.rowCount ?? null);
    };
    const cbIndex = args.findIndex((a) => typeof a === 'function');
    if (cbIndex >= 0) {
      const cb = args[cbIndex] as (err: unknown, res: unknown) => void;
      args[cbIndex] = (err: unknown, res: unknown) => {
        done(err ? undefined : res);
        cb(err, res);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(done, () => done(undefined));
    }
    return result;
  };
}

/** `apps/server/src` of this checkout. */
export const OWN_SERVER_SRC = path.resolve(import.meta.dirname, '../apps/server/src');

/**
 * Builds the app from its sources on `url`, calls each list once unrecorded
 * (so that start-up reads are out of the way) and then once recorded, and
 * answers the statements of the recorded call. A second recorded call must
 * send the same statements, or the capture is refused.
 *
 * `options.src`: another checkout's `apps/server/src` (its own copy of
 * node-postgres gets the recorder); `options.dry`: each call's work is
 * rolled back (see `CaptureOptions`), for writes.
 */
export async function captureCalls(
  url: string,
  token: string,
  calls: CaptureCall[],
  options: CaptureOptions = {},
): Promise<CapturedCall[]> {
  const src = path.resolve(options.src ?? OWN_SERVER_SRC);
  const file = (name: string) => {
    const full = path.join(src, `${name}.ts`);
    if (!fs.existsSync(full)) throw new Error(`${full} not found: is ${src} a server's sources?`);
    return pathToFileURL(full).href;
  };
  // The node-postgres the sources load (another checkout's own node_modules, or this one's).
  installRecorder(createRequire(file('app'))('pg') as typeof pg);
  // Typed as this checkout's modules: another checkout's have the same entry points.
  const { buildApp } = (await import(file('app'))) as typeof import('../apps/server/src/app');
  const { loadConfig } = (await import(file('config'))) as typeof import('../apps/server/src/config');
  const { openPostgres } = (await import(file('db/client'))) as typeof import('../apps/server/src/db/client');
  const config = loadConfig({ ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn', SEED: 'none' });
  const database = await openPostgres(url);
  const app = await buildApp({ config, database });
  await app.ready();
  const inject = async (call: CaptureCall) => {
    const method = call.method ?? (call.body === undefined ? 'GET' : 'POST');
    const res = await app.inject({
      method,
      url: call.path,
      headers: call.headers ?? { authorization: `Bearer ${token}` },
      ...(call.body === undefined ? {} : { payload: call.body as object }),
    });
    // 200, or 204 for the bare route (GET session), which answers no body; 201 for a write that makes something.
    if (res.statusCode !== 200 && res.statusCode !== 204 && !(method !== 'GET' && res.statusCode === 201))
      throw new Error(`${call.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res;
  };
  /** One call; its statements, and with `dry` its work rolled back once it has answered. */
  const run = async (call: CaptureCall) => {
    const rec: Recording = {
      statements: [],
      connections: new Map(),
      inFlight: 0,
      dry: options.dry ? { clients: new Set() } : null,
    };
    recording = rec;
    try {
      const res = await inject(call);
      if (rec.dry) {
        // What the call set going after its answer stays in the capture's transaction.
        const quiet = performance.now() + 2000;
        do await new Promise((r) => setTimeout(r, 50));
        while (rec.inFlight > 0 && performance.now() < quiet);
      }
      return { statements: rec.statements, body: (res.body ? res.json() : {}) as { total?: number } };
    } finally {
      recording = null;
      // Not recorded any more: the app's connections give their work back.
      if (rec.dry) await Promise.all([...rec.dry.clients].map((c) => c.query('rollback')));
    }
  };
  try {
    const captured: CapturedCall[] = [];
    for (const call of calls) {
      if (options.dry) await run(call);
      else await inject(call);
      const { statements, body } = await run(call);
      if (statements.length === 0) {
        throw new Error(`${call.name}: no statement was recorded (does the app use another copy of pg?)`);
      }
      const again = await run(call);
      const texts = (s: Statement[]) => s.map((x) => x.text).join('\n;\n');
      if (texts(statements) !== texts(again.statements)) {
        throw new Error(`${call.name}: two calls sent different statements; the capture is not stable`);
      }
      captured.push({ call, statements, total: typeof body.total === 'number' ? body.total : null });
    }
    return captured;
  } finally {
    await app.close();
    await database.close();
  }
}

// ---------------------------------------------------------------- load

/** Nearest-rank percentile of sorted samples. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function summarize(samples: number[], elapsedMs: number, errors: number): Load {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    rps: samples.length / (elapsedMs / 1000),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    requests: samples.length,
    errors,
  };
}

/** Samples of one side, gathered over the slices it ran. */
export class Side {
  samples: number[] = [];
  elapsedMs = 0;
  errors = 0;
  load(): Load {
    return summarize(this.samples, this.elapsedMs, this.errors);
  }
}

/**
 * The API side for `seconds`: autocannon against the running server.
 * Latencies are the response times autocannon measures for each 2xx answer
 * (its `response` event, fractions of a millisecond kept), summarized like the
 * raw side; autocannon's own histogram keeps whole milliseconds only, and its
 * p50 is answered for a check.
 */
export async function apiSlice(
  side: Side,
  base: string,
  call: ListCall,
  token: string,
  connections: number,
  seconds: number,
): Promise<number> {
  const request = requestOf(call, token);
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections, duration: seconds, requests: [{ ...request, path: call.path }] },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) side.samples.push(responseTime);
    });
  });
  side.elapsedMs += performance.now() - started;
  side.errors += result.non2xx + result.errors + result.timeouts;
  return result.latency.p50;
}

/** The HTTP request of a call: GET, or POST with its JSON body. */
function requestOf(
  call: ListCall,
  token: string,
): { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string } {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (call.body === undefined) return { method: 'GET', headers };
  return {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(call.body),
  };
}

const statementName = (text: string) => `bench_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;

const rowsOf = (res: pg.QueryResult) => (res.rows.length > 0 ? res.rows.length : (res.rowCount ?? null));

/**
 * The raw side: `clients` connections, each sending the call's statements in
 * order as named prepared statements, one call after the other. Opening it
 * makes a first untimed call on each connection, which prepares the
 * statements and checks that they answer the rows they answered the app.
 */
export class Replay {
  private constructor(
    private readonly clients: pg.Client[],
    private readonly queries: pg.QueryConfig[],
    readonly mismatch: string | null,
  ) {}

  static async open(url: string, statements: Statement[], clients: number): Promise<Replay> {
    const queries: pg.QueryConfig[] = statements.map((s) => ({
      name: statementName(s.text),
      text: s.text,
      values: s.values,
      ...(s.rowMode ? { rowMode: s.rowMode } : {}),
    }));
    const pool = await Promise.all(
      Array.from({ length: clients }, async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        return client;
      }),
    );
    let mismatch: string | null = null;
    try {
      await Promise.all(
        pool.map(async (client, i) => {
          for (const [k, q] of queries.entries()) {
            const res = await client.query(q);
            const want = statements[k]!.rows;
            if (i === 0 && !mismatch && want !== null && rowsOf(res) !== want) {
              mismatch = `statement ${k + 1} answered ${rowsOf(res)} rows to the app's ${want}`;
            }
          }
        }),
      );
    } catch (err) {
      await Promise.all(pool.map((c) => c.end().catch(() => {})));
      throw err;
    }
    return new Replay(pool, queries, mismatch);
  }

  /** Every client replays the call over and over for `seconds`. */
  async slice(side: Side, seconds: number): Promise<void> {
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      this.clients.map(async (client) => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          try {
            for (const q of this.queries) await client.query(q);
            side.samples.push(performance.now() - t0);
          } catch {
            side.errors++;
            await client.query('rollback').catch(() => {});
          }
        }
      }),
    );
    side.elapsedMs += performance.now() - started;
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.end().catch(() => {})));
  }
}

/**
 * One list, both sides for `duration` seconds each. The sides take turns in
 * slices of about `slice` seconds (API, raw, API, raw...), so that a burst of
 * other work on the machine falls on both rather than on one.
 */
export async function compareCall(
  options: { base: string; url: string; token: string; connections: number; duration: number; slice: number },
  captured: CapturedCall,
): Promise<ListRow> {
  const { base, url, token, connections, duration } = options;
  const { call, statements } = captured;
  const warm = await fetch(`${base}${call.path}`, requestOf(call, token));
  if (!warm.ok) throw new Error(`${call.name}: ${warm.status}`);
  await warm.arrayBuffer();
  const replay = await Replay.open(url, statements, connections);
  const api = new Side();
  const raw = new Side();
  const histogramP50s: number[] = [];
  try {
    const slices = Math.max(1, Math.round(duration / options.slice));
    for (let i = 0; i < slices; i++) {
      const seconds = duration / slices;
      histogramP50s.push(await apiSlice(api, base, call, token, connections, seconds));
      await replay.slice(raw, seconds);
    }
  } finally {
    await replay.close();
  }
  return {
    call: call.name,
    api: api.load(),
    apiHistogramP50s: histogramP50s,
    raw: raw.load(),
    roundTrips: statements.length,
    connections: new Set(statements.map((s) => s.connection)).size,
    overlapped: statements.filter((s) => s.overlapped).length,
    replayMismatch: replay.mismatch,
  };
}

// ---------------------------------------------------------------- the manager

/**
 * The employee named as line manager, O&O (or, on leave, responsible person)
 * on the most requests of the three kinds: the heaviest team lists there are.
 */
export async function busiestManager(url: string): Promise<{ eid: string; name: string; requests: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query<{ eid: string; name: string; requests: number }>(`
      with named as (
        select distinct 'leave' as kind, r.id, m.id as manager
          from leaves r cross join lateral unnest(array[r.line_manager_id, r.one_over_one_id, r.responsible_id]) as m(id)
        union
        select distinct 'remote', r.id, m.id
          from remote_works r cross join lateral unnest(array[r.line_manager_id, r.one_over_one_id]) as m(id)
        union
        select distinct 'service', r.id, m.id
          from service_requests r cross join lateral unnest(array[r.line_manager_id, r.one_over_one_id]) as m(id)
      )
      select u.username as eid, e.name, count(*)::int as requests
        from named n
        join employees e on e.id = n.manager
        join users u on u.employee_id = e.id
       group by u.username, e.name
       order by requests desc, u.username
       limit 1`);
    const row = res.rows[0];
    if (!row) throw new Error('No manager with team requests: is the large data set seeded?');
    return row;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- the report

export const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));

export const LISTS_HEADING = '## Request lists: the API call against the SQL it sends (PostgreSQL)';

export function listsSection(
  rows: ListRow[],
  captured: CapturedCall[],
  manager: { eid: string; name: string; requests: number },
  info: { when: string; connections: number; duration: number; slice: number; employees: number },
): string {
  const totals = captured
    .map((c) => `${c.call.name} ${c.total === null ? '?' : c.total.toLocaleString('en')}`)
    .join(', ');
  const notes: string[] = [];
  for (const r of rows) {
    if (r.api.errors) notes.push(`${r.call}: ${r.api.errors} API errors.`);
    if (r.raw.errors) notes.push(`${r.call}: ${r.raw.errors} raw SQL calls failed.`);
    if (r.replayMismatch)
      notes.push(`${r.call}: the replay differs from the app's call (${r.replayMismatch}).`);
    if (r.overlapped)
      notes.push(
        `${r.call}: ${r.overlapped} statement(s) were sent while another of the call was running; the raw side sends them one after the other.`,
      );
  }
  return [
    LISTS_HEADING,
    '',
    `${info.when}; ${info.employees} employees. Signed in as ${manager.eid} (${manager.name}), named as line manager or O&O on ${manager.requests.toLocaleString('en')} requests of the three kinds (the most of anyone, unless \`--as\` chose them). Lists as answered: ${totals}.`,
    '',
    `API: autocannon, ${info.connections} connections, ${info.duration} s in all, against the built server. Raw SQL: the statements that call sent (recorded from the app built from source), replayed with \`pg\` as named prepared statements from ${info.connections} clients, ${info.duration} s in all. The two sides take turns in slices of about ${info.slice} s. Latencies in ms; p50 and p99 over every request.`,
    '',
    '| call | API req/s | API p50 | API p99 | raw SQL req/s | raw SQL p50 | raw SQL p99 | ratio (API p50 / raw p50) | round trips |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.call} | ${r.api.rps.toFixed(0)} | ${ms(r.api.p50)} | ${ms(r.api.p99)} | ${r.raw.rps.toFixed(0)} | ${ms(r.raw.p50)} | ${ms(r.raw.p99)} | ${(r.api.p50 / r.raw.p50).toFixed(1)} | ${r.roundTrips} |`,
    ),
    '',
    ...(notes.length ? [...notes, ''] : []),
    'The statements of each call are in `lists-sql.md`.',
    '',
  ].join('\n');
}

/** The captured statements, one list per call, for reading beside the table. */
export function statementsReport(captured: CapturedCall[], manager: { eid: string }, when: string): string {
  const lines = [`# Statements of each list call (${when}, signed in as ${manager.eid})`, ''];
  for (const c of captured) {
    lines.push(`## ${c.call.name}: \`GET ${c.call.path}\``, '');
    c.statements.forEach((s, i) => {
      const values = s.values.length ? ` -- ${JSON.stringify(s.values)}` : '';
      lines.push(
        `${i + 1}. connection ${s.connection}, ${s.rows ?? 'no'} rows${s.overlapped ? ', overlapped' : ''}`,
        '',
        '   ```sql',
        `   ${s.text.replace(/\n/g, '\n   ')}${values}`,
        '   ```',
        '',
      );
    });
  }
  return lines.join('\n');
}

/** Puts a section (the lists' by default) into an existing report, in place of an earlier one. */
export function replaceSection(report: string, section: string, heading = LISTS_HEADING): string {
  const start = report.indexOf(heading);
  if (start < 0) return `${report.trimEnd()}\n\n${section}`;
  const next = report.indexOf('\n## ', start + heading.length);
  return `${report.slice(0, start)}${section}${next < 0 ? '' : `\n${report.slice(next + 1)}`}`;
}
