import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y';
import { combobox, pickOption, rowWith, typeDate } from '../support/antd';
import { apiAs, unique } from '../support/api';
import { dmy, iso, plusDays, today } from '../support/dates';
import { signIn, signInInArabic } from '../support/helpers';

interface LeaveType {
  id: number;
  name: string;
  days: number;
  short_leave_applied: boolean;
  has_balance: boolean;
}

/**
 * HR's leave policies (Administration > Leave policies): each test adds a
 * leave type of its own, so the policies it writes apply to that type alone
 * and change no one's other balances.
 */
test.describe('leave policies', () => {
  test('HR adds a policy for a new leave type, finds it listed, and ends it once in force', async ({
    page,
    request,
  }) => {
    const hr = await apiAs(request, '1001');
    const type = await hr.post<LeaveType>('leave/types', {
      name: unique('Study Leave'),
      days: 6,
      short_leave_applied: false,
      has_balance: true,
      enabled: true,
    });
    const name = unique('Study leave, monthly');
    const firstDay = new Date(today().getFullYear(), 0, 1);
    // A policy of the same type for one company from next year: not in force, so changed or deleted.
    const coming = await hr.post<{ id: number; name: string }>('leave/policies', {
      name: unique('Study leave next year'),
      type_id: type.id,
      company_id: 1,
      effective_from: `${firstDay.getFullYear() + 1}-01-01`,
      days_per_year: 8,
      accrual: 'yearly',
    });
    try {
      await signIn(page, '1001', { path: '/admin/leave-policies' });
      await expect(page.getByRole('heading', { name: 'Leave policies' })).toBeVisible();

      await page.getByRole('button', { name: 'Add leave policy' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add leave policy' });
      await expect(dialog).toContainText('Changing a policy never changes days already earned');
      // The contract's own checks, before anything is sent.
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('Please input the policy name')).toBeVisible();
      await expect(dialog.getByText('Please select leave type')).toBeVisible();
      await expect(dialog.getByText('Please select the first day it applies')).toBeVisible();
      await expect(
        dialog.getByText('Days a year must be a number from 0 to 366, in quarter days'),
      ).toBeVisible();
      await expectNoAxeViolations(page, { context: 'leave policies: new policy form (en)' });

      await dialog.getByLabel('Name').fill(name);
      await pickOption(page, combobox(dialog, 'Leave type'), type.name);
      await typeDate(page, 'First day', dmy(firstDay), dialog);
      await dialog.getByLabel('Days a year').fill('12');
      await pickOption(page, combobox(dialog, 'Earned'), /^Monthly/);
      await dialog.getByLabel('Days carried forward').fill('2.3');
      await expect(
        dialog.getByText('Days carried forward must be a number from 0 to 366, in quarter days'),
      ).toBeVisible();
      await dialog.getByLabel('Days carried forward').fill('2.5');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Your data has been saved!')).toBeVisible();

      // The screen's filter by leave type shows this type's two policies.
      await pickOption(page, combobox(page, 'Leave type'), type.name);
      const row = rowWith(page, name);
      await expect(row).toContainText(type.name);
      await expect(row).toContainText('Everyone');
      await expect(row).toContainText(new RegExp(`from \u2066?${dmy(firstDay)}`));
      await expect(row).toContainText('12');
      await expect(row).toContainText('Monthly');
      const comingRow = rowWith(page, coming.name);
      await expect(comingRow).toContainText('Meghna Digital Ltd.');
      await expect(page.getByRole('row')).toHaveCount(3);

      // What the server lets HR do: a policy in force only ends; one to come is edited or deleted.
      await expect(row.getByRole('button', { name: `Edit ${name}` })).toHaveCount(0);
      await expect(row.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
      await expect(comingRow.getByRole('button', { name: `Edit ${coming.name}` })).toBeVisible();
      await expect(comingRow.getByRole('button', { name: `Delete ${coming.name}` })).toBeVisible();
      await expect(comingRow.getByRole('button', { name: `End ${coming.name}` })).toHaveCount(0);

      const lastDay = plusDays(today(), 10);
      await row.getByRole('button', { name: `End ${name}` }).click();
      const end = page.getByRole('dialog', { name: `End ${name}` });
      await expect(end).toContainText('what was earned under it stays');
      await typeDate(page, 'Last day', dmy(lastDay), end);
      await end.getByRole('button', { name: 'Save' }).click();
      await expect(
        page.getByText(new RegExp(`${name} ends on \u2066?${dmy(lastDay)}\u2069?\\.`)),
      ).toBeVisible();
      await expect(row).toContainText(`${dmy(firstDay)} –${dmy(lastDay)}`);

      const saved = await hr.get<{ name: string; effective_to: string | null; carry_forward_max: number }[]>(
        'leave/policies',
        { type_id: type.id },
      );
      expect(saved.find((p) => p.name === name)).toMatchObject({
        effective_to: iso(lastDay),
        carry_forward_max: 2.5,
      });
      await expectNoAxeViolations(page, { context: 'leave policies: list (en)' });
    } finally {
      await hr.call('DELETE', `leave/policies/${coming.id}`);
      // The type stays (its policy in force cannot go), out of everyone's forms.
      await hr.patch(`leave/types/${type.id}`, { ...type, enabled: false });
    }
  });

  test('the screen and its form in Arabic, right to left, with no axe violation', async ({ page }) => {
    await signInInArabic(page, '1001', '/admin/leave-policies');
    await expect(page.getByRole('heading', { name: 'سياسات الإجازات' })).toBeVisible();
    await expectNoAxeViolations(page, { context: 'leave policies: list (ar)' });
    await page.getByRole('button', { name: 'إضافة سياسة إجازات' }).click();
    const dialog = page.getByRole('dialog', { name: 'إضافة سياسة إجازات' });
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dialog.getByText('يرجى إدخال اسم السياسة')).toBeVisible();
    await expectNoAxeViolations(page, { context: 'leave policies: new policy form (ar)' });
  });
});
