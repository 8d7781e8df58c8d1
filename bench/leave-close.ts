/**
 * The leave period close on a data set of the large seed: the portal's own
 * `LeavePeriodClose` (features/leave), built in this process from the
 * sources (tsx) on the bench database, as the server's daily job runs it.
 *
 * First the policies a company would have are put in through the API (as
 * the HR administrator 1001, once; later runs find them): Annual leave
 * accrued monthly for one company with a cap and days carried that lapse,
 * Casual leave yearly for everyone with a few days carried; the other types
 * keep their own days a year. Then, from a ledger without close entries
 * (the ledger's rows with a period, and `leave_close_runs`, are deleted
 * first; HR's adjustments stay):
 *
 * - the first close of today (everything due this year and last year),
 *   stopped after a few batches as a killed process, then resumed by two
 *   closes started at once, each on a pool of its own (two server processes
 *   restarting): one goes on, the other finds the lock and stops;
 * - the same day again: nothing to write;
 * - the next day's close: everyone replayed again, only what falls due
 *   tomorrow written (so nothing was missed today); its rows are removed
 *   afterwards;
 * - with `whole`, the first close once more from an empty close, in one go:
 *   the same entries.
 *
 * The database is left as today's close leaves it.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { CloseResult } from '../apps/server/src/features/leave/leave-close.service';
import { SessionsCpu } from './bells';
import { withAppInProcess } from './support/app-in-process';

export const leaveCloseHeading = (employees: number) =>
  `## Leave period close, ${employees.toLocaleString('en')} employees (PostgreSQL)`;

/** The HR administrator of the demo data, who puts the policies in. */
const HR_ADMIN = '1001';

/** One timed `run`. */
export interface CloseStep {
  label: string;
  people: number;
  entries: number;
  seconds: number;
  /** User and system CPU of this process while it ran, in seconds. */
  processCpu: number;
  /** CPU of the database's sessions (PostgreSQL backends, read from /proc) while it ran, in seconds. */
  databaseCpu: number;
  /** Whether the run did any batch (false: another process held the lock). */
  ran: boolean;
  finished: boolean;
}

export interface CloseReport {
  employees: number;
  database: string;
  today: string;
  when: string;
  batch: number;
  stoppedAfter: number;
  policies: string[];
  steps: CloseStep[];
  /** Close entries in the ledger after the first close, by kind. */
  kinds: Record<string, number>;
  checks: string[];
  load: { start: number[]; end: number[] };
  /** This process's highest resident memory, MB. */
  peakRssMb: number;
}

interface PolicyPlan {
  name: string;
  type: RegExp;
  body: (typeId: number, year: number, companyId: number | null) => Record<string, unknown>;
  /** The company it is for (its name), or everyone. */
  company?: RegExp;
}

/** The policies the bench puts in (by name: one already there is kept). */
const PLANS: PolicyPlan[] = [
  {
    name: 'Annual leave, Meghna Digital, monthly (bench)',
    type: /^annual/i,
    company: /digital/i,
    body: (typeId, year, companyId) => ({
      type_id: typeId,
      company_id: companyId,
      effective_from: `${year - 1}-01-01`,
      days_per_year: 15,
      accrual: 'monthly',
      cap: 45,
      carry_forward_max: 10,
      carry_forward_expiry_days: 90,
    }),
  },
  {
    name: 'Casual leave, yearly (bench)',
    type: /^casual/i,
    body: (typeId, year) => ({
      type_id: typeId,
      effective_from: `${year - 1}-01-01`,
      days_per_year: 10,
      accrual: 'yearly',
      carry_forward_max: 3,
    }),
  },
];

type App = Awaited<ReturnType<typeof import('../apps/server/src/app').buildApp>>;

async function callApp(
  app: App,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  const res = await app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json() as unknown;
}

/** A list's items, whether it answers them as an array or as a page (`items`). */
async function listOf<T>(app: App, token: string, url: string): Promise<T[]> {
  const body = (await callApp(app, token, 'GET', url)) as T[] | { items: T[] };
  return Array.isArray(body) ? body : body.items;
}

/**
 * The bench's leave policies on the database of `url`, put in through the
 * API (the app built from the sources, as the HR administrator) when they
 * are missing. Answers their names with what they say.
 */
export async function ensureLeavePolicies(url: string): Promise<string[]> {
  const { officeToday } = await import('../apps/server/src/lib/office-clock');
  return withAppInProcess(url, async (app) => {
    const { token } = (await callApp(app, null, 'POST', '/api/v1/login_check', {
      username: HR_ADMIN,
      password: 'demo123',
      app_id: 3,
    })) as { token: string };
    const types = await listOf<{ id: number; name: string }>(app, token, '/api/v1/leave/types');
    const companies = await listOf<{ id: number; name: string }>(app, token, '/api/v1/companies');
    const year = +officeToday().slice(0, 4);
    const out: string[] = [];
    for (const plan of PLANS) {
      const type = types.find((t) => plan.type.test(t.name));
      if (!type) throw new Error(`No leave type matches ${plan.type}`);
      const company = plan.company ? companies.find((c) => plan.company!.test(c.name)) : undefined;
      if (plan.company && !company) throw new Error(`No company matches ${plan.company}`);
      const existing = await listOf<{ name: string; effective_from: string }>(
        app,
        token,
        `/api/v1/leave/policies?type_id=${type.id}`,
      );
      const body = { name: plan.name, ...plan.body(type.id, year, company?.id ?? null) };
      const mine = existing.find((p) => p.name === plan.name);
      if (!mine) await callApp(app, token, 'POST', '/api/v1/leave/policies', body);
      const b = body as Record<string, unknown>;
      out.push(
        `${plan.name}: ${type.name}${company ? ` of ${company.name}` : ', everyone'}, ${b.days_per_year} days a year ${b.accrual}` +
          `${b.cap ? `, cap ${b.cap}` : ''}${b.carry_forward_max ? `, up to ${b.carry_forward_max} carried` : ''}` +
          `${b.carry_forward_expiry_days ? ` lapsing ${b.carry_forward_expiry_days} days into the year` : ''}` +
          `, from ${mine?.effective_from ?? b.effective_from}${mine ? ' (found)' : ' (put in now)'}`,
      );
    }
    return out;
  });
}

/** The database's name in a PostgreSQL URL. */
const databaseOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/** The close's entries and progress, deleted for a fresh measurement (HR's adjustments have no period and stay). */
async function clearClose(admin: pg.Client): Promise<void> {
  await admin.query('delete from leave_ledger where period is not null');
  await admin.query('delete from leave_close_runs');
}

/** The close's entries in the ledger (dated `upTo` or before, when given). */
async function closeEntries(admin: pg.Client, upTo?: string): Promise<number> {
  const res = await admin.query<{ n: number }>(
    `select count(*)::int as n from leave_ledger where period is not null${upTo ? ' and date <= $1' : ''}`,
    upTo ? [upTo] : [],
  );
  return res.rows[0]!.n;
}

/**
 * The period close at `employees` on the database of `url` (seeded). `batch`
 * people a transaction (the server's own size by default); the first close
 * stops after `stoppedAfter` batches; `whole` runs it once more in one go.
 */
export async function leaveCloseBench(
  url: string,
  employees: number,
  options: { stoppedAfter?: number; batch?: number; whole?: boolean } = {},
): Promise<CloseReport> {
  const load = { start: (await import('node:os')).loadavg(), end: [] as number[] };
  const policies = await ensureLeavePolicies(url);
  for (const p of policies) console.log(`  policy: ${p}`);
  const { openPostgres } = await import('../apps/server/src/db/client');
  const { LeavePeriodClose, CLOSE_BATCH } = await import(
    '../apps/server/src/features/leave/leave-close.service'
  );
  const { officeToday } = await import('../apps/server/src/lib/office-clock');
  const { addDays } = await import('../apps/server/src/features/leave/leave-engine');
  const batch = options.batch ?? CLOSE_BATCH;
  const stoppedAfter = options.stoppedAfter ?? 3;
  const database = databaseOf(url);
  const today = officeToday();
  const tomorrow = addDays(today, 1);

  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const own = new Set([(admin as unknown as { processID: number }).processID]);
  const steps: CloseStep[] = [];
  const checks: string[] = [];
  // Each measurement on a pool of its own, as a server process has (10 connections).
  const pools: { close: () => Promise<void> }[] = [];
  const closer = async () => {
    const db = await openPostgres(url);
    pools.push(db);
    return new LeavePeriodClose(db.db, undefined, batch);
  };
  const timed = async (label: string, runs: (() => Promise<CloseResult>)[]) => {
    const sessions = new SessionsCpu(database, own).start(250);
    const cpu = process.cpuUsage();
    const started = performance.now();
    const results = await Promise.all(
      runs.map(async (run) => {
        const t0 = performance.now();
        const r = await run();
        return { ...r, seconds: (performance.now() - t0) / 1000 };
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const databaseCpu = sessions.stop();
    const processCpu = (used.user + used.system) / 1e6;
    const made: CloseStep[] = results.map((r, i) => ({
      label: runs.length > 1 ? `${label}: ${String.fromCharCode(65 + i)}` : label,
      people: r.people,
      entries: r.entries,
      seconds: r.seconds,
      processCpu: runs.length > 1 ? Number.NaN : processCpu,
      databaseCpu: runs.length > 1 ? Number.NaN : databaseCpu,
      ran: r.ran,
      finished: r.finished,
    }));
    if (runs.length > 1)
      made.push({
        label: `${label}: both`,
        people: results.reduce((n, r) => n + r.people, 0),
        entries: results.reduce((n, r) => n + r.entries, 0),
        seconds,
        processCpu,
        databaseCpu,
        ran: results.some((r) => r.ran),
        finished: results.some((r) => r.finished),
      });
    for (const s of made) {
      console.log(
        `  ${s.label}: ${s.people} people, ${s.entries} entries in ${s.seconds.toFixed(2)} s` +
          `${s.seconds > 0 && s.entries > 0 ? ` (${(s.entries / s.seconds).toFixed(0)} entries/s)` : ''}` +
          `${Number.isNaN(s.processCpu) ? '' : `; CPU: this process ${s.processCpu.toFixed(1)} s, database ${s.databaseCpu.toFixed(1)} s`}` +
          `${s.ran ? '' : '; found the lock held and stopped'}`,
      );
    }
    steps.push(...made);
    return made;
  };

  const push = (step: CloseStep) => {
    steps.push(step);
    return step;
  };
  try {
    // 1. The first close of today, from a ledger without close entries: stopped after a few batches (as
    // a process killed), then resumed by two closes started at once, each on a pool of its own (two
    // server processes restarting): one goes on to the end, the other finds the lock held and stops.
    await clearClose(admin);
    const first = await closer();
    const [stopped] = await timed(`first close (${today}), stopped after ${stoppedAfter} batches`, [
      () => first.run(today, stoppedAfter),
    ]);
    const a = await closer();
    const b = await closer();
    const both = await timed('resumed by two at once', [() => a.run(today), () => b.run(today)]);
    const resumed = both.at(-1)!;
    const full = push({
      label: `first close in all (${today})`,
      people: stopped!.people + resumed.people,
      entries: stopped!.entries + resumed.entries,
      seconds: stopped!.seconds + resumed.seconds,
      processCpu: stopped!.processCpu + resumed.processCpu,
      databaseCpu: stopped!.databaseCpu + resumed.databaseCpu,
      ran: true,
      finished: resumed.finished,
    });
    const inLedger = await closeEntries(admin);
    const kinds = Object.fromEntries(
      (
        await admin.query<{ kind: string; n: number }>(
          'select kind, count(*)::int as n from leave_ledger where period is not null group by kind order by kind',
        )
      ).rows.map((r) => [r.kind, r.n]),
    );
    if (inLedger !== full.entries)
      checks.push(`The first close said ${full.entries} entries; the ledger holds ${inLedger}.`);
    if (!resumed.finished) checks.push('Resumed by two at once: neither finished the close.');
    if (both.slice(0, 2).filter((x) => x.ran).length !== 1)
      checks.push(
        'Resumed by two at once: both did batches (one found the lock free between two of the other’s).',
      );

    // 2. The same day again: finished, nothing written.
    const [again] = await timed('the same day again', [() => first.run(today)]);
    if (again!.entries !== 0) checks.push(`The same day's second run wrote ${again!.entries} entries.`);

    // 3. The next day: everyone replayed again. What it writes falls due tomorrow: nothing dated today
    // or before, or the first close (stopped and resumed) missed some. Then its rows go again, so that
    // the database stays as today's close leaves it.
    const [next] = await timed(`the next day (${tomorrow})`, [() => first.run(tomorrow)]);
    const upToToday = await closeEntries(admin, today);
    if (upToToday !== full.entries)
      checks.push(
        `The next day's close wrote ${upToToday - full.entries} entries dated today or before (of ${next!.entries}).`,
      );
    await admin.query('delete from leave_ledger where period is not null and date > $1', [today]);
    await admin.query('delete from leave_close_runs where up_to > $1', [today]);

    // 4. Once more from a ledger without close entries, in one go: the same entries.
    if (options.whole) {
      await clearClose(admin);
      const [whole] = await timed(`first close (${today}) again, in one go`, [
        async () => (await closer()).run(today),
      ]);
      if (whole!.entries !== full.entries || (await closeEntries(admin)) !== full.entries)
        checks.push(
          `In one go: ${whole!.entries} entries (${await closeEntries(admin)} in the ledger), stopped and resumed ${full.entries}.`,
        );
    }

    load.end = (await import('node:os')).loadavg();
    return {
      employees,
      database,
      today,
      when: new Date().toISOString(),
      batch,
      stoppedAfter,
      policies,
      steps,
      kinds,
      checks,
      load,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    };
  } finally {
    await admin.end();
    await Promise.all(pools.map((p) => p.close()));
  }
}

const n = (v: number) => v.toLocaleString('en');
const s = (v: number) => (Number.isNaN(v) ? '' : v >= 10 ? v.toFixed(1) : v.toFixed(2));

export function leaveCloseSection(r: CloseReport): string {
  const loadText = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  return [
    leaveCloseHeading(r.employees),
    '',
    `${r.when}; database \`${r.database}\`; today ${r.today} on the office's clock. \`LeavePeriodClose.run\` of the server's sources (tsx), each run on a pool of its own (10 connections), ${n(r.batch)} people a transaction. The first close starts from a ledger without close entries (the ledger's rows with a period and \`leave_close_runs\` deleted); it is stopped after ${r.stoppedAfter} batches, as a killed process, and resumed by two closes started at once, each on a pool of its own (two server processes restarting): one goes on to the end, the other finds the lock held and stops; "in all" sums the two parts. The next day's rows are removed after it${r.steps.some((x) => x.label.includes('in one go')) ? '; the close in one go starts from an empty close again' : ''}. CPU: this process's user and system time (\`process.cpuUsage\`), and the database's sessions on \`${r.database}\` (PostgreSQL backends, their run time read from \`/proc\`). Load average (1, 5, 15 min) ${loadText(r.load.start)} at the start, ${loadText(r.load.end)} at the end; peak memory of the process ${r.peakRssMb.toFixed(0)} MB.`,
    '',
    'Policies:',
    '',
    ...r.policies.map((p) => `- ${p}`),
    '- the other leave types with a balance: their own days a year, up front, nothing carried.',
    '',
    '| run | people | entries written | seconds | entries/s | process CPU s | database CPU s |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...r.steps.map(
      (x) =>
        `| ${x.label}${x.ran ? '' : ' (found the lock, stopped)'} | ${n(x.people)} | ${n(x.entries)} | ${s(x.seconds)} | ${x.entries > 0 ? n(Math.round(x.entries / x.seconds)) : ''} | ${s(x.processCpu)} | ${s(x.databaseCpu)} |`,
    ),
    '',
    `Close entries after the first close, by kind: ${Object.entries(r.kinds)
      .map(([k, v]) => `${k} ${n(v)}`)
      .join(', ')}.`,
    '',
    r.checks.length
      ? r.checks.join('\n')
      : `Checks: the first close, stopped and resumed, wrote what the ledger then holds, and one of the two resuming found the lock and stopped; the same day again wrote nothing; the next day's close wrote nothing dated today or before${r.steps.some((x) => x.label.includes('in one go')) ? '; in one go, the close wrote the same entries' : ''}.`,
    '',
  ].join('\n');
}

/**
 * Waits until the server's own period close of today (started with the
 * server) is finished on the database of `url`, so that it does not run under
 * a measurement. Answers the seconds waited; gives up when no close of today
 * shows within `appearMs`.
 */
export async function closeSettled(url: string, appearMs = 30_000, maxMs = 20 * 60_000): Promise<number> {
  const { officeToday } = await import('../apps/server/src/lib/office-clock');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    for (;;) {
      const res = await client.query<{ finished: boolean }>(
        'select finished_at is not null as finished from leave_close_runs where up_to = $1',
        [officeToday()],
      );
      const waited = performance.now() - started;
      if (res.rows[0]?.finished || (res.rows.length === 0 && waited > appearMs) || waited > maxMs)
        return waited / 1000;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await client.end();
  }
}
