import { expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/api';
import { DEMO_PASSWORD, signIn } from '../support/helpers';

/**
 * Names and other text that others read refuse invisible control characters
 * and the marks that override the text's direction; names also refuse tabs.
 * The profile forms say so while the text is typed, before anything is sent
 * (the rules of packages/contracts text.ts). The demo employee 1039 (no other
 * browser test signs in as them or opens their profile) and the HR admin
 * 1001; nothing is saved.
 */
const EID = '1039';

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

test.describe('text others read', () => {
  test('the main details form refuses a name that overrides the direction, or with a tab, at once', async ({
    page,
    request,
  }) => {
    const employee = await apiAs(request, EID);
    await signIn(page, '1001', { path: `/profile/${employee.employeeId}` });
    await page
      .getByRole('region', { name: 'Main details' })
      .getByRole('button', { name: 'Edit Main details' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Main details' });
    const name = dialog.getByLabel('Name', { exact: true });
    const kept = await name.inputValue();
    const direction = dialog.getByText('Must not contain characters that override the text direction', {
      exact: true,
    });
    const oneLine = dialog.getByText('Must be on one line, without line breaks or tabs', { exact: true });

    // "RTL" + RIGHT-TO-LEFT OVERRIDE + "eman" would read "RTLname" in every list.
    await name.fill('RTL\u202eeman Khan');
    await expect(direction).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('name-direction.png') });
    await name.fill('Shirin\tAkter');
    await expect(oneLine).toBeVisible();
    await expect(direction).toBeHidden();
    // Arabic with a right-to-left mark is a name like any other.
    await name.fill('شيرين أختر\u200f');
    await expect(oneLine).toBeHidden();
    await expect(direction).toBeHidden();

    // Saving is refused by the form itself: nothing is sent, the dialog stays.
    await name.fill('Shirin \u2067Akter');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(direction).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Main details' })).toContainText(kept);
  });

  test("an employee's own family form says it in Arabic", async ({ page }) => {
    const res = await page.request.post('/api/v1/login_check', {
      data: { username: EID, password: DEMO_PASSWORD, app_id: 3 },
    });
    expect(res.ok(), `sign-in of ${EID}`).toBeTruthy();
    const user = (await res.json()) as { token: string };
    await page.goto('/api/health');
    await page.evaluate((value) => {
      localStorage.setItem('hr.session', JSON.stringify(value));
      localStorage.setItem('hr.language', 'ar');
    }, user);
    await page.goto('/profile');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    await openTab(page, 'شخصي');
    await page
      .getByRole('region', { name: 'العائلة' })
      .getByRole('button', { name: 'تعديل العائلة' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'تعديل العائلة' });
    await dialog.getByLabel('اسم الأب').fill('عبد\u202eالله');
    await expect(dialog.getByText('يجب ألا يحتوي على محارف تفرض اتجاه النص', { exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('family-direction-ar.png') });
    // A name with a zero-width non-joiner (Persian) is kept.
    await dialog.getByLabel('اسم الأب').fill('عبد\u200cالله');
    await expect(dialog.getByText('يجب ألا يحتوي على محارف تفرض اتجاه النص', { exact: true })).toBeHidden();
    await dialog.getByRole('button', { name: 'إلغاء' }).click();
    await expect(dialog).toBeHidden();
  });
});
