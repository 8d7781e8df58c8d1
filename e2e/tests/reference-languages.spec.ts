import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { clickToClose, combobox, listOf } from '../support/antd';
import { apiAs, unique } from '../support/api';
import { signIn } from '../support/helpers';

/**
 * A name HR types in other languages: typed on the admin screen under the
 * English one, shown to an employee reading Arabic, and the employee's
 * choice of language kept with their account. The employee is one no other
 * browser test signs in as, so its saved language changes no other test's
 * documents.
 */
const EMPLOYEE = '1047';
const locales = path.resolve(import.meta.dirname, '../../apps/web/src/locales');

/** A text of the web app in a language, by its key (`hrServices.form.createTitle`). */
function text(language: string, key: string): string {
  const tree = JSON.parse(fs.readFileSync(path.join(locales, language, 'hr-services.json'), 'utf8'));
  return key.split('.').reduce((node, part) => node[part], tree) as unknown as string;
}

async function offeredServices(page: Page, language: string) {
  const title = text(language, 'hrServices.form.createTitle');
  await page.getByRole('button', { name: title }).click();
  const box = combobox(page.getByRole('dialog', { name: title }), text(language, 'hrServices.form.category'));
  await box.click();
  return listOf(page, box);
}

test('a service named in Arabic by HR is offered in Arabic, and the employee’s language is saved', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, '1001');
  const employee = await apiAs(request, EMPLOYEE);
  const english = unique('Embassy letter');
  const arabic = `خطاب السفارة ${english.slice(-6)}`;

  await signIn(page, '1001', { path: '/admin/hr-services' });
  await page.getByRole('button', { name: 'Add service' }).click();
  const modal = page.getByRole('dialog', { name: 'New service' });
  await modal.getByLabel('Name', { exact: true }).fill(english);
  await modal.getByLabel('Order').fill('100');
  await modal.getByRole('button', { name: 'Name in other languages' }).click();
  await modal.getByLabel('العربية').fill(arabic);
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your data has been saved!')).toBeVisible();
  await expect(modal).toBeHidden();
  // In English the list shows the English name.
  await page.getByRole('textbox', { name: 'Search' }).fill(english);
  await expect(page.getByRole('row').filter({ hasText: english })).toHaveCount(1);

  try {
    // The employee switches to Arabic: the form offers the Arabic name, not the English one.
    await signIn(page, EMPLOYEE, { path: '/hr-services' });
    await page.getByRole('button', { name: 'Choose language' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const offered = await offeredServices(page, 'ar');
    await expect(offered.getByRole('option', { name: arabic })).toBeVisible();
    await expect(offered.getByRole('option', { name: english })).toHaveCount(0);
    await clickToClose(offered.getByRole('option', { name: arabic }), offered);

    // The choice is saved with the account (letters and review PDFs about them come in it).
    await expect
      .poll(async () => (await employee.get<{ user: { language: string } }>('me')).user.language)
      .toBe('ar');
  } finally {
    await employee.put('me/language', { language: 'en' });
    const made = await admin.get<{ items: { id: number }[] }>('employee/service-requests/categories', {
      search: english,
      all: 'true',
      page: 1,
    });
    for (const item of made.items) {
      await admin.del('employee/service-requests/categories', { service_category_id: item.id });
    }
  }
});
