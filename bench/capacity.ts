/**
 * A capacity model from measured CPU per action: each action of the day at
 * the office (`office.ts`: its users, their actions and the mix they are
 * drawn from), run alone against one API process on PostgreSQL, for a fixed
 * time from several connections at once. For each, the CPU time per action
 * of the API process, of the PostgreSQL server and of the load generator
 * (this process), read from the processes' own counters
 * (`/proc/<pid>/stat`: user and system time) at the start and the end of
 * the measured window:
 *
 * - API: the server process, every thread of it (the event loop, the
 *   garbage collector's, libuv's);
 * - PostgreSQL: the sessions of the API process (the children of the
 *   postmaster whose client port is one of the API's connections to the
 *   server: its pool and its LISTEN connection), the postmaster and the
 *   server's shared background processes (WAL writer, checkpointer,
 *   background writer, launchers), which also work for other databases;
 *   every other session (other people's tests and servers, even on the same
 *   database) is left out. A session that ends within the window loses its
 *   time (counted and reported; the API's pool keeps its ten sessions while
 *   it is busy);
 * - load generator: `process.cpuUsage()` of this process.
 *
 * Each action is measured from a quiet API process until it is quiet again
 * after its last answer, so what it sets going in the background (e-mails
 * queued by a leave request) is charged to it. The writes stop after
 * `writeLimit` actions each, so repeated runs leave the data set usable.
 *
 * The shares of the actions in the day's mix come from `Member.choose` over
 * the users as they are when the day begins (a user without a sheet or
 * without leave waiting gives those shares to the next action). The mix
 * itself is then run the same way (as many users at once as for the actions
 * alone, then every user): run together, the actions cost more CPU each than
 * alone (the interleaving factor of each side), and the model's user action
 * costs Σ share × CPU alone × that factor. With K API cores and M
 * PostgreSQL cores: min(K / api_ms, M / pg_ms) × 1000 actions/s.
 *
 * The check: the office day's morning and capacity phase (500 users, no
 * pause) on the same API process right after; its throughput against the
 * model's for this machine, where API, PostgreSQL and the load generator
 * share the cores (less what other work took during the phase) and the
 * API's event loop runs on one core at a time. The API's database sessions
 * are sampled meanwhile (running, waiting and on what, idle in a
 * transaction, idle in the pool), to tell a pool or lock limit from a CPU
 * one.
 */
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { closeSettled } from './leave-close';
import {
  cpuSecondsOf,
  leaveCalendar,
  Member,
  machineCpu,
  OFFICE_ACTIONS,
  type OfficeAction,
  type OfficeRun,
  type OfficeUser,
  officeDay,
  officeUsers,
} from './office';

export const CAPACITY_HEADING = '## Capacity: CPU per action and the office day it predicts';

/** The writes: measured for a limited number of actions, so repeated runs leave the data set usable. */
const WRITES = new Set<OfficeAction>(['leave apply', 'leave approve', 'KPI edit', 'comment']);

// ---------------------------------------------------------------------------
// CPU of the PostgreSQL server, from /proc

interface PgProcess {
  pid: number;
  ppid: number;
  title: string;
}

function postgresProcesses(): PgProcess[] {
  const found: PgProcess[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      found.push({ pid: Number(entry), ppid, title });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** A client session's title: `postgres: [cluster: ]user database host(port) state`; the client's port. */
const sessionTitle = /^postgres: (?:\S+: )?\S+ \S+ (?:\S+\((\d+)\)|\[local\])/;

/** The local ports of the process's TCP connections to `port` (its sockets, found in /proc/net/tcp). */
function clientPorts(pid: number, port: number): Set<number> {
  const inodes = new Set<string>();
  try {
    for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m) inodes.add(m[1]!);
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    return new Set();
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = fs.readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || !inodes.has(f[9]!)) continue;
      const local = Number.parseInt(f[1]!.split(':')[1]!, 16);
      const remote = Number.parseInt(f[2]!.split(':')[1]!, 16);
      if (remote === port) ports.add(local);
    }
  }
  return ports;
}

/**
 * CPU seconds so far of the PostgreSQL processes that work for the API
 * process: the postmaster, its background children, and the sessions whose
 * client is one of the API's connections to the server. Every other session
 * (other databases, other processes on the same database) is left out.
 */
function postgresCpu(apiPid: number, serverPort: number): Map<number, number> {
  const ours = clientPorts(apiPid, serverPort);
  const all = postgresProcesses();
  const pids = new Set(all.map((p) => p.pid));
  const out = new Map<number, number>();
  for (const postmaster of all.filter((p) => !pids.has(p.ppid))) {
    out.set(postmaster.pid, cpuSecondsOf(postmaster.pid));
    for (const child of all.filter((p) => p.ppid === postmaster.pid)) {
      const session = sessionTitle.exec(child.title);
      if (session && !ours.has(Number(session[1]))) continue;
      out.set(child.pid, cpuSecondsOf(child.pid));
    }
  }
  return out;
}

/** CPU seconds each part spent in a window, and the PostgreSQL sessions that ended within it. */
export interface CpuSpent {
  seconds: number;
  api: number;
  /** The API process's main thread alone (its event loop: at most one core). */
  apiMain: number;
  pg: number;
  generator: number;
  /** Cores' seconds the machine spent on anything else (other people's work). */
  other: number;
  idle: number;
  /** Of the idle time, waiting for I/O (the commits' WAL flushes). */
  iowait: number;
  ended: number;
}

/**
 * What the API's sessions were doing, sampled every `everyMs` (250) from
 * pg_stat_activity: the mean number of them running a statement (on the CPU
 * or waiting, by wait event), in a transaction waiting for the API, and
 * idle in the pool. All ten busy with nobody idle: the pool is the limit.
 */
export class SessionStates {
  private readonly client: pg.Client;
  private timer: NodeJS.Timeout | null = null;
  private samples = 0;
  private readonly counts = new Map<string, number>();
  private running = Promise.resolve();

  constructor(
    url: string,
    private readonly apiPid: number,
    private readonly serverPort: number,
    private readonly everyMs = 250,
  ) {
    this.client = new pg.Client({ connectionString: url });
  }

  async connect(): Promise<void> {
    await this.client.connect();
  }

  /** Samples from now on, until `stop`. */
  begin(): void {
    this.timer = setInterval(() => {
      this.running = this.running.then(() => this.sample()).catch(() => {});
    }, this.everyMs);
  }

  private ports: number[] = [];
  private portsAt = 0;

  private async sample() {
    // The API's connections change seldom (a pool of ten); looking them up reads every socket of the
    // machine, so only every 2 s, to keep this process's own CPU (counted as the load generator's) small.
    if (performance.now() - this.portsAt > 2000) {
      this.ports = [...clientPorts(this.apiPid, this.serverPort)];
      this.portsAt = performance.now();
    }
    const ports = this.ports;
    const res = await this.client.query<{ state: string | null; wait: string | null }>(
      `select state, wait_event_type || ':' || wait_event as wait from pg_stat_activity
        where client_port = any($1::int[]) and query not like 'LISTEN %'`,
      [ports],
    );
    this.samples++;
    for (const row of res.rows) {
      const key =
        row.state === 'active' ? (row.wait ? `waiting (${row.wait})` : 'running') : (row.state ?? 'unknown');
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    }
  }

  /** Mean sessions in each state over the samples. */
  async stop(): Promise<Map<string, number>> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.client.end();
    return new Map(
      [...this.counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, n / Math.max(1, this.samples)]),
    );
  }
}

/** CPU of the API process, PostgreSQL (for the API), this process and the machine, from one moment to the next. */
export class CpuWindow {
  private readonly api: number;
  private readonly apiMain: number;
  private readonly pg: Map<number, number>;
  private readonly generator: NodeJS.CpuUsage;
  private readonly machine: { idle: number; iowait: number; total: number };
  private readonly started = performance.now();

  constructor(
    private readonly apiPid: number,
    private readonly serverPort: number,
  ) {
    this.pg = postgresCpu(apiPid, serverPort);
    this.api = cpuSecondsOf(apiPid);
    this.apiMain = cpuSecondsOf(`${apiPid}/task/${apiPid}`);
    this.generator = process.cpuUsage();
    this.machine = machineCpu();
  }

  /** CPU seconds of each part since the window opened, and the sessions that ended meanwhile. */
  close(): CpuSpent {
    const generator = process.cpuUsage(this.generator);
    const api = cpuSecondsOf(this.apiPid) - this.api;
    const apiMain = cpuSecondsOf(`${this.apiPid}/task/${this.apiPid}`) - this.apiMain;
    const machine = machineCpu();
    const pgNow = postgresCpu(this.apiPid, this.serverPort);
    const seconds = (performance.now() - this.started) / 1000;
    let pg = 0;
    for (const [pid, s] of pgNow) pg += s - (this.pg.get(pid) ?? 0);
    const ended = [...this.pg.keys()].filter((pid) => !pgNow.has(pid)).length;
    const gen = (generator.user + generator.system) / 1e6;
    const busy = machine.total - this.machine.total - (machine.idle - this.machine.idle);
    return {
      seconds,
      api,
      apiMain,
      pg,
      generator: gen,
      other: Math.max(0, busy - api - pg - gen),
      idle: machine.idle - this.machine.idle,
      iowait: machine.iowait - this.machine.iowait,
      ended,
    };
  }
}

// ---------------------------------------------------------------------------
// The measurement

/** One action measured alone. */
export interface ActionCost {
  action: OfficeAction;
  /** Share of the day's actions (0..1), from `Member.choose` over the users. */
  share: number;
  actions: number;
  calls: number;
  errors: number;
  errorSamples: string[];
  /** The window: the load, then until the API was quiet again. */
  seconds: number;
  loadSeconds: number;
  settleSeconds: number;
  /** CPU ms per action. */
  apiMs: number;
  /** Of which on the API's main thread (the event loop). */
  apiMainMs: number;
  pgMs: number;
  generatorMs: number;
  /** Cores others kept busy during the window, and left idle. */
  otherCores: number;
  idleCores: number;
  /** PostgreSQL sessions of the API that ended within the window (their time is lost). */
  ended: number;
  /** Calls answered within the window, by name. */
  byCall: Map<string, number>;
  /** The API's sessions during the load: mean number in each state. */
  states: Map<string, number>;
}

/** The day's mix run as one, measured as an action alone is. */
export interface MixRun {
  users: number;
  done: Map<OfficeAction, number>;
  cpu: CpuSpent;
  /** Cores left idle, and taken by other work, while the users acted (before the wait for quiet). */
  idleCores: number;
  otherCores: number;
  /** Cores the API, PostgreSQL and the load generator kept busy meanwhile. */
  busyCores: number;
  errors: number;
  loadSeconds: number;
  states: Map<string, number>;
}

const mixActions = (m: MixRun) => [...m.done.values()].reduce((a, b) => a + b, 0);

export interface CapacityResult {
  when: string;
  employees: number;
  users: number;
  connections: number;
  seconds: number;
  writeLimit: number;
  cores: number;
  costs: ActionCost[];
  day: OfficeRun;
  /** CPU of each part during the check's capacity phase, counted as the actions' is. */
  checkCpu: CpuSpent;
  /** The API's sessions during the check's capacity phase: mean number in each state. */
  checkStates: Map<string, number>;
  /** The mix measured as each action alone is (after the actions, before the check): as many users at once as for the actions, then all. */
  mixes: MixRun[];
}

export interface CapacityOptions {
  /** Seconds each action is measured (after a warm-up of a fifth of it, at least 1 s). */
  seconds: number;
  /** Users acting at once while one action is measured. */
  connections: number;
  /** At most this many actions of each write are measured. */
  writeLimit: number;
  /** Only these actions (all of the mix by default; the model then covers only these). */
  only?: string[];
  /** The PostgreSQL server's port (the API's sessions are found by their connections to it). */
  serverPort: number;
  employees: number;
}

/** Runs `work` for each item of `items`, `width` at a time. */
async function eachAtOnce<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) await work(items[i]!);
    }),
  );
}

/** The users with the number of submitted leave requests waiting for each as line manager now. */
async function waitingNow(url: string, users: OfficeUser[]): Promise<OfficeUser[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query<{ id: number; waiting: number }>(
      `select line_manager_id as id, count(*)::int as waiting from leaves
        where status_id = 2 and line_manager_id = any($1::int[]) group by line_manager_id`,
      [users.filter((u) => u.waiting > 0).map((u) => u.id)],
    );
    const waiting = new Map(res.rows.map((r) => [r.id, r.waiting]));
    return users.map((u) => ({ ...u, waiting: waiting.get(u.id) ?? 0 }));
  } finally {
    await client.end();
  }
}

/**
 * Waits until the API process is quiet (under 3 % of a core over half a
 * second), at most 15 s; the seconds waited.
 */
async function settle(pid: number): Promise<number> {
  const started = performance.now();
  let before = cpuSecondsOf(pid);
  while (performance.now() - started < 15_000) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuSecondsOf(pid);
    if (now - before < 0.015) break;
    before = now;
  }
  return (performance.now() - started) / 1000;
}

/** The API's sessions' mean numbers in each state, as text. */
export function statesText(states: Map<string, number>): string {
  return [...states].map(([k, n]) => `${k} ${n.toFixed(1)}`).join(', ') || 'none seen';
}

/** Rolls of 0..100 each action takes for this user (the thresholds of `choose` are whole numbers). */
function rollsOf(m: Member): Map<OfficeAction, number> {
  const out = new Map<OfficeAction, number>();
  for (let k = 0; k < 100; k++) {
    const a = m.choose(k + 0.5);
    out.set(a, (out.get(a) ?? 0) + 1);
  }
  return out;
}

/**
 * The office day's users signed in on the process, ready (as the day's own
 * are after its morning), each action alone for `seconds`, then the office
 * day's morning and capacity phases on the same process as the check.
 */
export async function capacityBench(
  server: { base: string; pid: number },
  url: string,
  userCount: number,
  opts: CapacityOptions,
): Promise<CapacityResult> {
  // The server closes the day's leave period when it starts: not under the measurement.
  await closeSettled(url);
  await settle(server.pid);
  const when = new Date().toISOString();
  const users: OfficeUser[] = await officeUsers(url, userCount);
  const calendar = await leaveCalendar(
    url,
    users.map((u) => u.id),
  );
  // Counted per window: each call's answer.
  let calls = 0;
  let errors = 0;
  let errorSamples: string[] = [];
  let byCall = new Map<string, number>();
  const record = (s: { action: string; status: number }) => {
    calls++;
    byCall.set(s.action, (byCall.get(s.action) ?? 0) + 1);
    if (s.status < 200 || s.status >= 300) {
      errors++;
      if (errorSamples.length < 3) errorSamples.push(`${s.action}: ${s.status}`);
    }
  };
  const members = users.map((u) => new Member({ ...u }, new URL(server.base), record, calendar.holidays));
  console.log(`  ${members.length} users sign in`);
  await eachAtOnce(members, 10, (m) => m.signIn());
  await eachAtOnce(members, 10, (m) => m.getReady(calendar.last.get(m.user.id)));
  if (errors) throw new Error(`signing in: ${errors} calls failed (${errorSamples.join('; ')})`);

  // The day's mix: every user as likely to act, each action by the rolls it takes.
  const rolls = members.map(rollsOf);
  const share = (a: OfficeAction) =>
    rolls.reduce((sum, r) => sum + (r.get(a) ?? 0), 0) / (100 * members.length);

  const costs: ActionCost[] = [];
  for (const action of OFFICE_ACTIONS.filter((a) => !opts.only || opts.only.includes(a))) {
    // The users who do this action, each as often as their rolls for it (a deck to draw from).
    const deck: Member[] = [];
    for (const [i, m] of members.entries()) for (let n = rolls[i]!.get(action) ?? 0; n > 0; n--) deck.push(m);
    if (deck.length === 0) continue;
    const width = Math.min(opts.connections, new Set(deck).size);
    const limit = WRITES.has(action) ? opts.writeLimit : Number.POSITIVE_INFINITY;
    process.stdout.write(`  ${action} (${width} at once) ... `);
    const draw = (): Member | null => {
      for (let tries = 0; tries < 1000; tries++) {
        const m = deck[Math.floor(Math.random() * deck.length)]!;
        // Not busy with another call, and still with leave waiting when approving (it may run out).
        if (!m.busy && (action !== 'leave approve' || m.user.waiting > 0)) return m;
      }
      return null;
    };
    /** `width` users doing the action until `ms` have passed or `most` actions were done; the actions done. */
    const load = async (ms: number, most: number) => {
      const until = performance.now() + ms;
      let done = 0;
      let started = 0;
      await Promise.all(
        Array.from({ length: width }, async () => {
          while (performance.now() < until && started < most) {
            const m = draw();
            if (!m) {
              await new Promise((r) => setTimeout(r, 5));
              continue;
            }
            started++;
            m.busy = true;
            try {
              await m.perform(action);
            } finally {
              m.busy = false;
            }
            done++;
          }
        }),
      );
      return done;
    };

    // Warm up, let what the warm-up left running end, then measure from quiet to quiet: the
    // window closes once the last action has answered and the API has finished what they set going
    // (e-mails queued by leave requests, say), so each action is charged with all of its work.
    await load(Math.max(1000, (opts.seconds * 1000) / 5), limit / 5);
    await settle(server.pid);
    calls = 0;
    errors = 0;
    errorSamples = [];
    byCall = new Map();
    const sessions = new SessionStates(url, server.pid, opts.serverPort);
    await sessions.connect();
    const window = new CpuWindow(server.pid, opts.serverPort);
    sessions.begin();
    const loadStarted = performance.now();
    const actions = await load(opts.seconds * 1000, limit);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const states = await sessions.stop();
    const settled = await settle(server.pid);
    const w = window.close();
    if (actions === 0) {
      console.log('no action measured');
      continue;
    }
    const cost: ActionCost = {
      action,
      share: share(action),
      actions,
      calls,
      errors,
      errorSamples: [...errorSamples],
      seconds: w.seconds,
      loadSeconds,
      settleSeconds: settled,
      apiMs: (w.api / actions) * 1000,
      apiMainMs: (w.apiMain / actions) * 1000,
      pgMs: (w.pg / actions) * 1000,
      generatorMs: (w.generator / actions) * 1000,
      otherCores: w.other / w.seconds,
      idleCores: w.idle / w.seconds,
      ended: w.ended,
      byCall: new Map(byCall),
      states,
    };
    console.log(
      `${actions} actions${cost.byCall.size > 1 ? ` (${[...cost.byCall].map(([c, n]) => `${c} ${n}`).join(', ')})` : ''} in ${loadSeconds.toFixed(1)} s (${(actions / loadSeconds).toFixed(0)}/s; quiet ${settled.toFixed(1)} s later); CPU ms per action: ` +
        `API ${cost.apiMs.toFixed(2)}, PostgreSQL ${cost.pgMs.toFixed(2)}, generator ${cost.generatorMs.toFixed(2)}` +
        `${cost.errors ? `; ${cost.errors} errors (${cost.errorSamples.join('; ')})` : ''}; sessions ${statesText(states)}`,
    );
    costs.push(cost);
  }

  // The mix itself, measured the same way: users acting without pause, as in the capacity phase; as
  // many at once as for each action alone, then every user.
  const mixes: MixRun[] = [];
  const step = Math.max(1, Math.round(members.length / opts.connections));
  for (const group of [members.filter((_, i) => i % step === 0), members]) {
    process.stdout.write(`  the mix, ${group.length} users at once ... `);
    const done = new Map<OfficeAction, number>();
    await settle(server.pid);
    calls = 0;
    errors = 0;
    const sessions = new SessionStates(url, server.pid, opts.serverPort);
    await sessions.connect();
    const window = new CpuWindow(server.pid, opts.serverPort);
    sessions.begin();
    const started = performance.now();
    const until = started + opts.seconds * 1000;
    await Promise.all(
      group.map(async (m) => {
        while (performance.now() < until) {
          const a = await m.act();
          done.set(a, (done.get(a) ?? 0) + 1);
        }
      }),
    );
    const loadSeconds = (performance.now() - started) / 1000;
    const duringLoad = window.close();
    const states = await sessions.stop();
    await settle(server.pid);
    const cpu = window.close();
    const run: MixRun = {
      users: group.length,
      done,
      cpu,
      idleCores: duringLoad.idle / duringLoad.seconds,
      otherCores: duringLoad.other / duringLoad.seconds,
      busyCores: (duringLoad.api + duringLoad.pg + duringLoad.generator) / duringLoad.seconds,
      errors,
      loadSeconds,
      states,
    };
    const n = mixActions(run);
    console.log(
      `${n} actions in ${loadSeconds.toFixed(1)} s; CPU ms per action: API ${((cpu.api / n) * 1000).toFixed(2)}, PostgreSQL ${((cpu.pg / n) * 1000).toFixed(2)}, generator ${((cpu.generator / n) * 1000).toFixed(2)}${errors ? `; ${errors} errors` : ''}; idle ${run.idleCores.toFixed(2)} cores, other work ${run.otherCores.toFixed(2)}; sessions ${statesText(states)}`,
    );
    mixes.push(run);
  }
  for (const m of members) m.agent.destroy();

  // The check: the office day's morning and capacity phase on the same process, for the same users (who
  // signed in from this address before: a burst of first sign-ins from one address meets its limit), with
  // the leave now waiting for them (some was approved above).
  console.log(`  the check: the office day's morning and capacity phase, ${userCount} users`);
  let checkWindow: CpuWindow | null = null;
  let checkCpu: CpuSpent | null = null;
  const checkSessions = new SessionStates(url, server.pid, opts.serverPort);
  await checkSessions.connect();
  const day = await officeDay(
    [server],
    url,
    await waitingNow(url, users),
    opts.seconds,
    () => [],
    (edge) => {
      if (edge === 'start') {
        checkWindow = new CpuWindow(server.pid, opts.serverPort);
        checkSessions.begin();
      } else checkCpu = (checkWindow as CpuWindow | null)?.close() ?? null;
    },
  );
  const checkStates = await checkSessions.stop();
  if (!checkCpu) throw new Error('the capacity phase was not measured');
  return {
    when,
    employees: opts.employees,
    users: members.length,
    connections: opts.connections,
    seconds: opts.seconds,
    writeLimit: opts.writeLimit,
    cores: os.cpus().length,
    costs,
    day,
    checkCpu,
    mixes,
    checkStates,
  };
}

// ---------------------------------------------------------------------------
// The model and the report

/** CPU ms of one user action on each side (API, of it the event loop, PostgreSQL, load generator), and its calls. */
export interface PerAction {
  api: number;
  apiMain: number;
  pg: number;
  generator: number;
  calls: number;
}

/** One user action of a mix (weights of the actions, any scale), from the actions measured alone. */
export function perUserAction(costs: ActionCost[], weightOf: (c: ActionCost) => number): PerAction {
  const total = costs.reduce((sum, c) => sum + weightOf(c), 0);
  const sum = (f: (c: ActionCost) => number) =>
    costs.reduce((acc, c) => acc + (weightOf(c) / total) * f(c), 0);
  return {
    api: sum((c) => c.apiMs),
    apiMain: sum((c) => c.apiMainMs),
    pg: sum((c) => c.pgMs),
    generator: sum((c) => c.generatorMs),
    calls: sum((c) => c.calls / c.actions),
  };
}

/** What a mix run cost per action, each side. */
function mixPerAction(m: MixRun): PerAction {
  const n = mixActions(m);
  return {
    api: (m.cpu.api / n) * 1000,
    apiMain: (m.cpu.apiMain / n) * 1000,
    pg: (m.cpu.pg / n) * 1000,
    generator: (m.cpu.generator / n) * 1000,
    calls: 0,
  };
}

const times = (a: PerAction, f: PerAction): PerAction => ({
  api: a.api * f.api,
  apiMain: a.apiMain * f.apiMain,
  pg: a.pg * f.pg,
  generator: a.generator * f.generator,
  calls: a.calls,
});

/** User actions per second K API cores and M PostgreSQL cores can serve (each side on cores of its own). */
export function capacityOf(mix: { api: number; pg: number }, apiCores: number, pgCores: number): number {
  return Math.min((apiCores * 1000) / mix.api, (pgCores * 1000) / mix.pg);
}

/** Seconds between two actions of one active user, for the users served (stated, not measured). */
export const THINK_SECONDS = 30;

/**
 * The model and its check. A user action costs Σ share × CPU alone, times
 * the interleaving factor of each side: what the mix run as one (every user)
 * cost per action over what its own draw of actions cost alone.
 */
export function capacityModel(r: CapacityResult) {
  const all = r.mixes[r.mixes.length - 1]!;
  const byDraw = (m: MixRun) => perUserAction(r.costs, (c) => m.done.get(c.action) ?? 0);
  const aloneOfAll = byDraw(all);
  const measuredAll = mixPerAction(all);
  const factor: PerAction = {
    api: measuredAll.api / aloneOfAll.api,
    apiMain: measuredAll.apiMain / aloneOfAll.apiMain,
    pg: measuredAll.pg / aloneOfAll.pg,
    generator: measuredAll.generator / aloneOfAll.generator,
    calls: 1,
  };
  const designed = perUserAction(r.costs, (c) => c.share);
  const model = times(designed, factor);
  // Of the cores other work left, the share the mix kept busy with every user acting: the rest stayed
  // idle though 500 users waited (hand-offs between the processes, not I/O, locks or the pool).
  const reach = all.busyCores / (all.busyCores + all.idleCores);

  // The check: the capacity phase's own draw of actions.
  const done = r.day.capacityActions;
  const actions = [...done.values()].reduce((a, b) => a + b, 0);
  const phase = r.day.capacity;
  const cpu = r.checkCpu;
  const measured = actions / cpu.seconds;
  const seenAlone = perUserAction(r.costs, (c) => done.get(c.action) ?? 0);
  const seen = times(seenAlone, factor);
  const otherCores = cpu.other / cpu.seconds;
  // API, PostgreSQL and the load generator take turns on the machine's cores (those other work
  // left them), and one API process's event loop runs on one core at a time.
  const shared = (p: PerAction, cores: number, share = reach) =>
    Math.min((share * cores * 1000) / (p.api + p.pg + p.generator), 1000 / p.apiMain);
  const predicted = shared(seen, r.cores - otherCores);
  return {
    factor,
    reach,
    designed,
    model,
    mixes: r.mixes.map((m) => ({ run: m, cost: mixPerAction(m), alone: byDraw(m) })),
    check: {
      actions,
      measured,
      calls: phase.requests / cpu.seconds,
      seen,
      seenAlone,
      otherCores,
      predicted,
      /** Every core other work left kept busy. */
      predictedFull: shared(seen, r.cores - otherCores, 1),
      /** Without the interleaving factor, every core busy. */
      predictedAlone: shared(seenAlone, r.cores - otherCores, 1),
      /** On every core, as if nothing else ran. */
      predictedAllCores: shared(seen, r.cores),
      busy: (cpu.api + cpu.pg + cpu.generator) / cpu.seconds,
      eventLoopBound: predicted === 1000 / seen.apiMain,
      ratio: measured / predicted,
      inPhase: {
        api: (cpu.api / actions) * 1000,
        apiMain: (cpu.apiMain / actions) * 1000,
        pg: (cpu.pg / actions) * 1000,
        generator: (cpu.generator / actions) * 1000,
      },
      cores: {
        api: cpu.api / cpu.seconds,
        pg: cpu.pg / cpu.seconds,
        generator: cpu.generator / cpu.seconds,
        idle: cpu.idle / cpu.seconds,
        iowait: cpu.iowait / cpu.seconds,
      },
    },
  };
}

const f2 = (n: number) => n.toFixed(2);
const f0 = (n: number) => n.toFixed(0);
const thousands = (n: number) => Math.round(n).toLocaleString('en');
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;

export function capacitySection(r: CapacityResult): string {
  const m = capacityModel(r);
  const c = m.check;
  const phase = r.day.capacity;
  const ended = r.costs.reduce((a, x) => a + x.ended, 0);
  const others =
    r.costs.reduce((a, x) => a + x.otherCores * x.seconds, 0) / r.costs.reduce((a, x) => a + x.seconds, 0);
  const lines = [
    CAPACITY_HEADING,
    '',
    `${r.when}; ${r.employees} employees on PostgreSQL; one API process; the office day's ${r.users} users signed in. Each action of the day's mix alone, from ${r.connections} users at once (fewer when fewer users do it), for ${r.seconds} s after a warm-up (the writes for at most ${r.writeLimit} actions), the users drawn as often as the mix has them do it; each measured from a quiet API process until it is quiet again after the last answer (so what an action sets going in the background, such as e-mails, is counted). Then the mix itself, run the same way. CPU from the processes' own counters (/proc/<pid>/stat, user + system): the API process (all its threads; "event loop": its main thread alone), PostgreSQL (the API's own sessions, found by their client ports, the postmaster and its background processes; every other session left out) and the load generator (this process), per action, in ms. An action is one call, except leave apply (apply, then submit) and leave approve (the team's submitted leave, then approve or reject). The machine has ${r.cores} cores; other work on it took ${f2(others)} cores on average during the measurements; the API's sessions that ended within a window (their time lost): ${ended}.`,
    '',
    '| action | share of the mix | API CPU ms/action | of it event loop | PostgreSQL CPU ms/action | load generator ms/action | calls/action | actions (calls) measured | actions/s | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...r.costs.map(
      (x) =>
        `| ${x.action} | ${pct(x.share)} | ${f2(x.apiMs)} | ${f2(x.apiMainMs)} | ${f2(x.pgMs)} | ${f2(x.generatorMs)} | ${f2(x.calls / x.actions)} | ${x.actions} (${x.calls}) | ${f0(x.actions / x.loadSeconds)} | ${x.errors}${x.errorSamples.length ? ` (${x.errorSamples.join('; ')})` : ''} |`,
    ),
    `| **a user action, Σ share × alone** | 100 % | **${f2(m.designed.api)}** | ${f2(m.designed.apiMain)} | **${f2(m.designed.pg)}** | ${f2(m.designed.generator)} | ${f2(m.designed.calls)} | | | |`,
    ...m.mixes.map(
      (x) =>
        `| *the mix run as one, ${x.run.users} users at once* | | ${f2(x.cost.api)} | ${f2(x.cost.apiMain)} | ${f2(x.cost.pg)} | ${f2(x.cost.generator)} | | ${mixActions(x.run)} | ${f0(mixActions(x.run) / x.run.loadSeconds)} | ${x.run.errors} |`,
    ),
    `| **a user action of the model** (Σ share × alone × interleaving) | 100 % | **${f2(m.model.api)}** | ${f2(m.model.apiMain)} | **${f2(m.model.pg)}** | ${f2(m.model.generator)} | | | | |`,
    '',
    `Interleaving: the mix run as one costs more per action than its own draw of actions did alone (${m.mixes.map((x) => `${x.run.users} users: API ${f2(x.cost.api / x.alone.api)}, PostgreSQL ${f2(x.cost.pg / x.alone.pg)}, generator ${f2(x.cost.generator / x.alone.generator)}; idle ${f2(x.run.idleCores)} cores, other work ${f2(x.run.otherCores)}, the API's sessions ${statesText(x.run.states)}`).join('; ')}). The factor of every user at once (API ${f2(m.factor.api)}, event loop ${f2(m.factor.apiMain)}, PostgreSQL ${f2(m.factor.pg)}, generator ${f2(m.factor.generator)}) is the model's.`,
    '',
    '**The model.** With K API cores (one process each) and a PostgreSQL of M cores, on machines of their own:',
    '',
    `    actions/s = 1000 × min(K / api_ms, M / pg_ms), api_ms = ${f2(m.model.api)}, pg_ms = ${f2(m.model.pg)}`,
    `    active users = actions/s × ${THINK_SECONDS} s (one action every ${THINK_SECONDS} s per active user)`,
    '',
  ];
  for (const [k, mc] of [
    [1, 1],
    [2, 2],
    [4, 4],
    [8, 4],
  ] as const) {
    const x = capacityOf(m.model, k, mc);
    lines.push(
      `- ${k} API + ${mc} PostgreSQL cores: ${thousands(x)} actions/s (${(k * 1000) / m.model.api < (mc * 1000) / m.model.pg ? 'the API is the limit' : 'PostgreSQL is the limit'}), ${thousands(x * THINK_SECONDS)} active users.`,
    );
  }
  lines.push(
    '',
    `These are CPU ceilings. With every user acting, the mix kept ${pct(m.reach)} of the cores other work left busy on this machine (the rest idle while users waited); a deployment reaches its ceiling times such a share, and runs well below it for short answers (the office day's steady phase runs at 60 % of the capacity).`,
    '',
    `**The check.** On this machine the API, PostgreSQL and the load generator share its ${r.cores} cores (less what other work took), they keep busy only the share of them the mix run as one did (${pct(m.reach)}), and the API's event loop runs on one core at a time: the model's throughput is 1000 × min(${f2(m.reach)} × cores left / (api + pg + generator ms), 1 / event loop ms), per action of the mix the phase drew. The office day's capacity phase, ${r.day.users} users with no pause, ${f0(phase.seconds)} s on the same process:`,
    '',
    '| | actions/s | calls/s |',
    '| --- | ---: | ---: |',
    `| measured | ${f0(c.measured)} | ${f0(c.calls)} |`,
    `| **predicted**: ${f2(m.reach)} × ${f2(r.cores - c.otherCores)} cores left / ${f2(c.seen.api + c.seen.pg + c.seen.generator)} ms (${f2(c.seen.api)} API + ${f2(c.seen.pg)} PostgreSQL + ${f2(c.seen.generator)} generator)${c.eventLoopBound ? `; the event loop (${f2(c.seen.apiMain)} ms) is the limit` : ''} | **${f0(c.predicted)}** | ${f0(c.predicted * c.seen.calls)} |`,
    `| predicted with every core left busy | ${f0(c.predictedFull)} | ${f0(c.predictedFull * c.seen.calls)} |`,
    `| predicted with every core left busy, without the interleaving factor | ${f0(c.predictedAlone)} | ${f0(c.predictedAlone * c.seen.calls)} |`,
    `| predicted on all ${r.cores} cores, as if nothing else ran | ${f0(c.predictedAllCores)} | ${f0(c.predictedAllCores * c.seen.calls)} |`,
    '',
    `**Measured / predicted: ${f2(c.ratio)}** (with every core left busy: ${f2(c.measured / c.predictedFull)}; and without the interleaving factor: ${f2(c.measured / c.predictedAlone)}). During the phase: API ${f2(c.cores.api)} cores, PostgreSQL ${f2(c.cores.pg)}, generator ${f2(c.cores.generator)}, other work ${f2(c.otherCores)}, idle ${f2(c.cores.idle)} (of it waiting for I/O ${f2(c.cores.iowait)}); the API's database sessions (mean number): ${statesText(r.checkStates)}; CPU ms per action API ${f2(c.inPhase.api)} (event loop ${f2(c.inPhase.apiMain)}), PostgreSQL ${f2(c.inPhase.pg)}, generator ${f2(c.inPhase.generator)}, against the model's ${f2(c.seen.api)} (${f2(c.seen.apiMain)}), ${f2(c.seen.pg)}, ${f2(c.seen.generator)}; p50 ${phase.p50.toFixed(0)} ms, p99 ${phase.p99.toFixed(0)} ms, ${phase.errors} errors${phase.errorSamples.length ? ` (${phase.errorSamples.join('; ')})` : ''}; the morning before it: ${r.day.morning.errors} errors.`,
  );
  return `${lines.join('\n')}\n`;
}
