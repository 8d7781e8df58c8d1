import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y';
import { signOut } from '../support/antd';
import { apiAs } from '../support/api';
import { signIn } from '../support/helpers';
import { newEmployeeWithPassword } from '../support/people';

/**
 * Passkeys with Chromium's virtual authenticator (a platform authenticator
 * that verifies its user): a new employee adds a passkey on the Security
 * page, signs out, signs in with it without typing an E-ID or password, and
 * removes it, after which it signs nobody in. Checked with axe in English
 * and Arabic.
 *
 * WebAuthn takes no IP address as relying party, and the suite's server is
 * at 127.0.0.1: this file browses the same server at `localhost`, which the
 * server names its relying party (PASSKEY_RP_ID, PASSKEY_ORIGINS in
 * playwright.config.ts; docs/decisions.md, "Passkeys").
 */
test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 3170}` });

/** A platform authenticator in the page's browser that verifies its user (Chromium's DevTools protocol). */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/** Shows the page in Arabic (the person's saved language answered as Arabic, for this page only). */
async function inArabic(page: Page, on: boolean) {
  if (on)
    await page.route('**/api/v1/me', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { user: { language: string | null } };
      body.user.language = 'ar';
      await route.fulfill({ response, json: body });
    });
  else await page.unroute('**/api/v1/me');
  await page.evaluate((language) => localStorage.setItem('hr.language', language), on ? 'ar' : 'en');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', on ? 'rtl' : 'ltr');
}

test.describe('passkeys', () => {
  test('add a passkey, sign in with it instead of the password, remove it', async ({ page, request }) => {
    const admin = await apiAs(request, '1001');
    const password = 'passkey-pass1';
    const { eid } = await newEmployeeWithPassword(request, admin, password, {
      tag: 'PK',
      name: 'Sabina Yasmin',
    });
    const authenticator = await virtualAuthenticator(page);

    // Signed in with the password, the person opens Security from the user menu.
    await signIn(page, eid, { password });
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    const section = page.getByRole('region', { name: 'Passkeys' });
    await expect(section.getByText('You have no passkey yet.')).toBeVisible();
    await expectNoAxeViolations(page, { context: 'security page: no passkey (en)' });

    // Add a passkey: a name, then the browser's own dialog (answered by the virtual authenticator).
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Please give the passkey a name')).toBeVisible();
    await expectNoAxeViolations(page, {
      context: 'security page: add a passkey (en)',
      include: 'dialog[open]',
    });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Work laptop');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('The passkey has been added.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const item = section.getByRole('listitem').filter({ hasText: 'Work laptop' });
    await expect(item).toContainText('Not used yet');
    await expect(item).toContainText(/Added on \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    expect(await authenticator.credentials()).toHaveLength(1);

    // The same device makes no second passkey for the same person.
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Again');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'This device already holds a passkey for your account.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByRole('listitem').filter({ hasText: 'Again' })).toHaveCount(0);
    await expect(item).toBeVisible();

    await inArabic(page, true);
    await expect(page.getByRole('region', { name: 'مفاتيح المرور' })).toContainText('Work laptop');
    await expectNoAxeViolations(page, { context: 'security page: a passkey (ar)' });
    await inArabic(page, false);

    // Sign out, and in again with the passkey: no E-ID, no password.
    await signOut(page);
    await expectNoAxeViolations(page, { context: 'sign-in page with a passkey (en)' });
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText(/Sabina Yasmin/);

    await page.goto('/account/security');
    await expect(item).toContainText(/Last used on \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);

    // Remove it, after a confirmation.
    await item.getByRole('button', { name: 'Remove Work laptop' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Remove the passkey “Work laptop”?' });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page, {
      context: 'security page: remove a passkey (en)',
      include: 'dialog[open]',
    });
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByText('The passkey has been removed.')).toBeVisible();
    await expect(section.getByText('You have no passkey yet.')).toBeVisible();

    // The passkey still on the device signs nobody in now.
    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'This passkey is not recognised.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);

    // At the server's IP address, which is not under the relying party, no passkey is offered.
    await page.goto(`http://127.0.0.1:${process.env.E2E_PORT ?? 3170}/signin`);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
    await page.goto('/signin');

    // The sign-in page in Arabic, with its passkey button.
    await page.evaluate(() => localStorage.setItem('hr.language', 'ar'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('button', { name: 'تسجيل الدخول بمفتاح مرور' })).toBeVisible();
    await expectNoAxeViolations(page, { context: 'sign-in page with a passkey (ar)' });
  });
});
