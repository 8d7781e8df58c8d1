import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openStream } from '../sse';

/**
 * Real API processes (the built server, `apps/server/dist/main.js`) on a
 * PostgreSQL database of their own, behind a real nginx running the
 * configuration shipped in docs/deploy/nginx.conf: what the multi-process,
 * proxy and rolling-restart tests start.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(root, 'apps/server/dist/main.js');
const NGINX_CONF = path.join(root, 'docs/deploy/nginx.conf');

function findNginx(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'])
    if (fs.existsSync(candidate)) return candidate;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

export const NGINX = findNginx();

/** Why these tests cannot run here (printed, and the tests skipped), or null. */
export const cannotRun: string | null = !process.env.DATABASE_URL
  ? 'DATABASE_URL is not set: the multi-process tests need PostgreSQL'
  : !NGINX
    ? 'nginx is not installed (.ci/run installs it from Debian packages)'
    : !fs.existsSync(MAIN)
      ? 'the server is not built (node scripts/build.mjs)'
      : null;
if (cannotRun) process.stdout.write(`\nSkipping the multi-process tests: ${cannotRun}\n`);

/** A port free now on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database on the server of DATABASE_URL: its URL and how to drop it. */
export async function emptyDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const u = new URL(process.env.DATABASE_URL!);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** One API process: its port, its log lines (JSON), its exit. */
export class ApiProcess {
  readonly lines: string[] = [];
  private child: ChildProcess | null = null;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> = Promise.resolve({
    code: null,
    signal: null,
  });

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the process (not waiting for it: see `ready`). */
  start(): this {
    const child = spawn(process.execPath, [MAIN], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        TZ: process.env.TZ ?? 'Asia/Dhaka',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let rest = '';
    const take = (chunk: Buffer) => {
      rest += chunk.toString('utf8');
      const parts = rest.split('\n');
      rest = parts.pop() ?? '';
      this.lines.push(...parts.filter(Boolean));
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    return this;
  }

  /** Waits until readiness answers 200 (or fails, with the process's output). */
  async ready(timeoutMs = 120_000): Promise<this> {
    const deadline = Date.now() + timeoutMs;
    let exited = false;
    void this.exited.then(() => {
      exited = true;
    });
    while (Date.now() < deadline && !exited) {
      try {
        if ((await call(this.base, 'GET', '/api/health/ready')).status === 200) return this;
      } catch {
        // Not listening yet.
      }
      await sleep(200);
    }
    throw new Error(`process on ${this.port} not ready:\n${this.lines.slice(-30).join('\n')}`);
  }

  /** Sends a signal; answers the exit and how long it took. */
  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    const from = Date.now();
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null)
      return { code: this.child?.exitCode ?? null, signal: null, ms: 0 };
    this.child.kill(signal);
    const exit = await this.exited;
    return { ...exit, ms: Date.now() - from };
  }

  /** The log records (parsed JSON lines) whose message contains `text`. */
  logged(text: string): { msg?: string; [key: string]: unknown }[] {
    return this.lines
      .map((line) => {
        try {
          return JSON.parse(line) as { msg?: string };
        } catch {
          return { msg: line };
        }
      })
      .filter((r) => typeof r.msg === 'string' && r.msg.includes(text));
  }
}

/**
 * nginx with docs/deploy/nginx.conf as shipped, but for its listening port,
 * the processes it sends calls to and its log files.
 */
export class Nginx {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-nginx-'));
  private child: ChildProcess | null = null;
  private output = '';

  constructor(
    readonly port: number,
    upstreams: number[],
  ) {
    let site = fs.readFileSync(NGINX_CONF, 'utf8');
    const replace = (pattern: RegExp | string, by: string) => {
      const next = site.replace(pattern, by);
      if (next === site) throw new Error(`docs/deploy/nginx.conf has no ${String(pattern)}`);
      site = next;
    };
    replace(
      /(upstream hr_portal \{\n(?:\s*#.*\n)*)((?:\s*server 127\.0\.0\.1:\d+[^\n]*\n)+)/,
      `$1${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;\n`).join('')}`,
    );
    replace(/listen 80;/, `listen 127.0.0.1:${port};`);
    replace('/var/log/nginx/hr-portal.access.log', path.join(this.dir, 'access.log'));
    fs.writeFileSync(path.join(this.dir, 'hr-portal.conf'), site);
    const temp = (name: string) => {
      fs.mkdirSync(path.join(this.dir, name), { recursive: true });
      return path.join(this.dir, name);
    };
    fs.writeFileSync(
      path.join(this.dir, 'nginx.conf'),
      [
        // Run as root (the test's user), the workers keep it: they write the temporary files here.
        process.getuid?.() === 0 ? 'user root;' : '',
        'worker_processes 2;',
        'daemon off;',
        `pid ${path.join(this.dir, 'nginx.pid')};`,
        `error_log ${path.join(this.dir, 'error.log')} warn;`,
        'events { worker_connections 1024; }',
        'http {',
        `  client_body_temp_path ${temp('body')};`,
        `  proxy_temp_path ${temp('proxy')};`,
        `  fastcgi_temp_path ${temp('fastcgi')};`,
        `  uwsgi_temp_path ${temp('uwsgi')};`,
        `  scgi_temp_path ${temp('scgi')};`,
        `  include ${path.join(this.dir, 'hr-portal.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
  }

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  private args() {
    return ['-p', this.dir, '-c', path.join(this.dir, 'nginx.conf'), '-e', path.join(this.dir, 'error.log')];
  }

  /** Checks the configuration (`nginx -t`) and starts nginx; resolves once it listens. */
  async start(): Promise<this> {
    const test = spawnSync(NGINX!, ['-t', ...this.args()], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
    const child = spawn(NGINX!, this.args(), { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout!.on('data', (d) => (this.output += d));
    child.stderr!.on('data', (d) => (this.output += d));
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const listening = await new Promise<boolean>((resolve) => {
        const socket = net.connect(this.port, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
      if (listening) return this;
      await sleep(100);
    }
    throw new Error(`nginx did not start:\n${this.output}`);
  }

  /** The access log's lines. */
  accessLog(): string[] {
    const file = path.join(this.dir, 'access.log');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  }

  errorLog(): string {
    const file = path.join(this.dir, 'error.log');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  }

  async stop() {
    if (this.child && this.child.exitCode === null) {
      const exited = new Promise((r) => this.child!.once('exit', r));
      this.child.kill('SIGQUIT');
      await Promise.race([exited, sleep(5000)]);
      if (this.child.exitCode === null) this.child.kill('SIGKILL');
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The settings every test process shares: one database, behind the given proxy address. */
export function processEnv(databaseUrl: string, publicUrl: string, extra: Record<string, string> = {}) {
  return {
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: '127.0.0.1',
    SEED: 'demo',
    DEMO: 'true',
    SECOND_FACTOR: 'optional',
    ...extra,
  };
}

/** A call's JSON body, as a test reads it. */
// biome-ignore lint/suspicious/noExplicitAny: a test reads the fields of whatever the call answered
type Answer = any;

/**
 * A JSON call: its status, headers and body. Each call has a connection of
 * its own unless an agent is given (a connection kept alive straight to a
 * process would hold that process's close for its grace).
 */
export function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; agent?: http.Agent } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; json: Answer; text: string }> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${url}`,
      {
        method,
        agent: options.agent ?? false,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          let json: unknown = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            json = null;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, json, text });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Signs a demo account in (password demo123) and answers its token. */
export async function signIn(base: string, eid: string, headers: Record<string, string> = {}) {
  const res = await call(base, 'POST', '/api/v1/login_check', {
    body: { username: eid, password: 'demo123', app_id: 3 },
    headers,
  });
  if (res.status !== 200) throw new Error(`sign-in of ${eid}: ${res.status} ${res.text}`);
  return res.json.token as string;
}

/** The demo company's submitted KPI sheet of an employee: a thread they and their manager both write on. */
export async function submittedSheet(client: pg.Client, eid: string): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `select k.id from kpis k join employees e on e.id = k.employee_id
      where e.eid = $1 and k.status_id = 2 order by k.id limit 1`,
    [eid],
  );
  return rows[0]!.id;
}

/** A chat window on a KPI sheet's thread, opened through `base` with a realtime token of the session. */
export async function openChat(base: string, token: string, sheet: number) {
  const realtime = (await call(base, 'GET', '/api/v1/discovery/employee', { token })).json.token as string;
  return openStream(`${base}/api/v1/realtime/comments?token=${realtime}&threads=kpi:${sheet}`);
}
