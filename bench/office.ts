/**
 * A day at the office: 500 employees of the large data set sign in in the
 * morning, then open dashboards and lists, apply for leave, approve their
 * team's, edit their KPI sheets, comment and read attendance, against one
 * API process and against two behind the same PostgreSQL.
 *
 * Each simulated user does one thing at a time, over a keep-alive
 * connection of its own to the process it was given (users alternate
 * between the processes, as a load balancer spreads connections).
 * Measured, for each number of processes:
 *
 * - morning: every user signs in and opens the dashboard and `me`, all at
 *   once;
 * - capacity: every user does the day's actions one after the other with no
 *   pause, for `duration` seconds: the throughput the processes give;
 * - steady: actions started at a stated rate (a share of one process's
 *   capacity) by whichever user is free: the latency at that load.
 *
 * Every answer must be 2xx: a leave is applied for on a day of the user's
 * own nobody else took (Mondays after the last leave they have), approvals
 * only of requests the user is the line manager of, KPI edits only on a
 * sheet the user may edit.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export const OFFICE_HEADING = '## A day at the office';

export interface OfficeUser {
  eid: string;
  id: number;
  /** Leave requests waiting for this user's approval when the run began. */
  waiting: number;
  /** The user's own KPI sheet they may still edit (draft or update requested). */
  sheet: number | null;
}

/**
 * The simulated staff: the line managers with the most submitted leave
 * requests waiting for them (a fifth), and employees with a KPI sheet they
 * may edit (the rest), E-IDs of the large data set.
 */
export async function officeUsers(url: string, count: number): Promise<OfficeUser[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const managers = await client.query<{ eid: string; id: number; waiting: string; sheet: number | null }>(
      `select e.eid, e.id, count(*) as waiting,
              (select k.id from kpis k where k.employee_id = e.id and k.status_id in (1, 5) order by k.id limit 1) as sheet
         from leaves l join employees e on e.id = l.line_manager_id
        where l.status_id = 2 and e.eid like 'L%'
        group by e.id, e.eid order by count(*) desc, e.id limit $1`,
      [Math.round(count / 5)],
    );
    const taken = managers.rows.map((r) => r.id);
    const staff = await client.query<{ eid: string; id: number; sheet: number }>(
      `select e.eid, e.id, min(k.id) as sheet
         from kpis k join employees e on e.id = k.employee_id
        where k.status_id in (1, 5) and e.eid like 'L%' and e.id <> all($2::int[])
        group by e.id, e.eid order by e.id limit $1`,
      [count - managers.rows.length, taken],
    );
    return [
      ...managers.rows.map((r) => ({ eid: r.eid, id: r.id, waiting: Number(r.waiting), sheet: r.sheet })),
      ...staff.rows.map((r) => ({ eid: r.eid, id: r.id, waiting: 0, sheet: r.sheet })),
    ];
  } finally {
    await client.end();
  }
}

/** Holidays and every user's last leave day, to pick leave days nobody overlaps. */
export async function leaveCalendar(url: string, ids: number[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const last = await client.query<{ employee_id: number; last: string }>(
      `select employee_id, to_char(max(to_date), 'YYYY-MM-DD') as last from leaves
        where employee_id = any($1::int[]) group by employee_id`,
      [ids],
    );
    const holidays = await client.query<{ from: string; to: string }>(
      `select to_char(from_date, 'YYYY-MM-DD') as "from", to_char(to_date, 'YYYY-MM-DD') as "to" from holidays`,
    );
    return {
      last: new Map(last.rows.map((r) => [r.employee_id, r.last])),
      holidays: holidays.rows,
    };
  } finally {
    await client.end();
  }
}

interface Sample {
  action: string;
  ms: number;
  status: number;
}

/** One JSON call over the user's own keep-alive connection. */
function call(
  agent: http.Agent,
  base: URL,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: {
          accept: 'application/json',
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

interface KpiLine {
  id: number;
  name: string;
  weight: number;
  time: string;
  target: number;
  target_unit_id: number;
  budget: number | null;
  initiative: string | null;
  objective_id: number;
  kpi_id: number;
}

const dayMs = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const SEARCH_TERMS = ['rahman', 'ahmed', 'akter', 'hossain', 'L0012', 'islam', 'karim', 'begum'];

/** The actions of the day, as `Member.choose` picks them. */
export const OFFICE_ACTIONS = [
  'dashboard',
  'me',
  'lookups',
  'leave list',
  'leave team list',
  'remote-work list',
  'HR services list',
  'KPI list',
  'KPI sheet',
  'EPR list',
  'team directory',
  'employee search',
  'profile',
  'attendance month',
  'leave apply',
  'leave approve',
  'KPI edit',
  'comment',
] as const;
export type OfficeAction = (typeof OFFICE_ACTIONS)[number];

/** A signed-in user of the day and what they need for their actions. */
export class Member {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  token: string | null = null;
  responsible = 0;
  kpiLine: KpiLine | null = null;
  /** Whether the user's sheet takes comments (not while it is a draft). */
  commentable = false;
  /** The next Monday to ask leave for (ms since the epoch, UTC). */
  nextLeaveDay = 0;
  busy = false;
  private turn = 0;

  constructor(
    readonly user: OfficeUser,
    readonly base: URL,
    private readonly record: (s: Sample) => void,
    private readonly holidays: { from: string; to: string }[],
  ) {}

  private async timed(action: string, method: string, path: string, body?: unknown) {
    const started = performance.now();
    let status = 0;
    try {
      const res = await call(this.agent, this.base, method, path, this.token, body);
      status = res.status;
      return res;
    } finally {
      this.record({ action, ms: performance.now() - started, status });
    }
  }

  async signIn() {
    const res = await this.timed('sign in', 'POST', '/api/v1/login_check', {
      username: this.user.eid,
      password: 'demo123',
      app_id: 3,
    });
    this.token = (res.json as { token?: string } | null)?.token ?? null;
    await this.timed('dashboard', 'GET', '/api/v1/dashboard');
    await this.timed('me', 'GET', '/api/v1/me');
  }

  /** What the day's actions need to know, read once (not timed). */
  async getReady(lastLeave: string | undefined) {
    const responsibles = await call(this.agent, this.base, 'GET', '/api/v1/leave/responsibles', this.token);
    this.responsible = (responsibles.json as { id: number }[])[0]?.id ?? 0;
    if (this.user.sheet) {
      const sheet = await call(this.agent, this.base, 'GET', `/api/v1/kpis/${this.user.sheet}`, this.token);
      const detail = sheet.json as {
        editable?: boolean;
        commentable?: boolean;
        objectives?: { kpis: KpiLine[] }[];
      };
      this.kpiLine = detail.editable ? (detail.objectives?.[0]?.kpis[0] ?? null) : null;
      this.commentable = detail.commentable === true;
    }
    // The first Monday at least a week after the user's last leave, and not before 2027.
    let t = Math.max(Date.parse(lastLeave ?? '2026-12-31') + 7 * dayMs, Date.parse('2027-01-04'));
    while (new Date(t).getUTCDay() !== 1) t += dayMs;
    this.nextLeaveDay = t;
  }

  private leaveDay(): string {
    for (;;) {
      const day = iso(this.nextLeaveDay);
      this.nextLeaveDay += 7 * dayMs;
      if (!this.holidays.some((h) => h.from <= day && day <= h.to)) return day;
    }
  }

  /**
   * The action a roll of 0 to 100 stands for, for this user as they are now:
   * most are reads, about one in five writes. An action the user cannot do
   * (no sheet, no leave waiting) gives its share to the next one.
   */
  choose(roll: number): OfficeAction {
    const u = this.user;
    if (roll < 12) return 'dashboard';
    if (roll < 15) return 'me';
    if (roll < 18) return 'lookups';
    if (roll < 24) return 'leave list';
    if (roll < 30) return 'leave team list';
    if (roll < 33) return 'remote-work list';
    if (roll < 36) return 'HR services list';
    if (roll < 40) return 'KPI list';
    if (roll < 44 && u.sheet) return 'KPI sheet';
    if (roll < 47) return 'EPR list';
    if (roll < 53) return 'team directory';
    if (roll < 57) return 'employee search';
    if (roll < 61) return 'profile';
    if (roll < 65) return 'attendance month';
    if (roll < 72) return 'leave apply';
    if (roll < 80 && u.waiting > 0) return 'leave approve';
    if (roll < 88 && this.kpiLine) return 'KPI edit';
    if (roll < 94 && this.commentable) return 'comment';
    return 'dashboard';
  }

  /** One action of the day, chosen by weight (`choose`); the action done. */
  async act(): Promise<OfficeAction> {
    const action = this.choose(Math.random() * 100);
    await this.perform(action);
    return action;
  }

  /** The calls of one action. */
  async perform(action: OfficeAction): Promise<void> {
    this.turn++;
    const u = this.user;
    switch (action) {
      case 'dashboard':
        return void (await this.timed('dashboard', 'GET', '/api/v1/dashboard'));
      case 'me':
        return void (await this.timed('me', 'GET', '/api/v1/me'));
      case 'lookups':
        return void (await this.timed('lookups', 'GET', '/api/v1/lookups'));
      case 'leave list':
        return void (await this.timed('leave list', 'GET', '/api/v1/leave?list_type=self&limit=10'));
      case 'leave team list': {
        const list = u.waiting > 0 ? 'team' : 'self';
        return void (await this.timed(
          'leave team list',
          'GET',
          `/api/v1/leave?list_type=${list}&limit=10&status_id=2`,
        ));
      }
      case 'remote-work list':
        return void (await this.timed(
          'remote-work list',
          'GET',
          '/api/v1/remote-work?list_type=self&limit=10',
        ));
      case 'HR services list':
        return void (await this.timed(
          'HR services list',
          'GET',
          '/api/v1/employee/service-requests?list_type=own&limit=10',
        ));
      case 'KPI list':
        return void (await this.timed('KPI list', 'GET', '/api/v1/kpis?list_type=self&limit=10'));
      case 'KPI sheet':
        return void (await this.timed('KPI sheet', 'GET', `/api/v1/kpis/${u.sheet}`));
      case 'EPR list':
        return void (await this.timed('EPR list', 'GET', '/api/v1/eprs?list_type=self&limit=10'));
      case 'team directory':
        return void (await this.timed('team directory', 'GET', '/api/v1/employees/team?limit=20'));
      case 'employee search':
        return void (await this.timed('employee search', 'POST', '/api/v1/employees/search?limit=20', {
          full_text: SEARCH_TERMS[this.turn % SEARCH_TERMS.length],
        }));
      case 'profile':
        return void (await this.timed('profile', 'GET', `/api/v1/employees/${u.id}`));
      case 'attendance month': {
        const now = new Date();
        const from = iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
        const to = iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
        return void (await this.timed(
          'attendance month',
          'GET',
          `/api/v1/report/attendance/individual?from_date=${from}&to_date=${to}&employee_id=${u.id}`,
        ));
      }
      case 'leave apply':
        return this.applyForLeave();
      case 'leave approve':
        return this.approve();
      case 'KPI edit':
        return this.editKpi();
      case 'comment':
        return this.comment();
    }
  }

  /** A day of leave without pay (no balance to run out) on a Monday of the user's own, submitted. */
  private async applyForLeave() {
    const day = this.leaveDay();
    const made = await this.timed('leave apply', 'POST', '/api/v1/leave', {
      leave_format: 1,
      type_id: 5,
      from: day,
      to: day,
      responsible_id: this.responsible,
      leave_address: 'At home',
    });
    const id = (made.json as { id?: number } | null)?.id;
    if (id) await this.timed('leave submit', 'PATCH', '/api/v1/leave/actions/submit', { leave_id: id });
  }

  /** The first submitted leave of the team the user is the line manager of: approved (one in five rejected). */
  private async approve() {
    const list = await this.timed(
      'leave team list',
      'GET',
      '/api/v1/leave?list_type=team&limit=10&status_id=2',
    );
    const items = (list.json as { items?: { id: number; line_manager: { id: number } | null }[] } | null)
      ?.items;
    const mine = items?.find((i) => i.line_manager?.id === this.user.id);
    if (!mine) {
      this.user.waiting = 0;
      return;
    }
    const action = this.turn % 5 === 0 ? 'reject' : 'approve';
    await this.timed(`leave ${action}`, 'PATCH', `/api/v1/leave/actions/${action}`, { leave_id: mine.id });
  }

  private async editKpi() {
    const line = this.kpiLine!;
    line.target = line.target === 100 ? 110 : 100;
    await this.timed('KPI edit', 'PATCH', `/api/v1/kpis/objectives/kpis/${line.id}`, {
      name: line.name,
      weight: line.weight,
      time: line.time,
      target: line.target,
      target_unit_id: line.target_unit_id,
      budget: line.budget,
      initiative: line.initiative,
      objective_id: line.objective_id,
      kpi_id: line.kpi_id,
    });
  }

  private async comment() {
    await this.timed('comment', 'POST', `/api/v1/kpis/${this.user.sheet}/comments`, {
      comment: `Progress noted on turn ${this.turn}.`,
    });
  }
}

const TICKS = 100;

/** User and system time of a process so far, in seconds; with `reaped`, also of the children it has waited for (PostgreSQL's ended backends). */
export function cpuSecondsOf(pid: number | string, reaped = false): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const own = (fields[11] ?? 0) + (fields[12] ?? 0);
    return (reaped ? own + (fields[13] ?? 0) + (fields[14] ?? 0) : own) / TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by each process of `pids`, by every PostgreSQL process, and by the machine. */
function cpuNow(pids: number[]) {
  let postgres = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        postgres += cpuSecondsOf(entry, true);
    } catch {
      // gone meanwhile
    }
  }
  const usage = process.cpuUsage();
  return {
    servers: pids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
    postgres,
    generator: (usage.user + usage.system) / 1e6,
    ...machineCpu(),
  };
}

/** CPU seconds of the whole machine so far: idle (with I/O wait), of it waiting for I/O, and in all, over every core. */
export function machineCpu(): { idle: number; iowait: number; total: number } {
  const [, ...times] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const t = times.map(Number);
  return {
    idle: ((t[3] ?? 0) + (t[4] ?? 0)) / TICKS,
    iowait: (t[4] ?? 0) / TICKS,
    total: t.slice(0, 8).reduce((a, b) => a + b, 0) / TICKS,
  };
}

/** Cores each part kept busy during a phase (CPU seconds per second). */
export interface CpuShare {
  servers: number;
  postgres: number;
  generator: number;
  /** Anything else on the machine. */
  other: number;
  idle: number;
}

/** Latencies and answers of one phase. */
export interface PhaseResult {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  errors: number;
  /** The first few refused or failed calls, to say what went wrong. */
  errorSamples: string[];
  /** Requests per action, for the report. */
  byAction: Map<string, number>;
  /** Actions a steady phase could not start on time because every user was busy. */
  late: number;
  cpu: CpuShare;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

class Recorder {
  samples: Sample[] = [];
  started = performance.now();
  errorSamples: string[] = [];
  private cpu: ReturnType<typeof cpuNow>;
  constructor(private readonly pids: number[]) {
    this.cpu = cpuNow(pids);
  }
  readonly record = (s: Sample) => {
    this.samples.push(s);
    if ((s.status < 200 || s.status >= 300) && this.errorSamples.length < 5)
      this.errorSamples.push(`${s.action}: ${s.status}`);
  };
  reset() {
    this.samples = [];
    this.errorSamples = [];
    this.started = performance.now();
    this.cpu = cpuNow(this.pids);
  }
  result(late = 0): PhaseResult {
    const seconds = (performance.now() - this.started) / 1000;
    const cpu = cpuNow(this.pids);
    const share = (k: 'servers' | 'postgres' | 'generator' | 'idle' | 'total') =>
      (cpu[k] - this.cpu[k]) / seconds;
    const ms = this.samples.map((s) => s.ms).sort((a, b) => a - b);
    const byAction = new Map<string, number>();
    for (const s of this.samples) byAction.set(s.action, (byAction.get(s.action) ?? 0) + 1);
    return {
      requests: this.samples.length,
      seconds,
      p50: percentile(ms, 50),
      p99: percentile(ms, 99),
      errors: this.samples.filter((s) => s.status < 200 || s.status >= 300).length,
      errorSamples: [...this.errorSamples],
      byAction,
      late,
      cpu: {
        servers: share('servers'),
        postgres: share('postgres'),
        generator: share('generator'),
        other: Math.max(
          0,
          share('total') - share('idle') - share('servers') - share('postgres') - share('generator'),
        ),
        idle: share('idle'),
      },
    };
  }
}

export interface OfficeRun {
  processes: number;
  users: number;
  morning: PhaseResult;
  capacity: PhaseResult;
  /** Actions of the capacity phase by name (an action is one call, or two: leave apply and submit, team list and approve). */
  capacityActions: Map<OfficeAction, number>;
  /** Steady phases: the rate asked for (actions/s) and what it gave. */
  steady: { rate: number; result: PhaseResult }[];
}

/**
 * The day on the given processes (their base URLs): morning, capacity for
 * `seconds`, then a steady phase at each rate of `rates` (actions per second;
 * a function of the capacity measured just before, when a number is not
 * known in advance).
 */
export async function officeDay(
  servers: { base: string; pid: number }[],
  url: string,
  users: OfficeUser[],
  seconds: number,
  rates: (capacityActions: number) => number[],
  /** Told when the capacity phase begins and when its last action has ended. */
  capacityEdges?: (edge: 'start' | 'end') => void,
): Promise<OfficeRun> {
  const bases = servers.map((s) => s.base);
  const recorder = new Recorder(servers.map((s) => s.pid));
  const calendar = await leaveCalendar(
    url,
    users.map((u) => u.id),
  );
  const members = users.map(
    (u, i) => new Member({ ...u }, new URL(bases[i % bases.length]!), recorder.record, calendar.holidays),
  );

  // Morning: everyone signs in, at a moment of their own within the phase.
  recorder.reset();
  await Promise.all(
    members.map(async (m) => {
      await new Promise((r) => setTimeout(r, Math.random() * seconds * 1000));
      await m.signIn();
    }),
  );
  const morning = recorder.result();
  await Promise.all(members.map((m) => m.getReady(calendar.last.get(m.user.id))));

  // Capacity: everyone busy, no pause.
  capacityEdges?.('start');
  recorder.reset();
  const until = performance.now() + seconds * 1000;
  let actions = 0;
  const done = new Map<OfficeAction, number>();
  await Promise.all(
    members.map(async (m) => {
      while (performance.now() < until) {
        const action = await m.act();
        done.set(action, (done.get(action) ?? 0) + 1);
        actions++;
      }
    }),
  );
  const capacity = recorder.result();
  capacityEdges?.('end');
  const capacityActions = actions / capacity.seconds;

  const steady: OfficeRun['steady'] = [];
  for (const rate of rates(capacityActions)) {
    recorder.reset();
    let late = 0;
    const running: Promise<unknown>[] = [];
    const interval = 1000 / rate;
    const start = performance.now();
    for (let n = 0; ; n++) {
      const due = start + n * interval;
      if (due > start + seconds * 1000) break;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const free = members.filter((m) => !m.busy);
      const m = free[Math.floor(Math.random() * free.length)];
      if (!m) {
        late++;
        continue;
      }
      m.busy = true;
      running.push(
        m.act().finally(() => {
          m.busy = false;
        }),
      );
    }
    await Promise.all(running);
    steady.push({ rate, result: recorder.result(late) });
  }
  for (const m of members) m.agent.destroy();
  return {
    processes: bases.length,
    users: users.length,
    morning,
    capacity,
    capacityActions: done,
    steady,
  };
}

const f1 = (n: number) => n.toFixed(1);
const f0 = (n: number) => n.toFixed(0);
const f2 = (n: number) => n.toFixed(2);
const cores = os.cpus().length;

/** The report's section: one row per phase and number of processes, and the gain of the second. */
export function officeSection(runs: OfficeRun[], employees: number, when: string, seconds: number): string {
  const row = (r: OfficeRun, phase: string, p: PhaseResult) =>
    `| ${r.processes} | ${phase}${p.late ? ` (${p.late} started late)` : ''} | ${p.requests} | ${f0(p.requests / p.seconds)} | ${f1(p.p50)} | ${f1(p.p99)} | ${p.errors}${p.errorSamples.length ? ` (${p.errorSamples.join('; ')})` : ''} | ${f2(p.cpu.servers)} | ${f2(p.cpu.postgres)} | ${f2(p.cpu.generator)} | ${f2(p.cpu.other)} | ${f2(p.cpu.idle)} |`;
  const lines = [
    OFFICE_HEADING,
    '',
    `${when}; ${employees} employees on PostgreSQL; ${runs[0]?.users ?? 0} users (a fifth of them line managers with submitted leave waiting), each doing one thing at a time over its own keep-alive connection; users alternate between the processes. Phases of ${seconds} s. Morning: every user signs in at a random moment of the phase and opens the dashboard and \`me\`. Capacity: every user acts without pause. Steady: actions started at the stated rate by a free user. Actions: dashboard, me, lookups, leave, remote-work, HR services, KPI and EPR lists, a KPI sheet, team directory, employee search, profile, attendance month (about two thirds), and leave applied for and submitted, leave approved or rejected, a KPI edited, a comment posted (about one third). Latencies of single calls in ms. CPU: cores kept busy during the phase by the API processes, by PostgreSQL, by the load generator, by anything else, and left idle (the machine has ${cores}).`,
    '',
    '| processes | phase | calls | calls/s | p50 | p99 | errors | CPU: API | PostgreSQL | generator | other | idle |',
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of runs) {
    lines.push(row(r, 'morning (sign in, dashboard, me)', r.morning));
    lines.push(row(r, 'capacity (no pause)', r.capacity));
    for (const s of r.steady) lines.push(row(r, `steady, ${f0(s.rate)} actions/s`, s.result));
  }
  const one = runs.find((r) => r.processes === 1);
  const two = runs.find((r) => r.processes === 2);
  if (one && two) {
    const gain = (a: PhaseResult, b: PhaseResult) =>
      (b.requests / b.seconds / (a.requests / a.seconds) - 1) * 100;
    lines.push(
      '',
      `The second process adds ${f0(gain(one.capacity, two.capacity))} % to the day's throughput (capacity) and ${f0(gain(one.morning, two.morning))} % to the morning's sign-ins.`,
    );
  }
  const mix = runs[0]?.capacity.byAction;
  if (mix) {
    const total = [...mix.values()].reduce((a, b) => a + b, 0);
    lines.push(
      '',
      `Calls of the capacity phase (one process): ${[...mix.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([a, n]) => `${a} ${f0((n / total) * 100)} %`)
        .join(', ')}.`,
    );
  }
  return `${lines.join('\n')}\n`;
}
