import { expect, test } from '@playwright/test';
import { combobox, optionsOf, pickOption, pickTreeItem, typeDate } from '../support/antd';
import { apiAs, unique } from '../support/api';
import { dmy } from '../support/dates';
import { signIn } from '../support/helpers';

test.describe('leave administration', () => {
  test('an admin adds, changes (to one office’s own) and deletes a holiday', async ({ page }) => {
    // Two years ahead: no leave test applies there, so the holiday changes no one's working days.
    const year = new Date().getFullYear() + 2;
    const day = new Date(year, 0, 1 + (Math.floor(Date.now() / 1000) % 360));
    const name = unique('Company Founding Day');
    const renamed = unique('Founders Day');

    await signIn(page, '1001', { path: '/admin/holidays' });
    await pickOption(page, 'Year', String(year));

    await page.getByRole('button', { name: 'Add holiday' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add holiday' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Name must not be empty')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await typeDate(page, 'From', dmy(day), dialog);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(dmy(day));

    await expect(row).toContainText('All companies');
    await expect(row).toContainText('All offices');

    // The Sylhet office's own day: choosing the office brings its company.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: /Edit/ });
    await edit.getByLabel('Name').fill(renamed);
    await pickOption(page, combobox(edit, 'Office'), 'Sylhet Office');
    await expect(edit.getByText('Meghna Digital Ltd.')).toBeVisible();
    await edit.getByRole('button', { name: 'Save' }).click();
    const renamedRow = page.getByRole('row').filter({ hasText: renamed });
    await expect(renamedRow).toContainText(dmy(day));
    await expect(renamedRow).toContainText('Meghna Digital Ltd.');
    await expect(renamedRow).toContainText('Sylhet Office');

    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Do you want to delete this item?' });
    await expect(confirm).toContainText(`Your Selected Item is ${renamed} !`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${renamed} has been successfully deleted!`)).toBeVisible();
    await expect(renamedRow).toHaveCount(0);
  });

  test('an admin adds a leave type; an employee cannot open the screen', async ({ page }) => {
    const name = unique('Study Leave');

    await signIn(page, '1001', { path: '/admin/leave-types' });
    await page.getByRole('button', { name: 'Add leave type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add leave type' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Days a year').fill('6');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    await page.getByRole('textbox', { name: 'Search' }).first().fill(name);
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('6');

    await signIn(page, '1004', { path: '/admin/leave-types' });
    await expect(page.getByText('403')).toBeVisible();
  });

  test('a leave type for one project is offered and counted only for its members', async ({
    page,
    request,
  }) => {
    const name = unique('Rollout Leave');

    // HR limits the type to the project "HR Portal Rollout" (1001, 1008 and 1003 work on it; 1004 does not).
    await signIn(page, '1001', { path: '/admin/leave-types' });
    await page.getByRole('button', { name: 'Add leave type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add leave type' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Days a year').fill('3');
    await pickTreeItem(page, combobox(dialog, 'Group item'), 'HR Portal Rollout');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    await page.getByRole('textbox', { name: 'Search' }).first().fill(name);
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('HR Portal Rollout');

    const admin = await apiAs(request, '1001');
    const type = (await admin.get<{ id: number; name: string }[]>('leave/types', { all: 'true' })).find(
      (t) => t.name === name,
    )!;
    try {
      // A member: the dashboard counts it, the form offers it.
      await signIn(page, '1003', { path: '/dashboard' });
      const card = page.getByRole('region', { name: 'Leave balance' });
      await expect(card.getByTestId(`balance-remaining-${type.id}`)).toHaveText('3');
      await page.goto('/leave');
      await page.getByRole('button', { name: 'Apply for leave' }).click();
      const form = page.getByRole('dialog', { name: 'Apply for leave' });
      const typeBox = combobox(form, 'Leave type');
      await expect((await optionsOf(page, typeBox)).getByRole('option', { name })).toHaveCount(1);

      // Not a member: neither counted nor offered.
      await signIn(page, '1004', { path: '/dashboard' });
      const other = page.getByRole('region', { name: 'Leave balance' });
      await expect(other.getByTestId('balance-remaining-1')).toBeVisible();
      await expect(other.getByTestId(`balance-remaining-${type.id}`)).toHaveCount(0);
      await page.goto('/leave');
      await page.getByRole('button', { name: 'Apply for leave' }).click();
      const box = combobox(page.getByRole('dialog', { name: 'Apply for leave' }), 'Leave type');
      const options = await optionsOf(page, box);
      await expect(options.getByRole('option', { name: 'Annual Leave' })).toHaveCount(1);
      await expect(options.getByRole('option', { name })).toHaveCount(0);
    } finally {
      await admin.del(`leave/types/${type.id}`);
    }
  });
});
