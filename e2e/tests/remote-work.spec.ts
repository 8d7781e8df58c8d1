import { expect, type Locator, type Page, test } from '@playwright/test';
import { chooseView, pickOption, rowAction, rowWith, signOut, typeDate } from '../support/antd';
import { signIn } from '../support/helpers';

/** The next Monday at least `days` days ahead (far from the demo requests, which end a month ahead). */
function mondayAfter(days: number): Date {
  const d = new Date();
  d.setDate(d.getDate() + days);
  while (d.getDay() !== 1) d.setDate(d.getDate() + 1);
  return d;
}
const dmy = (d: Date) =>
  `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`;
const plusDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

async function openRemoteWork(page: Page, view: 'Self' | 'Team') {
  await page.goto('/remote-work');
  await chooseView(page, view);
}

async function openForm(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Apply for remote work' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply for remote work' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The row menu's items, each with whether it is enabled; closes the menu again. */
async function menuOf(page: Page, row: Locator): Promise<Record<string, boolean>> {
  const button = row.getByRole('button', { name: /Action/ });
  await button.click();
  const items = page.locator('.ant-dropdown:visible .ant-dropdown-menu-item');
  await expect(items).toHaveCount(5);
  const menu: Record<string, boolean> = {};
  for (const item of await items.all()) {
    const cls = (await item.getAttribute('class')) ?? '';
    menu[(await item.innerText()).trim()] = !cls.includes('disabled');
  }
  await button.click();
  await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);
  return menu;
}

test.describe('remote work', () => {
  test('hourly: 1004 applies and submits, 1003 approves in the Team view, 1004 sees it approved', async ({
    page,
  }) => {
    const day = mondayAfter(120);
    const when = `${dmy(day)} 10:00–12:30`;
    await signIn(page, '1004');
    await openRemoteWork(page, 'Self');
    const dialog = await openForm(page);
    await pickOption(page, 'Type', 'Hourly (within a day)', dialog);
    await typeDate(page, 'Date', dmy(day), dialog);
    await typeDate(page, 'From', '10:00', dialog);
    await typeDate(page, 'To', '12:30', dialog);
    await dialog.getByLabel('Description').fill('Quarterly planning call from home');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = rowWith(page, when);
    await expect(row).toContainText('Hourly (within a day)');
    await expect(row).toContainText('Draft');
    await expect(row).toContainText('Quarterly planning call from home');
    expect(await menuOf(page, row)).toEqual({
      EDIT: true,
      DELETE: true,
      SUBMIT: true,
      APPROVE: false,
      REJECT: false,
    });
    await rowAction(page, row, 'SUBMIT');
    await expect(page.getByText('Status has been updated!')).toBeVisible();
    await expect(row).toContainText('Submitted');
    // Once submitted, nothing is left to do in the own view.
    expect(Object.values(await menuOf(page, row))).not.toContain(true);
    await signOut(page);

    await signIn(page, '1003');
    await openRemoteWork(page, 'Team');
    const teamRow = rowWith(page, when);
    await expect(teamRow).toContainText('Tanvir Ahmed');
    await expect(teamRow).toContainText('Submitted');
    expect(await menuOf(page, teamRow)).toEqual({
      EDIT: false,
      DELETE: false,
      SUBMIT: false,
      APPROVE: true,
      REJECT: true,
    });
    await rowAction(page, teamRow, 'APPROVE');
    await expect(page.getByText('Status has been updated!')).toBeVisible();
    await expect(teamRow).toContainText('Approved');
    await signOut(page);

    await signIn(page, '1004');
    await openRemoteWork(page, 'Self');
    await expect(rowWith(page, when)).toContainText('Approved');
  });

  test('day-based: applied, changed, then the draft deleted after the confirmation', async ({ page }) => {
    const monday = mondayAfter(134);
    const wednesday = plusDays(monday, 2);
    const thursday = plusDays(monday, 3);
    await signIn(page, '1004');
    await openRemoteWork(page, 'Self');
    const dialog = await openForm(page);
    await pickOption(page, 'Type', 'Work from home', dialog);
    await typeDate(page, 'From', dmy(monday), dialog);
    await typeDate(page, 'To', dmy(wednesday), dialog);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();

    const row = rowWith(page, dmy(monday));
    await expect(row).toContainText('Work from home');
    await expect(row).toContainText(dmy(wednesday));
    await expect(row).toContainText('Draft');

    await rowAction(page, row, 'EDIT');
    const edit = page.getByRole('dialog', { name: 'Update remote work' });
    await expect(edit.getByLabel('From', { exact: true })).toHaveValue(dmy(monday));
    await expect(edit.getByLabel('To', { exact: true })).toHaveValue(dmy(wednesday));
    await edit.getByLabel('To', { exact: true }).clear();
    await typeDate(page, 'To', dmy(thursday), edit);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been updated!')).toBeVisible();
    await expect(row).toContainText(dmy(thursday));

    const id = (await row.locator('td').first().innerText()).trim();
    await rowAction(page, row, 'DELETE');
    const confirm = page.getByRole('dialog').filter({ hasText: 'Do you want to delete this item?' });
    await expect(confirm).toContainText(`Your Selected Item is #${id} Work from home !`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`#${id} Work from home has been successfully deleted!`)).toBeVisible();
    await expect(rowWith(page, dmy(monday))).toHaveCount(0);
  });

  test('the form shows the exact messages, and switching hours and days clears the dates', async ({
    page,
  }) => {
    const day = mondayAfter(141);
    await signIn(page, '1004');
    await openRemoteWork(page, 'Self');
    const dialog = await openForm(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Select type', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Please select the start date')).toBeVisible();
    await expect(dialog.getByText('Please select the end date')).toBeVisible();

    await pickOption(page, 'Type', 'Field work', dialog);
    await expect(dialog.getByText('Select type', { exact: true })).toBeHidden();
    await typeDate(page, 'From', dmy(day), dialog);
    await expect(dialog.getByLabel('From', { exact: true })).toHaveValue(dmy(day));

    // Hours within a day: a date and two times, the day-based dates gone.
    await pickOption(page, 'Type', 'Hourly (within a day)', dialog);
    await expect(dialog.getByLabel('Date', { exact: true })).toHaveValue('');
    await expect(dialog.getByLabel('From', { exact: true })).toHaveValue('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please select the date')).toBeVisible();
    await expect(dialog.getByText('Please select the start time')).toBeVisible();
    await expect(dialog.getByText('Please select the end time')).toBeVisible();

    // The server's rule comes back on the field.
    await typeDate(page, 'Date', dmy(day), dialog);
    await typeDate(page, 'From', '14:00', dialog);
    await typeDate(page, 'To', '13:00', dialog);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('The end time must be after the start time')).toBeVisible();

    // Back to whole days: the fields start empty again.
    await pickOption(page, 'Type', 'Business travel', dialog);
    await expect(dialog.getByLabel('Date', { exact: true })).toHaveCount(0);
    await expect(dialog.getByLabel('From', { exact: true })).toHaveValue('');
    await expect(dialog.getByLabel('To', { exact: true })).toHaveValue('');
    await expect(dialog.getByText('The end time must be after the start time')).toBeHidden();
  });

  test('Self/Team, the sort and the filters survive a reload; a link opens its view and filter', async ({
    page,
  }) => {
    await signIn(page, '1003');
    await openRemoteWork(page, 'Team');
    const from = page.getByRole('columnheader', { name: /From/ }).first();
    await from.click();
    await expect(from).toHaveAttribute('aria-sort', 'ascending');
    await from.click();
    await expect(from).toHaveAttribute('aria-sort', 'descending');
    await expect(rows(page)).toHaveCount(10);

    await page.reload();
    await expect(page.locator('.ant-segmented-item-selected')).toHaveText('Team');
    await expect(page.getByRole('columnheader', { name: /From/ }).first()).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(await page.evaluate(() => localStorage.getItem('REMOTE_WORK_LIST_TYPE'))).toBe('team');

    // Many pages: a quick jump.
    await page
      .getByRole('textbox', { name: /Page/ })
      .or(page.locator('.ant-pagination-options-quick-jumper input'))
      .first()
      .fill('2');
    await page.keyboard.press('Enter');
    await expect(page.locator('.ant-pagination-item-active').first()).toHaveText('2');

    // Filters are kept in local storage for this address, not in the URL.
    const panel = page.locator('.ant-card', { hasText: 'Filter Options' });
    await pickOption(page, 'Status', 'Submitted', panel);
    await expect(rows(page).first()).toContainText('Submitted');
    await expect(page.locator('.ant-table-tbody')).not.toContainText('Approved');
    await expect(page).toHaveURL(/\/remote-work$/);
    await page.reload();
    await expect(rows(page).first()).toContainText('Submitted');
    await expect(page.locator('.ant-table-tbody')).not.toContainText('Approved');
    await panel.getByRole('button', { name: 'Clear', exact: true }).filter({ hasText: 'Clear' }).click();
    // The latest requests by start date are the team's future drafts.
    await expect(page.locator('.ant-table-tbody')).toContainText('Draft');

    // The dashboard's link: the Team view with what waits for a decision.
    await chooseView(page, 'Self');
    await page.goto('/remote-work?list_type=team&status_id=2');
    await expect(page.locator('.ant-segmented-item-selected')).toHaveText('Team');
    await expect(rows(page).first()).toContainText('Submitted');
    await expect(page.locator('.ant-table-tbody')).not.toContainText('Approved');
    await expect(page).toHaveURL(/\/remote-work$/);
  });
});
