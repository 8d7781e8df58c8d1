import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y';
import { pickOption, typeDate } from '../support/antd';
import { apiAs, unique } from '../support/api';
import { dmy, plusDays } from '../support/dates';
import { signIn, signInInArabic } from '../support/helpers';

/**
 * The portal's own toasts: drawn without Ant Design, at the bottom centre,
 * said to screen readers, and above an open dialog (the top layer), where
 * they can still be dismissed.
 */

/** Whether the middle of the toast is what the screen shows there (nothing, a dialog's backdrop included, covers it). */
const onTop = (toast: Locator) =>
  toast.evaluate((region) => {
    const box = region.closest('.plain-toast');
    if (!box) return false;
    const r = box.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && box.contains(hit);
  });

/** The leave page's list answers a server error (the page's one call that toasts when refused). */
async function refuseTheList(page: Page) {
  await page.route(
    (url) => url.pathname === '/api/v1/leave',
    (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, json: { code: 500, message: 'server error' } })
        : route.fallback(),
  );
}

test.describe('toasts', () => {
  test('a refused save in the leave form: the toast is drawn above the open dialog and dismissed there, with no Ant Design', async ({
    page,
    request,
  }, testInfo) => {
    const admin = await apiAs(request, '1001');
    const manager = await apiAs(request, '1003');
    const type = await admin.post<{ id: number; name: string }>('leave/types', {
      name: unique('Toast leave'),
      days: 10,
      short_leave_applied: false,
      has_balance: true,
      enabled: true,
    });
    // The toast needs none of Ant Design: its frame's file cannot even be fetched.
    await page.route(/\/AntdFrame-[^/]*\.js$/, (route) => route.abort());
    const refusal = 'This leave overlaps a request of yours.';
    await page.route(
      (url) => url.pathname === '/api/v1/leave',
      (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 409, json: { code: 409, message: refusal } })
          : route.fallback(),
    );

    await signIn(page, '1004', { path: '/leave' });
    await page.getByRole('button', { name: 'Apply for leave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply for leave' });
    const monday = plusDays(new Date(), 60);
    await pickOption(page, 'Leave type', type.name, dialog);
    await typeDate(page, 'From', dmy(monday), dialog);
    await typeDate(page, 'To', dmy(plusDays(monday, 1)), dialog);
    await pickOption(page, 'Responsible person', `${manager.name} (${manager.eid})`, dialog);
    await dialog.getByLabel('Leave address').fill('Home');
    await dialog.getByRole('button', { name: 'Save' }).click();

    // Said as an alert, seen above the dialog and its backdrop, at the bottom of the screen.
    const toast = page.getByRole('alert').filter({ hasText: refusal });
    await expect(toast).toBeVisible();
    await expect(dialog).toBeVisible();
    expect(await onTop(toast)).toBe(true);
    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y > viewport.height / 2).toBe(true);
    await page.screenshot({ path: testInfo.outputPath('toast-over-dialog-en.png') });
    await expectNoAxeViolations(page, { context: 'leave form: a refused save told by a toast (en)' });
    await expect(page.locator('.ant-app, [class^="ant-"], [class*=" ant-"]')).toHaveCount(0);

    // Dismissed with its button while the dialog stays open (the toast is not inert behind it).
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(toast).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a toast on a plain page, right to left in Arabic, in both themes, fetches none of Ant Design', async ({
    page,
  }, testInfo) => {
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(new URL(res.url()).pathname);
    });
    await refuseTheList(page);
    await signInInArabic(page, '1004', '/leave');
    const toast = page.getByRole('alert').filter({ hasText: 'خطأ في الخادم' });
    await expect(toast).toBeVisible();
    // Nothing used yet (the first focus would fetch Ant Design's frame for the next page): the toast came without it.
    expect(scripts.filter((s) => /\/AntdFrame-/.test(s))).toEqual([]);
    await expect(page.locator('.ant-app, [class^="ant-"], [class*=" ant-"]')).toHaveCount(0);
    expect(await onTop(toast)).toBe(true);
    expect(await toast.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await page.screenshot({ path: testInfo.outputPath('toast-ar.png') });
    await expectNoAxeViolations(page, { context: 'leave page: a refused list told by a toast (ar)' });
    await page.getByRole('button', { name: 'إخفاء الرسالة' }).click();
    await expect(toast).toHaveCount(0);

    await page.goto('/leave?theme=dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(toast).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('toast-ar-dark.png') });
    await expectNoAxeViolations(page, { context: 'leave page: a refused list told by a toast (ar, dark)' });
  });
});
