import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../test/factories/profile';
import { appBeside, type MadeEmployee, setupApi, type TestContext } from '../test/helper';
import { type Config, loadConfig } from './config';
import { HSTS } from './lib/security-headers';

let ctx: TestContext;
let person: MadeEmployee;
let token: string;
let webDist: string;

beforeAll(async () => {
  ctx = await setupApi();
  person = await ctx.factory.employee();
  token = await ctx.factory.token(person);
  // A built web app of its own: the page and one hashed asset.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("portal");\n');
  // The same page announcing the signed-in shell's file, for the signed-in addresses.
  fs.writeFileSync(
    path.join(webDist, 'signed-in.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script><link rel="modulepreload" href="/assets/signed-in-ghi789.js"></head><body><div id="root"></div></body></html>',
  );
  // A bigger asset with its compressed copies beside it (as scripts/build.mjs writes them), the
  // service worker and the manifest of an installable app.
  fs.writeFileSync(path.join(webDist, 'assets', 'vendor-def456.js'), bigScript);
  fs.writeFileSync(path.join(webDist, 'assets', 'vendor-def456.js.gz'), gzipSync(bigScript));
  fs.writeFileSync(path.join(webDist, 'assets', 'vendor-def456.js.br'), brotliCompressSync(bigScript));
  fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  fs.writeFileSync(
    path.join(webDist, 'manifest.webmanifest'),
    '{"name":"HR Portal","start_url":"/dashboard"}',
  );
});

const bigScript = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;

afterAll(async () => {
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The same database behind another configuration. */
const appWith = (overrides: Partial<Config>): Promise<FastifyInstance> => appBeside(ctx, overrides);

const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

describe('Cache-Control on API answers', () => {
  it('sign-in, recovery, me, lists and failures are never stored', async () => {
    const answers = {
      login: await ctx.call({
        method: 'POST',
        url: '/api/v1/login_check',
        payload: { username: person.eid, password: person.password },
      }),
      failedLogin: await ctx.call({
        method: 'POST',
        url: '/api/v1/login_check',
        payload: { username: person.eid, password: 'wrong-password' },
      }),
      recovery: await ctx.call({
        method: 'POST',
        url: '/api/v1/reset/password/otp/request',
        payload: { eid: person.eid },
      }),
      me: await ctx.call({ method: 'GET', url: '/api/v1/me', token }),
      leave: await ctx.call({ method: 'GET', url: '/api/v1/leave?list_type=self', token }),
      profile: await ctx.call({ method: 'GET', url: `/api/v1/employees/${person.id}`, token }),
      noToken: await ctx.call({ method: 'GET', url: '/api/v1/me' }),
      unknownRoute: await ctx.call({ method: 'GET', url: '/api/v1/no-such-thing', token }),
      badBody: await ctx.call({ method: 'POST', url: '/api/v1/login_check', payload: {} }),
    };
    expect(answers.login.statusCode, answers.login.body).toBe(200);
    expect(answers.me.statusCode).toBe(200);
    expect(answers.leave.statusCode, answers.leave.body).toBe(200);
    expect(answers.profile.statusCode, answers.profile.body).toBe(200);
    expect(answers.noToken.statusCode).toBe(401);
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers['cache-control'], name).toBe('no-store');
      expect(res.headers['content-type'], name).toMatch(/^application\/json/);
    }
  });

  it('a signed photo URL keeps its long cache; the page and its assets keep theirs', async () => {
    const upload = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/employees/photo/${person.id}`,
      payload: { photo: (await png()).toString('base64') },
      token,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.headers['cache-control']).toBe('no-store');
    const photo = await ctx.call({ method: 'GET', url: upload.json().photo.small });
    expect(photo.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const web = await appWith({ webDist });
    const asset = await web.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/profile', '/no-such-page']) {
      const page = await web.inject({ method: 'GET', url });
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    const api = await web.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
    expect(api.headers['cache-control']).toBe('no-store');
  });
});

describe('The built web app', () => {
  it('hashed assets come compressed (brotli, else gzip) and are kept for a year', async () => {
    const web = await appWith({ webDist });
    const url = '/assets/vendor-def456.js';
    const br = await web.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);

    const gz = await web.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigScript);

    const plain = await web.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('a signed-in address gets the page that announces the shell; sign-in, recovery and unknown paths the plain one', async () => {
    const web = await appWith({ webDist });
    const shell = '/assets/signed-in-ghi789.js';
    for (const url of ['/dashboard', '/profile', '/profile/12', '/leave?view=team', '/admin/kpi']) {
      const page = await web.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain(shell);
    }
    for (const [url, status] of [
      ['/signin', 200],
      ['/forgotpassword', 200],
      ['/resetpassword/abc', 200],
      ['/impersonate', 200],
      ['/', 200],
      ['/no-such-page', 404],
      ['/dashboard/extra', 404],
    ] as const) {
      const page = await web.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(status);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.body, url).toContain('/assets/index-abc123.js');
      expect(page.body, url).not.toContain(shell);
    }
  });

  it('the service worker and the manifest are asked for again on each visit', async () => {
    const web = await appWith({ webDist });
    const worker = await web.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await web.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });
});

describe('Strict-Transport-Security', () => {
  const hstsOf = async (app: FastifyInstance, headers: Record<string, string> = {}) =>
    (await app.inject({ method: 'GET', url: '/api/health', headers })).headers['strict-transport-security'];

  it('is not sent over plain HTTP, nor for a forwarded protocol from an untrusted proxy', async () => {
    expect(await hstsOf(ctx.app)).toBeUndefined();
    expect(await hstsOf(ctx.app, { 'x-forwarded-proto': 'https' })).toBeUndefined();
  });

  it('is sent behind a trusted proxy that says HTTPS, and not when it says HTTP', async () => {
    // One proxy in front, in whichever form the configuration keeps it.
    const { trustProxy } = loadConfig({ DATA_DIR: '/tmp/unused', TRUST_PROXY: '1' });
    const proxied = await appWith({ trustProxy });
    expect(await hstsOf(proxied, { 'x-forwarded-proto': 'https' })).toBe(HSTS);
    expect(await hstsOf(proxied, { 'x-forwarded-proto': 'http' })).toBeUndefined();
    expect(await hstsOf(proxied)).toBeUndefined();
  });

  it('is sent when the public URL is HTTPS', async () => {
    const secure = await appWith({ publicUrl: 'https://hr.example.com' });
    expect(await hstsOf(secure)).toBe(HSTS);
    const page = await secure.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
    expect(page.headers['strict-transport-security']).toBe(HSTS);
  });
});

describe('Content-Security-Policy', () => {
  /** The directives of a CSP header, by name. */
  const directives = (csp: string) =>
    Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...values]) => [name, values]),
    );

  it('runs scripts from the portal only, never inline, and is not framed', async () => {
    const web = await appWith({ webDist });
    for (const url of ['/', '/api/v1/me']) {
      const res = await web.inject({ method: 'GET', url });
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['script-src-attr'], url).toEqual(["'none'"]);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      expect(csp['object-src'], url).toEqual(["'none'"]);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
      // The service worker and the manifest of the installable app come from the portal.
      expect(csp['worker-src'], url).toEqual(["'self'"]);
      expect(csp['manifest-src'], url).toEqual(["'self'"]);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('the web app page has no inline script, so the policy lets it run', () => {
    const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
    const pages = [
      path.join(web, 'index.html'),
      path.join(web, 'dist', 'index.html'),
      path.join(web, 'dist', 'signed-in.html'),
    ].filter((f) => fs.existsSync(f));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const html = fs.readFileSync(page, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length, page).toBeGreaterThan(0);
      for (const [tag, attributes, body] of scripts) {
        expect(attributes, `${page}: ${tag}`).toMatch(/\bsrc="\/[^"]+"/);
        expect(body!.trim(), `${page}: ${tag}`).toBe('');
      }
      expect(html, page).not.toMatch(/\son[a-z]+\s*=/i);
    }
  });
});
