/**
 * Every call of the API against its own statements replayed by pgbench
 * (`npm run bench -- --only sql-ratio`, PostgreSQL).
 *
 * Reads: each read call of the portal (the request lists, the detail calls,
 * the org chart, the calibration grid, the caller's profile and its tabs,
 * the reference lists) is captured in process (`captureCalls`: the app built
 * from the server's sources, the statements it sends recorded with their
 * values) and written out as a pgbench script: each statement in order, its
 * values written in as untyped string literals (as node-postgres renders
 * them, so PostgreSQL infers their types from the context as it does a
 * parameter's). The API side (autocannon against the built server) and
 * pgbench (`-M prepared`, as many clients) take turns in slices; the table
 * sets the calls per second of each side beside each other.
 *
 * Writes: a leave request's submit, its approval by the line manager, a
 * comment on a KPI sheet and a device's batch of 100 punches, each called
 * `writes` times on fresh data from as many clients at once, with the CPU
 * the API process and PostgreSQL spent per call (`CpuWindow`), then one
 * call of each captured (its work rolled back: `dry`) and replayed by
 * pgbench as one transaction that ends in ROLLBACK, so every replay does the
 * same work on the same data and leaves nothing behind.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { CpuWindow } from './capacity';
import {
  apiSlice,
  type CaptureCall,
  type CapturedCall,
  captureCalls,
  type Load,
  ms,
  percentile,
  Side,
  type Statement,
} from './lists';
import { cpuSecondsOf, leaveCalendar } from './office';
import { bareCall, type ListCall } from './scenarios';
import { withAppInProcess } from './support/app-in-process';

/** The section of `results/latest.md`; the build measured in brackets, so a before table stands beside it. */
export const sqlRatioHeading = (label: string) =>
  `## Calls against their statements replayed by pgbench (${label})`;

// ---------------------------------------------------------------- the statements as pgbench script

const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as {
  /** What node-postgres sends for a value: text, a Buffer (bytea) or null. */
  prepareValue: (value: unknown) => string | Buffer | null;
};

/**
 * Text as an escape string literal pgbench leaves alone: pgbench takes
 * `:name` for a variable anywhere, inside quotes too, so `:` is written
 * `\x3a` (and backslash, quote and control characters escaped).
 */
function escapeLiteral(text: string): string {
  let out = "E'";
  for (const ch of text) {
    if (ch === '\\') out += '\\\\';
    else if (ch === "'") out += "\\'";
    else if (ch === ':') out += '\\x3a';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch < ' ') out += `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

/** A parameter's value as an untyped literal: what node-postgres would send, NULL for null. */
export function sqlLiteral(value: unknown): string {
  const prepared = prepareValue(value);
  if (prepared === null) return 'NULL';
  return escapeLiteral(Buffer.isBuffer(prepared) ? `\\x${prepared.toString('hex')}` : prepared);
}

const identChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_$\u0080-\uffff]/.test(c);

/**
 * A statement with its parameters written in, safe for pgbench: `$n`
 * outside quotes becomes the value's literal; string literals holding a
 * `:` are written as escape strings with `\x3a`; a `:` outside quotes that
 * pgbench would read as a variable (an array slice `[1:n]`) gets a space
 * after it; comments are dropped. Casts (`::`) stay as they are.
 */
export function inlineStatement(text: string, values: unknown[]): string {
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end;
      out += ' ';
      continue;
    }
    if (c === '/' && next === '*') {
      let depth = 0;
      do {
        if (text.startsWith('/*', i)) {
          depth++;
          i += 2;
        } else if (text.startsWith('*/', i)) {
          depth--;
          i += 2;
        } else i++;
      } while (depth > 0 && i < n);
      out += ' ';
      continue;
    }
    if (c === "'") {
      // E'...' (backslash escapes) when an E stands right before the quote, on its own.
      const escapeString = /[eE]$/.test(out) && !identChar(out.at(-2));
      let j = i + 1;
      let body = '';
      for (;;) {
        if (j >= n) throw new Error(`An unterminated string in: ${text.slice(0, 200)}`);
        const d = text[j]!;
        if (escapeString && d === '\\') {
          body += text.slice(j, j + 2);
          j += 2;
        } else if (d === "'" && text[j + 1] === "'") {
          body += "''";
          j += 2;
        } else if (d === "'") break;
        else {
          body += d;
          j++;
        }
      }
      i = j + 1;
      if (!body.includes(':')) out += `'${body}'`;
      else if (escapeString) out += `'${body.replaceAll(':', '\\x3a')}'`;
      else out += escapeLiteral(body.replaceAll("''", "'"));
      continue;
    }
    if (c === '"') {
      const end = text.indexOf('"', i + 1);
      const quoted = text.slice(i, end < 0 ? n : end + 1);
      if (/:[A-Za-z0-9_\u0080-\uffff]/.test(quoted))
        throw new Error(`pgbench would read a variable in the identifier ${quoted}`);
      out += quoted;
      i += quoted.length;
      continue;
    }
    if (c === '$' && !identChar(out.at(-1))) {
      const param = /^\$(\d+)/.exec(text.slice(i));
      if (param) {
        const k = Number(param[1]);
        if (k < 1 || k > values.length) throw new Error(`$${k} has no value (${values.length} given)`);
        out += sqlLiteral(values[k - 1]);
        i += param[0].length;
        continue;
      }
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
      if (tag) {
        const end = text.indexOf(tag[0], i + tag[0].length);
        if (end < 0) throw new Error(`An unterminated ${tag[0]} string in: ${text.slice(0, 200)}`);
        const body = text.slice(i + tag[0].length, end);
        out += body.includes(':') ? escapeLiteral(body) : `${tag[0]}${body}${tag[0]}`;
        i = end + tag[0].length;
        continue;
      }
    }
    if (c === ':') {
      if (next === ':') {
        out += '::';
        i += 2;
        while (text[i] === ':') out += text[i++];
        continue;
      }
      out += identChar(next) ? ': ' : ':';
      i++;
      continue;
    }
    out += c;
    i++;
  }
  return out.trim().replace(/;\s*$/, '');
}

/** The app's own transaction control, which a replayed write's outer transaction stands in for. */
const TRANSACTION_CONTROL = /^\s*(begin|start transaction|commit|end)\b[^;]*;?\s*$/i;

/** One call's replay: the statements as pgbench runs them (no `;`), and what the app got from each. */
interface Script {
  commands: string[];
  /** Rows the app got from each command (null for the BEGIN and ROLLBACK a write's replay adds). */
  rows: (number | null)[];
  /** The app's statements that ran while another of the call's was running (replayed one after the other). */
  overlapped: number;
  /** Pool connections the call used. */
  connections: number;
}

/**
 * A read's statements in order, as the app sent them. A write's in one
 * transaction that ends in ROLLBACK: the app's own BEGIN and COMMIT are left
 * out (the replay's BEGIN and ROLLBACK take their place; the statements the
 * app sent outside its transaction run inside the replay's).
 */
function scriptOf(statements: Statement[], write: boolean): Script {
  const kept = write ? statements.filter((s) => !TRANSACTION_CONTROL.test(s.text)) : statements;
  const commands = kept.map((s) => inlineStatement(s.text, s.values));
  const rows = kept.map((s) => s.rows);
  return {
    commands: write ? ['BEGIN', ...commands, 'ROLLBACK'] : commands,
    rows: write ? [null, ...rows, null] : rows,
    overlapped: statements.filter((s) => s.overlapped).length,
    connections: new Set(statements.map((s) => s.connection)).size,
  };
}

const scriptText = (script: Script) => `${script.commands.map((c) => `${c};`).join('\n')}\n`;

const rowsOf = (res: pg.QueryResult) => (res.rows.length > 0 ? res.rows.length : (res.rowCount ?? null));

/**
 * Runs a script's commands once, as written for pgbench, on one connection,
 * and compares the rows each answers with the app's; the first difference, or
 * null. A write's script ends in ROLLBACK and leaves nothing behind.
 */
async function checkScript(url: string, script: Script): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let mismatch: string | null = null;
  try {
    for (const [k, command] of script.commands.entries()) {
      const res = (await client.query(command)) as pg.QueryResult;
      const want = script.rows[k];
      if (mismatch === null && want !== null && want !== undefined && rowsOf(res) !== want)
        mismatch = `command ${k + 1} (${command.replace(/\s+/g, ' ').slice(0, 60)}…) answered ${rowsOf(res)} rows to the app's ${want}`;
    }
  } catch (err) {
    await client.query('rollback').catch(() => {});
    mismatch = `the replay failed: ${(err as Error).message}`;
  } finally {
    await client.end();
  }
  return mismatch;
}

// ---------------------------------------------------------------- pgbench

interface PgbenchResult {
  /** Each transaction: when it ended (ms since the epoch) and how long it took (ms). */
  ends: number[];
  latencies: number[];
  failed: number;
  /** pgbench's complaints, when it exited with an error. */
  error: string | null;
}

/** pgbench on a script: `-n -M prepared -c clients -j 2 -T seconds --log`, with an application name to find its sessions by. */
class Pgbench {
  readonly child: ChildProcess;
  private readonly done: Promise<{ code: number | null; stderr: string }>;

  constructor(
    readonly url: string,
    scriptFile: string,
    readonly clients: number,
    seconds: number,
    private readonly dir: string,
    private readonly prefix: string,
    readonly appName: string,
  ) {
    const args = ['-n', '-M', 'prepared', '-c', String(clients), '-j', String(Math.min(2, clients))];
    args.push('-T', String(seconds), '-f', scriptFile, '--log', `--log-prefix=${prefix}`, url);
    this.child = spawn('pgbench', args, {
      cwd: dir,
      env: { ...process.env, PGAPPNAME: appName },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    this.child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString('utf8');
    });
    this.done = new Promise((resolve, reject) => {
      this.child.once('error', reject);
      this.child.once('exit', (code) => resolve({ code, stderr }));
    });
  }

  /** Waits until every client has its session (PostgreSQL's CPU is then read from them). */
  async connected(timeoutMs = 15_000): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    await client.connect();
    try {
      const until = performance.now() + timeoutMs;
      for (;;) {
        const res = await client.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where application_name = $1',
          [this.appName],
        );
        if ((res.rows[0]?.n ?? 0) >= this.clients) return;
        if (this.child.exitCode !== null || performance.now() > until)
          throw new Error(`pgbench's ${this.clients} sessions did not all appear`);
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await client.end();
    }
  }

  /** Its per-transaction log, once it has ended: `client tx latency_us script epoch_s epoch_us`. */
  async result(): Promise<PgbenchResult> {
    const { code, stderr } = await this.done;
    const ends: number[] = [];
    const latencies: number[] = [];
    let failed = 0;
    for (const name of fs.readdirSync(this.dir).filter((f) => f.startsWith(`${this.prefix}.`))) {
      const file = path.join(this.dir, name);
      for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
        const f = line.trim().split(/\s+/);
        if (f.length < 6) continue;
        const us = Number(f[2]);
        if (!Number.isFinite(us)) {
          failed++;
          continue;
        }
        latencies.push(us / 1000);
        ends.push(Number(f[4]) * 1000 + Number(f[5]) / 1000);
      }
      fs.rmSync(file);
    }
    const error = code === 0 ? null : stderr.trim().split('\n').slice(-3).join(' ') || `exit code ${code}`;
    return { ends, latencies, failed, error };
  }
}

/** Files and names of one run's pgbench scripts and logs. */
class Workspace {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-sql-ratio-'));
  private n = 0;

  script(name: string, text: string): string {
    const file = path.join(this.dir, `${name.replace(/[^A-Za-z0-9]+/g, '-')}.sql`);
    fs.writeFileSync(file, text);
    return file;
  }

  run(url: string, scriptFile: string, clients: number, seconds: number): Pgbench {
    this.n++;
    return new Pgbench(
      url,
      scriptFile,
      clients,
      seconds,
      this.dir,
      `run${this.n}`,
      `sql-ratio-${process.pid}-${this.n}`,
    );
  }

  remove(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- reads

/** The read calls beyond the lists' comparison: the org chart, calibration, the caller's profile and its tabs, reference lists. */
export async function moreReadCalls(base: string, token: string): Promise<ListCall[]> {
  const me = await getJson<{ id?: number; employee?: { id: number } }>(base, token, '/api/v1/me');
  const own = me.employee?.id ?? me.id;
  if (!own) throw new Error('GET me answered no employee id');
  return [
    // The floor of every call: the session check alone, answered 204 (no call costs the API less).
    bareCall,
    { name: 'org chart', path: '/api/v1/employees/org-chart' },
    { name: 'org chart branch (own reports)', path: `/api/v1/employees/org-chart/${own}/reports` },
    { name: 'calibration grid', path: '/api/v1/eprs/calibration' },
    { name: 'calibration access', path: '/api/v1/eprs/calibration/access' },
    { name: 'profile (own)', path: `/api/v1/employees/${own}` },
    { name: 'profile documents (own)', path: `/api/v1/employees/${own}/files` },
    {
      name: 'profile change log (own)',
      path: `/api/v1/employees/${own}/changes?page=1&limit=10&sort=id,desc`,
    },
    { name: 'profile shifts (own)', path: `/api/v1/employees/${own}/shifts` },
    {
      name: 'profile activity log (own)',
      path: `/api/v1/employee/activities?employee_id=${own}&page=1&limit=10&sort=id,desc`,
    },
    { name: 'leave types', path: '/api/v1/leave/types' },
    { name: 'leave responsibles', path: '/api/v1/leave/responsibles' },
    { name: 'KPI statuses', path: '/api/v1/kpis/statuses' },
  ];
}

export interface ReadRow {
  call: string;
  api: Load;
  replay: Load;
  statements: number;
  connections: number;
  overlapped: number;
  mismatch: string | null;
  replayError: string | null;
}

/** One read call, the API and pgbench taking turns for `duration` seconds each. */
async function compareRead(
  opts: { base: string; url: string; token: string; connections: number; duration: number; slice: number },
  captured: CapturedCall,
  work: Workspace,
): Promise<ReadRow> {
  const { base, url, token, connections, duration } = opts;
  const { call, statements } = captured;
  const script = scriptOf(statements, false);
  const mismatch = await checkScript(url, script);
  const file = work.script(call.name, scriptText(script));
  const api = new Side();
  const replay = new Side();
  let replayError: string | null = null;
  const slices = Math.max(1, Math.round(duration / opts.slice));
  // pgbench takes whole seconds.
  const seconds = Math.max(1, Math.round(duration / slices));
  for (let i = 0; i < slices; i++) {
    await apiSlice(api, base, call, token, connections, seconds);
    const run = await work.run(url, file, connections, seconds).result();
    replay.samples.push(...run.latencies);
    replay.errors += run.failed;
    if (run.ends.length > 0) {
      const first = Math.min(...run.ends.map((end, k) => end - run.latencies[k]!));
      replay.elapsedMs += Math.max(...run.ends) - first;
    }
    if (run.error) {
      replayError ??= run.error;
      replay.errors++;
    }
  }
  return {
    call: call.name,
    api: api.load(),
    replay: replay.load(),
    statements: statements.length,
    connections: script.connections,
    overlapped: script.overlapped,
    mismatch,
    replayError,
  };
}

// ---------------------------------------------------------------- writes

export const WRITE_NAMES = ['leave submit', 'leave approve', 'KPI comment', 'punch batch (100)'] as const;
type WriteName = (typeof WRITE_NAMES)[number];

/** One write call as the API gets it. */
interface Job {
  method: 'POST' | 'PATCH';
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

interface WritePlan {
  name: WriteName;
  /** What the API side calls, each on its own data. */
  jobs: Job[];
  /** Calls made before those, not measured (the submits of the requests to approve, when those are not measured). */
  before?: Job[];
  /** The call captured (dry) and replayed; its data left as it was. */
  sample: Job;
}

export interface WriteRow {
  write: WriteName;
  calls: number;
  errors: number;
  errorSamples: string[];
  /** CPU seconds per call, in ms, over the API run (until the API was quiet again). */
  apiMs: number;
  pgMs: number;
  apiRps: number;
  statements: number;
  overlapped: number;
  mismatch: string | null;
  replayCalls: number;
  replayRps: number;
  replayPgMs: number;
  replayP50: number;
  replayError: string | null;
}

async function getJson<T>(base: string, token: string, p: string): Promise<T> {
  const res = await fetch(`${base}${p}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${p}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as T;
}

async function send(base: string, job: Job): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${base}${job.path}`, {
    method: job.method,
    headers: { 'content-type': 'application/json', ...job.headers },
    body: JSON.stringify(job.body),
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, json };
}

/** Signs in with the demo password; the bearer token. */
export async function signIn(base: string, eid: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: eid, password: 'demo123', app_id: 3 }),
  });
  if (!res.ok) throw new Error(`${eid} could not sign in: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Leave: drafts of Leave Without Pay (no balance to run out), one Monday
 * each, for the direct reports of the four line managers with the most of
 * them (five each), on Mondays after each one's last leave (from 2027, no
 * holiday): `count` drafts to submit, and one more submitted now, whose
 * approval is the captured one. The approvals are of the submitted requests,
 * each by its line manager.
 */
async function leavePlans(
  base: string,
  url: string,
  count: number,
  which: { submit: boolean; approve: boolean },
): Promise<WritePlan[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let people: { id: number; eid: string; manager: string }[];
  try {
    const res = await client.query<{ id: number; eid: string; manager: string }>(`
      with managers as (
        select m.id, m.eid from employees e
          join employees m on m.id = e.parent_id and m.enabled
          join users um on um.employee_id = m.id
          join users u on u.employee_id = e.id
         where e.enabled and e.eid like 'L%'
         group by m.id, m.eid order by count(*) desc, m.id limit 4)
      select r.id, r.eid, r.manager from managers m cross join lateral (
        select e.id, e.eid, m.eid as manager from employees e join users u on u.employee_id = e.id
         where e.parent_id = m.id and e.enabled and e.eid like 'L%' order by e.id limit 5) r`);
    people = res.rows;
  } finally {
    await client.end();
  }
  if (people.length === 0) throw new Error('No line manager with reports: is the large data set seeded?');
  const calendar = await leaveCalendar(
    url,
    people.map((p) => p.id),
  );
  const tokens = new Map<string, string>();
  for (const eid of new Set([...people.map((p) => p.eid), ...people.map((p) => p.manager)]))
    tokens.set(eid, await signIn(base, eid));
  const dayMs = 86_400_000;
  const drafts: { person: (typeof people)[number]; id: number }[] = [];
  const made: Promise<void>[] = [];
  for (const [k, person] of people.entries()) {
    const token = tokens.get(person.eid)!;
    const responsibles = await getJson<{ id: number }[]>(base, token, '/api/v1/leave/responsibles');
    const last = calendar.last.get(person.id);
    let t = Math.max(Date.parse(last ?? '2026-12-31') + 7 * dayMs, Date.parse('2027-01-04'));
    while (new Date(t).getUTCDay() !== 1) t += dayMs;
    const days: string[] = [];
    // count drafts in all (and one more for the captured approval), spread over the people.
    const all = count + (which.approve ? 1 : 0);
    const share = Math.floor(all / people.length) + (k < all % people.length ? 1 : 0);
    while (days.length < share) {
      const day = new Date(t).toISOString().slice(0, 10);
      t += 7 * dayMs;
      if (!calendar.holidays.some((h) => h.from <= day && day <= h.to)) days.push(day);
    }
    made.push(
      (async () => {
        for (const day of days) {
          const res = await send(base, {
            method: 'POST',
            path: '/api/v1/leave',
            headers: bearer(token),
            body: {
              leave_format: 1,
              type_id: 5,
              from: day,
              to: day,
              responsible_id: responsibles[0]?.id,
              leave_address: 'At home',
            },
          });
          const id = (res.json as { id?: number } | null)?.id;
          if (res.status !== 201 || !id)
            throw new Error(`leave draft for ${person.eid}: ${res.status} ${JSON.stringify(res.json)}`);
          drafts.push({ person, id });
        }
      })(),
    );
  }
  await Promise.all(made);
  const submit = (d: (typeof drafts)[number]): Job => ({
    method: 'PATCH',
    path: '/api/v1/leave/actions/submit',
    headers: bearer(tokens.get(d.person.eid)!),
    body: { leave_id: d.id },
  });
  const approve = (d: (typeof drafts)[number]): Job => ({
    method: 'PATCH',
    path: '/api/v1/leave/actions/approve',
    headers: bearer(tokens.get(d.person.manager)!),
    body: { leave_id: d.id },
  });
  // One submitted now (not measured): the captured approval's.
  const measured = drafts.slice(0, count);
  const plans: WritePlan[] = [];
  if (which.submit)
    plans.push({ name: 'leave submit', jobs: measured.map(submit), sample: submit(measured[0]!) });
  if (which.approve) {
    const approved = drafts[count]!;
    const res = await send(base, submit(approved));
    if (res.status !== 200) throw new Error(`leave submit: ${res.status} ${JSON.stringify(res.json)}`);
    plans.push({
      name: 'leave approve',
      jobs: [...measured.map(approve), approve(approved)],
      ...(which.submit ? {} : { before: measured.map(submit) }),
      sample: approve(approved),
    });
  }
  return plans;
}

/** Comments of the signed-in manager on the first sheets of their Team list that take comments. */
async function commentPlan(base: string, token: string, count: number): Promise<WritePlan> {
  const team = await getJson<{ items: { id: number }[] }>(
    base,
    token,
    '/api/v1/kpis?list_type=team&limit=50',
  );
  const sheets: number[] = [];
  for (const item of team.items) {
    const sheet = await getJson<{ commentable?: boolean }>(base, token, `/api/v1/kpis/${item.id}`);
    if (sheet.commentable) sheets.push(item.id);
    if (sheets.length === 10) break;
  }
  if (sheets.length === 0) throw new Error('No sheet of the Team list takes comments');
  const job = (k: number): Job => ({
    method: 'POST',
    path: `/api/v1/kpis/${sheets[k % sheets.length]}/comments`,
    headers: bearer(token),
    body: { comment: `Progress noted (${k + 1}).` },
  });
  return { name: 'KPI comment', jobs: Array.from({ length: count }, (_, k) => job(k)), sample: job(count) };
}

/** Punches a device key may send a minute; the bench keeps under it. */
const CALLS_PER_DEVICE = 50;

/**
 * Keys of the devices `SQLRATIO-1..count` of `company`: made when missing
 * and each given a new key through the API, as the HR administrator, in an
 * app built in this process from the sources (`withAppInProcess`). The server reads keys
 * from the database on every call, so it takes them at once.
 */
async function deviceKeys(url: string, company: number, count: number): Promise<string[]> {
  return withAppInProcess(url, async (app) => {
    const call = async (method: 'GET' | 'POST', p: string, token: string | null, payload: object) => {
      const res = await app.inject({
        method,
        url: p,
        headers: token ? bearer(token) : {},
        ...(method === 'POST' ? { payload } : {}),
      });
      if (res.statusCode >= 300)
        throw new Error(`${method} ${p}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json() as Record<string, unknown>;
    };
    const login = { username: '1001', password: 'demo123', app_id: 3 };
    const token = (await call('POST', '/api/v1/login_check', null, login)).token as string;
    const listed = (await call('GET', '/api/v1/attendance/devices', token, {})) as unknown as
      | { id: number; code: string }[]
      | { items: { id: number; code: string }[] };
    const existing = new Map((Array.isArray(listed) ? listed : listed.items).map((d) => [d.code, d.id]));
    const keys: string[] = [];
    for (let k = 1; k <= count; k++) {
      const code = `SQLRATIO-${k}`;
      const id =
        existing.get(code) ??
        ((
          await call('POST', '/api/v1/attendance/devices', token, {
            code,
            name: `Bench device ${k}`,
            company_id: company,
          })
        ).id as number);
      keys.push((await call('POST', `/api/v1/attendance/devices/${id}/key`, token, {})).key as string);
    }
    return keys;
  });
}

/**
 * Devices `SQLRATIO-n` of the company with the most employees, and batches
 * of 100 punches of its employees: batch k at one second of its own, in
 * 2001 to 2020 (no report reads those days; no earlier run used the same
 * seconds), so every punch is new.
 */
async function punchPlan(url: string, count: number): Promise<WritePlan> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let company: number;
  let eids: string[];
  try {
    const c = await client.query<{ company_id: number }>(
      `select company_id from employees where enabled and company_id is not null
        group by company_id order by count(*) desc limit 1`,
    );
    company = c.rows[0]!.company_id;
    const e = await client.query<{ eid: string }>(
      'select eid from employees where enabled and company_id = $1 order by id limit 1000',
      [company],
    );
    eids = e.rows.map((r) => r.eid);
  } finally {
    await client.end();
  }
  const keys = await deviceKeys(url, company, Math.ceil((count + 1) / CALLS_PER_DEVICE));
  // Runs started at different seconds use different seconds of those 20 years (until a run 36 days to the second later).
  const span = 20 * 365 * 86_400;
  const start =
    Date.parse('2001-01-01T00:00:00Z') + ((Math.floor(Date.now() / 1000) * (count + 1)) % span) * 1000;
  const job = (k: number): Job => {
    const at = new Date(start + k * 1000).toISOString().slice(0, 19).replace('T', ' ');
    return {
      method: 'POST',
      path: '/api/v1/attendance/punches',
      headers: { 'x-device-key': keys[k % keys.length]! },
      body: {
        punches: Array.from({ length: 100 }, (_, p) => ({ eid: eids[(k * 100 + p) % eids.length]!, at })),
      },
    };
  };
  // The captured batch is one the API side does not send (its own second).
  return {
    name: 'punch batch (100)',
    jobs: Array.from({ length: count }, (_, k) => job(k)),
    sample: job(count),
  };
}

/** Waits until the API process has been quiet for half a second (what a write set going is charged to it). */
async function settle(pid: number): Promise<void> {
  const started = performance.now();
  let before = cpuSecondsOf(pid);
  while (performance.now() - started < 15_000) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuSecondsOf(pid);
    if (now - before < 0.015) return;
    before = now;
  }
}

/** The write's calls from `connections` clients at once, with the CPU of the API and of its PostgreSQL sessions. */
async function apiWrites(
  base: string,
  api: { pid: number; serverPort: number },
  plan: WritePlan,
  connections: number,
) {
  for (const job of plan.before ?? []) {
    const res = await send(base, job);
    if (res.status !== 200)
      throw new Error(`${job.path}: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
  }
  await settle(api.pid);
  const window = new CpuWindow(api.pid, api.serverPort);
  const queue = [...plan.jobs];
  let errors = 0;
  const errorSamples: string[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        const res = await send(base, job);
        if (res.status < 200 || res.status >= 300) {
          errors++;
          if (errorSamples.length < 3)
            errorSamples.push(`${res.status} ${JSON.stringify(res.json).slice(0, 160)}`);
        }
      }
    }),
  );
  const loadSeconds = (performance.now() - started) / 1000;
  await settle(api.pid);
  const cpu = window.close();
  const calls = plan.jobs.length;
  return {
    calls,
    errors,
    errorSamples,
    apiMs: (cpu.api / calls) * 1000,
    pgMs: (cpu.pg / calls) * 1000,
    apiRps: calls / loadSeconds,
  };
}

/**
 * pgbench on a write's script for `seconds` (after its sessions are up),
 * with the CPU of PostgreSQL for pgbench's sessions (and the server's shared
 * processes, as for the API) over that window; the transactions that ended
 * in it count.
 */
async function replayWrite(
  url: string,
  serverPort: number,
  file: string,
  clients: number,
  seconds: number,
  work: Workspace,
) {
  // pgbench runs a second longer than the window, so its sessions are alive when it closes.
  const run = work.run(url, file, clients, Math.ceil(seconds) + 2);
  await run.connected();
  const window = new CpuWindow(run.child.pid!, serverPort);
  const from = Date.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const cpu = window.close();
  const to = Date.now();
  const result = await run.result();
  const inWindow = result.latencies.filter((_, k) => result.ends[k]! >= from && result.ends[k]! <= to);
  const calls = inWindow.length;
  return {
    calls,
    rps: calls / ((to - from) / 1000),
    pgMs: calls ? (cpu.pg / calls) * 1000 : Number.NaN,
    p50: percentile(
      [...inWindow].sort((a, b) => a - b),
      50,
    ),
    error: result.error ?? (result.failed ? `${result.failed} transactions failed` : null),
  };
}

// ---------------------------------------------------------------- the run

export interface SqlRatioOptions {
  base: string;
  url: string;
  /** The API server's process and PostgreSQL's port, for the CPU of the writes. */
  apiPid: number;
  serverPort: number;
  /** Who signs in for the reads and comments. */
  as: { eid: string; name: string };
  connections: number;
  duration: number;
  slice: number;
  /** Calls of each write on the API side; 0: no writes. */
  writes: number;
  /** Only the calls whose name contains one of these. */
  only?: string[];
  /** The server sources the capture builds the app from (another checkout's for a before table). */
  src?: string;
  label: string;
}

export interface SqlRatioResult {
  options: SqlRatioOptions;
  reads: ReadRow[];
  writes: WriteRow[];
  captured: { call: CapturedCall; script: string; write: boolean }[];
  when: string;
  finished: string;
  load: { before: number[]; after: number[] };
}

export async function sqlRatioBench(
  opts: SqlRatioOptions,
  readCalls: (base: string, token: string) => Promise<ListCall[]>,
): Promise<SqlRatioResult> {
  const { base, url, connections, duration } = opts;
  const when = new Date().toISOString();
  const loadBefore = os.loadavg();
  const wanted = (name: string) => opts.only === undefined || opts.only.some((w) => name.includes(w));
  const token = await signIn(base, opts.as.eid);
  const calls = [...(await readCalls(base, token)), ...(await moreReadCalls(base, token))].filter((c) =>
    wanted(c.name),
  );
  const work = new Workspace();
  const captured: SqlRatioResult['captured'] = [];
  const reads: ReadRow[] = [];
  const writes: WriteRow[] = [];
  try {
    if (calls.length > 0) {
      const readsCaptured = await captureCalls(url, token, calls, opts.src ? { src: opts.src } : {});
      for (const c of readsCaptured) {
        process.stdout.write(`  ${c.call.name} (${c.statements.length} statements) ... `);
        const row = await compareRead(
          { base, url, token, connections, duration, slice: opts.slice },
          c,
          work,
        );
        captured.push({ call: c, script: scriptText(scriptOf(c.statements, false)), write: false });
        console.log(
          `API ${row.api.rps.toFixed(0)} req/s p50 ${ms(row.api.p50)} ms; pgbench ${row.replay.rps.toFixed(0)} calls/s p50 ${ms(row.replay.p50)} ms` +
            `${row.mismatch ? `; ${row.mismatch}` : ''}${row.replayError ? `; pgbench: ${row.replayError}` : ''}`,
        );
        reads.push(row);
      }
    }

    const names = WRITE_NAMES.filter(wanted);
    if (opts.writes > 0 && names.length > 0) {
      console.log(`  writes: preparing ${opts.writes} calls of each`);
      const plans: WritePlan[] = [];
      if (names.includes('leave submit') || names.includes('leave approve'))
        plans.push(
          ...(await leavePlans(base, url, opts.writes, {
            submit: names.includes('leave submit'),
            approve: names.includes('leave approve'),
          })),
        );
      if (names.includes('KPI comment')) plans.push(await commentPlan(base, token, opts.writes));
      if (names.includes('punch batch (100)')) plans.push(await punchPlan(url, opts.writes));
      const chosen = plans.filter((p) => names.includes(p.name));
      // Captured with their work rolled back, replayed before the API side changes their data.
      const writesCaptured = await captureCalls(
        url,
        token,
        chosen.map((p) => ({
          name: p.name,
          method: p.sample.method,
          path: p.sample.path,
          body: p.sample.body,
          headers: p.sample.headers,
        })),
        { dry: true, ...(opts.src ? { src: opts.src } : {}) },
      );
      const replays = new Map<
        WriteName,
        Awaited<ReturnType<typeof replayWrite>> & { mismatch: string | null }
      >();
      for (const [k, c] of writesCaptured.entries()) {
        const plan = chosen[k]!;
        const script = scriptOf(c.statements, true);
        const text = scriptText(script);
        captured.push({ call: c, script: text, write: true });
        process.stdout.write(`  ${plan.name}: replay of ${c.statements.length} statements ... `);
        const mismatch = await checkScript(url, script);
        const replay = await replayWrite(
          url,
          opts.serverPort,
          work.script(plan.name, text),
          connections,
          duration,
          work,
        );
        console.log(
          `${replay.rps.toFixed(0)} calls/s, PostgreSQL ${replay.pgMs.toFixed(2)} ms CPU a call${mismatch ? `; ${mismatch}` : ''}${replay.error ? `; pgbench: ${replay.error}` : ''}`,
        );
        replays.set(plan.name, { ...replay, mismatch });
      }
      for (const [k, plan] of chosen.entries()) {
        process.stdout.write(`  ${plan.name}: ${plan.jobs.length} calls through the API ... `);
        const run = await apiWrites(
          base,
          { pid: opts.apiPid, serverPort: opts.serverPort },
          plan,
          connections,
        );
        const replay = replays.get(plan.name)!;
        const statements = writesCaptured[k]!.statements;
        console.log(
          `${run.apiRps.toFixed(0)} req/s; CPU ms a call: API ${run.apiMs.toFixed(2)}, PostgreSQL ${run.pgMs.toFixed(2)}` +
            `${run.errors ? `; ${run.errors} errors (${run.errorSamples.join('; ')})` : ''}`,
        );
        writes.push({
          write: plan.name,
          ...run,
          statements: statements.length,
          overlapped: statements.filter((s) => s.overlapped).length,
          mismatch: replay.mismatch,
          replayCalls: replay.calls,
          replayRps: replay.rps,
          replayPgMs: replay.pgMs,
          replayP50: replay.p50,
          replayError: replay.error,
        });
      }
    }
  } finally {
    work.remove();
  }
  return {
    options: opts,
    reads,
    writes,
    captured,
    when,
    finished: new Date().toISOString(),
    load: { before: loadBefore, after: os.loadavg() },
  };
}

// ---------------------------------------------------------------- the report

const loads = (l: number[]) => l.map((v) => v.toFixed(2)).join(' / ');

export function sqlRatioSection(r: SqlRatioResult, employees: number): string {
  const o = r.options;
  const notes: string[] = [];
  for (const row of r.reads) {
    if (row.api.errors) notes.push(`${row.call}: ${row.api.errors} API errors.`);
    if (row.replayError) notes.push(`${row.call}: pgbench failed (${row.replayError}).`);
    if (row.mismatch) notes.push(`${row.call}: the replay differs from the app's call (${row.mismatch}).`);
    if (row.overlapped)
      notes.push(
        `${row.call}: ${row.overlapped} statement(s) were sent while another of the call was running (${row.connections} connections); pgbench runs them one after the other.`,
      );
  }
  for (const w of r.writes) {
    if (w.errors) notes.push(`${w.write}: ${w.errors} API errors (${w.errorSamples.join('; ')}).`);
    if (w.replayError) notes.push(`${w.write}: pgbench: ${w.replayError}.`);
    if (w.mismatch) notes.push(`${w.write}: the replay differs from the app's call (${w.mismatch}).`);
    if (w.overlapped)
      notes.push(
        `${w.write}: ${w.overlapped} statement(s) overlapped another; pgbench runs them one after the other.`,
      );
  }
  const lines = [
    sqlRatioHeading(o.label),
    '',
    `${r.when} to ${r.finished}; ${employees.toLocaleString('en')} employees; ${os.cpus().length} cores. Load average (1 / 5 / 15 min) ${loads(r.load.before)} before, ${loads(r.load.after)} after. Reads signed in as ${o.as.eid} (${o.as.name}).`,
    '',
  ];
  if (r.reads.length > 0) {
    lines.push(
      `Reads: the API through the built server (autocannon, ${o.connections} connections) and the call's statements replayed by pgbench (\`-M prepared\`, ${o.connections} clients, values written in as literals), taking turns in slices of about ${o.slice} s, ${o.duration} s each in all. pgbench prepares each statement once a connection and reuses its plan (the values are part of the statement), where PostgreSQL parses and plans the app's statements on every call except those the app prepares by name (\`preparedOnce\`). Latencies in ms, p50 and p99 over every call.`,
      '',
      '| call | API req/s | API p50 | API p99 | pgbench calls/s | pgbench p50 | pgbench p99 | database / API (pgbench calls/s ÷ API req/s) | statements |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...r.reads.map(
        (row) =>
          `| ${row.call} | ${row.api.rps.toFixed(0)} | ${ms(row.api.p50)} | ${ms(row.api.p99)} | ${row.replay.rps.toFixed(0)} | ${ms(row.replay.p50)} | ${ms(row.replay.p99)} | ${(row.replay.rps / row.api.rps).toFixed(1)} | ${row.statements} |`,
      ),
      '',
    );
  }
  if (r.writes.length > 0) {
    lines.push(
      `Writes: ${o.writes} calls of each through the API from ${o.connections} clients at once, each on data of its own, with the CPU the API process and PostgreSQL (the API's sessions and the server's shared processes) spent from the first call until the API was quiet again. One call of each was captured with its work rolled back and replayed by pgbench for ${o.duration} s from ${o.connections} clients as one transaction ending in ROLLBACK (the app's own BEGIN and COMMIT left out): every replay does the same work on the same data (an approval approves, the punches are new) and leaves nothing behind; a replay spares the commit's WAL flush, which is mostly waiting rather than CPU. PostgreSQL CPU of the replay: pgbench's sessions and the shared processes over a window of ${o.duration} s. The API run's PostgreSQL CPU also holds what the calls set going after their answers (the e-mails of the outbox) and the parsing and planning of the statements the app does not prepare by name, which the replay does once a connection.`,
      '',
      `Replay time per call = 1000 ÷ pgbench calls/s: the database's time per call when ${o.connections} clients keep it busy (its cost at full load, as API CPU ms per call is the API's). API CPU / replay time above 1: one API process's CPU runs out before the database does on this call.`,
      '',
      '| write | API CPU ms/call | PostgreSQL CPU ms/call (API run) | API req/s | pgbench calls/s | PostgreSQL CPU ms/call (replay) | API CPU / replay time per call |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...r.writes.map(
        (w) =>
          `| ${w.write} | ${ms(w.apiMs)} | ${ms(w.pgMs)} | ${w.apiRps.toFixed(0)} | ${w.replayRps.toFixed(0)} | ${ms(w.replayPgMs)} | ${(w.apiMs / (1000 / w.replayRps)).toFixed(1)} |`,
      ),
      '',
      `Calls through the API, and statements a call sends: ${r.writes.map((w) => `${w.write} ${w.calls} calls, ${w.statements} statements`).join('; ')}.`,
      '',
    );
  }
  if (notes.length) lines.push(...notes, '');
  lines.push(
    `The pgbench script of each call is in \`${sqlFileName(o.label)}\`. Options: \`--duration ${o.duration} --slice ${o.slice} --connections ${o.connections} --writes ${o.writes}\`.`,
    '',
  );
  return lines.join('\n');
}

/** The scripts' file beside `latest.md`: one a build. */
export const sqlFileName = (label: string) =>
  label === 'this checkout'
    ? 'sql-ratio-sql.md'
    : `sql-ratio-sql-${label.split(' ')[0]!.replace(/[^A-Za-z0-9]+/g, '-')}.md`;

/** Every call's pgbench script, to rerun one by hand. */
export function sqlRatioScripts(r: SqlRatioResult, database: string): string {
  const o = r.options;
  const lines = [
    `# The pgbench scripts of each call (${r.when}, ${o.label}, signed in as ${o.as.eid})`,
    '',
    'Each block is a pgbench script: save it as `call.sql` and run',
    '',
    '```sh',
    `pgbench -n -M prepared -c ${o.connections} -j 2 -T 10 -f call.sql ${database}`,
    '```',
    '',
    "Values are written in as escape-string literals (`:` as `\\x3a`, which pgbench would take for a variable). A write's script is one transaction that ends in ROLLBACK.",
    '',
  ];
  for (const c of r.captured) {
    const call = c.call.call as CaptureCall;
    const method = call.method ?? (call.body === undefined ? 'GET' : 'POST');
    lines.push(`## ${call.name}: \`${method} ${call.path}\``, '');
    if (call.body !== undefined && !c.write) lines.push(`Body: \`${JSON.stringify(call.body)}\``, '');
    const s = c.call.statements;
    lines.push(
      `${s.length} statements on ${new Set(s.map((x) => x.connection)).size} connection(s); rows the app got: ${s.map((x) => x.rows ?? '-').join(', ')}${s.some((x) => x.overlapped) ? `; overlapped: ${s.filter((x) => x.overlapped).length}` : ''}.`,
      '',
      '```sql',
      c.script.trimEnd(),
      '```',
      '',
    );
  }
  return lines.join('\n');
}
