import { expect, test } from '@playwright/test';
import { signIn } from '../support/helpers';

test.describe('employee search', () => {
  test('an admin picks a filter from the drawer, searches, opens a result; the filters survive a reload', async ({
    page,
  }) => {
    await signIn(page, '1001');
    await page.evaluate(() => localStorage.removeItem('hr.employeeSearch:/employees'));
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Employee', exact: true })
      .click();
    await expect(page).toHaveURL(/\/employees$/);
    await expect(page.getByRole('heading', { name: 'Employees' })).toBeVisible();
    const results = page.getByRole('table');
    await expect(results.getByRole('row').nth(1)).toBeVisible();

    // Status is not on show until chosen in the drawer.
    const panel = page.locator('form.employee-search__form');
    const status = panel.getByRole('combobox', { name: 'Status', exact: true });
    await expect(status).toHaveCount(0);
    await page.getByRole('button', { name: 'Choose filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Choose filters' });
    await drawer.getByRole('checkbox', { name: 'Status', exact: true }).check();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();

    await status.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Disabled' })
      .click();
    await panel.getByRole('button', { name: 'Search' }).click();
    // The demo's one disabled employee (E-ID 1055).
    await expect(results.getByRole('row')).toHaveCount(2);
    const row = results.getByRole('row').nth(1);
    await expect(row).toContainText('1055');
    await expect(row).toContainText('Disabled');

    await page.reload();
    await expect(status).toBeVisible();
    await expect(
      panel
        .locator('.ant-form-item')
        .filter({ has: page.getByRole('combobox', { name: 'Status', exact: true }) }),
    ).toContainText('Disabled');
    await expect(results.getByRole('row')).toHaveCount(2);

    const link = row.getByRole('link').first();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/profile\/\d+$/);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('the search box finds by E-ID on its own after a pause, and Clear brings everyone back', async ({
    page,
  }) => {
    await signIn(page, '1001');
    await page.evaluate(() => localStorage.removeItem('hr.employeeSearch:/employees'));
    await page.goto('/employees');
    const results = page.getByRole('table');
    await expect(results.getByRole('row').nth(1)).toBeVisible();
    await page.getByRole('textbox', { name: 'Search employees' }).fill('1003');
    await expect(results.getByRole('row')).toHaveCount(2);
    await expect(results.getByRole('row').nth(1)).toContainText('Farhana Akter');
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByRole('textbox', { name: 'Search employees' })).toHaveValue('');
    await expect(results.getByRole('row')).toHaveCount(11);
  });

  test('an employee gets the 403 page on /employees', async ({ page }) => {
    await signIn(page, '1004');
    await page.goto('/employees');
    await expect(page.getByText('403', { exact: true })).toBeVisible();
    await expect(page.getByText('Only HR administrators can open the employee directory.')).toBeVisible();
  });
});
