import { expect, type Locator, type Page, test } from '@playwright/test';
import { clickToClose } from '../support/antd';
import { apiAs, unique } from '../support/api';
import { signIn } from '../support/helpers';

/**
 * The employee import, on the import screen attendance punches share: HR
 * administrator 1001 imports a CSV file of employees made for this run
 * (E-IDs of its own, a company and an office of its own). With one bad row
 * nothing is imported and the row is named by its line and reason; corrected,
 * the file is imported, line managers named further down the file included;
 * imported again, nothing changes. An imported employee is then found in the
 * employee directory and their profile opens.
 */

const COLUMNS = 'eid,name,mobile,email,company,office,designation,line_manager_eid,joining_date';

/** The counts of an import result, as the screen lists them. */
const countsOf = (scope: Locator) => scope.getByRole('list', { name: 'Import counts' });

async function chooseFile(page: Page, importer: Locator, name: string, lines: string[]) {
  const chooser = page.waitForEvent('filechooser');
  await importer.getByRole('button', { name: /Click or drag a CSV file here/ }).click();
  await (await chooser).setFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\r\n')}\r\n`),
  });
  await expect(importer.getByText(name, { exact: true })).toBeVisible();
}

test.describe('employee import', () => {
  test('1001 imports employees: refused with a bad row, imported once corrected, unchanged the second time, then found in the directory', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const admin = await apiAs(request, '1001');
    const company = await admin.post<{ id: number; name: string }>('companies', {
      name: unique('Karnaphuli Traders Ltd.'),
    });
    const office = await admin.post<{ name: string }>('offices', {
      company_id: company.id,
      name: unique('Chattogram Office'),
    });
    const { designation } = await admin.get<{ designation: string | null }>(`employees/${admin.employeeId}`);
    const stamp = Date.now().toString(36).toUpperCase();
    const [a, b, c] = ['A', 'B', 'C'].map((x) => `E2E-${stamp}-${x}`) as [string, string, string];
    const names = { a: `Sumaiya Haque ${stamp}`, b: `Rafiq Chowdhury ${stamp}`, c: `Tania Sultana ${stamp}` };
    // A reports to B, who is further down the file; B reports to 1001; C has no line manager.
    const row = (eid: string, name: string, mobile: string, manager: string) =>
      [
        eid,
        name,
        mobile,
        `${eid.toLowerCase()}@example.com`,
        company.name,
        office.name,
        designation ?? '',
        manager,
        '01-02-2024',
      ].join(',');
    const good = [
      row(a, names.a, '01711000001', b),
      row(b, names.b, '01811000002', admin.eid),
      row(c, names.c, '01911000003', ''),
    ];

    await signIn(page, '1001', { path: '/admin/employee-import' });
    await expect(page.getByRole('heading', { name: 'Employee import' })).toBeVisible();
    const importer = page.getByRole('region', { name: 'Import employees from a CSV file' });
    // Before anything is sent: all or nothing, the columns and which are required, no sign-in users.
    await expect(
      importer.getByText(/^All or nothing: a file with any bad row imports nothing\./),
    ).toBeVisible();
    const columns = importer.getByRole('table', { name: 'Columns, named on the first line in any order' });
    await expect(columns.getByRole('row').filter({ hasText: 'line_manager_eid' })).toContainText('Optional');
    await expect(columns.getByRole('row').filter({ hasText: 'mobile' })).toContainText('Required');
    await expect(importer.getByText(/^Imported employees cannot sign in yet/)).toBeVisible();
    await expect(importer.getByRole('button', { name: 'Download template' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('employee-import-before-en.png'), fullPage: true });

    // Only checked, a file with a bad row says so, and how many rows are ready once it is corrected.
    await chooseFile(page, importer, 'employees-check.csv', [
      COLUMNS,
      good[0]!,
      good[1]!,
      row(c, names.c, '0191100', ''),
    ]);
    await importer.getByRole('checkbox', { name: 'Only check the file (import nothing)' }).check();
    await importer.getByRole('button', { name: 'Check file' }).click();
    const checked = importer.getByRole('alert');
    await expect(checked).toContainText(
      'employees-check.csv was only checked, and nothing has been imported: correct the rows below and check it again.',
    );
    await expect(checked).toContainText('Once they are corrected, 2 rows are ready to be imported.');
    await importer.getByRole('checkbox', { name: 'Only check the file (import nothing)' }).uncheck();

    // One bad row (its mobile is too short, on line 4): nothing is imported.
    await chooseFile(page, importer, 'employees.csv', [
      COLUMNS,
      good[0]!,
      good[1]!,
      row(c, names.c, '0191100', ''),
    ]);
    await importer.getByRole('button', { name: 'Import file' }).click();
    await expect(importer.getByRole('alert')).toContainText(
      'Nothing has been imported from employees.csv: correct the rows below and upload the file again.',
    );
    await expect(countsOf(importer)).toContainText('Rows: 3');
    await expect(countsOf(importer)).toContainText('Added: 0');
    await expect(countsOf(importer)).toContainText('Refused: 1');
    const bad = importer
      .getByRole('table', { name: 'Refused rows' })
      .getByRole('row')
      .filter({ hasText: '0191100' });
    await expect(bad.getByRole('cell').first()).toHaveText('4');
    await expect(bad).toContainText('The mobile number is not valid');
    await expect(bad).toContainText('Mobile must have a length 11');
    await page.screenshot({ path: testInfo.outputPath('employee-import-refused-en.png'), fullPage: true });
    const afterRefused = await admin.get<{ items: { file_name: string; status: string; added: number }[] }>(
      'employees/imports',
    );
    expect(afterRefused.items[0]).toMatchObject({ file_name: 'employees.csv', status: 'refused', added: 0 });
    const nobody = await admin.call('POST', `employees/search?query=${encodeURIComponent(stamp)}`, {});
    expect(((await nobody.json()) as { total: number }).total).toBe(0);

    // Corrected, the file is imported whole; the screen shows the progress while it runs.
    await chooseFile(page, importer, 'employees-corrected.csv', [COLUMNS, ...good]);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const importCall = '**/api/v1/employees/imports';
    await page.route(importCall, async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.fallback();
    });
    await importer.getByRole('button', { name: 'Import file' }).click();
    await expect(importer.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    // The route stays: released, it lets every call through (taking it away while its handler was
    // still letting the held call go left that call unanswered on a busy machine).
    release();
    await expect(
      importer.getByRole('status').filter({ hasText: 'employees-corrected.csv has been imported.' }),
    ).toBeVisible();
    await expect(countsOf(importer)).toContainText('Rows: 3');
    await expect(countsOf(importer)).toContainText('Added: 3');
    await expect(countsOf(importer)).toContainText('Updated: 0');
    await expect(countsOf(importer)).toContainText('Unchanged: 0');
    await page.screenshot({ path: testInfo.outputPath('employee-import-done-en.png'), fullPage: true });

    // The same file again: everyone is there already, as the file has them.
    await importer.getByRole('button', { name: 'Import file' }).click();
    await expect(countsOf(importer)).toContainText('Added: 0');
    await expect(countsOf(importer)).toContainText('Unchanged: 3');

    // The last employee imports, the latest first; no punch import among them.
    const last = page
      .getByRole('region', { name: 'Last employee imports' })
      .getByRole('table', { name: 'Last employee imports' });
    const lastRows = last.getByRole('row').filter({ hasText: /employees(-corrected)?\.csv/ });
    await expect(lastRows.nth(0)).toContainText('Imported');
    await expect(lastRows.nth(2)).toContainText('Refused');

    // The same screen right to left, in Arabic.
    await page.getByRole('button', { name: 'Choose language' }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'العربية' }));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'استيراد الموظفين' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'أعداد الاستيراد' })).toContainText('دون تغيير: 3');
    await page.screenshot({ path: testInfo.outputPath('employee-import-done-ar.png'), fullPage: true });
    await page.getByRole('button', { name: /Choose language|اختر اللغة/ }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'English' }));
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

    // An imported employee in the directory, and their profile with the line manager of the file.
    await page.evaluate(() => localStorage.removeItem('hr.employeeSearch:/employees'));
    await page.goto('/employees');
    const results = page.getByRole('table');
    await page.getByRole('textbox', { name: 'Search employees' }).fill(a);
    const found = results.getByRole('row').filter({ hasText: names.a });
    await expect(found).toContainText(a);
    await expect(results.getByRole('row')).toHaveCount(2);
    await found.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/profile\/\d+$/);
    await expect(page.getByText(names.a).first()).toBeVisible();
    await expect(page.getByText(names.b).first()).toBeVisible();
  });

  test('an employee reaching the screen by its address is refused', async ({ page }) => {
    await signIn(page, '1004', { path: '/admin/employee-import' });
    await expect(page.getByText('Only HR administrators may import employees.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import file' })).toHaveCount(0);
  });
});
