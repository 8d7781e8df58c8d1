/**
 * The fixed cost of a call (`npm run bench -- --only fixed-cost`, PostgreSQL).
 *
 * The bare authenticated route (`GET session`: the session check and nothing
 * else) and each small call of one person (`smallCalls`, scenarios.ts), each
 * against the statements it sends replayed alone (`lists.ts`: recorded from
 * the app, replayed as named prepared statements), at one connection, the
 * two sides taking turns. A call is then told as three parts:
 *
 * - its SQL: the replay, the statements one after the other on one connection;
 * - the bare-route cost: what the server adds to the session's statement on
 *   the bare route (HTTP, routing, hooks, the answer);
 * - the remainder: the rest, the call's own work in the server (building and
 *   binding its statements, reading and mapping rows, checking and writing
 *   the answer).
 *
 * Each in CPU per call, the measure kept steady on a shared machine: the
 * server's CPU over its slices (`/proc/<pid>/task/<tid>/schedstat`), less the
 * driver's share of its statements (this process's CPU replaying them, the
 * same driver doing the same work), less the bare route's own cost. The bare
 * route is measured again beside every call, in the same turns (bare route,
 * call, call's SQL, bare route's SQL), so that a busy spell of the machine
 * falls on both. The same subtraction in latency at one connection (p50)
 * stands beside it; it moves with whatever else the machine runs.
 */
import { processNs } from './bells';
import { closeSettled } from './leave-close';
import { apiSlice, type CapturedCall, captureCalls, type Load, ms, Replay, Side } from './lists';
import { type ListCall, smallCalls } from './scenarios';

export const FIXED_COST_HEADING =
  '## The fixed cost of a call: small calls against the bare route (PostgreSQL)';

export interface FixedCostOptions {
  base: string;
  url: string;
  /** The server's process. */
  pid: number;
  token: string;
  /** Who is signed in (E-ID), for the report. */
  as: string;
  connections: number;
  duration: number;
  slice: number;
  /** Only the calls whose name contains one of these texts. */
  calls?: string[];
}

/** One side's latencies and its CPU per call (ms). */
export interface Measured {
  load: Load;
  cpu: number;
}

export interface FixedCostRow {
  call: string;
  statements: number;
  api: Measured;
  sql: Measured;
  /** The bare route and its statement, in the same turns. */
  bareApi: Measured;
  bareSql: Measured;
  errors: number;
  replayMismatch: string | null;
}

export interface FixedCostRun {
  rows: FixedCostRow[];
  when: string;
  options: Omit<FixedCostOptions, 'token' | 'base' | 'url' | 'pid'>;
}

/** A side and the CPU (ns) of the process that does its work. */
class Timed {
  side = new Side();
  ns = 0;
  measured(): Measured {
    const load = this.side.load();
    return { load, cpu: this.ns / 1e6 / Math.max(1, this.side.samples.length + this.side.errors) };
  }
}

/** The call and the bare route, API and SQL, taking turns for `duration` seconds each. */
async function measurePair(
  options: FixedCostOptions,
  bare: CapturedCall,
  call: CapturedCall,
): Promise<FixedCostRow> {
  const { base, url, token, connections, duration, pid } = options;
  const replays = [
    await Replay.open(url, call.statements, connections),
    await Replay.open(url, bare.statements, connections),
  ];
  const [callApi, callSql, bareApi, bareSql] = [new Timed(), new Timed(), new Timed(), new Timed()];
  try {
    const slices = Math.max(1, Math.round(duration / options.slice));
    const seconds = duration / slices;
    for (let i = 0; i < slices; i++) {
      for (const [timed, c] of [
        [bareApi, bare],
        [callApi, call],
      ] as const) {
        const server0 = processNs(pid);
        await apiSlice(timed.side, base, c.call, token, connections, seconds);
        timed.ns += processNs(pid) - server0;
      }
      for (const [timed, replay] of [
        [callSql, replays[0]!],
        [bareSql, replays[1]!],
      ] as const) {
        const own0 = processNs(process.pid);
        await replay.slice(timed.side, seconds);
        timed.ns += processNs(process.pid) - own0;
      }
    }
  } finally {
    for (const r of replays) await r.close();
  }
  const [api, sql, bApi, bSql] = [callApi, callSql, bareApi, bareSql].map((t) => t.measured()) as [
    Measured,
    Measured,
    Measured,
    Measured,
  ];
  return {
    call: call.call.name,
    statements: call.statements.length,
    api,
    sql,
    bareApi: bApi,
    bareSql: bSql,
    errors: api.load.errors + sql.load.errors + bApi.load.errors + bSql.load.errors,
    replayMismatch: replays[0]!.mismatch ?? replays[1]!.mismatch,
  };
}

export async function fixedCostBench(options: FixedCostOptions): Promise<FixedCostRun> {
  const { base, url, token } = options;
  // The server runs the day's leave period close when it starts: not under the measurement.
  const waited = await closeSettled(url);
  if (waited > 1) console.log(`  waited ${waited.toFixed(0)} s for the server's leave period close of today`);
  const when = new Date().toISOString();
  const wanted = options.calls;
  const calls: ListCall[] = (await smallCalls(base, token)).filter(
    (c, i) => i === 0 || wanted === undefined || wanted.some((w) => c.name.includes(w)),
  );
  const [bare, ...captured] = await captureCalls(url, token, calls);
  if (!bare) throw new Error('The bare route was not captured');
  // Warm both up (the first calls prepare their statements on the server's connections).
  for (const c of [bare, ...captured]) {
    await apiSlice(new Side(), base, c.call, token, options.connections, 1);
  }
  const rows: FixedCostRow[] = [];
  for (const c of captured) {
    process.stdout.write(`  ${c.call.name} (${c.statements.length} statements) ... `);
    const row = await measurePair(options, bare, c);
    const p = partsOf(row);
    console.log(
      `API p50 ${ms(row.api.load.p50)} ms, server ${ms(row.api.cpu)} ms CPU; SQL p50 ${ms(row.sql.load.p50)} ms, driver ${ms(row.sql.cpu)} ms CPU; ` +
        `bare route ${ms(p.bareCpu)} ms CPU; remainder ${ms(p.remainderCpu)} ms CPU${row.errors ? `; ${row.errors} errors` : ''}`,
    );
    rows.push(row);
  }
  const { base: _b, url: _u, pid: _p, token: _t, ...shown } = options;
  return { rows, when, options: shown };
}

/** A call's parts, as the module's comment tells them. */
export interface Parts {
  /** The bare route's cost beside this call: its server CPU less its statement's driver share. */
  bareCpu: number;
  bareP50: number;
  /** The call's server CPU less its statements' driver share less the bare route's cost. */
  remainderCpu: number;
  /** The same in latency at p50. */
  remainderP50: number;
}

export function partsOf(r: FixedCostRow): Parts {
  const bareCpu = r.bareApi.cpu - r.bareSql.cpu;
  const bareP50 = r.bareApi.load.p50 - r.bareSql.load.p50;
  return {
    bareCpu,
    bareP50,
    remainderCpu: r.api.cpu - r.sql.cpu - bareCpu,
    remainderP50: r.api.load.p50 - r.sql.load.p50 - bareP50,
  };
}

const signed = (v: number) => (v < 0 ? `−${ms(-v)}` : ms(v));
const ratio = (v: number) => (v < 0 ? `−${(-v).toFixed(2)}` : v.toFixed(2));
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? ((s[(s.length - 1) >> 1] ?? 0) + (s[s.length >> 1] ?? 0)) / 2 : Number.NaN;
};

export function fixedCostSection(run: FixedCostRun, employees: number): string {
  const o = run.options;
  const parts = run.rows.map(partsOf);
  const bare = run.rows[0];
  const troubles = run.rows.filter((r) => r.errors || r.replayMismatch);
  return [
    FIXED_COST_HEADING,
    '',
    `${run.when}; ${employees.toLocaleString('en')} employees; signed in as ${o.as}. Each call and the bare route (\`GET session\`, the session check alone) against the statements they send, replayed alone with \`pg\` as named prepared statements (\`lists.ts\`); autocannon and the replay at ${o.connections} connection${o.connections === 1 ? '' : 's'}, ${o.duration} s each, the four taking turns in slices of about ${o.slice} s. CPU per call (ms): the server's over its slices; the driver's, this process replaying the statements. The bare route's cost is its server CPU less its statement's driver CPU, beside each call (median **${ms(median(parts.map((p) => p.bareCpu)))} ms of CPU**, ${ms(median(parts.map((p) => p.bareP50)))} ms of latency at p50${bare ? `; the session statement alone ${ms(bare.bareSql.load.p50)} ms` : ''}); a call's remainder is its server CPU less its statements' driver CPU less that bare cost, and in latency the same subtraction of p50s.`,
    '',
    '| call | statements | API p50 | SQL p50 | bare p50 | remainder p50 | server CPU | driver CPU | bare CPU | remainder CPU | remainder / bare (CPU) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...run.rows.map((r, i) => {
      const p = parts[i]!;
      return `| ${r.call} | ${r.statements} | ${ms(r.api.load.p50)} | ${ms(r.sql.load.p50)} | ${ms(p.bareP50)} | ${signed(p.remainderP50)} | ${ms(r.api.cpu)} | ${ms(r.sql.cpu)} | ${ms(p.bareCpu)} | ${signed(p.remainderCpu)} | ${ratio(p.remainderCpu / p.bareCpu)} |`;
    }),
    '',
    ...(troubles.length
      ? [
          `Errors: ${troubles.map((r) => `${r.call} ${r.errors}${r.replayMismatch ? ` (${r.replayMismatch})` : ''}`).join(', ')}.`,
          '',
        ]
      : []),
  ].join('\n');
}
