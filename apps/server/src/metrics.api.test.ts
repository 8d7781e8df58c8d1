import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appBeside,
  dbKind,
  type MadeEmployee,
  randomAddress,
  setupApi,
  type TestContext,
} from '../test/helper';
import { openStream } from '../test/sse';
import type { Config } from './config';
import { AuditChainSealer } from './features/audit';
import { RULES } from './features/auth/auth.service';
import { runJob } from './lib/jobs';

/** GET /metrics (lib/metrics.ts): Prometheus text for a scraper holding METRICS_TOKEN. */
const TOKEN = 'scrape-7f3a9c1e5b2d8f4a6c0e9b1d3f5a7c9e';

let ctx: TestContext;
let person: MadeEmployee;
let bearer: string;
let webDist: string;

beforeAll(async () => {
  ctx = await setupApi({ metricsToken: TOKEN });
  person = await ctx.factory.employee();
  bearer = await ctx.factory.token(person);
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
});

afterAll(async () => {
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The same database behind another configuration. */
const appWith = (overrides: Partial<Config>): Promise<FastifyInstance> => appBeside(ctx, overrides);

const scrape = (app: FastifyInstance = ctx.app, authorization: string | null = `Bearer ${TOKEN}`) =>
  app.inject({ method: 'GET', url: '/metrics', headers: authorization === null ? {} : { authorization } });

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text answer. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The metrics as they are now. */
async function metrics(): Promise<Sample[]> {
  const res = await scrape();
  expect(res.statusCode).toBe(200);
  return parse(res.body);
}

/** The value of the one sample of `name` whose labels include `labels`; 0 when there is none. */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN: 404 as an unknown address, with or without a token', async () => {
    const off = await appWith({ metricsToken: null, webDist: '/nonexistent/web-dist' });
    for (const authorization of [null, `Bearer ${TOKEN}`]) {
      const res = await scrape(off, authorization);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 404,
        error: 'route_not_found',
        message: 'No route for GET /metrics.',
        params: { method: 'GET', path: '/metrics' },
      });
    }
    // With the web app: its not-found page, as for any address it does not know.
    const withPages = await appWith({ metricsToken: null, webDist });
    const unknown = await withPages.inject({ method: 'GET', url: '/no-such-page' });
    const res = await scrape(withPages);
    expect({ status: res.statusCode, type: res.headers['content-type'], body: res.body }).toEqual({
      status: unknown.statusCode,
      type: unknown.headers['content-type'],
      body: unknown.body,
    });
    expect(res.statusCode).toBe(404);
  });

  it('answers 401 without the token or with a wrong one', async () => {
    for (const authorization of [
      null,
      'Bearer ',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const res = await scrape(ctx.app, authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ error: 'unauthorized' });
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('hr_');
    }
  });

  it('answers the Prometheus text with the right token', async () => {
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of [
      'hr_http_request_duration_seconds',
      'hr_db_pool_total_clients',
      'hr_realtime_streams_open',
      'hr_job_runs_total',
      'hr_job_failures_total',
      'hr_throttle_refusals_total',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(res.body).toContain(`# TYPE ${name} `);
    const samples = parse(res.body);
    expect(sampleValue(samples, 'hr_db_pool_total_clients', { database: dbKind })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(samples, 'hr_db_pool_max_clients', { database: dbKind })).toBeGreaterThanOrEqual(1);
    if (dbKind === 'postgres') {
      expect(samples.some((s) => s.name === 'hr_db_pool_idle_clients')).toBe(true);
      expect(samples.some((s) => s.name === 'hr_db_pool_waiting_clients')).toBe(true);
      expect(sampleValue(samples, 'hr_db_pool_wait_seconds_count')).toBeGreaterThan(0);
    } else {
      // PGlite's one connection: no idle or waiting count to read.
      expect(samples.some((s) => s.name === 'hr_db_pool_idle_clients')).toBe(false);
    }
  });

  it('is not in the API description', async () => {
    const paths = Object.keys((ctx.app.swagger() as { paths: Record<string, unknown> }).paths);
    expect(paths).toContain('/api/health');
    expect(paths).not.toContain('/metrics');
  });

  it('is not taken by the web app: its pages are still served, /metrics still asks for the token', async () => {
    const app = await appWith({ metricsToken: TOKEN, webDist });
    const page = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const refused = await scrape(app, null);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    const res = await scrape(app);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE hr_http_request_duration_seconds histogram');
  });
});

describe('what is measured', () => {
  it('times a call by its route template and status, never the address with its id', async () => {
    const route = '/api/v1/employees/:id';
    const count = (samples: Sample[], status: string) =>
      sampleValue(samples, 'hr_http_request_duration_seconds_count', {
        method: 'GET',
        route,
        status_code: status,
      });
    const before = await metrics();
    const own = await ctx.call({ method: 'GET', url: `/api/v1/employees/${person.id}`, token: bearer });
    expect(own.statusCode).toBe(200);
    const missing = await ctx.call({ method: 'GET', url: '/api/v1/employees/987654321', token: bearer });
    expect(missing.statusCode).toBe(404);
    await ctx.call({ method: 'GET', url: '/no/such/address/12345' });
    const after = await metrics();
    expect(count(after, '200') - count(before, '200')).toBe(1);
    expect(count(after, '404') - count(before, '404')).toBe(1);
    const routes = new Set(
      after.filter((s) => s.name === 'hr_http_request_duration_seconds_count').map((s) => s.labels.route),
    );
    expect(routes).toContain('unmatched');
    // No label holds a number of an address (its id): only templates, `static` and `unmatched`.
    for (const label of routes) expect(label).not.toMatch(/\/\d+(\/|$)/);
  });

  it('counts a refusal by a limit under the limit’s name', async () => {
    const limit = RULES.loginPerEidAndAddress;
    const before = sampleValue(await metrics(), 'hr_throttle_refusals_total', { limit: limit.bucket });
    const address = randomAddress();
    const signIn = () =>
      ctx.call({
        method: 'POST',
        url: '/api/v1/login_check',
        payload: { username: person.eid, password: 'wrong-pass', app_id: 3 },
        remoteAddress: address,
      });
    for (let i = 0; i < limit.limit; i++) expect((await signIn()).statusCode).toBe(401);
    expect((await signIn()).statusCode).toBe(429);
    const after = await metrics();
    expect(sampleValue(after, 'hr_throttle_refusals_total', { limit: limit.bucket }) - before).toBe(1);
    // Whose count it was (an E-ID, an address) is no label.
    const text = (await scrape()).body;
    expect(text).not.toContain(person.eid);
    expect(text).not.toContain(address);
  });

  it('counts the open realtime streams of the process', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const open = () => metrics().then((s) => sampleValue(s, 'hr_realtime_streams_open'));
    const before = await open();
    const { token } = (
      await ctx.call({ method: 'GET', url: '/api/v1/discovery/employee', token: bearer })
    ).json<{ token: string }>();
    const stream = await openStream(`${base}/api/v1/notifications/stream?token=${token}`);
    try {
      expect((await stream.next(3000)).event).toBe('unread');
      expect(await open()).toBe(before + 1);
    } finally {
      stream.close();
    }
    await expect.poll(open, { timeout: 3000 }).toBe(before);
  });

  it('counts the runs and failures of the scheduled jobs by name', async () => {
    const runs = (samples: Sample[], job: string) => sampleValue(samples, 'hr_job_runs_total', { job });
    const failures = (samples: Sample[], job: string) =>
      sampleValue(samples, 'hr_job_failures_total', { job });
    const before = await metrics();
    // Every job's series is there before its first run.
    for (const job of ['approval_reminders', 'leave_period_close', 'throttle_prune'])
      expect(before.some((s) => s.name === 'hr_job_failures_total' && s.labels.job === job)).toBe(true);
    const sealer = new AuditChainSealer(ctx.db, undefined, 60_000);
    sealer.start();
    await sealer.stop();
    await expect(runJob('throttle_prune', () => Promise.reject(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    const after = await metrics();
    expect(runs(after, 'audit_chain_sealer') - runs(before, 'audit_chain_sealer')).toBe(1);
    expect(failures(after, 'audit_chain_sealer') - failures(before, 'audit_chain_sealer')).toBe(0);
    expect(runs(after, 'throttle_prune') - runs(before, 'throttle_prune')).toBe(1);
    expect(failures(after, 'throttle_prune') - failures(before, 'throttle_prune')).toBe(1);
  });
});
