import { expect, type Page, test } from '@playwright/test';
import {
  chooseView,
  combobox,
  everyRowContains,
  filterPanel,
  optionsOf,
  pickOption,
  requestRow,
  rowAction,
  typeDate,
} from '../support/antd';
import { type ApiSession, apiAs, unique } from '../support/api';
import { balanceYears, dmy, freeWeek, freeWeeks, iso, plusDays, years } from '../support/dates';
import { signIn } from '../support/helpers';

/**
 * Leave of 1004 (line manager 1003) under leave types and durations each test
 * adds for itself, on weeks nobody has leave or a holiday: the balances,
 * rows and counts checked are this test's own. Only this file applies for
 * 1004's leave, one test after another (see freeWeeks).
 */

interface LeaveType {
  id: number;
  name: string;
}

/** HR adds a leave type of its own for one test. */
async function addLeaveType(admin: ApiSession, name: string, days: number, short = false) {
  return admin.post<LeaveType>('leave/types', {
    name: unique(name),
    days,
    short_leave_applied: short,
    has_balance: true,
    enabled: true,
  });
}

/** The remaining days of a leave type in a year, as the dashboard shows them. */
async function balance(page: Page, employee: ApiSession, year: number, type: LeaveType): Promise<number> {
  // The balances of that year have arrived (with the page, or once the year is picked): the tile
  // of another year may show meanwhile.
  const arrived = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/v1/leave/balances' &&
      new URL(r.url()).searchParams.get('year') === String(year),
  );
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Leave balance' });
  await card.getByLabel('Year').selectOption(String(year));
  await arrived;
  // What the API answers the employee, read apart: a response's body may be gone from the browser
  // by the time a test asks for it.
  const body = await employee.get<{ items: { type: { id: number }; remaining: number }[] }>(
    'leave/balances',
    {
      employee_id: employee.employeeId,
      year,
    },
  );
  const expected = body.items.find((i) => i.type.id === type.id)?.remaining;
  const remaining = card.getByTestId(`balance-remaining-${type.id}`);
  await expect(remaining).toHaveText(String(expected));
  return Number(await remaining.textContent());
}

async function openLeave(page: Page, view: 'Self' | 'Team') {
  await page.goto('/leave');
  await chooseView(page, view);
}

const actionsFor = (id: number) => `Actions for leave request ${id}`;

/** Saves the open form and answers the id of the leave request it made. */
async function saveNew(page: Page): Promise<number> {
  const created = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/v1/leave' && r.request().method() === 'POST',
  );
  await page.getByRole('dialog', { name: 'Apply for leave' }).getByRole('button', { name: 'Save' }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  await expect(page.getByText('Your data has been saved!')).toBeVisible();
  return ((await answer.json()) as { id: number }).id;
}

test.describe('leave', () => {
  test('a full-day leave: applied and submitted by 1004, approved by 1003, the balance lower', async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, '1001');
    const employee = await apiAs(request, '1004');
    const manager = await apiAs(request, '1003');
    const type = await addLeaveType(admin, 'Home leave', 10);
    const monday = await freeWeek(employee, 'leave', balanceYears());
    const year = monday.getFullYear();
    const address = unique('Village home, Cumilla');

    await signIn(page, '1004');
    expect(await balance(page, employee, year, type)).toBe(10);

    await openLeave(page, 'Self');
    await page.getByRole('button', { name: 'Apply for leave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply for leave' });
    await pickOption(page, 'Leave type', type.name, dialog);
    await typeDate(page, 'From', dmy(monday), dialog);
    await typeDate(page, 'To', dmy(plusDays(monday, 1)), dialog);
    await pickOption(page, 'Responsible person', `${manager.name} (${manager.eid})`, dialog);
    await dialog.getByLabel('Leave address').fill(address);
    const id = await saveNew(page);

    const row = requestRow(page, actionsFor(id));
    await expect(row).toContainText(type.name);
    await expect(row).toContainText(dmy(monday));
    await expect(row).toContainText('Draft');
    await expect(row).toContainText('2 days');
    await rowAction(page, row, 'SUBMIT');
    await expect(row).toContainText('Submitted');

    await signIn(page, '1003');
    await openLeave(page, 'Team');
    const teamRow = requestRow(page, actionsFor(id));
    await expect(teamRow).toContainText(employee.name);
    await rowAction(page, teamRow, 'APPROVE');
    await expect(teamRow).toContainText('Approved');

    await signIn(page, '1004');
    await openLeave(page, 'Self');
    await expect(requestRow(page, actionsFor(id))).toContainText('Approved');
    expect(await balance(page, employee, year, type)).toBe(8);

    // Plans change: 1004 cancels the approved leave before it begins, and the two days come back.
    await openLeave(page, 'Self');
    const mine = requestRow(page, actionsFor(id));
    await rowAction(page, mine, 'CANCEL');
    await expect(mine).toContainText('Cancelled');
    expect(await balance(page, employee, year, type)).toBe(10);
  });

  test('a short leave: the end follows the duration; submitted, approved, the balance lower', async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, '1001');
    const employee = await apiAs(request, '1004');
    const manager = await apiAs(request, '1003');
    const shortType = await addLeaveType(admin, 'Errand leave', 5, true);
    const fullDayOnly = await addLeaveType(admin, 'Long leave', 5);
    const duration = await admin.post<{ id: number; name: string }>('leave/durations', {
      name: unique('Two hours'),
      minutes: 120,
      enabled: true,
    });
    const monday = await freeWeek(employee, 'leave', balanceYears());
    const year = monday.getFullYear();
    const from = `${dmy(monday)} 10:00`;

    await signIn(page, '1004');
    expect(await balance(page, employee, year, shortType)).toBe(5);

    await openLeave(page, 'Self');
    await page.getByRole('button', { name: 'Apply for leave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply for leave' });
    await dialog.getByText('Short', { exact: true }).click();
    // Only the types for short leave are offered.
    // The form's select (the filter's leave type select above the list offers every type).
    const offered = await optionsOf(page, combobox(dialog, 'Leave type'));
    await expect(offered.getByRole('option', { name: shortType.name })).toHaveCount(1);
    await expect(offered.getByRole('option', { name: fullDayOnly.name })).toHaveCount(0);
    await pickOption(page, 'Leave type', shortType.name, dialog);
    await pickOption(page, 'Duration', duration.name, dialog);
    await typeDate(page, 'From', from, dialog);
    await expect(dialog.getByLabel('To')).toHaveValue(`${dmy(monday)} 12:00`);
    await expect(dialog.getByLabel('To')).toBeDisabled();
    await pickOption(page, 'Responsible person', `${manager.name} (${manager.eid})`, dialog);
    await dialog.getByLabel('Leave address').fill(unique('Dental clinic, Dhanmondi'));
    const id = await saveNew(page);

    const row = requestRow(page, actionsFor(id));
    await expect(row).toContainText(from);
    await expect(row).toContainText(duration.name);
    await rowAction(page, row, 'SUBMIT');
    await expect(row).toContainText('Submitted');

    await signIn(page, '1003');
    await openLeave(page, 'Team');
    await rowAction(page, requestRow(page, actionsFor(id)), 'APPROVE');
    await expect(requestRow(page, actionsFor(id))).toContainText('Approved');

    await signIn(page, '1004');
    // 120 minutes of a 480-minute day.
    expect(await balance(page, employee, year, shortType)).toBe(4.75);
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

  test('the Team view, page size and sort survive a reload; the type filter lives in the URL', async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, '1001');
    const employee = await apiAs(request, '1004');
    const manager = await apiAs(request, '1003');
    const type = await addLeaveType(admin, 'Study leave', 30);
    // Twelve one-day drafts of this type, Monday to Thursday of three free weeks.
    const days = (await freeWeeks(employee, 'leave', 3, years()))
      .flatMap((monday) => [0, 1, 2, 3].map((n) => plusDays(monday, n)))
      .sort((a, b) => a.getTime() - b.getTime());
    for (const day of days) {
      await employee.post('leave', {
        leave_format: 1,
        type_id: type.id,
        from: iso(day),
        to: iso(day),
        responsible_id: manager.employeeId,
        leave_address: unique('Library'),
      });
    }
    const [first, last] = [days[0]!, days.at(-1)!];

    await signIn(page, '1003');
    await openLeave(page, 'Team');
    await pickOption(page, 'Leave type', type.name, filterPanel(page));
    await expect(page).toHaveURL(new RegExp(`type_id=${type.id}`));
    const table = page.getByRole('table', { name: 'Leave' });
    const rows = table.getByRole('row').filter({ hasText: type.name });
    await expect(page.getByText('1–10 of 12').first()).toBeVisible();
    await expect(rows).toHaveCount(10);

    const fromHeader = table.getByRole('columnheader', { name: /^From/ });
    await fromHeader.click();
    await expect(fromHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows.first()).toContainText(dmy(first));
    await fromHeader.click();
    await expect(fromHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.first()).toContainText(dmy(last));

    await pickOption(page, page.getByRole('combobox', { name: 'Page Size' }).first(), '20 / page');
    // One page now: the pagination hides.
    await expect(rows).toHaveCount(12);
    await expect(page.getByRole('combobox', { name: 'Page Size' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('radio', { name: 'Team', exact: true })).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`type_id=${type.id}`));
    await expect(rows).toHaveCount(12);
    await expect(fromHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.first()).toContainText(dmy(last));
    await everyRowContains(rows, employee.name);
  });
  test('at 1280 px the Self list shows what identifies a request without sideways scrolling; Team adds the employee', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, '1003');
    await openLeave(page, 'Self');
    const table = page.getByRole('table', { name: 'Leave' });
    await expect(table.getByRole('columnheader', { name: 'Employee' })).toHaveCount(0);
    for (const name of ['Type', 'From', 'To', 'Address']) {
      const header = table.getByRole('columnheader', { name, exact: true });
      await expect(header).toBeVisible();
      const box = (await header.boundingBox())!;
      expect(box.x + box.width, `${name} within the screen`).toBeLessThanOrEqual(1280);
    }
    await openLeave(page, 'Team');
    await expect(table.getByRole('columnheader', { name: /^Employee/ })).toBeVisible();
  });
});
