import { expect, test } from '@playwright/test';
import { apiAs, unique } from '../support/api';
import { signIn } from '../support/helpers';

/**
 * The change log of a person's record, on the profile's Activity tab. The
 * employee changed here (1041) is used by no other browser test.
 */

test.describe('the change log of a profile', () => {
  test("an HR administrator changes an employee's address and sees the change in the log", async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, '1001');
    const employee = await apiAs(request, '1041');
    const before = await employee.get<{ address: { present: string | null } }>(
      `employees/${employee.employeeId}`,
    );
    const present = unique('House 12, Road 5, Banani, Dhaka');

    await signIn(page, '1001', { path: `/profile/${employee.employeeId}` });
    await page.getByRole('tab', { name: 'Personal', exact: true }).click();
    await page.getByRole('button', { name: 'Edit Address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Address' });
    await dialog.getByLabel('Present address').fill(present);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('tab', { name: 'Activity', exact: true }).click();
    const log = page.getByRole('region', { name: 'Changes to this record' });
    const row = log.getByRole('row').filter({ hasText: present });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(admin.name);
    await expect(row).toContainText('Address');
    await expect(row).toContainText('Updated');
    await expect(row).toContainText('Present address');
    if (before.address.present) await expect(row).toContainText(before.address.present);
    // When, as DD-MM-YYYY HH:mm.
    await expect(row.getByRole('cell').first()).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    // The newest change comes first.
    await expect(log.getByRole('row').nth(1)).toContainText(present);
  });

  test('an unrelated employee does not see the log of a colleague', async ({ page, request }) => {
    const employee = await apiAs(request, '1041');
    const colleague = await apiAs(request, '1004');
    const card = await colleague.get<{ permissions: { relation: string } }>(
      `employees/${employee.employeeId}`,
    );
    expect(card.permissions.relation).toBe('other');

    await signIn(page, '1004', { path: `/profile/${employee.employeeId}` });
    await expect(page.getByRole('region', { name: employee.name })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Activity', exact: true })).toHaveCount(0);
    const refused = await (await apiAs(request, '1004')).call(
      'GET',
      `employees/${employee.employeeId}/changes`,
    );
    expect(refused.status()).toBe(403);
  });
});
