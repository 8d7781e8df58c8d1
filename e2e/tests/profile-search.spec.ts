import { expect, test } from '@playwright/test';
import { listOf } from '../support/antd';
import { apiAs } from '../support/api';
import { signIn } from '../support/helpers';

test.describe('finding anyone from the profile area', () => {
  test('an admin unfolds Filter Options on the profile, searches and opens a result', async ({
    page,
    request,
  }) => {
    const employee = await apiAs(request, '1004');

    await signIn(page, '1001');
    await page.evaluate(() => localStorage.removeItem('hr.employeeSearch:/profile'));
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Filter Options' }).click();
    await page.getByRole('textbox', { name: 'Search employees' }).fill(employee.eid);
    const results = page.getByRole('table').filter({ hasText: employee.name });
    await expect(results).toBeVisible();
    await results.getByRole('link', { name: employee.name }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${employee.employeeId}$`));
    await expect(page.getByRole('region', { name: employee.name })).toContainText(employee.eid);
  });

  test('an employee finds a colleague with the public filters and is not offered the personal ones', async ({
    page,
    request,
  }) => {
    const colleague = await apiAs(request, '1003');
    const card = await colleague.get<{ company: string }>(`employees/${colleague.employeeId}`);
    const admin = await apiAs(request, '1001');
    const companies = await admin.get<{ items: { name: string }[] }>('companies', { limit: 50 });
    const otherCompany = companies.items.map((c) => c.name).find((name) => name !== card.company)!;

    await signIn(page, '1004');
    await page.evaluate(() => localStorage.removeItem('hr.employeeSearch:/profile'));
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Filter Options' }).click();
    const panel = page.getByRole('form', { name: 'Filter Options' });

    // The drawer offers the directory's filters and none of the personal ones.
    await page.getByRole('button', { name: 'Choose filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Choose filters' });
    for (const name of [
      'Company',
      'Office',
      'Level',
      'Grade',
      'Groups',
      'Joining date',
      'Service length (years)',
    ])
      await expect(drawer.getByRole('checkbox', { name, exact: true })).toBeVisible();
    for (const name of [
      'Status',
      'Gender',
      'Blood group',
      'Religion',
      'Marital status',
      'Birthday',
      'Age',
      'Employment status',
      'Confirmation date',
      'Education type',
      'Exam',
      'Separation',
      'Separation type',
      'Separation status',
    ])
      await expect(drawer.getByRole('checkbox', { name, exact: true })).toHaveCount(0);
    await expect(drawer).toContainText('Filters on personal details');
    await drawer.getByRole('checkbox', { name: 'Level', exact: true }).check();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    await expect(panel.getByRole('combobox', { name: 'Level', exact: true })).toBeVisible();

    // Company and the search text: the colleague is found in their company, not in the other one.
    const chooseCompany = async (name: string) => {
      const box = panel.getByRole('combobox', { name: 'Company', exact: true });
      await box.click();
      const list = await listOf(page, box);
      await list.getByRole('option', { name, exact: true }).click();
      await box.press('Escape');
      await expect(list).toBeHidden();
    };
    await chooseCompany(card.company);
    await panel.getByRole('textbox', { name: 'Search employees' }).fill(colleague.eid);
    await panel.getByRole('button', { name: 'Search' }).click();
    // The results table (the profile below has tables of its own).
    const results = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'E-ID' }) });
    const row = results.getByRole('row').filter({ has: page.getByRole('link', { name: colleague.name }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(colleague.eid);

    // The panel's Clear (the Company select has a clear button of its own, without text).
    await panel.getByRole('button').filter({ hasText: 'Clear' }).click();
    await expect(results).toBeHidden();
    await chooseCompany(otherCompany);
    await panel.getByRole('textbox', { name: 'Search employees' }).fill(colleague.eid);
    await panel.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No employee matches these filters.')).toBeVisible();
  });
});
