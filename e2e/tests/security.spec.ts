import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectNoAxeViolations } from '../support/a11y';
import { signOut } from '../support/antd';
import { apiAs } from '../support/api';
import { signIn, signInInArabic } from '../support/helpers';
import { newEmployeeWithPassword } from '../support/people';

/**
 * The Security page and the second step at sign-in: a new employee (made
 * for this run through HR's import and an invitation) sets up an
 * authenticator app, keeps the recovery codes, signs out, signs in with the
 * password and the app's code (computed here from the setup key shown, as
 * the app would), ends the session of another device, and signs in once
 * more with a recovery code. Checked with axe in English and Arabic.
 */

const PERIOD_MS = 30_000;

/** The app's code for a 30-second step. */
const codeAt = (secret: string, step: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * PERIOD_MS });
const stepNow = () => Math.floor(Date.now() / PERIOD_MS);

/** The sign-in form up to its second step (the fields found by their labels in English). */
async function passwordStep(page: Page, eid: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel('E-ID').fill(eid);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  // The pointer leaves the spot of "Sign in", where the step's button now is (hovered, it is another colour).
  await page.mouse.move(0, 0);
}

test.describe('security', () => {
  test('set up an authenticator app, sign in with its code and with a recovery code, end another session', async ({
    page,
    request,
    browser,
  }) => {
    const admin = await apiAs(request, '1001');
    const password = 'secure-pass1';
    const person = await newEmployeeWithPassword(request, admin, password, {
      tag: 'SEC',
      name: 'Tahmina Akter',
    });

    // Signed in with the password alone (no app yet), the person opens Security from the user menu.
    await signIn(page, person.eid, { password });
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page.getByRole('heading', { name: 'Security', exact: true })).toBeVisible();
    const app = page.getByRole('region', { name: 'Authenticator app' });
    await expect(app.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
    await expectNoAxeViolations(page, { context: 'security page (en)' });

    // Set up: the key shown goes into the "app" (computed here), whose code turns it on.
    await app.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const key = app.getByTestId('totp-secret');
    await expect(key).toHaveText(/^[A-Z2-7]{32}$/);
    const secret = (await key.textContent())!.trim();
    await expect(app.getByText(/^otpauth:\/\/totp\//)).toBeVisible();
    await expectNoAxeViolations(page, { context: 'security page: setting up (en)' });
    const confirmedStep = stepNow();
    await app.getByLabel('Code from the app').fill(codeAt(secret, confirmedStep));
    await app.getByRole('button', { name: 'Turn on' }).click();

    // The ten recovery codes, shown once.
    const list = app.getByRole('list', { name: 'Recovery codes' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await expect(app.getByRole('button', { name: 'Copy codes' })).toBeVisible();
    await expect(app.getByRole('button', { name: 'Download' })).toBeVisible();
    await expectNoAxeViolations(page, { context: 'security page: recovery codes (en)' });
    await app.getByRole('button', { name: 'I have saved these codes' }).click();
    await expect(app.getByText('10 recovery codes left')).toBeVisible();

    // Another device signs in through the API with a recovery code (the password alone no longer does).
    const other = await request.post('/api/v1/login_check', {
      data: { username: person.eid, password, app_id: 3 },
    });
    const ticket = ((await other.json()) as { second_factor: { ticket: string } }).second_factor.ticket;
    const otherSession = await request.post('/api/v1/login_check/second_factor', {
      data: { ticket, code: codes[9] },
    });
    expect(otherSession.ok()).toBeTruthy();
    const otherToken = ((await otherSession.json()) as { token: string }).token;

    // Signed out, the person signs in again: the password, then the app's next code.
    await signOut(page);
    await passwordStep(page, person.eid, password);
    await expectNoAxeViolations(page, { context: 'sign-in: second step (en)' });
    await page.getByLabel('Authenticator code').fill(codeAt(secret, Math.max(confirmedStep + 1, stepNow())));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    // Where they are signed in: this browser and the other device, whose session they end.
    await page.goto('/account/security');
    const sessions = page.getByRole('region', { name: 'Where you are signed in' });
    await expect(sessions.getByText('This device')).toBeVisible();
    await expectNoAxeViolations(page, { context: 'security page: enabled, sessions (en)' });
    const ends = sessions.getByRole('button', { name: /^End the session on/ });
    await expect(ends).toHaveCount(1);
    const before = await request.get('/api/v1/account/sessions', {
      headers: { authorization: `Bearer ${otherToken}` },
    });
    const otherId = ((await before.json()) as { items: { id: number; current: boolean }[] }).items.find(
      (s) => s.current,
    )!.id;
    await sessions.getByRole('button', { name: 'End all other sessions' }).click();
    const sure = page.getByRole('dialog', { name: 'End all other sessions?' });
    await sure.getByRole('button', { name: 'End all other sessions' }).click();
    await expect(page.getByText('1 session has been ended.')).toBeVisible();
    await expect(ends).toHaveCount(0);
    const after = await request.get('/api/v1/me', { headers: { authorization: `Bearer ${otherToken}` } });
    expect(after.status(), `session ${otherId} ended`).toBe(401);

    // Once more, with a recovery code, the sign-in page in Arabic.
    await signOut(page);
    await page.evaluate(() => localStorage.setItem('hr.language', 'ar'));
    await page.goto('/signin');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.locator('#signin-username').fill(person.eid);
    await page.locator('#signin-password').fill(password);
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('heading', { name: 'التحقق بخطوتين' })).toBeVisible();
    await page.getByRole('button', { name: 'استخدام رمز استرداد' }).click();
    await expectNoAxeViolations(page, { context: 'sign-in: recovery code (ar)' });
    await page.getByLabel('رمز الاسترداد').fill(codes[0]!);
    await page.getByRole('button', { name: 'تحقّق' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.evaluate(() => localStorage.setItem('hr.language', 'en'));
    await page.goto('/account/security');
    // Two codes spent: this one, and the other device's.
    await expect(
      page.getByRole('region', { name: 'Authenticator app' }).getByText('8 recovery codes left'),
    ).toBeVisible();

    // HR ends all of the person's sessions from their profile, in a browser of their own.
    const hr = await browser.newPage();
    await signIn(hr, '1001', { path: `/profile/${person.id}` });
    await hr.getByRole('button', { name: 'End all sessions' }).click();
    const confirm = hr.getByRole('dialog', { name: /^End all of Tahmina Akter/ });
    await confirm.getByRole('button', { name: 'End all sessions' }).click();
    await expect(hr.getByText(/^1 session of Tahmina Akter .* has been ended\.$/)).toBeVisible();
    await hr.close();
    // The person's next call finds the session ended, and the page goes back to signing in.
    await page.reload();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('the Security page in Arabic', async ({ page }) => {
    await signInInArabic(page, '1014', '/account/security');
    await expect(page.getByRole('region', { name: 'تطبيق المصادقة' })).toBeVisible();
    const sessions = page.getByRole('region', { name: 'الأماكن التي سجّلت الدخول منها' });
    await expect(sessions.getByText('هذا الجهاز')).toBeVisible();
    await expectNoAxeViolations(page, { context: 'security page (ar)' });
  });
});
