import { expect, test } from '@playwright/test';
import { signOut, typeDate } from '../support/antd';
import { signIn } from '../support/helpers';

test.describe('leave administration', () => {
  test('an admin adds, changes and deletes a holiday', async ({ page }) => {
    const year = new Date().getFullYear() + 1;
    await signIn(page, '1001');
    await page.goto('/admin/holidays');
    await page.getByRole('combobox', { name: 'Year' }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: String(year) })
      .click();

    await page.getByRole('button', { name: 'Add holiday' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add holiday' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Name must not be empty')).toBeVisible();
    await dialog.getByLabel('Name').fill('Company Founding Day');
    await typeDate(page, 'From', `10-02-${year}`, dialog);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    const row = page.locator('.ant-table-tbody tr', { hasText: 'Company Founding Day' });
    await expect(row).toContainText(`10-02-${year}`);

    await row.getByRole('button', { name: 'Edit Company Founding Day' }).click();
    const edit = page.getByRole('dialog', { name: /Edit/ });
    await edit.getByLabel('Name').fill('Founders Day');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.ant-table-tbody tr', { hasText: 'Founders Day' })).toBeVisible();

    await page.getByRole('button', { name: 'Delete Founders Day' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Do you want to delete this item?' });
    await expect(confirm).toContainText('Your Selected Item is Founders Day !');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Founders Day has been successfully deleted!')).toBeVisible();
    await expect(page.locator('.ant-table-tbody tr', { hasText: 'Founders Day' })).toHaveCount(0);
  });

  test('an admin adds a leave type; an employee cannot open the screen', async ({ page }) => {
    await signIn(page, '1001');
    await page.goto('/admin/leave-types');
    await page.getByRole('button', { name: 'Add leave type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add leave type' });
    await dialog.getByLabel('Name').fill('Study Leave');
    await dialog.getByLabel('Days a year').fill('6');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.ant-table-tbody tr', { hasText: 'Study Leave' })).toContainText('6');

    await signOut(page);
    await signIn(page, '1004');
    await page.goto('/admin/leave-types');
    await expect(page.getByText('403')).toBeVisible();
  });
});
