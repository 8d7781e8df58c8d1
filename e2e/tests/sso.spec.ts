import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y';

/**
 * Signing in with the company account: the portal under test is configured
 * with the OpenID provider of support/oidc-provider.mjs (playwright.config.ts),
 * whose own login form takes any login as the person's E-ID claim.
 */
const BUTTON = 'Sign in with Contoso ID';

/** The provider's own pages (not the portal's): its login form, then its consent. */
async function signInAtProvider(page: Page, login: string) {
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe('company account sign-in', () => {
  test('the button goes through the provider and lands signed in on the dashboard', async ({ page }) => {
    await page.goto('/signin');
    const button = page.getByRole('link', { name: BUTTON });
    await expect(button).toBeVisible();
    // The E-ID form stays for everyone while password sign-in is on.
    await expect(page.getByText('or with your E-ID and password')).toBeVisible();
    await button.click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
    await signInAtProvider(page, '1004');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText(/\S/);
    // The ticket is gone from the address, and the session is a company-account one that works.
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('hr.session') ?? '{}') as { token?: string }).token,
    );
    const me = await page.request.get('/api/v1/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { employee: { eid: string } }).employee.eid).toBe('1004');
  });

  test('an unknown person comes back to the sign-in page with the reason', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('link', { name: BUTTON }).click();
    await signInAtProvider(page, 'nobody-here');
    await expect(page).toHaveURL(/\/signin\?sso_error=oidc_unknown_person$/);
    await expect(page.getByRole('alert')).toContainText(
      'Your company account matches no employee of the portal. Please contact HR.',
    );
    expect(await page.evaluate(() => localStorage.getItem('hr.session'))).toBeNull();
    await expectNoAxeViolations(page, { context: 'sign-in with the company account refused (en)' });
  });

  test('a used or missing ticket is refused on the way back', async ({ page }) => {
    await page.goto('/signin/sso#ticket=not-a-real-ticket');
    await expect(page).toHaveURL(/\/signin\?sso_error=oidc_ticket_invalid$/);
    await expect(page.getByRole('alert')).toContainText('This sign-in has expired or was already used.');
  });

  for (const lang of ['en', 'ar'] as const) {
    test(`the sign-in page with the button has no axe violations (${lang})`, async ({ page }) => {
      await page.goto('/api/health');
      await page.evaluate((l) => localStorage.setItem('hr.language', l), lang);
      await page.goto('/signin');
      const name = lang === 'ar' ? 'تسجيل الدخول باستخدام Contoso ID' : BUTTON;
      await expect(page.getByRole('link', { name })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expectNoAxeViolations(page, { context: `sign-in with the company account button (${lang})` });
      await page.goto('/signin?sso_error=oidc_provider_error');
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page, { context: `sign-in with a company sign-in error (${lang})` });
    });
  }
});
