import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { clickToClose } from '../support/antd';
import { apiAs } from '../support/api';
import { signIn } from '../support/helpers';

/** Signs in as the employee from their profile; answers the tab that opens as them. */
async function signInAs(page: Page, context: BrowserContext, employeeId: number): Promise<Page> {
  await page.goto(`/profile/${employeeId}`);
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Sign in as' }).click();
  const tab = await opened;
  await expect(tab).toHaveURL(/\/profile$/);
  return tab;
}

/**
 * An administrator's logout ends every session they opened as someone else, from any of their
 * sessions: these tests act as the second HR administrator (1008), whom no other test signs out.
 */
const ADMIN = '1008';

const tokenIn = (tab: Page) =>
  tab.evaluate(() => (JSON.parse(sessionStorage.getItem('hr.session') ?? '{}') as { token?: string }).token);

test.describe('impersonation', () => {
  test('an administrator signs in as an employee, sees who is who, stops and is back as themself', async ({
    page,
    context,
    request,
  }) => {
    const admin = await apiAs(request, ADMIN);
    const employee = await apiAs(request, '1045');

    await signIn(page, ADMIN);

    const tab = await signInAs(page, context, employee.employeeId);
    const banner = tab.getByRole('status').filter({ hasText: 'is signed in as' });
    await expect(banner).toHaveText(
      `${admin.name} (${ADMIN}) is signed in as ${employee.name} (1045). Everything done here is recorded under both names.`,
    );
    await expect(tab.getByRole('button', { name: 'User menu' })).toContainText(employee.name);
    const token = await tokenIn(tab);
    expect(token).toBeTruthy();

    const revoked = tab.waitForResponse((res) => res.url().endsWith('/api/v1/logout'));
    await tab.getByRole('button', { name: 'Stop impersonating' }).click();

    // Back as the administrator, on the profile they were acting as.
    await expect(tab).toHaveURL(new RegExp(`/profile/${employee.employeeId}$`));
    await expect(tab.getByRole('button', { name: 'User menu' })).toContainText(admin.name);
    await expect(banner).toBeHidden();
    await expect(tab.getByRole('button', { name: 'Stop impersonating' })).toBeHidden();
    await expect(tab.getByRole('button', { name: 'Sign in as' })).toBeVisible();
    expect((await revoked).status()).toBe(200);
    // The session as the employee has ended on the server.
    const me = await tab.request.get('/api/v1/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });

  test("the administrator's logout ends the session they opened as someone else", async ({
    page,
    context,
    request,
  }) => {
    const employee = await apiAs(request, '1045');

    await signIn(page, ADMIN);
    const tab = await signInAs(page, context, employee.employeeId);
    await expect(tab.getByRole('button', { name: 'Stop impersonating' })).toBeVisible();
    const token = await tokenIn(tab);

    await page.bringToFront();
    await page.getByRole('button', { name: 'User menu' }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'Logout' }), page.getByRole('menu'));
    await expect(page).toHaveURL(/\/signin$/);

    // The employee's tab follows, and its token no longer opens anything.
    await expect(tab).toHaveURL(/\/signin$/);
    await expect
      .poll(async () => {
        const me = await tab.request.get('/api/v1/me', { headers: { authorization: `Bearer ${token}` } });
        return me.status();
      })
      .toBe(401);
  });
});
