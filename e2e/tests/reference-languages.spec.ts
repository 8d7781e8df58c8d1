import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { combobox, optionsOf, pickOption } from '../support/antd';
import { apiAs, unique } from '../support/api';
import { signIn } from '../support/helpers';

/**
 * A name HR types in other languages: typed on the admin screen under the
 * English one, shown to an employee reading Arabic, and the employee's
 * choice of language kept with their account. The employees are ones no
 * other browser test signs in as, so their saved language changes no other
 * test's documents.
 */
const EMPLOYEE = '1047';
/** The employee given a level named in Arabic (a sales executive of the logistics company). */
const LEVELLED = '1048';
const locales = path.resolve(import.meta.dirname, '../../apps/web/src/locales');

/** A text of the web app in a language, by its key (`hrServices.form.createTitle`) and file. */
function text(language: string, key: string, file = 'hr-services.json'): string {
  const tree = JSON.parse(fs.readFileSync(path.join(locales, language, file), 'utf8'));
  return key.split('.').reduce((node, part) => node[part], tree) as unknown as string;
}

async function offeredServices(page: Page, language: string) {
  const title = text(language, 'hrServices.form.createTitle');
  await page.getByRole('button', { name: title }).click();
  const box = combobox(page.getByRole('dialog', { name: title }), text(language, 'hrServices.form.category'));
  return optionsOf(page, box);
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
    await expect(offered.getByRole('option', { name: arabic })).toHaveCount(1);
    await expect(offered.getByRole('option', { name: english })).toHaveCount(0);
    await pickOption(page, offered, arabic);

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

/** The fields PATCH employees/{id} takes, as the profile answers them, with another level. */
interface BasicDetails {
  name: string;
  eid: string;
  mobile: string | null;
  email: string | null;
  blood_group: string | null;
  designation: string | null;
  status_id: number | null;
  level_id: number | null;
  grade_id: number | null;
}
const basicDetails = (p: BasicDetails, levelId: number | null): BasicDetails => ({
  name: p.name,
  eid: p.eid,
  mobile: p.mobile,
  email: p.email,
  blood_group: p.blood_group,
  designation: p.designation,
  status_id: p.status_id,
  level_id: levelId,
  grade_id: p.grade_id,
});

test('a level named in Arabic by HR shows in Arabic on the profile of an employee reading Arabic', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, '1001');
  const employee = await apiAs(request, LEVELLED);
  const english = unique('Principal');
  const arabic = `رئيسي ${english.slice(-6)}`;
  const before = await admin.get<BasicDetails>(`employees/${employee.employeeId}`);
  const levelsNamed = async () =>
    (
      await admin.get<{ items: { id: number; name: string }[] }>('levels', {
        search: english,
        all: 'true',
        page: 1,
      })
    ).items.filter((l) => l.name === english);

  try {
    // HR adds the level with its Arabic name.
    await signIn(page, '1001', { path: '/admin/levels-grades' });
    await expect(page.getByRole('heading', { name: 'Levels and grades' })).toBeVisible();
    await page.getByRole('button', { name: 'Add level' }).click();
    const modal = page.getByRole('dialog', { name: 'New level' });
    await modal.getByLabel('Name', { exact: true }).fill(english);
    await modal.getByRole('button', { name: 'Name in other languages' }).click();
    await modal.getByLabel('العربية').fill(arabic);
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    await expect(modal).toBeHidden();
    await page.getByRole('textbox', { name: 'Search' }).fill(english);
    await expect(page.getByRole('row').filter({ hasText: english })).toHaveCount(1);

    // HR gives the employee the level.
    const [level] = await levelsNamed();
    expect(level, `the level ${english}`).toBeTruthy();
    await admin.patch(`employees/${employee.employeeId}`, basicDetails(before, level!.id));

    // The employee reads their profile in Arabic: the level's Arabic name, not the English one.
    await signIn(page, LEVELLED);
    await page.getByRole('button', { name: 'Choose language' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const details = page.getByRole('region', { name: text('ar', 'profile.sections.basic', 'profile.json') });
    const label = text('ar', 'profile.fields.level', 'profile.json');
    const levelCell = details.getByRole('cell').filter({ hasText: new RegExp(`^${label}`) });
    await expect(levelCell).toHaveCount(1);
    await expect(levelCell).toContainText(arabic);
    await expect(page.getByText(english)).toHaveCount(0);
  } finally {
    await employee.put('me/language', { language: 'en' });
    await admin.patch(`employees/${employee.employeeId}`, basicDetails(before, before.level_id));
    for (const level of await levelsNamed()) await admin.del(`levels/${level.id}`);
  }
});

test('a page opened in Arabic asks its very first calls in Arabic', async ({ page, request }) => {
  const employee = await apiAs(request, LEVELLED);
  // The calls the web app makes (not its images; the sign-in of `signIn` goes through the test's own requests).
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.resourceType() === 'fetch' && url.pathname.startsWith('/api/v1/'))
      asked.push(`${r.headers()['accept-language']} ${url.pathname}`);
  });
  try {
    await signIn(page, LEVELLED, { path: '/dashboard' });
    await page.evaluate(() => localStorage.setItem('hr.language', 'ar'));
    asked.length = 0;
    // Opened again in Arabic: the dashboard's calls start with the page, before its texts have come.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(
      page.getByRole('region', { name: text('ar', 'leave.balances.title', 'leave.json') }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).toContainEqual('ar /api/v1/dashboard');
    expect(asked.filter((call) => !call.startsWith('ar '))).toEqual([]);
  } finally {
    await employee.put('me/language', { language: 'en' });
  }
});
