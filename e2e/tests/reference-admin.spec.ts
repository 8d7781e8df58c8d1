import { expect, type Locator, type Page, test } from '@playwright/test';
import { clickToClose, combobox, optionsOf, pickOption } from '../support/antd';
import { apiAs, unique } from '../support/api';
import { dmy, plusDays, today } from '../support/dates';
import { signIn } from '../support/helpers';

/**
 * Administration > Services and NOC types, and EPR values, reached through the
 * grouped administration menu. Every record a test checks is its own, named
 * uniquely for the run; what a test puts to use it takes away again.
 */

interface Named {
  id: number;
  name: string;
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** Opens an administration screen from the menu: the Administration submenu, then the entry under its group. */
async function openFromMenu(page: Page, group: string, entry: string) {
  const nav = menu(page);
  await nav.getByText('Administration').click();
  await expect(nav.getByText(group, { exact: true })).toBeVisible();
  await nav.getByRole('link', { name: entry }).click();
}

/** The rows of the list in sight that name a text, found through its search box. */
async function search(scope: Page | Locator, text: string) {
  await scope.getByRole('textbox', { name: 'Search' }).fill(text);
  return scope.getByRole('row').filter({ hasText: text });
}

/** The services the HR service request form offers. */
async function offeredServices(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New HR service request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New HR service request' });
  return optionsOf(page, combobox(dialog, 'Service'));
}

test.describe('reference lists of the request forms', () => {
  test('an admin adds a service from the grouped menu; the open form and an employee are offered it', async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, '1001');
    const name = unique('Bank solvency letter');

    // The form has read the services once already: the change must reach it without a reload.
    await signIn(page, '1001', { path: '/hr-services' });
    const before = await offeredServices(page);
    await expect(before.getByRole('option', { name })).toHaveCount(0);
    await pickOption(page, before, 'Salary certificate');
    const form = page.getByRole('dialog', { name: 'New HR service request' });
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();

    await openFromMenu(page, 'Services and pay', 'HR service types');
    await expect(page).toHaveURL(/\/admin\/hr-services$/);
    await expect(page.getByRole('heading', { name: 'Services and NOC types' })).toBeVisible();
    await page.getByRole('button', { name: 'Add service' }).click();
    const modal = page.getByRole('dialog', { name: 'New service' });
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText('Name must not be empty')).toBeVisible();
    await modal.getByLabel('Name').fill(name);
    // Last in the form, so that other tests picking the first service are not given it.
    await modal.getByLabel('Order').fill('100');
    // The value is made from the name unless one is typed.
    const value = name.toLowerCase().replace(/[^a-z0-9]+/g, '_');
    await expect(modal.getByText(`Left empty, it is made from the name: ${value}`)).toBeVisible();
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    await expect(modal).toBeHidden();
    const row = await search(page, name);
    await expect(row).toContainText(value);
    await expect(row).toContainText('Enabled');

    // Back to the request form through the menu (no reload): the new service is offered.
    await menu(page).getByRole('link', { name: 'HR Services', exact: true }).click();
    await expect(page).toHaveURL(/\/hr-services$/);
    const after = await offeredServices(page);
    await expect(after.getByRole('option', { name })).toHaveCount(1);

    // And to an employee.
    await signIn(page, '1004', { path: '/hr-services' });
    const offered = await offeredServices(page);
    await pickOption(page, offered, name);
    // The form's select shows it chosen.
    await expect(offered.locator('option:checked')).toHaveText(name);

    const made = (
      await admin.get<{ items: (Named & { value: string })[] }>('employee/service-requests/categories', {
        search: name,
        all: 'true',
        page: 1,
      })
    ).items[0]!;
    expect(made.value).toBe(value);
    await admin.del('employee/service-requests/categories', { service_category_id: made.id });
  });

  test('an admin adds a behaviour to a value of Section B in its drawer', async ({ page, request }) => {
    const admin = await apiAs(request, '1001');
    const value = await admin.post<Named>('eprs/values', { name: unique('Candour'), enabled: false });
    const behaviour = unique('Says what they think, kindly');

    await signIn(page, '1001');
    await openFromMenu(page, 'Performance', 'EPR values');
    await expect(page).toHaveURL(/\/admin\/epr-values$/);
    await expect(page.getByRole('heading', { name: 'EPR values' })).toBeVisible();
    const row = await search(page, value.name);
    await expect(row).toContainText('No behaviours yet');
    await row.getByRole('button', { name: `Edit the behaviours of ${value.name}` }).click();

    const drawer = page.getByRole('dialog', { name: `Behaviours of ${value.name}` });
    await drawer.getByRole('button', { name: 'Add behaviour' }).click();
    await expect(drawer.getByText('Name must not be empty')).toBeVisible();
    await drawer.getByLabel('Behaviour', { exact: true }).fill(behaviour);
    await drawer.getByRole('button', { name: 'Add behaviour' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    const line = drawer.getByRole('row').filter({ hasText: behaviour });
    await expect(line).toBeVisible();
    await expect(line.getByRole('switch', { name: `Offered to new reviews: ${behaviour}` })).toBeChecked();
    // The value's row lists it too.
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(row).toContainText(behaviour);

    const stored = await admin.get<{ behaviours: { name: string; enabled: boolean }[] }>(
      `eprs/values/${value.id}`,
    );
    expect(stored.behaviours).toEqual([expect.objectContaining({ name: behaviour, enabled: true })]);
    await admin.del('eprs/values', { value_id: value.id });
  });

  test('deleting a NOC type a request uses is refused with what uses it', async ({ page, request }) => {
    const admin = await apiAs(request, '1001');
    const employee = await apiAs(request, '1004');
    const type = await admin.post<Named>('employee/service-requests/noc-types', {
      name: unique('Chess olympiad'),
    });
    const draft = await employee.post<{ id: number }>('employee/service-requests', {
      category: 'noc',
      noc_type_id: type.id,
      issue_date: dmy(plusDays(today(), 4)),
      from_date: dmy(plusDays(today(), 40)),
      to_date: dmy(plusDays(today(), 50)),
      passport_no: `E2E${Date.now()}`,
      intended_country: 'India',
      description: unique('Playing for the national team'),
    });

    await signIn(page, '1001');
    await openFromMenu(page, 'Services and pay', 'HR service types');
    await page.getByRole('tab', { name: 'NOC types' }).click();
    const panel = page.getByRole('tabpanel', { name: 'NOC types' });
    const row = await search(panel, type.name);
    // Its requests: the one just made.
    await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Delete ${type.name}`, exact: true }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Do you want to delete this item?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByText(`${type.name} is used by 1 NOC request; disable it instead of deleting it.`),
    ).toBeVisible();
    await expect(row).toBeVisible();

    await employee.del('employee/service-requests', { service_request_id: draft.id });
    await admin.del('employee/service-requests/noc-types', { noc_type_id: type.id });
  });
});

test.describe('the grouped administration menu', () => {
  test('collapsed, it opens as a pop-up with its groups; the page shown selects its entry', async ({
    page,
  }) => {
    await signIn(page, '1001', { path: '/profile?nav-style=collapsed' });
    await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
    const nav = menu(page);
    await nav.getByRole('button', { name: 'Administration' }).hover();
    const popup = nav.getByRole('list', { name: 'Administration' });
    await expect(popup.getByText('Organisation', { exact: true })).toBeVisible();
    await popup.getByRole('link', { name: 'Remote-work types' }).click();
    await expect(page).toHaveURL(/\/admin\/remote-work-types$/);
    // Once the page has drawn, the pointer leaves the pop-up (from inside it, as a hand does), which closes.
    await expect(page.getByRole('heading', { name: 'Remote-work types' })).toBeVisible();
    // It may already have closed by itself (the page took the focus): then there is nothing to leave.
    if (await popup.isVisible()) await popup.hover({ timeout: 5_000 }).catch(() => undefined);
    await page.mouse.move(900, 700, { steps: 10 });
    await expect(popup).toBeHidden();

    // Expanded again, the submenu of the page is open and its entry selected.
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await expect(nav.getByRole('link', { name: 'Remote-work types' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByText('Time and leave', { exact: true })).toBeVisible();
  });

  test('in Arabic, the groups and entries read right to left', async ({ page }) => {
    await signIn(page, '1001', { path: '/admin/epr-values' });
    await page.getByRole('button', { name: 'Choose language' }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'العربية' }));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const nav = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
    await expect(nav.getByText('الأداء', { exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'قيم تقييم الأداء' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'أنواع العمل عن بُعد' }).click();
    await expect(page.getByRole('heading', { name: 'أنواع العمل عن بُعد' })).toBeVisible();
    await page.getByRole('button', { name: /Choose language|اختر اللغة/ }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'English' }));
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });
});
