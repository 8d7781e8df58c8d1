import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/api';
import { DEMO_PASSWORD, signIn, waitForLink } from '../support/helpers';

/**
 * How much JavaScript the web app sends (the issue "light to load"): the
 * sign-in page, the first one anybody opens, on a cold cache; any one file of
 * the build; and how the server sends those files. bench/weight.ts prints the
 * same for every route.
 */

/**
 * The sign-in route's JavaScript, gzipped: the page is drawn without Ant
 * Design (docs/decisions.md, "Light to load"), about 165 KB of React, the
 * router, i18next, TanStack Query and its own code.
 */
const SIGNIN_BUDGET = 250 * 1024;
/** A signed-in route's cold load, gzipped: the dashboard's budget, for every page drawn without Ant Design. */
const ROUTE_BUDGET = 250 * 1024;

/**
 * The signed-in pages drawn with the portal's own components (the rest still
 * bring Ant Design and are not held to the budget yet), each as its user
 * opens it: `:kpi` is the user's first KPI sheet.
 */
const LIGHT_ROUTES: { path: string; as: string }[] = [
  { path: '/dashboard', as: '1004' },
  { path: '/kpi', as: '1004' },
  { path: '/kpi/:kpi', as: '1004' },
  { path: '/epr', as: '1004' },
  { path: '/epr/calibration', as: '1002' },
  { path: '/team', as: '1004' },
  { path: '/employees', as: '1001' },
  { path: '/leave', as: '1004' },
  { path: '/leave/calendar', as: '1004' },
  { path: '/remote-work', as: '1004' },
  { path: '/hr-services', as: '1004' },
  { path: '/approvals', as: '1003' },
  { path: '/delegations', as: '1003' },
  { path: '/account/data', as: '1004' },
  { path: '/notifications', as: '1004' },
  { path: '/attendance', as: '1004' },
  // An address the portal does not know: the 404 page, signed in.
  { path: '/no/such/page', as: '1004' },
];
/** Any one JavaScript file of the build, gzipped. */
const CHUNK_BUDGET = 150 * 1024;

/**
 * The public pages besides sign-in, drawn without Ant Design as it is, each
 * opened cold without a session, and the button that shows it was drawn:
 * `:link` is a reset link as the portal e-mails it, `/no/such/page` the 404 page.
 */
const PUBLIC_ROUTES: { path: string; button: string }[] = [
  { path: '/forgotpassword', button: 'Send code' },
  { path: ':link', button: 'Save password' },
  { path: '/no/such/page', button: 'Go home' },
];
/** Whose reset link is e-mailed for the public pages' test (no other test asks for one of theirs). */
const LINK_EID = '1026';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Script {
  url: string;
  bytes: number;
  /** zod's own name for its schemas, kept by the minifier: a first load needs no schema. */
  zod: boolean;
}

/** Counts the scripts a page fetches, gzipped, with whether each carries zod. */
function countScripts(page: Page): () => Promise<Script[]> {
  const scripts: Promise<Script>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    scripts.push(
      (async () => ({
        url: new URL(res.url()).pathname,
        bytes: (await res.request().sizes()).responseBodySize,
        zod: (await res.text()).includes('$ZodType'),
      }))(),
    );
  });
  return () => Promise.all(scripts);
}

/** A page drawn with no Ant Design: none of its elements, styles or frame's file. */
async function expectNoAntd(page: Page, loaded: Script[]) {
  await expect(page.locator('.ant-app, [class^="ant-"], [class*=" ant-"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.querySelectorAll('link[data-antd]').length)).toBe(0);
  expect(loaded.filter((s) => /\/AntdFrame-/.test(s.url)).map((s) => s.url)).toEqual([]);
}

/** No zod and at most the budget of gzipped JavaScript, listing the files when over. */
function expectLight(path: string, loaded: Script[], budget: number) {
  expect(loaded.filter((s) => s.zod).map((s) => s.url)).toEqual([]);
  const total = loaded.reduce((sum, s) => sum + s.bytes, 0);
  const list = loaded
    .sort((a, b) => b.bytes - a.bytes)
    .map((s) => `${s.url} ${kb(s.bytes)}`)
    .join('\n');
  expect(total, `${path}: ${kb(total)} in ${loaded.length} files\n${list}`).toBeLessThanOrEqual(budget);
}

test.describe('weight', () => {
  test('the sign-in page loads at most its budget of gzipped JavaScript', async ({ browser, baseURL }) => {
    // A cold visit that takes gzip only, so the bytes counted are the gzipped transfer.
    const context = await browser.newContext({
      baseURL,
      serviceWorkers: 'block',
      extraHTTPHeaders: { 'accept-encoding': 'gzip' },
    });
    const page = await context.newPage();
    const scripts: Promise<{ url: string; encoding: string | null; bytes: number }>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      scripts.push(
        (async () => ({
          url: new URL(res.url()).pathname,
          encoding: await res.headerValue('content-encoding'),
          bytes: (await res.request().sizes()).responseBodySize,
        }))(),
      );
    });
    await page.goto('/signin', { waitUntil: 'networkidle' });
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // Nothing of Ant Design came: not its styles, not its files.
    await expect(page.locator('.ant-app, [class^="ant-"], [class*=" ant-"]')).toHaveCount(0);
    expect(
      await page.evaluate(
        () => document.querySelectorAll('style[data-css-hash], style[data-rc-order]').length,
      ),
    ).toBe(0);
    const loaded = await Promise.all(scripts);
    await context.close();

    expect(loaded.length).toBeGreaterThan(0);
    for (const s of loaded) expect(s.encoding, `${s.url} is sent gzipped`).toBe('gzip');
    const total = loaded.reduce((sum, s) => sum + s.bytes, 0);
    const list = loaded
      .sort((a, b) => b.bytes - a.bytes)
      .map((s) => `${s.url} ${kb(s.bytes)}`)
      .join('\n');
    expect(total, `sign-in JavaScript: ${kb(total)} in ${loaded.length} files\n${list}`).toBeLessThanOrEqual(
      SIGNIN_BUDGET,
    );
  });

  for (const route of LIGHT_ROUTES) {
    test(`${route.path} opened cold loads at most its budget of gzipped JavaScript, no zod and none of Ant Design`, async ({
      browser,
      baseURL,
      request,
    }) => {
      const api = await apiAs(request, route.as);
      let path = route.path;
      if (path.includes(':kpi')) {
        const sheets = await api.get<{ items: { id: number }[] }>('kpis', { list_type: 'self' });
        path = path.replace(':kpi', String(sheets.items[0]!.id));
      }
      const login = await request.post('/api/v1/login_check', {
        data: { username: route.as, password: DEMO_PASSWORD, app_id: 3 },
      });
      const session = JSON.stringify(await login.json());
      const context = await browser.newContext({
        baseURL,
        serviceWorkers: 'block',
        extraHTTPHeaders: { 'accept-encoding': 'gzip' },
      });
      await context.addInitScript((value) => localStorage.setItem('hr.session', value), session);
      const page = await context.newPage();
      const scripts = countScripts(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      const loaded = await scripts();
      await expectNoAntd(page, loaded);
      await context.close();
      expectLight(path, loaded, ROUTE_BUDGET);
    });
  }

  for (const route of PUBLIC_ROUTES) {
    const name = route.path === ':link' ? 'a reset link' : route.path;
    test(`${name} opened cold loads at most the sign-in page's budget, no zod and none of Ant Design`, async ({
      browser,
      baseURL,
      request,
    }) => {
      let path = route.path;
      if (path === ':link') {
        // A reset link as the portal sends it: asked for by E-Id, read from the e-mail.
        const admin = await apiAs(request, '1001');
        const found = await admin.post<{ items: { eid: string; email: string | null }[] }>(
          'employees/search',
          { filter: { full_text: LINK_EID } },
        );
        const email = found.items.find((e) => e.eid === LINK_EID)?.email;
        expect(email, `${LINK_EID} has an e-mail address`).toBeTruthy();
        const asked = await request.post('/api/v1/reset/password/otp/request', { data: { eid: LINK_EID } });
        expect(asked.ok()).toBeTruthy();
        path = await waitForLink(request, email!);
      }
      const context = await browser.newContext({
        baseURL,
        serviceWorkers: 'block',
        extraHTTPHeaders: { 'accept-encoding': 'gzip' },
      });
      const page = await context.newPage();
      const scripts = countScripts(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('button', { name: route.button })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      const loaded = await scripts();
      await expectNoAntd(page, loaded);
      await context.close();
      expectLight(path, loaded, SIGNIN_BUDGET);
    });
  }

  test('the dashboard and the shell around it load none of Ant Design until another page needs it', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(new URL(res.url()).pathname);
    });
    await signIn(page, '1003', { path: '/dashboard' });
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Leave balance' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'My team today' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const antd = (p: Page) =>
      p.evaluate(() => ({
        elements: document.querySelectorAll('.ant-app, [class^="ant-"], [class*=" ant-"]').length,
        styles: document.querySelectorAll('link[data-antd]').length,
      }));
    expect(await antd(page)).toEqual({ elements: 0, styles: 0 });
    expect(scripts.filter((s) => /\/AntdFrame-/.test(s))).toEqual([]);

    // The next page drawn with Ant Design brings it, inside the same shell.
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Profile', exact: true })
      .click();
    await expect(page.getByRole('main').getByRole('tablist')).toBeVisible();
    expect((await antd(page)).styles).toBe(1);
    expect(scripts.filter((s) => /\/AntdFrame-/.test(s))).toHaveLength(1);
  });

  test('a signed-in page opened anew fetches each of its files once, its announced ones included', async ({
    page,
  }) => {
    const fetched: string[] = [];
    const unused: string[] = [];
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (path.startsWith('/assets/')) fetched.push(path);
    });
    // Chromium says so when a file announced in the page's head is fetched again in another mode.
    page.on('console', (message) => {
      if (/preload .* is found, but is not used/i.test(message.text())) unused.push(message.text());
    });
    // The signed-in page (signed-in.html) announces the shell's scripts and stylesheet.
    await signIn(page, '1004', { path: '/dashboard' });
    await expect(page.getByRole('region', { name: 'Leave balance' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(fetched.some((path) => /\/signed-in-.*\.css$/.test(path))).toBe(true);
    expect(fetched.filter((path, i) => fetched.indexOf(path) !== i)).toEqual([]);
    expect(unused).toEqual([]);
  });

  test('no JavaScript file of the build is over its budget gzipped', () => {
    // The copy of the web app this run's server serves.
    const assets = path.join(process.env.E2E_DATA_DIR ?? '', 'web', 'assets');
    const files = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(files.length).toBeGreaterThan(0);
    const sizes = files.map((name) => ({
      name,
      gzip: gzipSync(fs.readFileSync(path.join(assets, name)), { level: 9 }).length,
    }));
    const over = sizes.filter((s) => s.gzip > CHUNK_BUDGET).map((s) => `${s.name} ${kb(s.gzip)}`);
    expect(over, `files over ${kb(CHUNK_BUDGET)} gzipped`).toEqual([]);
  });

  test('an asset comes compressed and is kept for a year', async ({ request }) => {
    const page = await request.get('/signin');
    const html = await page.text();
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, 'the page names its script').toBeTruthy();
    for (const encoding of ['br', 'gzip']) {
      const res = await request.get(script!, { headers: { 'accept-encoding': encoding } });
      expect(res.status()).toBe(200);
      expect(res.headers()['content-encoding']).toBe(encoding);
      expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});
