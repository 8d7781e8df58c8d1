import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y';
import { typeDate } from '../support/antd';
import { apiAs, unique } from '../support/api';
import { dmy, iso, plusDays, today } from '../support/dates';
import { signIn, signInInArabic } from '../support/helpers';

/**
 * HR's audit export (Administration → People → Audit export): the audit rows
 * of a range of days as CSV, each with its hash-chain hash, and the chain's
 * state. The test makes its own audited change (a company named for the run)
 * and finds it in the file it downloads.
 */

/** A CSV cell's text as the file writes it (quoted when it holds a comma or a quote). */
const csvCells = (line: string) =>
  [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
    .map((m) => m[1] ?? '')
    .map((cell) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell));

async function openFromMenu(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByText('Administration').click();
  await nav.getByRole('link', { name: 'Audit export' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit export', level: 3 })).toBeVisible();
}

test.describe('audit export', () => {
  test('HR downloads the audit rows of a range as CSV and verifies the chain', async ({ page, request }) => {
    const admin = await apiAs(request, '1001');
    const company = await admin.post<{ id: number; name: string }>('companies', {
      name: unique('Audit Trail Traders'),
    });

    await signIn(page, '1001');
    await openFromMenu(page);
    await expectNoAxeViolations(page, { context: 'audit export (en)' });

    // A reversed range is refused on the form, in words.
    const day = today();
    await typeDate(page, 'From', dmy(day));
    await typeDate(page, 'To', dmy(plusDays(day, -1)));
    await page.getByRole('button', { name: 'Download CSV' }).click();
    await expect(page.getByText('To date must not be before the from date')).toBeVisible();

    // Yesterday to today: the file the server makes, under its name.
    const from = plusDays(day, -1);
    await typeDate(page, 'From', dmy(from));
    await typeDate(page, 'To', dmy(day));
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(dmy(from));
    await expect(page.getByLabel('To', { exact: true })).toHaveValue(dmy(day));
    await expect(page.getByText('To date must not be before the from date')).toHaveCount(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Audit_${iso(from)}_${iso(day)}.csv`);
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'ID,Time (UTC),Actor E-ID,Actor,Impersonator E-ID,Impersonator,On behalf of E-ID,On behalf of,Action,Entity,Entity ID,From status,To status,Data,Hash',
    );
    const mine = lines.find((line) => line.includes(company.name));
    expect(mine, `a line naming ${company.name}`).toBeTruthy();
    const cells = csvCells(mine as string);
    expect(cells[2]).toBe('1001');
    expect(cells[3]).toBe(admin.name);
    expect(cells[9]).toBe('company');
    expect(cells[10]).toBe(String(company.id));
    expect(cells[14]).toMatch(/^[0-9a-f]{64}$/);

    // The chain: sealed before the export; verifying it now finds it whole.
    const chain = page.getByRole('region', { name: 'Hash chain' });
    await chain.getByRole('button', { name: 'Verify now' }).click();
    await expect(chain.getByText('Chain holds')).toBeVisible();
    await expectNoAxeViolations(page, { context: 'audit export, chain verified (en)' });
  });

  test('the screen in Arabic, right to left, with no axe violations', async ({ page }) => {
    await signInInArabic(page, '1001', '/admin/audit');
    await expect(page.getByRole('heading', { name: 'تصدير سجل التدقيق', level: 3 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'تنزيل CSV' })).toBeVisible();
    await expect(page.getByText('الصفوف المختومة')).toBeVisible();
    await expectNoAxeViolations(page, { context: 'audit export (ar)' });
  });

  test('is not offered to an employee, and the file is refused', async ({ page, request }) => {
    const employee = await apiAs(request, '1004');
    const refused = await employee.call('GET', `audit/export?from=${iso(today())}&to=${iso(today())}`);
    expect(refused.status()).toBe(403);
    await signIn(page, '1004');
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText('Administration')).toHaveCount(
      0,
    );
  });
});
