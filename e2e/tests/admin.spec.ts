import { expect, type Page, test } from '@playwright/test';
import { pickOption } from '../support/antd';
import { type ApiSession, apiAs, unique } from '../support/api';
import { signIn } from '../support/helpers';

/**
 * Administration > Company, Office and Asset. Every company, office and asset
 * a test checks is its own, named uniquely for the run. Someone must work in
 * an office or hold an asset for a refusal: employee 1050 (whom no other
 * browser test uses) is moved there for the test and back afterwards, as no
 * screen or call makes employees.
 */

interface Named {
  id: number;
  name: string;
}

/** The admin list's rows that name a text, found through the screen's search box. */
async function search(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  return page.getByRole('row').filter({ hasText: text });
}

async function confirmDelete(page: Page, name: string) {
  await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Do you want to delete this item?' });
  await expect(confirm).toContainText(`Your Selected Item is ${name} !`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
}

/** Employee 1050 as HR sees them: the id, and the company and office to put them back in. */
async function worker(request: Parameters<typeof apiAs>[0], admin: ApiSession) {
  const { employeeId } = await apiAs(request, '1050');
  const profile = await admin.get<{
    name: string;
    eid: string;
    company: string;
    company_id: number;
    office_id: number;
  }>(`employees/${employeeId}`);
  return { id: employeeId, ...profile };
}

test.describe('administration', () => {
  test('an admin creates, edits and deletes an office, confirming the delete', async ({ page, request }) => {
    const admin = await apiAs(request, '1001');
    const company = await admin.post<Named>('companies', { name: unique('Padma Foods Ltd.') });
    const name = unique('Rajshahi Office');
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

    await pickOption(page, 'Company', company.name, modal);
    await modal.getByLabel('Name').fill(name);
    await modal.getByLabel('Address').fill('Shaheb Bazar, Rajshahi');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    await expect(modal).toBeHidden();
    const row = await search(page, name);
    await expect(row).toContainText(company.name);
    await expect(row).toContainText('Shaheb Bazar, Rajshahi');

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit office' });
    await expect(edit.getByLabel('Name')).toHaveValue(name);
    await edit.getByLabel('Name').fill(renamed);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been updated!')).toBeVisible();
    const renamedRow = page.getByRole('row').filter({ hasText: renamed });
    await expect(renamedRow).toBeVisible();

    await confirmDelete(page, renamed);
    await expect(page.getByText(`${renamed} has been successfully deleted!`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: renamed })).toHaveCount(0);
  });

  test('an office people work in is not deleted, and the admin is told why', async ({ page, request }) => {
    const admin = await apiAs(request, '1001');
    const person = await worker(request, admin);
    const office = await admin.post<Named>('offices', {
      company_id: person.company_id,
      name: unique('Bogura Office'),
    });
    await admin.patch('employees/assign/office', { employee_id: person.id, office_id: office.id });
    try {
      await signIn(page, '1001', { path: '/admin/offices' });
      const row = await search(page, office.name);
      await expect(row).toContainText('1');
      await confirmDelete(page, office.name);
      await expect(
        page.getByText(
          `${office.name} cannot be deleted: 1 employee works there. Move them to another office first.`,
        ),
      ).toBeVisible();
      await expect(row).toBeVisible();
    } finally {
      await admin.patch('employees/assign/office', { employee_id: person.id, office_id: person.office_id });
    }
    // Empty again, it goes.
    await confirmDelete(page, office.name);
    await expect(page.getByText(`${office.name} has been successfully deleted!`)).toBeVisible();
  });

  test('an employee gets the 403 page on /admin/offices and no Administration menu', async ({ page }) => {
    await signIn(page, '1004', { path: '/admin/offices' });
    await expect(page.getByText('403', { exact: true })).toBeVisible();
    await expect(page.getByText('Only HR administrators can open this page.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add office' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText('Administration')).toHaveCount(
      0,
    );
  });

  test('an admin adds a company, is refused a second of the same name, edits it and deletes it once empty', async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, '1001');
    const name = unique('Jamuna Textiles Ltd.');
    const renamed = `${name} (Tangail)`;

    await signIn(page, '1001');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByText('Administration').click();
    await nav.getByRole('link', { name: 'Company' }).click();
    await expect(page).toHaveURL(/\/admin\/companies$/);
    await expect(page.getByRole('heading', { name: 'Companies' })).toBeVisible();

    await page.getByRole('button', { name: 'Add company' }).click();
    const modal = page.getByRole('dialog', { name: 'New company' });
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText('Name must not be empty')).toBeVisible();
    await modal.getByLabel('Name').fill(name);
    await modal.getByLabel('Code').fill('JTL');
    await modal.getByLabel('Address').fill('Karatia, Tangail');
    await pickOption(page, 'Weekly off day', 'Saturday', modal);
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    await expect(modal).toBeHidden();
    const row = await search(page, name);
    await expect(row).toContainText('JTL');
    await expect(row).toContainText('Karatia, Tangail');
    await expect(row).toContainText('Saturday');
    await expect(row).toContainText('Active');

    // The same name again is refused on the field.
    await page.getByRole('button', { name: 'Add company' }).click();
    await modal.getByLabel('Name').fill(name);
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText('A company with this name already exists')).toBeVisible();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit company' });
    await expect(edit.getByLabel('Name')).toHaveValue(name);
    await edit.getByLabel('Name').fill(renamed);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been updated!')).toBeVisible();
    const renamedRow = page.getByRole('row').filter({ hasText: renamed });
    await expect(renamedRow).toContainText('JTL');

    // With an office it stays; without, it goes.
    const [company] = (
      await admin.get<{ items: Named[] }>('companies', { search: renamed, page: 1, limit: 10 })
    ).items;
    const office = await admin.post<Named>('offices', {
      company_id: company!.id,
      name: unique('Head office'),
    });
    await page.reload();
    await search(page, renamed);
    await expect(renamedRow).toContainText('1');
    await confirmDelete(page, renamed);
    await expect(
      page.getByText(`${renamed} cannot be deleted: it still has 1 office. Move or delete them first.`),
    ).toBeVisible();
    await admin.del('offices', { office_id: office.id });
    await confirmDelete(page, renamed);
    await expect(page.getByText(`${renamed} has been successfully deleted!`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: renamed })).toHaveCount(0);
  });

  test('an admin adds an asset, sees who holds it, and deletes it once taken back', async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, '1001');
    const person = await worker(request, admin);
    const company = { id: person.company_id, name: person.company };
    const name = unique('Laptop Lenovo ThinkPad X1');

    await signIn(page, '1001');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByText('Administration').click();
    await nav.getByRole('link', { name: 'Asset' }).click();
    await expect(page).toHaveURL(/\/admin\/assets$/);
    await expect(page.getByRole('heading', { name: 'Assets' })).toBeVisible();

    await page.getByRole('button', { name: 'Add asset' }).click();
    const modal = page.getByRole('dialog', { name: 'New asset' });
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText('Company must not be empty')).toBeVisible();
    await expect(modal.getByText('Name must not be empty')).toBeVisible();
    await pickOption(page, 'Company', company.name, modal);
    await modal.getByLabel('Name').fill(name);
    await modal.getByLabel('Code').fill('LAP-X1');
    await modal.getByLabel('Description').fill('14-inch, 32 GB RAM');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    await expect(modal).toBeHidden();
    const row = await search(page, name);
    await expect(row).toContainText('LAP-X1');
    await expect(row).toContainText('14-inch, 32 GB RAM');
    await expect(row).toContainText(company.name);
    await expect(row).toContainText('Available');

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit asset' });
    await edit.getByLabel('Code').fill('LAP-X1-G11');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been updated!')).toBeVisible();
    await expect(row).toContainText('LAP-X1-G11');

    // Handed out (on the profile, here through the API), it shows its holder and stays.
    const [asset] = (await admin.get<{ items: Named[] }>('assets', { search: name, page: 1, limit: 10 }))
      .items;
    await admin.patch('employees/assets/assign', { employee_id: person.id, asset_id: asset!.id });
    try {
      await page.reload();
      await search(page, name);
      await expect(row.getByRole('link', { name: person.name })).toHaveAttribute(
        'href',
        `/profile/${person.id}`,
      );
      await confirmDelete(page, name);
      await expect(
        page.getByText(
          `${name} cannot be deleted: it is assigned to ${person.name} (${person.eid}). Take it back first.`,
        ),
      ).toBeVisible();
    } finally {
      await admin.patch('employees/assets/remove', { employee_id: person.id, asset_id: asset!.id });
    }
    await page.reload();
    await search(page, name);
    await expect(row).toContainText('Available');
    await confirmDelete(page, name);
    await expect(page.getByText(`${name} has been successfully deleted!`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });
});
