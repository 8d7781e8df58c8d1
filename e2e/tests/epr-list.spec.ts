import { expect, type Page, test } from '@playwright/test';
import { chooseView, combobox, filterPanel, pickOption, rowAction, rowMenu, typeDate } from '../support/antd';
import { apiAs, unique } from '../support/api';
import { signIn } from '../support/helpers';
import { approvedSheet } from '../support/kpi';

/**
 * The EPR list of 1004 (line manager 1003, O&O 1002): a review made in the
 * browser for a KPI sheet of its own (a custom period in 2041 no other test
 * uses), approved through the API first.
 */

/** The row of a review, found by its link. */
const reviewRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

test.describe('EPR list', () => {
  test('1004 makes a review of an approved sheet, changes its dates and deletes it; 1003 sees it in Team', async ({
    page,
    request,
  }) => {
    const employee = await apiAs(request, '1004');
    const sheetName = unique('Review plan');
    await approvedSheet(
      { employee, lineManager: await apiAs(request, '1003'), oneOverOne: await apiAs(request, '1002') },
      {
        from: '2041-01-01',
        to: '2041-12-31',
        name: sheetName,
        objective: 'Keep every customer informed',
        kpi: 'Customer updates sent on time',
        perspectiveId: 1,
        targetUnitId: 1,
      },
    );
    const review = `${sheetName} – Interim review`;

    await signIn(page, '1004', { path: '/epr' });
    await expect(page.getByRole('heading', { name: 'EPR' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Self', exact: true })).toBeChecked();
    // Self: the employee filter is off; EPR Type and EPR Status are the filters shown at first.
    const panel = filterPanel(page);
    await expect(combobox(panel, 'Employee')).toBeDisabled();
    await expect(combobox(panel, 'EPR Type')).toBeVisible();
    await expect(combobox(panel, 'EPR Status')).toBeVisible();

    // The create modal: every field is required, with the exact texts.
    await page.getByRole('button', { name: 'Create New EPR' }).click();
    const create = page.getByRole('dialog', { name: 'Create New EPR' });
    await expect(create).toBeVisible();
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(create.getByText('Period must not be empty')).toBeVisible();
    await expect(create.getByText('Type must not be empty')).toBeVisible();
    await expect(create.getByText('Start date must not be empty')).toBeVisible();
    await expect(create.getByText('End date must not be empty')).toBeVisible();
    // The form is the portal's own (the system's dialog), with none of Ant Design's widgets.
    expect(await create.evaluate((el) => el.tagName)).toBe('DIALOG');
    await expect(create.locator('[class^="ant-"], [class*=" ant-"]')).toHaveCount(0);

    await pickOption(page, 'Period', new RegExp(`^${sheetName} \\(01-01-2041 – 31-12-2041\\)$`), create);
    await pickOption(page, 'Type', 'Interim review', create);
    // The end may not come before the start.
    await typeDate(page, 'To', '30-06-2041', create);
    await typeDate(page, 'From', '01-07-2041', create);
    await expect(create.getByText('End date must not be before the start date')).toBeVisible();
    await typeDate(page, 'From', '01-01-2041', create);
    await expect(create.getByText('End date must not be before the start date')).toBeHidden();
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    // About half a second later the review opens.
    await expect(page).toHaveURL(/\/epr\/\d+$/);

    await page.goto('/epr');
    const row = reviewRow(page, review);
    await expect(row).toContainText('Draft');
    await expect(row.getByRole('cell', { name: sheetName, exact: true })).toBeVisible();
    await expect(row).toContainText('01-01-2041 – 30-06-2041');

    // Filters apply on Search and Clear empties them.
    await pickOption(page, combobox(panel, 'EPR Type'), 'Annual review');
    await panel.getByRole('button', { name: 'Search' }).click();
    await expect(row).toHaveCount(0);
    await panel.getByRole('button').filter({ hasText: 'Clear' }).click();
    await expect(row).toBeVisible();

    // EDIT changes the dates of the draft.
    await rowAction(page, row, 'EDIT');
    const edit = page.getByRole('dialog', { name: 'Update EPR' });
    await expect(edit).toBeVisible();
    await typeDate(page, 'To', '31-12-2041', edit);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been updated!')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('01-01-2041 – 31-12-2041');

    // The line manager sees it in Team, with the employee, and cannot change it.
    await signIn(page, '1003', { path: '/epr' });
    await chooseView(page, 'Team');
    const teamRow = reviewRow(page, review);
    await expect(teamRow).toContainText(employee.name);
    await expect(teamRow).toContainText('Draft');
    expect(await rowMenu(page, teamRow)).toEqual({ EDIT: false, DELETE: false });

    // The employee deletes it after the confirmation (the Team choice of 1003 is still remembered).
    await signIn(page, '1004', { path: '/epr' });
    await chooseView(page, 'Self');
    const own = reviewRow(page, review);
    await rowAction(page, own, 'DELETE');
    const confirm = page.getByRole('dialog').filter({ hasText: 'Do you want to delete this item?' });
    await expect(confirm).toContainText(`Your Selected Item is ${review} !`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${review} has been successfully deleted!`)).toBeVisible();
    await expect(own).toHaveCount(0);
  });
});
