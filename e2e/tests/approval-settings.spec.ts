import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y';
import { apiAs } from '../support/api';
import { signIn, signInInArabic } from '../support/helpers';

/**
 * HR's reminders and escalation (the administration's "Reminders and
 * escalation"): the reviews' setting is changed through the screen and put
 * back as it was. Only this file changes these settings.
 */
test.describe('reminders and escalation settings', () => {
  test('HR sets a module’s reminder and escalation; a wrong pair is refused at once', async ({
    page,
    request,
  }) => {
    const hr = await apiAs(request, '1001');
    await signIn(page, '1001', { path: '/admin/approvals' });
    await expect(page.getByRole('heading', { name: 'Reminders and escalation' })).toBeVisible();
    const reviews = page.getByRole('form', { name: 'Reviews' });
    const remind = reviews.getByRole('spinbutton', { name: 'Remind the approver after (working days)' });
    const escalate = reviews.getByRole('spinbutton', { name: 'Escalate after (working days)' });
    await remind.fill('3');
    await escalate.fill('2');
    await reviews.getByRole('button', { name: 'Save Reviews' }).click();
    await expect(reviews.getByText('Escalate later than the reminder')).toBeVisible();
    await expectNoAxeViolations(page);
    await escalate.fill('6');
    await reviews.getByRole('button', { name: 'Save Reviews' }).click();
    await expect(page.getByText('Reviews: saved.')).toBeVisible();
    const saved = await hr.get<{
      items: { module: string; remind_after_days: number; escalate_after_days: number }[];
    }>('approvals/settings');
    expect(saved.items.find((i) => i.module === 'epr')).toMatchObject({
      remind_after_days: 3,
      escalate_after_days: 6,
    });
    await hr.patch('approvals/settings/epr', {
      remind_after_days: null,
      escalate_after_days: null,
      escalate_to_id: null,
    });
  });

  test('the screen in Arabic, right to left, with no axe violation', async ({ page }) => {
    await signInInArabic(page, '1001', '/admin/approvals');
    await expect(page.getByRole('heading', { name: 'التذكير والتصعيد' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
