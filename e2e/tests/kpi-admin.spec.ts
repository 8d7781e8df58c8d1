import { expect, type Page, test } from '@playwright/test';
import { typeDate } from '../support/antd';
import { unique } from '../support/api';
import { signIn } from '../support/helpers';

/**
 * Administration > KPI settings: the KPI years, perspectives and target units
 * that sheets are made from. Every record a test touches is its own, named
 * uniquely for the run.
 */

async function search(page: Page, text: string) {
  await page.getByRole('tabpanel').getByRole('textbox', { name: 'Search' }).fill(text);
  return page.getByRole('tabpanel').getByRole('row').filter({ hasText: text });
}

async function confirmDelete(page: Page, name: string) {
  await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Do you want to delete this item?' });
  await expect(confirm).toContainText(`Your Selected Item is ${name} !`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
}

test.describe('KPI settings', () => {
  test('an admin adds a KPI year, a perspective and a target unit, edits and deletes them', async ({
    page,
  }) => {
    await signIn(page, '1001');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByText('Administration').click();
    await nav.getByRole('link', { name: 'KPI settings' }).click();
    await expect(page).toHaveURL(/\/admin\/kpi$/);
    await expect(page.getByRole('heading', { name: 'KPI settings' })).toBeVisible();

    // A year: its dates are checked in the form before anything is sent.
    const year = unique('FY 2091');
    await page.getByRole('button', { name: 'Add KPI year' }).click();
    const yearForm = page.getByRole('dialog', { name: 'Add KPI year' });
    await yearForm.getByRole('button', { name: 'Save' }).click();
    await expect(yearForm.getByText('Please select the start date')).toBeVisible();
    await expect(yearForm.getByText('Please select the end date')).toBeVisible();
    await yearForm.getByLabel('Name').fill(year);
    await typeDate(page, 'From', '01-07-2091', yearForm);
    await typeDate(page, 'To', '30-06-2091', yearForm);
    await yearForm.getByRole('button', { name: 'Save' }).click();
    await expect(yearForm.getByText('The end date must not be before the start date')).toBeVisible();
    await typeDate(page, 'To', '30-06-2092', yearForm);
    await yearForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    await expect(yearForm).toBeHidden();
    const yearRow = await search(page, year);
    await expect(yearRow).toContainText('01-07-2091');
    await expect(yearRow).toContainText('30-06-2092');
    await expect(yearRow).toContainText('Enabled');

    // Disabled, it stays in the list for HR.
    await yearRow.getByRole('button', { name: `Edit ${year}` }).click();
    const yearEdit = page.getByRole('dialog', { name: 'Edit KPI year' });
    await expect(yearEdit.getByLabel('Name')).toHaveValue(year);
    await yearEdit.getByRole('switch', { name: 'Enabled' }).click();
    await yearEdit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been updated!')).toBeVisible();
    await expect(yearRow).toContainText('Disabled');
    await confirmDelete(page, year);
    await expect(page.getByText(`${year} has been successfully deleted!`)).toBeVisible();
    await expect(yearRow).toHaveCount(0);

    // A perspective with its place in the order.
    const perspective = unique('Sustainability');
    await page.getByRole('tab', { name: 'Perspectives' }).click();
    await page.getByRole('button', { name: 'Add perspective' }).click();
    const perspectiveForm = page.getByRole('dialog', { name: 'Add perspective' });
    await perspectiveForm.getByRole('button', { name: 'Save' }).click();
    await expect(perspectiveForm.getByText('Name must not be empty')).toBeVisible();
    await perspectiveForm.getByLabel('Name').fill(perspective);
    await perspectiveForm.getByLabel('Order').fill('9');
    await perspectiveForm.getByRole('button', { name: 'Save' }).click();
    await expect(perspectiveForm).toBeHidden();
    const perspectiveRow = await search(page, perspective);
    await expect(perspectiveRow).toContainText('9');
    await confirmDelete(page, perspective);
    await expect(page.getByText(`${perspective} has been successfully deleted!`)).toBeVisible();

    // A target unit.
    const unit = unique('Tonnes');
    await page.getByRole('tab', { name: 'Target units' }).click();
    await page.getByRole('button', { name: 'Add target unit' }).click();
    const unitForm = page.getByRole('dialog', { name: 'Add target unit' });
    await unitForm.getByLabel('Name').fill(unit);
    await unitForm.getByRole('button', { name: 'Save' }).click();
    await expect(unitForm).toBeHidden();
    await expect(await search(page, unit)).toBeVisible();
    await confirmDelete(page, unit);
    await expect(page.getByText(`${unit} has been successfully deleted!`)).toBeVisible();
  });

  test('an employee gets the 403 page on /admin/kpi', async ({ page }) => {
    await signIn(page, '1004', { path: '/admin/kpi' });
    await expect(page.getByText('403', { exact: true })).toBeVisible();
  });
});
