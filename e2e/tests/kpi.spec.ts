import { expect, type Locator, type Page, test } from '@playwright/test';
import { clickToClose, pickOption, typeDate } from '../support/antd';
import { apiAs, unique } from '../support/api';
import { dmy, iso, plusDays, today } from '../support/dates';
import { signIn } from '../support/helpers';

/**
 * KPI sheets of 1004 (line manager 1003, O&O 1002), each test with sheets of
 * its own (custom periods far ahead, named uniquely).
 */

async function confirm(page: Page, button: string) {
  const dialog = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: button }) })
    .last();
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

/** Clicks a sheet action (Submit, Update Request, Approve) and confirms it. */
async function sheetAction(page: Page, action: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  await confirm(page, action);
}

function objectiveSection(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

async function openDialog(page: Page, button: Locator, title: string): Promise<Locator> {
  await button.click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * A form drawn with the portal's own fields: the system's dialog, with none
 * of Ant Design's widgets in it (a plain page still fetches Ant Design ahead
 * of the next page at the first focus, so its files are no sign).
 */
async function expectPlainForm(dialog: Locator) {
  expect(await dialog.evaluate((el) => el.tagName)).toBe('DIALOG');
  await expect(dialog.locator('[class^="ant-"], [class*=" ant-"]')).toHaveCount(0);
}

test.describe('KPI sheets', () => {
  test('1004 builds a sheet and submits; 1003 asks for an update; 1004 fixes it; 1003 and 1002 approve', async ({
    page,
    request,
  }) => {
    const name = unique('Sales plan');
    // A sheet of 1004 over part of the period: the form asks before saving another over it.
    const employee = await apiAs(request, '1004');
    await employee.post('kpis', {
      allow_overlap: true,
      type_id: 2,
      from: '2035-03-01',
      to: '2035-04-30',
      name: unique('Spring plan'),
    });

    await signIn(page, '1004', { path: '/kpi' });
    await expect(page.getByRole('heading', { name: 'KPI' })).toBeVisible();

    // The create modal: a custom period needs its dates.
    const create = await openDialog(page, page.getByRole('button', { name: 'New KPI' }), 'New KPI');
    await pickOption(page, 'Type', 'Custom period', create);
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(create.getByText('Please select the start date')).toBeVisible();
    await expect(create.getByText('Please select the end date')).toBeVisible();
    // The form is the portal's own, with none of Ant Design's widgets.
    await expectPlainForm(create);
    await create.getByLabel('Name').fill(name);
    await typeDate(page, 'From', '01-01-2035', create);
    await typeDate(page, 'To', '30-06-2035', create);
    await create.getByRole('button', { name: 'Save' }).click();
    const overlap = page.getByRole('dialog').filter({ hasText: 'Another sheet covers these days' });
    await expect(overlap).toContainText('already covers part of this period');
    await expect(overlap).toContainText('the dashboard shows only the newest sheet');
    await overlap.getByRole('button', { name: 'Save anyway' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    // About half a second later the sheet opens.
    await expect(page).toHaveURL(/\/kpi\/\d+$/);
    const sheetUrl = page.url();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('Draft').first()).toBeVisible();

    // An objective of 60 with one KPI of 100: Submit is refused with the sums.
    const objective = await openDialog(
      page,
      page.getByRole('button', { name: 'Add objective' }),
      'Add objective',
    );
    await objective.getByRole('button', { name: 'Save' }).click();
    await expect(objective.getByText('Name must not be empty')).toBeVisible();
    await objective.getByLabel('Objective').fill('Go');
    await expect(objective.getByText('Name must have a length between 4 and 60')).toBeVisible();
    await objective.getByLabel('Objective').fill('Grow revenue in the north');
    await objective.getByLabel('Weight').fill('60');
    await pickOption(page, 'Perspective', 'Financial', objective);
    await objective.getByRole('button', { name: 'Save' }).click();
    await expect(objective).toBeHidden();
    const section = objectiveSection(page, 'Grow revenue in the north');
    await expect(section).toContainText('Weight 60.00');

    const kpi = await openDialog(
      page,
      section.getByRole('button', { name: 'Add KPI — Grow revenue in the north' }),
      'Add KPI',
    );
    await kpi.getByLabel('KPI', { exact: true }).fill('New distributors signed');
    await kpi.getByLabel('Weight').fill('100');
    await kpi.getByLabel('Time').fill('Quarterly');
    await kpi.getByLabel('Target', { exact: true }).fill('0');
    await kpi.getByRole('button', { name: 'Save' }).click();
    await expect(kpi.getByText('Target must not be 0')).toBeVisible();
    await kpi.getByLabel('Target', { exact: true }).fill('12');
    await pickOption(page, 'Target unit', 'Count', kpi);
    await kpi.getByRole('button', { name: 'Save' }).click();
    await expect(kpi).toBeHidden();
    await expect(section.getByRole('row', { name: /New distributors signed/ })).toContainText('12 Count');
    await expect(section).toContainText('KPI weights 100.00 of 100');

    await sheetAction(page, 'Submit');
    await expect(page.getByText('The objective weights add up to 60.00, not 100.')).toBeVisible();

    const edit = await openDialog(
      page,
      section.getByRole('button', { name: 'Edit objective Grow revenue in the north' }),
      'Update objective',
    );
    await edit.getByLabel('Weight').fill('100');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await sheetAction(page, 'Submit');
    await expect(page.getByText('Status has been updated!')).toBeVisible();
    await expect(page.getByText('Awaiting line manager').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add objective' })).toHaveCount(0);

    // The line manager asks for an update.
    await signIn(page, '1003', { path: sheetUrl });
    await sheetAction(page, 'Update Request');
    await expect(page.getByText('Update requested').first()).toBeVisible();

    // The employee changes the target and submits again.
    await signIn(page, '1004', { path: sheetUrl });
    const again = objectiveSection(page, 'Grow revenue in the north');
    const change = await openDialog(
      page,
      again.getByRole('button', { name: 'Edit KPI New distributors signed' }),
      'Update KPI',
    );
    await change.getByLabel('Target', { exact: true }).fill('15');
    await change.getByRole('button', { name: 'Save' }).click();
    await expect(change).toBeHidden();
    await expect(again.getByRole('row', { name: /New distributors signed/ })).toContainText('15 Count');
    await sheetAction(page, 'Submit');
    await expect(page.getByText('Awaiting line manager').first()).toBeVisible();

    await signIn(page, '1003', { path: sheetUrl });
    await sheetAction(page, 'Approve');
    await expect(page.getByText('Awaiting O&O').first()).toBeVisible();

    await signIn(page, '1002', { path: sheetUrl });
    await sheetAction(page, 'Approve');
    await expect(page.getByText('Approved').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  });

  test('the list shows own sheets in Self and the reports’ in Team, and opens a sheet', async ({
    page,
    request,
  }) => {
    const employee = await apiAs(request, '1004');
    const name = unique('Service plan');
    const sheet = await employee.post<{ id: number }>('kpis', {
      allow_overlap: true,
      type_id: 2,
      from: '2036-01-01',
      to: '2036-12-31',
      name,
    });

    await signIn(page, '1003', { path: '/kpi' });
    await page.getByRole('radiogroup').getByText('Team', { exact: true }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await expect(row).toContainText('Tanvir Ahmed');
    await expect(row).toContainText('01-01-2036 – 31-12-2036');
    await expect(row).toContainText('Draft');

    // Filters are chosen in the drawer, set in the panel and applied by Search.
    const panel = page.getByRole('region', { name: 'Filter Options' });
    await panel.getByRole('button', { name: 'Choose filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Choose filters' });
    await drawer.getByRole('checkbox', { name: 'From date' }).check();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    await typeDate(page, panel.getByRole('textbox', { name: 'From date' }), '01-06-2036');
    await pickOption(page, panel.getByRole('combobox', { name: 'Status' }), 'Approved');
    // Nothing changes before Search.
    await expect(row).toBeVisible();
    await panel.getByRole('button', { name: 'Search' }).click();
    await expect(row).toHaveCount(0);
    await pickOption(page, panel.getByRole('combobox', { name: 'Status' }), 'Draft');
    await panel.getByRole('button', { name: 'Search' }).click();
    await expect(row).toBeVisible();
    // The choice of filters survives a reload; Clear empties them.
    await page.reload();
    await expect(panel.getByRole('textbox', { name: 'From date' })).toHaveValue('01-06-2036');
    await panel.getByRole('button').filter({ hasText: 'Clear' }).click();
    await expect(panel.getByRole('textbox', { name: 'From date' })).toHaveValue('');
    await expect(row).toBeVisible();
    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/kpi/${sheet.id}$`));
    await expect(page.getByRole('heading', { name })).toBeVisible();
    // A draft is the employee's to build: the line manager sees no controls.
    await expect(page.getByRole('button', { name: 'Add objective' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Submit', exact: true })).toHaveCount(0);
  });

  test('a comment typed by the employee appears in the line manager’s open chat without a reload', async ({
    browser,
    request,
  }) => {
    const employee = await apiAs(request, '1004');
    const name = unique('Chat plan');
    const sheet = await employee.post<{ id: number }>('kpis', {
      allow_overlap: true,
      type_id: 2,
      from: '2037-01-01',
      to: '2037-12-31',
      name,
    });
    const withObjective = await employee.post<{ objectives: { id: number }[] }>('kpis/objectives', {
      name: 'Open two new markets',
      weight: 100,
      kpi_id: sheet.id,
      perspective_id: 2,
    });
    await employee.post('kpis/objectives/kpis', {
      name: 'Markets opened',
      weight: 100,
      time: 'By December',
      target: 2,
      target_unit_id: 3,
      kpi_id: sheet.id,
      objective_id: withObjective.objectives[0]!.id,
    });
    await employee.patch('kpis/actions/submit', { kpi_id: sheet.id });

    const lmContext = await browser.newContext();
    const lm = await lmContext.newPage();

    await signIn(lm, '1003', { path: `/kpi/${sheet.id}` });
    await lm.getByRole('button', { name: 'Chat about objective Open two new markets' }).click();
    const lmChat = lm.getByRole('dialog', { name: 'Chat...' });
    await expect(lmChat).toBeVisible();
    await expect(lmChat.getByText('No messages yet.')).toBeVisible();

    const empContext = await browser.newContext();
    const emp = await empContext.newPage();

    await signIn(emp, '1004', { path: `/kpi/${sheet.id}` });
    await emp.getByRole('button', { name: 'Chat about objective Open two new markets' }).click();
    const empChat = emp.getByRole('dialog', { name: 'Chat...' });
    await empChat.getByRole('button', { name: 'Send' }).click();
    await expect(empChat.getByText('Please write your comment!')).toBeVisible();
    await empChat.getByLabel('Your comment').fill('Both markets are Sylhet and Rangpur.');
    await empChat.getByRole('button', { name: 'Send' }).click();
    await expect(emp.getByText('Message has been successfully submitted!')).toBeVisible();

    // The line manager's open window shows it, without a reload.
    await expect(lmChat.getByText('Both markets are Sylhet and Rangpur.', { exact: true })).toBeVisible({
      timeout: 5000,
    });
    await expect(lmChat).toContainText('Tanvir Ahmed');
    await clickToClose(lmChat.getByRole('button', { name: 'Close' }), lmChat);
    await lmContext.close();
    await empContext.close();
  });

  test('the dashboard shows an employee their sheet of today, and the line manager the sheets waiting', async ({
    page,
    request,
  }) => {
    // 1018 reports to 1003; no other browser test uses them.
    const employee = await apiAs(request, '1018');
    const name = unique('Quarter plan');
    const from = plusDays(today(), -10);
    const to = plusDays(today(), 200);
    const sheet = await employee.post<{ id: number }>('kpis', {
      allow_overlap: true,
      type_id: 2,
      from: iso(from),
      to: iso(to),
      name,
    });
    const made = await employee.post<{ objectives: { id: number }[] }>('kpis/objectives', {
      name: 'Shorten delivery times',
      weight: 100,
      kpi_id: sheet.id,
      perspective_id: 3,
    });
    await employee.post('kpis/objectives/kpis', {
      name: 'Orders shipped within two days',
      weight: 100,
      time: 'Every month',
      target: 95,
      target_unit_id: 1,
      kpi_id: sheet.id,
      objective_id: made.objectives[0]!.id,
    });
    await employee.patch('kpis/actions/submit', { kpi_id: sheet.id });

    await signIn(page, '1018', { path: '/dashboard' });
    const mine = page.getByRole('region', { name: 'My KPI sheet' });
    await expect(mine.getByRole('link', { name })).toBeVisible();
    await expect(mine).toContainText(`${dmy(from)} – ${dmy(to)}`);
    await expect(mine).toContainText('Awaiting line manager');
    await mine.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/kpi/${sheet.id}$`));

    // The line manager's card opens the approvals inbox on its KPI tab, where the sheet waits.
    await signIn(page, '1003', { path: '/dashboard' });
    await page.getByRole('link', { name: /KPI sheets? to review/ }).click();
    await expect(page).toHaveURL(/\/approvals\?module=kpi$/);
    await expect(page.getByRole('tab', { name: /^KPI sheets/ })).toHaveAttribute('aria-selected', 'true');
    // The newest first: the sheet was submitted a moment ago.
    const table = page.getByRole('table', { name: 'Approvals' });
    await table.getByRole('columnheader', { name: 'Waiting' }).click();
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await expect(row).toContainText('Awaiting line manager');
    await expect(row).toContainText('Rafiq Miah');
    await expect(row.getByRole('button', { name: `Approve — ${name}` })).toBeVisible();
  });
  test('a KPI where lower is better is written so, and the sheet says so', async ({ page, request }) => {
    const employee = await apiAs(request, '1004');
    const year = 2060 + Math.floor(Math.random() * 30);
    const sheet = await employee.post<{ id: number }>('kpis', {
      allow_overlap: true,
      type_id: 2,
      from: `${year}-01-01`,
      to: `${year}-06-30`,
      name: unique('Support plan'),
    });
    const objectiveName = unique('Answer faster');
    await employee.post('kpis/objectives', {
      name: objectiveName,
      weight: 100,
      kpi_id: sheet.id,
      perspective_id: 2,
    });

    await signIn(page, '1004', { path: `/kpi/${sheet.id}` });
    const section = objectiveSection(page, objectiveName);
    const kpi = await openDialog(
      page,
      section.getByRole('button', { name: `Add KPI — ${objectiveName}` }),
      'Add KPI',
    );
    const direction = kpi.getByRole('radiogroup', { name: 'Direction' });
    await expect(direction.getByRole('radio', { name: 'Higher is better' })).toBeChecked();
    // The form is the portal's own, with none of Ant Design's widgets.
    await expectPlainForm(kpi);
    await kpi.getByLabel('KPI', { exact: true }).fill('Days to answer a ticket');
    await kpi.getByLabel('Weight').fill('100');
    await kpi.getByLabel('Time').fill('Every month');
    await kpi.getByLabel('Target', { exact: true }).fill('2');
    await pickOption(page, 'Target unit', 'Days', kpi);
    await direction.getByText('Lower is better').click();
    await expect(direction.getByRole('radio', { name: 'Lower is better' })).toBeChecked();
    await kpi.getByRole('button', { name: 'Save' }).click();
    await expect(kpi).toBeHidden();
    const row = section.getByRole('row', { name: /Days to answer a ticket/ });
    await expect(row).toContainText('2 Days');
    await expect(row).toContainText('Lower is better');

    const stored = await employee.get<{ objectives: { kpis: { direction: string }[] }[] }>(
      `kpis/${sheet.id}`,
    );
    expect(stored.objectives[0]!.kpis[0]!.direction).toBe('lower');
    await employee.del('kpis', { kpi_id: sheet.id });
  });
});
