import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y';
import { pickOption } from '../support/antd';
import { apiAs, unique } from '../support/api';
import { freeWeek, iso, years } from '../support/dates';
import { signIn, signInInArabic } from '../support/helpers';

/**
 * The bell and /notifications of 1016 (a report of 1003): a leave of 1016,
 * made here, is approved by 1003 while 1016 looks at the portal. Only this
 * file makes requests of 1016 or changes its choices, so its count moves
 * only by this file's doing.
 */
const EMPLOYEE = '1016';

/** The unread count the bell's name says ("Notifications, 3 unread"). */
async function countOf(bell: Locator): Promise<number> {
  const name = (await bell.getAttribute('aria-label')) ?? '';
  const match = /(\d+) unread/.exec(name);
  expect(match, `the bell is named "${name}"`).toBeTruthy();
  return Number(match![1]);
}

const bellOf = (page: Page) => page.getByRole('button', { name: /^Notifications, \d+ unread$/ });

test.describe('notifications', () => {
  test('the bell counts a decision live, leads to it, and the page marks all read and keeps a choice', async ({
    page,
    request,
  }) => {
    const employee = await apiAs(request, EMPLOYEE);
    const manager = await apiAs(request, '1003');
    const responsibles = await employee.get<{ id: number }[]>('leave/responsibles');
    const colleague = responsibles.find((p) => p.id !== employee.employeeId)!;
    /** A submitted one-day leave of the employee, in a week free of their other requests. */
    const submittedLeave = async () => {
      const day = await freeWeek(employee, 'leave', years());
      const leave = await employee.post<{ id: number }>('leave', {
        leave_format: 1,
        type_id: 2,
        from: iso(day),
        to: iso(day),
        responsible_id: colleague.id,
        leave_address: unique('Home, Mirpur'),
      });
      await employee.patch('leave/actions/submit', { leave_id: leave.id });
      return leave.id;
    };
    const first = await submittedLeave();
    const second = await submittedLeave();

    await signIn(page, EMPLOYEE, { path: '/dashboard' });
    const bell = bellOf(page);
    await expect(bell).toBeVisible();
    // The stream has sent the count (the first answer may still be on its way).
    await page.waitForTimeout(500);
    const before = await countOf(bell);

    // The line manager approves both elsewhere: the count goes up here without a reload.
    await manager.patch('leave/actions/approve', { leave_id: first });
    await manager.patch('leave/actions/approve', { leave_id: second });
    await expect.poll(() => countOf(bell), { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 2);
    const raised = await countOf(bell);
    await expect(page.locator('.notification-bell__badge')).toBeVisible();

    // The bell's panel names who decided; its link leads to the request.
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    await expectNoAxeViolations(page, { context: 'notifications: the bell (en)' });
    const decided = panel.getByRole('link', {
      name: new RegExp(`${manager.name} approved your leave request\\.`),
    });
    await expect(decided.first()).toBeVisible();
    await decided.first().click();
    await expect(page).toHaveURL(/\/leave\?list_type=self$|\/leave$/);
    await expect(page.getByRole('heading', { name: 'Leave' })).toBeVisible();
    await expect(panel).toBeHidden();
    // Followed, it is read.
    await expect.poll(() => countOf(bell)).toBe(raised - 1);

    // See all: the page lists it; Mark all read takes the count to 0.
    await bell.click();
    await panel.getByRole('link', { name: 'See all notifications' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    const list = page.getByRole('table', { name: 'Notifications' });
    await expect(list.getByText(`${manager.name} approved your leave request.`).first()).toBeVisible();
    await page.getByRole('tab', { name: /^Unread/ }).click();
    await expect(page).toHaveURL(/unread=true/);
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(page.getByText(/notifications? marked read\./)).toBeVisible();
    await expect(bell).toHaveAccessibleName('Notifications, 0 unread');
    await expect(page.locator('.notification-bell__badge')).toHaveCount(0);
    await expectNoAxeViolations(page, { context: 'notifications: the page (en)' });

    // A choice per event: kept, and read back after a reload.
    const comments = page.getByRole('combobox', { name: 'A comment on my KPI sheet' });
    await pickOption(page, comments, 'By e-mail only');
    await expect(page.getByText('Your choice is saved.')).toBeVisible();
    await page.reload();
    // The choice shown after the reload is the one saved (the select's chosen option, not merely one of its options).
    await expect(
      page.getByRole('combobox', { name: 'A comment on my KPI sheet' }).locator('option:checked'),
    ).toHaveText('By e-mail only');
    const stored = await employee.get<{ channels: Record<string, string> }>('notifications/preferences');
    expect(stored.channels.comment).toBe('email');
    await employee.patch('notifications/preferences', { channels: { comment: 'both' } });
  });

  test('the page and the bell in Arabic, right to left, with no axe violations', async ({ page }) => {
    await signInInArabic(page, EMPLOYEE, '/notifications');
    await expect(page.getByRole('heading', { name: 'الإشعارات' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'كيف تصلك الإشعارات' })).toBeVisible();
    await expectNoAxeViolations(page, { context: 'notifications: the page (ar)' });
    const bell = page.getByRole('button', { name: /^الإشعارات، / });
    await bell.click();
    await expect(page.getByRole('dialog', { name: 'الإشعارات' })).toBeVisible();
    await expectNoAxeViolations(page, { context: 'notifications: the bell (ar)' });
    // Escape closes the panel and gives the focus back to the bell.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'الإشعارات' })).toBeHidden();
    await expect(bell).toBeFocused();
  });
});
