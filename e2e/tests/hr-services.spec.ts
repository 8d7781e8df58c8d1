import fs from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  chooseView,
  combobox,
  everyRowContains,
  filterPanel,
  pickOption,
  requestRow,
  rowAction,
  typeDate,
} from '../support/antd';
import { type ApiSession, apiAs, unique } from '../support/api';
import { dmy, plusDays, today } from '../support/dates';
import { signIn } from '../support/helpers';

/**
 * HR service requests of 1004 (line manager 1003; HR admin 1001), each with
 * texts unique to the run: an identical open request would be refused. The
 * services and NOC types are the product's own lists (no screen or call adds one).
 */

const OWN = 'Self (own)';
const NOC = 'No objection certificate (NOC)';
const LIST_CALL = '/api/v1/employee/service-requests?';

const actionsFor = (id: number) => `Actions for HR service request ${id}`;

async function openList(page: Page, view: typeof OWN | 'Team') {
  await page.goto('/hr-services');
  await chooseView(page, view);
}

/** The option a select of the form shows chosen (its placeholder when none is). */
const chosen = (dialog: Locator, label: string) => combobox(dialog, label).locator('option:checked');

/** Picks an option of a select in the form and checks that the select shows it. */
async function choose(page: Page, dialog: Locator, label: string, option: string) {
  await pickOption(page, label, option, dialog);
  await expect(chosen(dialog, label)).toHaveText(option);
}

async function openForm(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New HR service request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New HR service request' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A fact of the request's detail page, by its label ("Approved by"). */
const fact = (page: Page, label: string) => page.getByRole('cell').filter({ hasText: label });

/** A submitted request of `employee` for a service other than a NOC, made through the API. */
async function submittedRequest(employee: ApiSession) {
  const categories = await employee.get<{ value: string; name: string }[]>(
    'employee/service-requests/categories',
  );
  const category = categories.find((c) => c.value !== 'noc')!;
  const made = await employee.post<{ id: number; company: { name: string } | null }>(
    'employee/service-requests',
    {
      category: category.value,
      issue_date: dmy(plusDays(today(), 5)),
      reason: unique('For the bank'),
      description: unique('Salary statement for a loan'),
    },
  );
  await employee.patch(`employee/service-requests/${made.id}/actions/submit`);
  return { ...made, category };
}

test.describe('HR services', () => {
  test('a NOC request: made and submitted by 1004, approved by 1003, done by 1001, its letter downloaded', async ({
    page,
    request,
  }) => {
    // Four people sign in in turn.
    test.setTimeout(180_000);
    const employee = await apiAs(request, '1004');
    const manager = await apiAs(request, '1003');
    const from = plusDays(today(), 30);
    const to = plusDays(today(), 37);
    const passport = `E2E${Date.now()}`;
    const description = unique('Cherry blossom trip with the family');

    await signIn(page, '1004');
    await openList(page, OWN);
    const dialog = await openForm(page);
    await choose(page, dialog, 'Service', NOC);
    await typeDate(page, 'Requested Issue Date', dmy(plusDays(today(), 3)), dialog);
    await choose(page, dialog, 'NOC Type', 'Travel abroad');
    await typeDate(page, 'From Date', dmy(from), dialog);
    await typeDate(page, 'To Date', dmy(to), dialog);
    await dialog.getByLabel('Passport No').fill(passport);
    await dialog.getByLabel('Intend Country').fill('Japan');
    await dialog.getByLabel('Description').fill(description);
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/employee/service-requests') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    const made = (await answer.json()) as { id: number; from_date: string };
    // The dates travel as DD-MM-YYYY.
    expect(made.from_date).toBe(dmy(from));
    await expect(page.getByText('Your data has been saved!')).toBeVisible();

    const row = requestRow(page, actionsFor(made.id));
    await expect(row).toContainText(NOC);
    await expect(row).toContainText('Travel abroad');
    await expect(row).toContainText('Draft');
    await rowAction(page, row, 'SUBMIT');
    await expect(row).toContainText('Submitted');
    await expect(page.getByText('Status has been updated!')).toBeVisible();

    // The line manager opens it from the Team view through the employee's name.
    await signIn(page, '1003');
    await openList(page, 'Team');
    const employeeCell = requestRow(page, actionsFor(made.id)).getByRole('cell').first();
    await employeeCell.getByRole('link', { name: employee.name }).click();
    await expect(page).toHaveURL(new RegExp(`/hr-services/${made.id}$`));
    await expect(page.getByRole('heading', { name: employee.name })).toBeVisible();
    await expect(page.getByText(`${dmy(from)} to ${dmy(to)}`)).toBeVisible();
    await expect(fact(page, 'Passport No')).toContainText(passport);
    await expect(page.getByText(description)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reject' })).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Status has been updated!')).toBeVisible();
    await expect(page.getByText('Approved', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
    await expect(fact(page, 'Approved by')).toContainText(manager.name);
    // A line manager does not mark requests done.
    await expect(page.getByRole('button', { name: 'Done' })).toHaveCount(0);

    await signIn(page, '1001');
    await openList(page, 'Team');
    const adminRow = requestRow(page, actionsFor(made.id));
    await expect(adminRow).toContainText('Approved');
    await rowAction(page, adminRow, 'DONE');
    await expect(adminRow).toContainText('Done');

    await signIn(page, '1004');
    await openList(page, OWN);
    const ownRow = requestRow(page, actionsFor(made.id));
    await expect(ownRow).toContainText('Done');
    await ownRow.getByRole('link', { name: NOC }).click();
    await expect(page).toHaveURL(new RegExp(`/hr-services/${made.id}$`));
    await expect(page.getByRole('heading', { name: employee.name })).toBeVisible();
    await expect(page.getByText('Done', { exact: true })).toBeVisible();
    await expect(fact(page, 'Approved by')).toContainText(manager.name);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download letter' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  test('the form: a non-NOC service needs a reason, and a new category clears the NOC type', async ({
    page,
  }) => {
    await signIn(page, '1004');
    await openList(page, OWN);
    const dialog = await openForm(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Service must not be empty')).toBeVisible();
    await expect(dialog.getByText('Issue Date must not be empty')).toBeVisible();
    await expect(dialog.getByText('Description must not be empty')).toBeVisible();

    await choose(page, dialog, 'Service', NOC);
    await choose(page, dialog, 'NOC Type', 'Higher study');
    await choose(page, dialog, 'Service', 'Salary certificate');
    await expect(dialog.getByLabel('NOC Type')).toHaveCount(0);
    await typeDate(page, 'Requested Issue Date', dmy(plusDays(today(), 2)), dialog);
    await dialog.getByLabel('Description').fill('For the bank');
    // The fixed fields lose their messages first (the Save button moves as they go).
    await expect(dialog.getByText('Description must not be empty')).toHaveCount(0);
    await expect(dialog.getByText('Issue Date must not be empty')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Reason must not be empty')).toBeVisible();

    // Back to a NOC: the type chosen before is gone, and every NOC field is asked for.
    await choose(page, dialog, 'Service', NOC);
    await expect(dialog.getByLabel('NOC Type')).toBeVisible();
    await expect(chosen(dialog, 'NOC Type')).toHaveText('Select NOC type');
    await expect(dialog.getByLabel('Reason')).toHaveCount(0);
    await dialog.getByLabel('Passport No').fill('AB1');
    await expect(dialog.getByText('Passport number must have a length between 4 and 32')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('NOC Type must not be empty')).toBeVisible();
    await expect(dialog.getByText('From Date must not be empty')).toBeVisible();
    await expect(dialog.getByText('To Date must not be empty')).toBeVisible();
    await expect(dialog.getByText('Country must not be empty')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the employee and company filters belong to the Team view and are never sent from the own view', async ({
    page,
    request,
  }) => {
    const employee = await apiAs(request, '1004');
    const made = await submittedRequest(employee);
    const company = made.company!.name;
    const person = `${employee.name} (${employee.eid})`;

    await signIn(page, '1003');
    await openList(page, 'Team');
    const panel = filterPanel(page);
    const employeeFilter = panel.getByRole('combobox', { name: 'Employee' });
    const companyFilter = panel.getByRole('combobox', { name: 'Company' });
    await expect(employeeFilter).toBeVisible();
    await expect(companyFilter).toBeVisible();

    const filtered = page.waitForResponse(
      (r) => r.url().includes(LIST_CALL) && r.url().includes('employee_id=') && r.ok(),
    );
    await pickOption(page, employeeFilter, person);
    await filtered;
    const mine = requestRow(page, actionsFor(made.id));
    const rows = page
      .getByRole('table', { name: 'HR Services' })
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: /^Actions for/ }) });
    await expect(mine).toContainText(made.category.name);
    await everyRowContains(rows, employee.name);
    const byCompany = page.waitForResponse(
      (r) => r.url().includes(LIST_CALL) && r.url().includes('company_id=') && r.ok(),
    );
    await pickOption(page, companyFilter, company);
    await byCompany;
    await expect(mine).toContainText(company);
    await everyRowContains(rows, company);

    // The filters are kept for this page across a reload.
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Team', exact: true })).toBeChecked();
    // The employee filter's box shows the remembered choice.
    await expect(employeeFilter).toHaveValue(person);
    await expect(mine).toBeVisible();

    const ownCall = page.waitForRequest(
      (r) => r.url().includes(LIST_CALL) && r.url().includes('list_type=own'),
    );
    await chooseView(page, OWN);
    const url = (await ownCall).url();
    expect(url).not.toContain('employee_id');
    expect(url).not.toContain('company_id');
    await expect(employeeFilter).toHaveCount(0);
    await expect(companyFilter).toHaveCount(0);

    // A link to the Team view with a filter (a bookmark, an address passed on) opens it, then leaves a clean address.
    await page.goto('/hr-services?list_type=team&status_id=2');
    await expect(page.getByRole('radio', { name: 'Team', exact: true })).toBeChecked();
    await expect(page).toHaveURL(/\/hr-services$/);
    await expect(panel.getByRole('combobox', { name: 'Status' }).locator('option:checked')).toHaveText(
      'Submitted',
    );
    await expect(mine).toContainText('Submitted');
    await everyRowContains(rows, 'Submitted');
  });
});
