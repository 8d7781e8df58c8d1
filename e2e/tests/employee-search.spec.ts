import { expect, test } from '@playwright/test';
import { pickOption } from '../support/antd';
import { apiAs } from '../support/api';
import { signIn } from '../support/helpers';

test.describe('employee search', () => {
  test('an admin picks a filter from the drawer, searches, opens a result; the filters survive a reload', async ({
    page,
    request,
  }) => {
    // The disabled employee the search must find: 1049, disabled here (no other browser test uses them).
    const admin = await apiAs(request, '1001');
    const target = await apiAs(request, '1049');
    await admin.patch('employees/disable', { employee_id: target.employeeId });
    try {
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
      const panel = page.getByRole('form', { name: 'Filter Options' });
      const status = panel.getByRole('combobox', { name: 'Status', exact: true });
      await expect(status).toHaveCount(0);
      await page.getByRole('button', { name: 'Choose filters' }).click();
      const drawer = page.getByRole('dialog', { name: 'Choose filters' });
      await drawer.getByRole('checkbox', { name: 'Status', exact: true }).check();
      await drawer.getByRole('button', { name: 'Close' }).click();
      await expect(drawer).toBeHidden();

      await pickOption(page, status, 'Disabled');
      await panel.getByRole('button', { name: 'Search' }).click();
      const row = results.getByRole('row').filter({ hasText: target.name });
      await expect(row).toContainText(target.eid);
      await expect(row).toContainText('Disabled');
      const found = results.getByRole('row').filter({ has: page.getByRole('cell') });
      for (const r of await found.all()) await expect(r).toContainText('Disabled');

      await page.reload();
      await expect(status).toBeVisible();
      // The Status select shows the remembered choice.
      await expect(status.locator('option:checked')).toHaveText('Disabled');
      await expect(row).toContainText('Disabled');
      for (const r of await found.all()) await expect(r).toContainText('Disabled');

      await row.getByRole('link').first().click();
      await expect(page).toHaveURL(new RegExp(`/profile/${target.employeeId}$`));
    } finally {
      await admin.patch('employees/enable', { employee_id: target.employeeId });
    }
  });

  test('the search box finds by E-ID on its own after a pause, and Clear brings everyone back', async ({
    page,
    request,
  }) => {
    const manager = await apiAs(request, '1003');

    await signIn(page, '1001');
    await page.evaluate(() => localStorage.removeItem('hr.employeeSearch:/employees'));
    await page.goto('/employees');
    const results = page.getByRole('table');
    // A page of everyone: more than the one row the search will leave.
    await expect.poll(() => results.getByRole('row').count()).toBeGreaterThan(2);
    const everyone = await results.getByRole('row').count();
    await page.getByRole('textbox', { name: 'Search employees' }).fill(manager.eid);
    await expect(results.getByRole('row')).toHaveCount(2);
    await expect(results.getByRole('row').nth(1)).toContainText(manager.name);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByRole('textbox', { name: 'Search employees' })).toHaveValue('');
    await expect(results.getByRole('row')).toHaveCount(everyone);
  });

  test('an employee gets the 403 page on /employees', async ({ page }) => {
    await signIn(page, '1004', { path: '/employees' });
    await expect(page.getByText('403', { exact: true })).toBeVisible();
    await expect(page.getByText('Only HR administrators can open the employee directory.')).toBeVisible();
  });
});
