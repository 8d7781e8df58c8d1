import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { expectNoAxeViolations } from '../support/a11y';
import { type ApiSession, apiAs, unique } from '../support/api';
import { signIn, signInInArabic } from '../support/helpers';

/**
 * Data rights: 1004 downloads everything the portal holds about them from
 * the user menu's "Your data" page (a zip with the files its index lists);
 * HR (1001) erases a leaver the test makes through the API (HR's employee
 * import, a last working day long past, disabled), from the leaver's
 * profile to the erasure screen, typing the E-ID to confirm, and reads the
 * report; in Arabic HR finds leavers by E-ID on the screen itself. Both screens pass axe in English and Arabic.
 */

/** A new employee, left long ago and disabled: their id and E-ID. */
async function leaver(admin: ApiSession): Promise<{ id: number; eid: string; name: string }> {
  const company = await admin.post<{ id: number; name: string }>('companies', {
    name: unique('Padma Textiles Ltd.'),
  });
  const office = await admin.post<{ name: string }>('offices', {
    company_id: company.id,
    name: unique('Rajshahi Office'),
  });
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
  const eid = `E2E-${stamp}-GONE`;
  const name = `Shirin Akter ${stamp}`;
  const csv = [
    'eid,name,mobile,email,company,office,designation,line_manager_eid,joining_date',
    [
      eid,
      name,
      `019${String(Date.now()).slice(-8)}`,
      `${eid.toLowerCase()}@example.com`,
      company.name,
      office.name,
      '',
      admin.eid,
      '01-02-2019',
    ].join(','),
  ].join('\r\n');
  await admin.post('employees/imports', {
    file_name: 'leavers.csv',
    file: Buffer.from(`${csv}\r\n`).toString('base64'),
  });
  const found = await admin.post<{ items: { id: number; eid: string }[] }>(
    `employees/search?query=${encodeURIComponent(eid)}`,
    {},
  );
  const id = found.items.find((e) => e.eid === eid)!.id;
  await admin.patch(`employees/${id}/separation`, {
    resign_date: '2022-12-01',
    last_working_date: '2022-12-31',
  });
  await admin.patch('employees/disable', { employee_id: id });
  return { id, eid, name };
}

/** Finds a leaver on the erasure screen by E-ID and opens them. */
async function choose(page: Page, eid: string, labels: { search: RegExp; choose: RegExp }) {
  const search = page.getByRole('searchbox', { name: labels.search });
  await search.fill(eid);
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: eid });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: labels.choose }).click();
}

test.describe('data rights', () => {
  test('an employee downloads their data: a zip with the files its index lists', async ({ page }) => {
    await signIn(page, '1004');
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Your data' }).click();
    await expect(page).toHaveURL(/\/account\/data$/);
    await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
    await expectNoAxeViolations(page, { context: 'data rights: your data (en)' });

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = fs.readFileSync((await download.path())!);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    const entries = unzipSync(new Uint8Array(bytes));
    const names = Object.keys(entries).sort();
    const index = JSON.parse(new TextDecoder().decode(entries['index.json'])) as {
      files: { path: string }[];
    };
    expect(index.files.map((f) => f.path).sort()).toEqual(names);
    for (const name of ['README.txt', 'profile.json', 'leave.json', 'account.json', 'audit.json'])
      expect(names).toContain(name);
    const profile = JSON.parse(new TextDecoder().decode(entries['profile.json'])) as {
      employee: { eid: string };
    };
    expect(profile.employee.eid).toBe('1004');
  });

  test('HR erases a leaver after typing their E-ID, and reads the report', async ({ page, request }) => {
    const admin = await apiAs(request, '1001');
    const person = await leaver(admin);

    // From the leaver's profile, whose Erasure button opens the screen with them chosen.
    await signIn(page, '1001', { path: `/profile/${person.id}` });
    await page.getByRole('main').getByRole('link', { name: 'Erasure' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/erasure\\?employee=${person.id}$`));
    await expect(page.getByRole('heading', { name: 'Erasure', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: person.name })).toBeVisible();
    await expectNoAxeViolations(page, { context: 'data rights: erasure, a leaver chosen (en)' });

    const erase = page.getByRole('button', { name: 'Erase personal data' });
    // A wrong E-ID is refused, and nothing is erased.
    await page.getByLabel(`Type the E-ID ${person.eid} to confirm`).fill(`${person.eid}X`);
    await erase.click();
    await expect(
      page.getByText('The confirmation does not match the person’s E-ID. Nothing was erased.').first(),
    ).toBeVisible();
    await page.getByLabel(`Type the E-ID ${person.eid} to confirm`).fill(person.eid);
    await erase.click();

    await expect(page.getByRole('heading', { name: 'Erasure report' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Erased person ${person.id}` })).toBeVisible();
    const report = page.getByRole('table').last();
    await expect(report.getByRole('row').filter({ hasText: 'employee_photos' })).toHaveCount(0);
    await expect(report.getByRole('row').filter({ hasText: /^Profileemployees \(name, E-ID/ })).toContainText(
      'Replaced',
    );
    await expect(report.getByRole('row').filter({ hasText: 'employee_separations' })).toContainText('Kept');
    await expect(report.getByRole('row').filter({ hasText: 'employee_separations' })).toContainText(
      'Where the person sat in the organisation',
    );
    await expectNoAxeViolations(page, { context: 'data rights: erasure report (en)' });
    const state = await admin.get<{ employee: { eid: string; erased_at: string | null } }>(
      `employees/${person.id}/erasure`,
    );
    expect(state.employee).toMatchObject({ eid: `erased-${person.id}`, erased_at: expect.any(String) });

    // In Arabic: the report of the same erasure, and the confirmation form of another leaver.
    const other = await leaver(admin);
    const arabic = await page.context().newPage();
    await signInInArabic(arabic, '1001', '/admin/erasure');
    await choose(arabic, `erased-${person.id}`, { search: /^ابحث بالاسم/, choose: /^اختيار/ });
    await expect(arabic.getByRole('heading', { name: 'تقرير المحو' })).toBeVisible();
    await expectNoAxeViolations(arabic, { context: 'data rights: erasure report (ar)' });
    await choose(arabic, other.eid, { search: /^ابحث بالاسم/, choose: /^اختيار/ });
    await expect(arabic.getByLabel(`اكتب الرقم الوظيفي ${other.eid} للتأكيد`)).toBeVisible();
    await expectNoAxeViolations(arabic, { context: 'data rights: erasure, a leaver chosen (ar)' });
    await arabic.goto('/account/data');
    await expect(arabic.getByRole('button', { name: 'تنزيل بياناتي' })).toBeVisible();
    await expectNoAxeViolations(arabic, { context: 'data rights: your data (ar)' });
  });
});
