import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y';
import { clickToClose, combobox, listOf, pickOption } from '../support/antd';
import { apiAs } from '../support/api';
import { signIn } from '../support/helpers';

/**
 * How punches get in, on the admin screen: HR administrator 1001 adds an
 * attendance device for the head office of Meghna Digital Ltd. and is shown
 * its key once (the device punches for that office's people only), then
 * imports a CSV file of
 * punches: with a bad row nothing is imported and the row is named by its
 * line and reason; corrected, the file is imported; imported again, every
 * punch is a duplicate. The punches fall on a day drawn for this run, so no
 * earlier run has them.
 */

/** The counts of an import result, as the screen lists them. */
const countsOf = (scope: Locator) => scope.getByRole('list', { name: 'Import counts' });

async function chooseFile(page: Page, name: string, lines: string[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Click or drag a CSV file here/ }).click();
  await (await chooser).setFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\r\n')}\r\n`),
  });
  // The chosen file is listed under the drop area.
  const importer = page.getByRole('region', { name: 'Import punches from a CSV file' });
  await expect(importer.getByText(name, { exact: true })).toBeVisible();
}

test.describe('attendance devices and import', () => {
  test('1001 adds a device and sees its key once, then imports a file: refused with a bad row, imported once corrected, duplicates the second time', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36).toUpperCase();
    const code = `E2E-${stamp}`;
    const deviceName = `Lobby reader ${stamp}`;
    // A day of 2021 to 2025 drawn for this run.
    const day = new Date(Date.UTC(2021, 0, 1) + Math.floor(Math.random() * 1800) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const dayFirst = day.split('-').reverse().join('-');

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, '1001', { path: '/admin/attendance' });
    await expect(page.getByRole('heading', { name: 'Attendance devices and import' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Attendance devices' }),
    ).toBeVisible();

    // A new device: its key is shown in the dialog, this once.
    const devices = page.getByRole('region', { name: 'Devices' });
    await devices.getByRole('button', { name: 'Add device' }).click();
    const form = page.getByRole('dialog', { name: 'Add attendance device' });
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(form.getByText('Code must not be empty')).toBeVisible();
    await expect(form.getByText('Company must not be empty')).toBeVisible();
    await form.getByLabel('Code').fill('GATE 1');
    await expect(form.getByText(/^A code has at most 60 letters/)).toBeVisible();
    await form.getByLabel('Code').fill(code);
    await form.getByLabel('Name').fill(deviceName);
    // Whose punches it sends: a company, and one of that company's offices (another company's are not offered).
    await pickOption(page, 'Company', 'Meghna Digital Ltd.', form);
    const office = combobox(form, 'Office');
    await office.click();
    const offices = await listOf(page, office);
    await expect(offices.getByRole('option', { name: 'Chattogram Office' })).toBeVisible();
    await expect(offices.getByRole('option', { name: 'Logistics Hub' })).toHaveCount(0);
    await clickToClose(offices.getByRole('option', { name: 'Dhaka Head Office' }), offices);
    await expect(
      form.getByText(/^It sends punches only for the enabled employees of this company/),
    ).toBeVisible();
    await expectNoAxeViolations(page, {
      context: 'attendance devices: new device form (en)',
      include: '[role="dialog"]',
    });
    await page.screenshot({ path: testInfo.outputPath('device-form-en.png') });
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(form).toBeHidden();

    const keyDialog = page.getByRole('dialog', { name: `Key of ${deviceName}` });
    await expect(keyDialog).toBeVisible();
    await expect(keyDialog.getByText('This key is shown only now.', { exact: false })).toBeVisible();
    const keyBox = keyDialog.getByRole('textbox', { name: 'Device key' });
    const key = await keyBox.inputValue();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await keyDialog.getByRole('button', { name: 'Copy key' }).click();
    await expect(page.getByText('The key has been copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await page.screenshot({ path: testInfo.outputPath('device-key-en.png'), fullPage: true });

    // The key shown is the device's: a device sends a heartbeat with it, then punches. Only the head
    // office's people are its own: 1010 (Chattogram office) and 1007 (Meghna Logistics) are refused as
    // unknown E-IDs, and so is a punch more than five minutes ahead of the office's clock.
    const sent = await request.post('/api/v1/attendance/punches', {
      headers: { 'x-device-key': key },
      data: { punches: [] },
    });
    expect(sent.status()).toBe(200);
    const punches = await request.post('/api/v1/attendance/punches', {
      headers: { 'x-device-key': key },
      data: {
        punches: [
          { eid: '1004', at: `${day} 07:15:00` },
          { eid: '1010', at: `${day} 07:15:00` },
          { eid: '1007', at: `${day} 07:15:00` },
          { eid: '1004', at: '2999-01-01 07:15:00' },
        ],
      },
    });
    expect(punches.status()).toBe(200);
    expect(await punches.json()).toEqual({
      received: 4,
      added: 1,
      duplicates: 0,
      refused: [
        { index: 1, reason: 'eid_unknown' },
        { index: 2, reason: 'eid_unknown' },
        { index: 3, reason: 'time_ahead' },
      ],
    });

    // Once closed, the key is nowhere on the screen.
    await keyDialog.getByRole('button', { name: 'I have copied the key' }).click();
    await expect(keyDialog).toBeHidden();
    expect(await page.content()).not.toContain(key);
    const row = devices.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText(deviceName);
    await expect(row).toContainText('Meghna Digital Ltd.');
    await expect(row).toContainText('Dhaka Head Office');
    await expect(row).toContainText('Enabled');
    await expectNoAxeViolations(page, { context: 'attendance devices and import (en)', include: 'main' });

    // Edited, the form shows the device as it is.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${code}` });
    await expect(edit.getByLabel('Name')).toHaveValue(deviceName);
    await expect(edit.getByText('Meghna Digital Ltd.')).toBeVisible();
    await expect(edit.getByText('Dhaka Head Office')).toBeVisible();
    await edit.getByLabel('Name').fill(`${deviceName} (hall)`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText(`${deviceName} (hall)`);
    await expect(row).toContainText('Dhaka Head Office');

    // Before anything is sent, the screen says a single bad row refuses the whole file.
    const importer = page.getByRole('region', { name: 'Import punches from a CSV file' });
    await expect(
      importer.getByText(/^All or nothing: a file with any bad row imports nothing\./),
    ).toBeVisible();
    await expect(importer.getByText('E-ID of the employee')).toBeVisible();
    // The example names a device the company has.
    const known = await apiAs(request, '1001').then((admin) =>
      admin.get<{ items: { code: string }[] }>('attendance/devices'),
    );
    const example = await importer.locator('pre').innerText();
    const named = example.match(/^1004,2026-01-05 08:59,(\S+)$/m)?.[1];
    expect(known.items.map((d) => d.code)).toContain(named);

    const good = [`1004,${day} 08:59,${code}`, `1005,${dayFirst} 18:02:30,${code}`];
    await chooseFile(page, 'punches.csv', [
      'E-ID,Date-time,Device',
      good[0]!,
      `NOBODY-1,${day} 09:00,${code}`,
      good[1]!,
    ]);
    await importer.getByRole('button', { name: 'Import file' }).click();
    const refused = importer.getByRole('alert');
    await expect(refused).toContainText(
      'Nothing has been imported from punches.csv: correct the rows below and upload the file again.',
    );
    await expect(countsOf(importer)).toContainText('Added: 0');
    await expect(countsOf(importer)).toContainText('Refused: 1');
    const bad = importer
      .getByRole('table', { name: 'Refused rows' })
      .getByRole('row')
      .filter({ hasText: 'NOBODY-1' });
    await expect(bad).toContainText('3');
    await expect(bad).toContainText('No employee has this E-ID');
    // The picture shows the screen, not the notice over it.
    await expect(page.getByText('The key has been copied.')).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath('import-refused-en.png'), fullPage: true });

    // Nothing of that file was imported: the import is kept as refused, with none added.
    const admin = await apiAs(request, '1001');
    const afterRefused = await admin.get<{ items: { file_name: string; status: string; added: number }[] }>(
      'attendance/imports',
    );
    // The newest import of this file (another test may import a file of its own meanwhile).
    expect(afterRefused.items.find((i) => i.file_name === 'punches.csv')).toMatchObject({
      status: 'refused',
      added: 0,
    });

    // Corrected, the file is imported whole. The call is held back a moment, to see the screen while
    // it runs: a progress bar and what is happening.
    await chooseFile(page, 'punches-corrected.csv', ['E-ID,Date-time,Device', ...good]);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const importCall = '**/api/v1/attendance/imports';
    await page.route(importCall, async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.fallback();
    });
    await importer.getByRole('button', { name: 'Import file' }).click();
    await expect(importer.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    // Held before it reaches the server, the file is still being sent; then the server checks and imports it.
    await expect(importer.getByRole('status')).toHaveText(
      /^(Sending the file: \d+%|File sent\. Checking and importing its rows…)$/,
    );
    await page.screenshot({ path: testInfo.outputPath('import-progress-en.png') });
    // The route stays: released, it lets every call through (taking it away while its handler was
    // still letting the held call go could leave that call unanswered on a busy machine).
    release();
    const done = importer.getByRole('status').filter({ hasText: 'punches-corrected.csv has been imported.' });
    await expect(done).toBeVisible();
    await expect(countsOf(importer)).toContainText('Rows: 2');
    await expect(countsOf(importer)).toContainText('Added: 2');
    await expect(countsOf(importer)).toContainText('Duplicates: 0');
    await page.screenshot({ path: testInfo.outputPath('import-done-en.png'), fullPage: true });

    // The same file again: every punch is there already.
    await importer.getByRole('button', { name: 'Import file' }).click();
    await expect(countsOf(importer)).toContainText('Added: 0');
    await expect(countsOf(importer)).toContainText('Duplicates: 2');

    // The last imports, the latest first.
    const last = page
      .getByRole('region', { name: 'Last imports' })
      .getByRole('table', { name: 'Last imports' });
    const lastRows = last.getByRole('row').filter({ hasText: /punches(-corrected)?\.csv/ });
    await expect(lastRows.nth(0)).toContainText('Imported');
    await expect(lastRows.nth(1)).toContainText('punches-corrected.csv');
    await expect(lastRows.nth(2)).toContainText('Refused');
    await page.screenshot({ path: testInfo.outputPath('attendance-admin-en.png'), fullPage: true });

    // The same screen right to left, in Arabic.
    await page.getByRole('button', { name: 'Choose language' }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'العربية' }));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'أجهزة الحضور والاستيراد' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'أعداد الاستيراد' })).toContainText('المكررة: 2');
    await expect(page.getByText(/^الكل أو لا شيء/)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('attendance-admin-ar.png'), fullPage: true });
    await expectNoAxeViolations(page, { context: 'attendance devices and import (ar)', include: 'main' });
    // The device's form in Arabic, with its company and office.
    const rowAr = page.getByRole('region', { name: 'الأجهزة' }).getByRole('row').filter({ hasText: code });
    await rowAr.getByRole('button', { name: 'تعديل' }).click();
    const editAr = page.getByRole('dialog', { name: `تعديل ${code}` });
    await expect(combobox(editAr, 'الشركة')).toBeVisible();
    await expect(editAr.getByText('Dhaka Head Office')).toBeVisible();
    await expectNoAxeViolations(page, {
      context: 'attendance devices: device form (ar)',
      include: '[role="dialog"]',
    });
    await page.screenshot({ path: testInfo.outputPath('device-form-ar.png') });
    await editAr.getByRole('button', { name: 'إلغاء' }).click();
    await expect(editAr).toBeHidden();
    await page.getByRole('button', { name: /Choose language|اختر اللغة/ }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'English' }));
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('an employee reaching the screen by its address is refused', async ({ page }) => {
    await signIn(page, '1004', { path: '/admin/attendance' });
    await expect(
      page.getByText('Only HR administrators may manage attendance devices and import punches.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add device' })).toHaveCount(0);
  });
});
