import { expect, test } from '@playwright/test';
import { signIn } from '../support/helpers';

test.describe('administration', () => {
  test('an admin creates, edits and deletes an office, confirming the delete', async ({ page }) => {
    const name = `Rajshahi Office ${Date.now().toString(36)}`;
    const renamed = `${name} (Uposhohor)`;
    await signIn(page, '1001');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByText('Administration').click();
    await nav.getByRole('link', { name: 'Office' }).click();
    await expect(page).toHaveURL(/\/admin\/offices$/);
    await expect(page.getByRole('heading', { name: 'Offices' })).toBeVisible();

    await page.getByRole('button', { name: 'Add office' }).click();
    const modal = page.getByRole('dialog', { name: 'New office' });
    // Saving an empty form shows the API's own messages.
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText('Company must not be empty')).toBeVisible();
    await expect(modal.getByText('Name must not be empty')).toBeVisible();

    await modal.getByLabel('Company').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Meghna Digital Ltd.' })
      .click();
    await modal.getByLabel('Name').fill(name);
    await modal.getByLabel('Address').fill('Shaheb Bazar, Rajshahi');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    await expect(modal).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Meghna Digital Ltd.');
    await expect(row).toContainText('Shaheb Bazar, Rajshahi');

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit office' });
    await expect(edit.getByLabel('Name')).toHaveValue(name);
    await edit.getByLabel('Name').fill(renamed);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been updated!')).toBeVisible();
    const renamedRow = page.getByRole('row').filter({ hasText: renamed });
    await expect(renamedRow).toBeVisible();

    await renamedRow.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Do you want to delete this item?' });
    await expect(confirm).toContainText(`Your Selected Item is ${renamed} !`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${renamed} has been successfully deleted!`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: renamed })).toHaveCount(0);
  });

  test('an office people work in is not deleted, and the admin is told why', async ({ page }) => {
    await signIn(page, '1001');
    await page.goto('/admin/offices');
    const row = page.getByRole('row').filter({ hasText: 'Sylhet Office' });
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Do you want to delete this item?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(/Sylhet Office cannot be deleted: \d+ employees work there/)).toBeVisible();
    await expect(row).toBeVisible();
  });

  test('an employee gets the 403 page on /admin/offices and no Administration menu', async ({ page }) => {
    await signIn(page, '1004');
    await page.goto('/admin/offices');
    await expect(page.getByText('403', { exact: true })).toBeVisible();
    await expect(page.getByText('Only HR administrators can open this page.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add office' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText('Administration')).toHaveCount(
      0,
    );
  });
});
