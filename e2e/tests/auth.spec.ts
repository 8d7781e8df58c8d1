import { expect, test } from '@playwright/test';
import { apiAs } from '../support/api';
import { DEMO_PASSWORD, signInWithForm } from '../support/helpers';

test.describe('sign in and out', () => {
  test('an employee signs in, sees the shell, and signs out', async ({ page, request }) => {
    const { name } = await apiAs(request, '1004');
    await signInWithForm(page, '1004');
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText(name);
    await expect(page.getByText('Copyright © 2020')).toBeVisible();

    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('hr.session') ?? '{}') as { token?: string }).token,
    );
    expect(token).toBeTruthy();
    const revoked = page.waitForResponse((res) => res.url().endsWith('/api/v1/logout'));
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    expect((await revoked).status()).toBe(200);
    // The token was revoked on the server...
    const me = await page.request.get('/api/v1/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
    // ...and the stored user removed: protected pages send back to sign-in.
    await page.goto('/leave');
    await expect(page).toHaveURL(/\/signin$/);
    expect(await page.evaluate(() => localStorage.getItem('hr.session'))).toBeNull();
  });

  test('a wrong password shows the error and stays on sign-in', async ({ page }) => {
    await page.goto('/signin');
    await page.getByLabel('E-ID').fill('1004');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid E-ID or password.');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('empty fields show the exact messages', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('The input is not valid Employee ID!')).toBeVisible();
    await expect(page.getByText('Please input your Password!')).toBeVisible();
  });

  test('Remember me is on by default; off keeps the session in this tab only', async ({ page }) => {
    await page.goto('/signin');
    const remember = page.getByRole('checkbox', { name: 'Remember me' });
    await expect(remember).toBeChecked();
    await remember.uncheck();
    await page.getByLabel('E-ID').fill('1003');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    expect(await page.evaluate(() => localStorage.getItem('hr.session'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('hr.session'))).not.toBeNull();
  });

  test('a demo account from the list fills the form', async ({ page, request }) => {
    const { name } = await apiAs(request, '1002');
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Use demo account 1002' }).click();
    await expect(page.getByLabel('E-ID')).toHaveValue('1002');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText(name);
  });
});

test.describe('routing rules', () => {
  test('an unsigned visit to /leave lands on /signin', async ({ page }) => {
    await page.goto('/leave');
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('/ goes to /signin, or to /profile when signed in; /signin when signed in goes to /profile', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/signin$/);
    await signInWithForm(page, '1004');
    await page.goto('/');
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto('/signin');
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('after signing in, the page asked for first opens', async ({ page }) => {
    await page.goto('/remote-work');
    await expect(page).toHaveURL(/\/signin$/);
    await page.getByLabel('E-ID').fill('1004');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/remote-work$/);
  });

  test('a revoked session logs out with the Login Failed popup', async ({ page }) => {
    // Every API call the profile makes has answered before the session is ended: a call still
    // under way (or sent just after) would meet the revoked session before the reload, and the
    // reload would take its popup away. (The load state is of the sign-in page and says nothing
    // of the calls the profile makes after the client-side navigation.)
    let open = 0;
    let lastChange = Date.now();
    // The bell's live stream stays open by design: it is not a call that answers.
    const isApi = (url: string) => {
      const path = new URL(url).pathname;
      return path.startsWith('/api/') && !path.endsWith('/stream');
    };
    const track = (change: number) => (r: { url(): string }) => {
      if (!isApi(r.url())) return;
      open += change;
      lastChange = Date.now();
    };
    page.on('request', track(1));
    page.on('requestfinished', track(-1));
    page.on('requestfailed', track(-1));
    await signInWithForm(page, '1004');
    await expect(page.getByRole('region', { name: /leave balance/i })).toBeVisible();
    await expect.poll(() => open === 0 && Date.now() - lastChange > 1000, { timeout: 15_000 }).toBe(true);
    // End the session on the server behind the page's back.
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('hr.session') ?? '{}').token as string,
    );
    const res = await page.request.post('/api/v1/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(res.ok()).toBeTruthy();
    await page.reload();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Login Failed');
    await expect(dialog).toContainText('Try again');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('an expired session logs out with the Login Failed popup', async ({ page }) => {
    await page.clock.install();
    await signInWithForm(page, '1004');
    await page.clock.fastForward('22:00:01');
    await expect(page.getByRole('dialog')).toContainText('Login Failed');
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/signin$/);
  });
});
