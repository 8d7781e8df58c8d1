import { expect, test } from '@playwright/test';
import { apiAs, unique } from '../support/api';
import { signIn } from '../support/helpers';

/**
 * Installable on a phone and usable without a network: the web app manifest,
 * the service worker that keeps the app's files, and the dashboard's last
 * answers shown offline with a notice.
 */

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** Width and height of a PNG, from its header. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test.describe('offline', () => {
  // The other tests block the service worker (playwright.config.ts); these are about it.
  test.use({ serviceWorkers: 'allow' });

  test('the page links a valid manifest whose icons exist', async ({ page, request }) => {
    await page.goto('/signin');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /^#[0-9a-f]{6}$/i);
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');

    const res = await request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as Manifest;
    expect(manifest.name).toBe('HR Portal');
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.start_url).toBe('/dashboard');
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const pngs = manifest.icons.filter((i) => i.type === 'image/png');
    for (const [size, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ] as const) {
      expect(
        pngs.some((i) => i.sizes === size && (i.purpose ?? 'any').split(' ').includes(purpose)),
        `a ${purpose} ${size} icon`,
      ).toBe(true);
    }
    for (const icon of [...pngs, { src: touchIcon!, sizes: '180x180' }]) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type'], icon.src).toBe('image/png');
      expect(pngSize(await file.body()).join('x'), icon.src).toBe(icon.sizes);
    }
  });

  test('the last-seen dashboard and the sign-in page open offline, with a notice', async ({
    page,
    context,
    request,
  }) => {
    const employee = await apiAs(request, '1004');
    const board = await employee.get<{ my_kpi: { name: string } | null }>('dashboard');

    await signIn(page, '1004', { path: '/dashboard' });
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText(`Welcome, ${employee.name}`)).toBeVisible();
    if (board.my_kpi) {
      await expect(page.getByRole('link', { name: board.my_kpi.name, exact: true })).toBeVisible();
    }
    await expect(page.getByText('You are offline')).toHaveCount(0);

    // The service worker has taken over the page and keeps every file it loaded.
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const files = performance
              .getEntriesByType('resource')
              .map((e) => e.name)
              .filter((u) => new URL(u).pathname.startsWith('/assets/'));
            const kept = await Promise.all(files.map((u) => caches.match(u)));
            return kept.filter((k) => !k).length;
          }),
        { timeout: 20_000 },
      )
      .toBe(0);

    await context.setOffline(true);
    await page.reload();
    const notice = page.getByRole('status').filter({ hasText: 'You are offline' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Showing what this device last loaded');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText(`Welcome, ${employee.name}`)).toBeVisible();
    if (board.my_kpi) {
      await expect(page.getByRole('link', { name: board.my_kpi.name, exact: true })).toBeVisible();
    }

    // Signed out (this browser keeps no session any more), the sign-in page opens offline too.
    await page.evaluate(() => localStorage.removeItem('hr.session'));
    await page.goto('/signin');
    await expect(page.getByLabel('E-ID')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toContainText(
      'Signing in needs a connection',
    );

    // Back online, the notice goes.
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('You are offline')).toHaveCount(0);
  });
  test('a reload shows what the server has now, not the answers kept for offline use', async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, '1001');
    await signIn(page, '1004', { path: '/dashboard' });
    const balances = page.getByRole('region', { name: 'Leave balance' });
    await expect(balances.getByRole('progressbar').first()).toBeVisible();

    // A leave type added since: the kept balances do not have it.
    const type = await admin.post<{ id: number; name: string }>('leave/types', {
      name: unique('Fresh leave'),
      days: 7,
      short_leave_applied: false,
      has_balance: true,
      enabled: true,
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(balances.getByText(type.name)).toBeVisible({ timeout: 1_000 });
    await admin.del(`leave/types/${type.id}`);
  });
});
