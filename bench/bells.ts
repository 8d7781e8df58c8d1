/**
 * Notification delivery to open bells: `bells` people of the large data set
 * (one stream each, as one browser tab each) sign in through the built
 * server, take a realtime token from `discovery/employee` and open the
 * bell's stream (`notifications/stream`, server-sent events: `unread` with
 * `{ unread }`). Then:
 *
 * - idle: the API process and its database sessions are watched for
 *   `idle` seconds with no stream open, then with every bell open (the
 *   streams' session check every 2 s, the keep-alive comments): CPU per
 *   minute, the cost of the open bells being the difference;
 * - bursts: the portal's own `notifyEach` (lib/notifications.ts), run in
 *   this process on the same database in one transaction, tells every bell's
 *   owner at once that a review of theirs opened (as a cycle launch does);
 *   its statement writes the rows and `pg_notify`s each person's new unread
 *   count, which every API process hears at the commit. Measured from the
 *   commit's answer: the time until each bell receives its new count, the
 *   API process's CPU until the last one and over the five seconds after
 *   the commit (its outbox sending the first of the e-mails the
 *   notifications queued), the CPU of its database sessions, its memory,
 *   and the notifying statements' own times. A last burst tells many more people (`told`), the bells'
 *   owners among them, as a cycle launched for everyone does.
 *
 * The rows and e-mails the bench made are deleted at the end.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export const BELLS_HEADING = '## Notification delivery to open bells (PostgreSQL)';

export interface BellsOptions {
  /** Open bells: this many people, one stream each. */
  bells: number;
  /** Bursts that tell exactly the bells' owners. */
  rounds: number;
  /** People told by the last burst (the bells' owners first); 0 or no more than `bells`: none. */
  told: number;
  /** Seconds of each idle measurement. */
  idleSeconds: number;
}

/** What one burst cost and how fast it reached the bells. */
export interface Burst {
  told: number;
  bells: number;
  delivered: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** The notifying statement (rows, `pg_notify`, addresses), then every statement of `notifyEach` together, in ms. */
  notifyMs: number;
  statementsMs: number;
  statements: number;
  commitMs: number;
  /** API process CPU, ms: from just before the transaction to the last delivery, and over the 5 s after the commit. */
  apiCpuToLast: number;
  apiCpu5s: number;
  /** CPU of the API's database sessions over the 5 s after the commit, ms. */
  dbCpu5s: number;
  /** E-mails the burst queued, and those of them the API's outbox sent within the 5 s after the commit. */
  emails: number;
  emailsSent: number;
  /** The API's resident memory before the burst and its highest during the 5 s after, MB. */
  rssBefore: number;
  rssPeak: number;
  /** Bells whose stream ended before the count came, with the code. */
  ended: string[];
}

export interface Idle {
  streams: number;
  seconds: number;
  /** CPU seconds per minute. */
  apiPerMinute: number;
  dbPerMinute: number;
  rssMb: number;
}

export interface BellsResult {
  when: string;
  employees: number;
  bells: number;
  perPerson: string;
  signInSeconds: number;
  openSeconds: number;
  openApiCpu: number;
  idle: Idle[];
  bursts: Burst[];
  load: { start: number[]; bursts: number[]; end: number[] };
  streamsEnded: number;
  cores: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `work` on every item, `width` at a time. */
async function inTurns<T, R>(items: readonly T[], width: number, work: (item: T, i: number) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) out[i] = await work(items[i]!, i);
    }),
  );
  return out;
}

// ---------------------------------------------------------------------------
// CPU and memory, from /proc (nanoseconds on the CPU: schedstat)

/** Nanoseconds a process has run, all its threads together. */
export function processNs(pid: number): number {
  let ns = 0;
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // a thread that ended meanwhile
      }
    }
  } catch {
    // the process ended
  }
  return ns;
}

function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024;
}

/** Resets the process's highest resident size to its current one (Linux: clear_refs 5). */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * The CPU of the PostgreSQL sessions on one database (their process title
 * names it), except the bench's own: each backend's run time at its first
 * sight and at its last, sampled. A backend that started after the first
 * sample counts from nothing; one that ended loses what it ran since the
 * sample before.
 */
export class SessionsCpu {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private started = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: string,
    private readonly own: Set<number>,
  ) {}

  sample(): void {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const pid = Number(entry);
      try {
        const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        if (!title.startsWith('postgres: ') || !title.includes(` ${this.database} `)) continue;
        const ns = Number(fs.readFileSync(`/proc/${entry}/schedstat`, 'utf8').split(' ')[0]);
        if (!this.first.has(pid)) this.first.set(pid, this.started ? 0 : ns);
        this.last.set(pid, ns);
      } catch {
        // gone meanwhile
      }
    }
    this.started = true;
  }

  /** Samples now and then every `everyMs` until `stop`. */
  start(everyMs?: number): this {
    this.sample();
    if (everyMs) this.timer = setInterval(() => this.sample(), everyMs);
    return this;
  }

  /** Seconds of CPU since `start`. */
  stop(): number {
    if (this.timer) clearInterval(this.timer);
    this.sample();
    let ns = 0;
    for (const [pid, last] of this.last) if (!this.own.has(pid)) ns += last - (this.first.get(pid) ?? last);
    return ns / 1e9;
  }
}

// ---------------------------------------------------------------------------
// The bells

interface Person {
  eid: string;
  id: number;
  review: number;
}

/** One open bell: the counts its stream sent, and how it ended. */
interface Bell {
  person: Person;
  unread: number;
  ended: string | null;
  onUnread: (unread: number, at: number) => void;
  close: () => void;
}

/**
 * Opens a person's bell: `GET notifications/stream?token=…` over a
 * connection of its own, read as server-sent events. Resolves once the first
 * count came (the stream sends it at once).
 */
function openBell(base: URL, person: Person, token: string): Promise<Bell> {
  return new Promise((resolve, reject) => {
    const bell: Bell = { person, unread: -1, ended: null, onUnread: () => {}, close: () => {} };
    const req = http.get(
      {
        host: base.hostname,
        port: base.port,
        path: `/api/v1/notifications/stream?${new URLSearchParams({ token })}`,
        headers: { accept: 'text/event-stream' },
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`bell of ${person.eid}: ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        let opened = false;
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = /^event: (.*)$/m.exec(event)?.[1];
            const data = /^data: (.*)$/m.exec(event)?.[1];
            if (name === 'unread' && data) {
              const unread = (JSON.parse(data) as { unread: number }).unread;
              bell.unread = unread;
              bell.onUnread(unread, at);
              if (!opened) {
                opened = true;
                resolve(bell);
              }
            } else if (name === 'end') {
              bell.ended = data ? ((JSON.parse(data) as { code?: string }).code ?? 'end') : 'end';
            }
          }
        });
        res.on('close', () => {
          bell.ended ??= 'closed';
          if (!opened) reject(new Error(`bell of ${person.eid} closed before its first count`));
        });
      },
    );
    req.on('error', (err) => {
      bell.ended ??= `error: ${err.message}`;
      reject(err);
    });
    bell.close = () => req.destroy();
  });
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}

/** Signs a person in and takes a realtime token for their session, as the web app's bell does. */
async function streamToken(base: string, eid: string): Promise<string> {
  const { token } = await json<{ token: string }>(
    await fetch(`${base}/api/v1/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: eid, password: 'demo123', app_id: 3 }),
    }),
    `sign-in of ${eid}`,
  );
  const discovery = await json<{ token: string }>(
    await fetch(`${base}/api/v1/discovery/employee`, { headers: { authorization: `Bearer ${token}` } }),
    `discovery of ${eid}`,
  );
  return discovery.token;
}

/** Employees of the large data set who can sign in, each with a review of theirs; and an HR administrator. */
async function people(client: pg.Client, count: number) {
  const rows = await client.query<Person>(
    `select u.username as eid, e.id, r.id as review
       from employees e
       join users u on u.employee_id = e.id and not u.is_admin
       join lateral (select id from eprs where employee_id = e.id order by from_date desc, id desc limit 1) r on true
      where e.enabled and e.eid like 'L%'
      order by e.id
      limit $1`,
    [count],
  );
  const admin = await client.query<{ id: number }>(
    `select e.id from users u join employees e on e.id = u.employee_id
      where u.is_admin and e.enabled order by e.id limit 1`,
  );
  if (!admin.rows[0]) throw new Error('No HR administrator: is the data set seeded?');
  return { people: rows.rows, actor: admin.rows[0].id };
}

// ---------------------------------------------------------------------------
// The statements of a burst, timed as they leave and come back

interface Timed {
  text: string;
  ms: number;
  pid: number;
  rows: number;
}
type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;
let timing: Timed[] | null = null;
let installed = false;

/** Times every statement sent through node-postgres while `timing` is set (one wrapper, installed once). */
function installTimer() {
  if (installed) return;
  installed = true;
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const list = timing;
    const result = original.apply(this, args);
    if (!list || !result || typeof (result as Promise<unknown>).then !== 'function') return result;
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string }).text ?? '');
    const started = performance.now();
    const pid = (this as unknown as { processID: number }).processID;
    const done = (res?: unknown) =>
      list.push({ text, ms: performance.now() - started, pid, rows: (res as pg.QueryResult)?.rowCount ?? 0 });
    (result as Promise<unknown>).then(done, () => done());
    return result;
  };
}

// ---------------------------------------------------------------------------

/** Streams, bursts and idle costs of `bells` open bells on the server at `base` (process `pid`), database `url`. */
export async function bellsBench(
  base: string,
  url: string,
  pid: number,
  options: BellsOptions,
  perPerson: string,
): Promise<BellsResult> {
  const when = new Date().toISOString();
  const load = { start: os.loadavg(), bursts: [] as number[], end: [] as number[] };
  const database = new URL(url).pathname.slice(1);
  const own = new Set<number>();
  const told = Math.max(options.bells, options.told);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const found = await (async () => {
    try {
      await client.query(`delete from notifications where data ->> 'bench' = 'bells'`);
      const outbox = Number((await client.query('select coalesce(max(id), 0) as id from outbox')).rows[0].id);
      const employees = Number((await client.query('select count(*) from employees')).rows[0].count);
      return { ...(await people(client, told)), employees, outbox };
    } finally {
      await client.end();
    }
  })();
  if (found.people.length < options.bells)
    throw new Error(
      `Only ${found.people.length} people can sign in with a review: fewer than ${options.bells}`,
    );
  const holders = found.people.slice(0, options.bells);
  const outboxBefore = found.outbox;
  console.log(
    `  ${holders.length} bells of ${holders[0]!.eid}…${holders.at(-1)!.eid}; load average ${load.start.map((l) => l.toFixed(2)).join(' ')}`,
  );

  // Sign-ins: the API checks each password (scrypt), a few at a time as people arrive.
  let t = performance.now();
  const tokens = await inTurns(holders, 8, (p) => streamToken(base, p.eid));
  const signInSeconds = (performance.now() - t) / 1000;
  console.log(`  ${tokens.length} sign-ins and realtime tokens in ${signInSeconds.toFixed(1)} s`);

  const idle: Idle[] = [];
  const idleRun = async (streams: number) => {
    await sleep(3000);
    const db = new SessionsCpu(database, own).start(1000);
    const api0 = processNs(pid);
    const t0 = performance.now();
    await sleep(options.idleSeconds * 1000);
    const seconds = (performance.now() - t0) / 1000;
    const api = (processNs(pid) - api0) / 1e9;
    const dbCpu = db.stop();
    const row = {
      streams,
      seconds,
      apiPerMinute: (api / seconds) * 60,
      dbPerMinute: (dbCpu / seconds) * 60,
      rssMb: rssMb(pid),
    };
    console.log(
      `  idle, ${streams} bells open: API ${row.apiPerMinute.toFixed(2)} CPU s/min, its database sessions ${row.dbPerMinute.toFixed(2)} CPU s/min, ${row.rssMb.toFixed(0)} MB resident`,
    );
    idle.push(row);
  };
  await idleRun(0);

  const rssBeforeOpen = rssMb(pid);
  const baseUrl = new URL(base);
  const apiOpen0 = processNs(pid);
  t = performance.now();
  const bells = await inTurns(holders, 16, (p, i) => openBell(baseUrl, p, tokens[i]!));
  const openSeconds = (performance.now() - t) / 1000;
  const openApiCpu = (processNs(pid) - apiOpen0) / 1e9;
  console.log(
    `  ${bells.length} bells open in ${openSeconds.toFixed(1)} s (API ${openApiCpu.toFixed(2)} CPU s); resident ${rssBeforeOpen.toFixed(0)} → ${rssMb(pid).toFixed(0)} MB`,
  );

  const bursts: Burst[] = [];
  try {
    await idleRun(bells.length);
    load.bursts = os.loadavg();

    installTimer();
    const { openPostgres } = await import('../apps/server/src/db/client');
    const { notifyEach } = await import('../apps/server/src/lib/notifications');
    const notifier = await openPostgres(url, 1);
    // Between bursts, the e-mails of the last one that have not left yet go (the outbox sends a few at a time).
    const tidy = new pg.Client({ connectionString: url });
    await tidy.connect();
    own.add((tidy as unknown as { processID: number }).processID);
    try {
      const plan = [
        ...Array.from({ length: options.rounds }, () => options.bells),
        ...(told > options.bells ? [told] : []),
      ];
      for (const [round, count] of plan.entries()) {
        const recipients = found.people.slice(0, count);
        await sleep(2500);
        const before = bells.map((b) => b.unread);
        const arrived: (number | undefined)[] = new Array(bells.length);
        let got = 0;
        let lastAt = 0;
        let apiAtLast = 0;
        for (const [i, bell] of bells.entries())
          bell.onUnread = (unread, at) => {
            if (arrived[i] !== undefined || unread <= before[i]!) return;
            arrived[i] = at;
            lastAt = at;
            if (++got === bells.length) apiAtLast = processNs(pid);
          };
        const peakReset = resetPeak(pid);
        const rssBefore = rssMb(pid);
        let rssPeak = rssBefore;
        const watch = setInterval(() => {
          rssPeak = Math.max(rssPeak, rssMb(pid));
        }, 20);
        const db = new SessionsCpu(database, own).start();
        const api0 = processNs(pid);
        const statements: Timed[] = [];
        let bodyEnd = 0;
        timing = statements;
        await notifier.db.transaction(async (tx) => {
          await notifyEach(tx, {
            event: 'review_opened',
            module: 'epr',
            actorEmployeeId: found.actor,
            data: { bench: 'bells' },
            items: recipients.map((p) => ({ employeeId: p.id, recordId: p.review })),
          });
          bodyEnd = performance.now();
        });
        const committed = performance.now();
        timing = null;
        for (const s of statements) own.add(s.pid);
        const deadline = committed + 15_000;
        while (got < bells.length && performance.now() < deadline) await sleep(10);
        const rest = committed + 5000 - performance.now();
        if (rest > 0) await sleep(rest);
        clearInterval(watch);
        const api5s = (processNs(pid) - api0) / 1e9;
        const db5s = db.stop();
        const unsent = await tidy.query(
          `delete from outbox where id > $1 and topic = 'notification' and sent_at is null`,
          [outboxBefore],
        );
        if (peakReset) rssPeak = Math.max(rssPeak, rssMb(pid, 'VmHWM'));
        const latencies = arrived
          .filter((a): a is number => a !== undefined)
          .map((a) => a - committed)
          .sort((a, b) => a - b);
        const inside = statements.filter((s) => !/^(begin|commit)/i.test(s.text.trim()));
        const notifying = inside.find((s) => s.text.includes('pg_notify'));
        const emails = inside.find((s) => /insert into "outbox"/i.test(s.text));
        const commit = statements.find((s) => /^commit/i.test(s.text.trim()));
        const burst: Burst = {
          told: recipients.length,
          bells: bells.length,
          delivered: latencies.length,
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          max: latencies.at(-1) ?? Number.NaN,
          notifyMs: notifying?.ms ?? Number.NaN,
          statementsMs: inside.reduce((sum, s) => sum + s.ms, 0),
          statements: inside.length,
          commitMs: commit?.ms ?? committed - bodyEnd,
          apiCpuToLast: got === bells.length ? (apiAtLast - api0) / 1e6 : Number.NaN,
          apiCpu5s: api5s * 1000,
          dbCpu5s: db5s * 1000,
          emails: emails?.rows ?? 0,
          emailsSent: (emails?.rows ?? 0) - (unsent.rowCount ?? 0),
          rssBefore,
          rssPeak,
          ended: bells.flatMap((b, i) =>
            arrived[i] === undefined ? [`${b.person.eid}: ${b.ended ?? 'open, no count'}`] : [],
          ),
        };
        console.log(
          `  burst ${round + 1}: ${burst.told} told, ${burst.delivered}/${burst.bells} bells in ` +
            `p50 ${burst.p50.toFixed(0)} ms, p95 ${burst.p95.toFixed(0)} ms, p99 ${burst.p99.toFixed(0)} ms, max ${burst.max.toFixed(0)} ms ` +
            `(last ${(lastAt - committed).toFixed(0)} ms after the commit); notify statement ${burst.notifyMs.toFixed(1)} ms, ` +
            `all ${burst.statements} ${burst.statementsMs.toFixed(1)} ms, commit ${burst.commitMs.toFixed(1)} ms; ` +
            `API CPU ${burst.apiCpuToLast.toFixed(0)} ms to the last, ${burst.apiCpu5s.toFixed(0)} ms in 5 s; DB sessions ${burst.dbCpu5s.toFixed(0)} ms; ` +
            `RSS ${rssBefore.toFixed(0)} → peak ${rssPeak.toFixed(0)} MB`,
        );
        if (burst.ended.length > 0) console.log(`    not reached: ${burst.ended.slice(0, 5).join('; ')}`);
        bursts.push(burst);
      }
    } finally {
      await notifier.close();
      await tidy.end();
    }
  } finally {
    for (const bell of bells) bell.close();
  }
  const streamsEnded = bells.filter((b) => b.ended !== null && b.ended !== 'closed').length;
  load.end = os.loadavg();

  // What the bench wrote goes: its notifications, and the e-mails they queued (sent or not).
  const cleanup = new pg.Client({ connectionString: url });
  await cleanup.connect();
  try {
    await cleanup.query(`delete from notifications where data ->> 'bench' = 'bells'`);
    await cleanup.query(`delete from outbox where id > $1 and topic = 'notification'`, [outboxBefore]);
  } finally {
    await cleanup.end();
  }
  return {
    when,
    employees: found.employees,
    bells: bells.length,
    perPerson,
    signInSeconds,
    openSeconds,
    openApiCpu,
    idle,
    bursts,
    load,
    streamsEnded,
    cores: os.cpus().length,
  };
}

const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');
const loadText = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');

export function bellsSection(r: BellsResult): string {
  const [quiet, open] = [r.idle[0], r.idle[1]];
  return [
    BELLS_HEADING,
    '',
    `${r.when}. ${r.bells} people of the ${r.employees.toLocaleString('en')}-employee data set, one bell each (\`notifications/stream\`, server-sent events over a connection of its own, to one built API process; at most ${r.perPerson} streams a person), signed in through \`login_check\` with a token of \`discovery/employee\` as the web app's bell takes it. Each burst is one transaction of the portal's \`notifyEach\` (run by the bench on the same database: a review opened for each person told, in-app and e-mail, which is everyone's default); latency from the commit's answer to each bell's new \`unread\` count, nearest-rank percentiles. ${r.cores} cores; load average (1, 5, 15 min) ${loadText(r.load.start)} at the start, ${loadText(r.load.bursts)} before the bursts, ${loadText(r.load.end)} at the end.`,
    '',
    '| told | bells | delivered | p50 ms | p95 ms | p99 ms | max ms | notify statement ms | notifyEach ms (statements) | e-mails queued (sent in 5 s) | commit ms | API CPU ms to the last | API CPU ms, 5 s | DB sessions CPU ms, 5 s | API RSS MB before → peak |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...r.bursts.map(
      (b) =>
        `| ${b.told.toLocaleString('en')} | ${b.bells} | ${b.delivered} | ${f0(b.p50)} | ${f0(b.p95)} | ${f0(b.p99)} | ${f0(b.max)} | ${f1(b.notifyMs)} | ${f1(b.statementsMs)} (${b.statements}) | ${b.emails.toLocaleString('en')} (${b.emailsSent}) | ${f1(b.commitMs)} | ${f0(b.apiCpuToLast)} | ${f0(b.apiCpu5s)} | ${f0(b.dbCpu5s)} | ${f0(b.rssBefore)} → ${f0(b.rssPeak)} |`,
    ),
    '',
    '"notify statement": the one that writes the rows and `pg_notify`s the counts; "notifyEach": it, the items\' titles and the e-mails queued. "API CPU, 5 s" and "DB sessions, 5 s": from just before the transaction to 5 s after the commit, the e-mails the outbox sent meanwhile (log transport; 20 every 2 s) included; the database sessions are the API\'s (its pool and its listener), not the bench\'s. The e-mails still waiting after those 5 s are deleted before the next burst.',
    '',
    '| open bells | API CPU s per minute | its database sessions, CPU s per minute | API RSS MB |',
    '| ---: | ---: | ---: | ---: |',
    ...r.idle.map((i) => `| ${i.streams} | ${f2(i.apiPerMinute)} | ${f2(i.dbPerMinute)} | ${f0(i.rssMb)} |`),
    '',
    `Idle: ${f0(quiet?.seconds ?? Number.NaN)} s each, the API doing nothing but its timers; the streams' session check runs every 2 s. The ${r.bells} open bells cost ${f2((open?.apiPerMinute ?? 0) - (quiet?.apiPerMinute ?? 0))} API CPU s and ${f2((open?.dbPerMinute ?? 0) - (quiet?.dbPerMinute ?? 0))} database CPU s a minute. Sign-ins and tokens for all took ${f1(r.signInSeconds)} s; opening the ${r.bells} streams (16 at a time) ${f1(r.openSeconds)} s and ${f2(r.openApiCpu)} API CPU s. Streams ended by the server during the run: ${r.streamsEnded}.`,
    '',
  ].join('\n');
}
