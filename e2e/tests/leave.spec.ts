import { expect, type Page, test } from '@playwright/test';
import { chooseView, pickOption, rowAction, rowWith, signOut, typeDate } from '../support/antd';
import { signIn } from '../support/helpers';

/** The next Monday at least `days` days ahead, as a Date (working days follow it). */
function mondayAfter(days: number): Date {
  const d = new Date();
  d.setDate(d.getDate() + days);
  while (d.getDay() !== 1) d.setDate(d.getDate() + 1);
  return d;
}
const dmy = (d: Date) =>
  `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`;
const plusDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);

async function balance(page: Page, year: number, typeId: number): Promise<number> {
  await page.goto('/dashboard');
  await page.getByLabel('Year').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: String(year) })
    .click();
  const cell = page.getByTestId(`balance-remaining-${typeId}`);
  await expect(cell).toBeVisible();
  await page.waitForLoadState('networkidle');
  return Number(await cell.textContent());
}

async function openLeave(page: Page, view: 'Self' | 'Team') {
  await page.goto('/leave');
  await chooseView(page, view);
}

test.describe('leave', () => {
  test('a full-day leave: applied and submitted by 1004, approved by 1003, the balance lower', async ({
    page,
  }) => {
    const monday = mondayAfter(70);
    const year = monday.getFullYear();
    await signIn(page, '1004');
    const before = await balance(page, year, 1);

    await openLeave(page, 'Self');
    await page.getByRole('button', { name: 'Apply for leave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply for leave' });
    await pickOption(page, 'Leave type', 'Annual Leave', dialog);
    await typeDate(page, 'From', dmy(monday), dialog);
    await typeDate(page, 'To', dmy(plusDays(monday, 1)), dialog);
    await pickOption(page, 'Responsible person', /Farhana Akter/, dialog);
    await dialog.getByLabel('Leave address').fill('Village home, Cumilla');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();

    const row = rowWith(page, dmy(monday));
    await expect(row).toContainText('Draft');
    await expect(row).toContainText('2 days');
    await rowAction(page, row, 'SUBMIT');
    await expect(row).toContainText('Submitted');
    await signOut(page);

    await signIn(page, '1003');
    await openLeave(page, 'Team');
    const teamRow = rowWith(page, dmy(monday));
    await expect(teamRow).toContainText('Tanvir Ahmed');
    await rowAction(page, teamRow, 'APPROVE');
    await expect(teamRow).toContainText('Approved');
    await signOut(page);

    await signIn(page, '1004');
    await openLeave(page, 'Self');
    await expect(rowWith(page, dmy(monday))).toContainText('Approved');
    expect(await balance(page, year, 1)).toBe(before - 2);
  });

  test('a short leave: the end follows the duration; submitted, approved, the balance lower', async ({
    page,
  }) => {
    const monday = mondayAfter(100);
    const year = monday.getFullYear();
    await signIn(page, '1004');
    const before = await balance(page, year, 2);

    await openLeave(page, 'Self');
    await page.getByRole('button', { name: 'Apply for leave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply for leave' });
    await dialog.getByText('Short', { exact: true }).click();
    await pickOption(page, 'Leave type', 'Casual Leave', dialog);
    // Only the types for short leave are offered.
    await dialog.getByLabel('Leave type').click();
    await expect(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Annual Leave' }),
    ).toHaveCount(0);
    await page.keyboard.press('Escape');
    await pickOption(page, 'Duration', '2 hours', dialog);
    await typeDate(page, 'From', `${dmy(monday)} 10:00`, dialog);
    await expect(dialog.getByLabel('To')).toHaveValue(`${dmy(monday)} 12:00`);
    await expect(dialog.getByLabel('To')).toBeDisabled();
    await pickOption(page, 'Responsible person', /Farhana Akter/, dialog);
    await dialog.getByLabel('Leave address').fill('Dental clinic, Dhanmondi');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();

    const row = rowWith(page, `${dmy(monday)} 10:00`);
    await expect(row).toContainText('2 hours');
    await rowAction(page, row, 'SUBMIT');
    await expect(row).toContainText('Submitted');
    await signOut(page);

    await signIn(page, '1003');
    await openLeave(page, 'Team');
    await rowAction(page, rowWith(page, `${dmy(monday)} 10:00`), 'APPROVE');
    await expect(rowWith(page, `${dmy(monday)} 10:00`)).toContainText('Approved');
    await signOut(page);

    await signIn(page, '1004');
    expect(await balance(page, year, 2)).toBe(before - 0.25);
  });

  test('the form shows the exact messages, and changing the format resets it', async ({ page }) => {
    await signIn(page, '1004');
    await openLeave(page, 'Self');
    await page.getByRole('button', { name: 'Apply for leave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply for leave' });
    await dialog.getByLabel('Leave address').fill('x'.repeat(251));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please select responsible person')).toBeVisible();
    await expect(dialog.getByText('length should be less than or equal to 250')).toBeVisible();
    await dialog.getByText('Short', { exact: true }).click();
    await expect(dialog.getByLabel('Leave address')).toHaveValue('');
    await expect(dialog.getByLabel('Duration')).toBeVisible();
  });

  test('page size and sort survive a reload; filters live in the URL', async ({ page }) => {
    await signIn(page, '1003');
    await openLeave(page, 'Team');
    await page.getByRole('columnheader', { name: /From/ }).first().click();
    await expect(page.getByRole('columnheader', { name: /From/ }).first()).toHaveAttribute(
      'aria-sort',
      /ascending|descending/,
    );
    const sortBefore = await page
      .getByRole('columnheader', { name: /From/ })
      .first()
      .getAttribute('aria-sort');
    // Twelve demo requests wait in 1003's team: two pages of 10, one of 20.
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(10);
    await page.locator('.ant-pagination-options .ant-select').first().click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '20' }).click();
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).not.toHaveCount(10);
    const rows = await page.locator('.ant-table-tbody tr.ant-table-row').count();
    await page.reload();
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(rows);
    await expect(page.locator('.ant-segmented-item-selected')).toHaveText('Team');
    await expect(page.getByRole('columnheader', { name: /From/ }).first()).toHaveAttribute(
      'aria-sort',
      sortBefore!,
    );

    await pickOption(page, 'Leave type', 'Annual Leave');
    await expect(page).toHaveURL(/type_id=1/);
    await page.reload();
    await expect(page).toHaveURL(/type_id=1/);
    await expect(page.locator('.ant-table-tbody')).not.toContainText('Casual Leave');
  });
});
