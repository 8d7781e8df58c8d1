import fs from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { chooseView, pickOption, rowAction, signOut, typeDate } from '../support/antd';
import { signIn } from '../support/helpers';

/** The own view's label ("Self (own)"), escaped for chooseView's pattern. */
const OWN = 'Self \\(own\\)';
const NOC = 'No objection certificate (NOC)';
const LIST_CALL = '/api/v1/employee/service-requests?';

const plusDays = (n: number) => {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
};
const dmy = (d: Date) =>
  `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`;

async function openList(page: Page, view: typeof OWN | 'Team') {
  await page.goto('/hr-services');
  await chooseView(page, view);
}

/** The list row of one request: its "Request For" cell links to the detail. */
function requestRow(page: Page, id: number): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row', {
    has: page.locator(`a[href="/hr-services/${id}"]`),
  });
}

/** Closes the toasts, which otherwise cover the user menu for their five seconds. */
async function dismissToasts(page: Page) {
  const notices = page.locator('.ant-notification-notice');
  // A toast may expire while it is being closed: try again until none is left, not even fading out.
  await expect(async () => {
    const close = notices.getByRole('button', { name: 'Close' });
    if ((await close.count()) > 0) await close.first().click({ timeout: 1_000 });
    await expect(notices).toHaveCount(0, { timeout: 1_000 });
  }).toPass();
}

/**
 * Picks an option of a select in the form, once the previous dropdown has
 * closed (a fading one may swallow the click), and checks it was taken.
 */
async function choose(page: Page, dialog: Locator, label: string, option: string) {
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await pickOption(page, label, option, dialog);
  const field = dialog.locator('.ant-form-item', { has: page.getByLabel(label, { exact: true }) });
  await expect(field.locator('.ant-select-content')).toHaveText(option);
}

async function openForm(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New HR service request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New HR service request' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('HR services', () => {
  test('a NOC request: made and submitted by 1004, approved by 1003, done by 1001, its letter downloaded', async ({
    page,
  }) => {
    // Four people sign in in turn.
    test.setTimeout(180_000);
    const from = plusDays(30);
    const to = plusDays(37);

    await signIn(page, '1004');
    await openList(page, OWN);
    const dialog = await openForm(page);
    await choose(page, dialog, 'Service', NOC);
    await typeDate(page, 'Requested Issue Date', dmy(plusDays(3)), dialog);
    await choose(page, dialog, 'NOC Type', 'Travel abroad');
    await typeDate(page, 'From Date', dmy(from), dialog);
    await typeDate(page, 'To Date', dmy(to), dialog);
    await dialog.getByLabel('Passport No').fill('E2E4417093');
    await dialog.getByLabel('Intend Country').fill('Japan');
    await dialog.getByLabel('Description').fill('Cherry blossom trip with the family');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/employee/service-requests') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    const request = (await answer.json()) as { id: number; issue_date: string; from_date: string };
    // The dates travel as DD-MM-YYYY.
    expect(request.from_date).toBe(dmy(from));
    await expect(page.getByText('Your data has been saved!')).toBeVisible();

    const row = requestRow(page, request.id);
    await expect(row).toContainText(NOC);
    await expect(row).toContainText('Travel abroad');
    await expect(row).toContainText('Draft');
    await rowAction(page, row, 'SUBMIT');
    await expect(row).toContainText('Submitted');
    await expect(page.getByText('Status has been updated!')).toBeVisible();
    await dismissToasts(page);
    await signOut(page);

    // The line manager opens it from the Team view through the employee's name.
    await signIn(page, '1003');
    await openList(page, 'Team');
    const employeeCell = requestRow(page, request.id).getByRole('cell').first();
    await employeeCell.getByRole('link', { name: 'Tanvir Ahmed' }).click();
    await expect(page).toHaveURL(new RegExp(`/hr-services/${request.id}$`));
    await expect(page.getByRole('heading', { name: 'Tanvir Ahmed' })).toBeVisible();
    await expect(page.getByText(`${dmy(from)} to ${dmy(to)}`)).toBeVisible();
    await expect(page.getByText('Cherry blossom trip with the family')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reject' })).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Status has been updated!')).toBeVisible();
    await expect(page.locator('.ant-tag', { hasText: 'Approved' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
    await expect(page.locator('.ant-descriptions-item', { hasText: 'Approved by' })).toContainText(
      'Farhana Akter',
    );
    // A line manager does not mark requests done.
    await expect(page.getByRole('button', { name: 'Done' })).toHaveCount(0);
    await dismissToasts(page);
    await signOut(page);

    await signIn(page, '1001');
    await openList(page, 'Team');
    const adminRow = requestRow(page, request.id);
    await expect(adminRow).toContainText('Approved');
    await rowAction(page, adminRow, 'DONE');
    await expect(adminRow).toContainText('Done');
    await dismissToasts(page);
    await signOut(page);

    await signIn(page, '1004');
    await openList(page, OWN);
    const ownRow = requestRow(page, request.id);
    await expect(ownRow).toContainText('Done');
    await ownRow.getByRole('link', { name: NOC }).click();
    await expect(page).toHaveURL(new RegExp(`/hr-services/${request.id}$`));
    await expect(page.getByRole('heading', { name: 'Tanvir Ahmed' })).toBeVisible();
    await expect(page.locator('.ant-tag', { hasText: 'Done' })).toBeVisible();
    await expect(page.locator('.ant-descriptions-item', { hasText: 'Approved by' })).toContainText(
      'Farhana Akter',
    );
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
    await typeDate(page, 'Requested Issue Date', dmy(plusDays(2)), dialog);
    await dialog.getByLabel('Description').fill('For the bank');
    // The fixed fields lose their messages first (the Save button moves as they go).
    await expect(dialog.getByText('Description must not be empty')).toHaveCount(0);
    await expect(dialog.getByText('Issue Date must not be empty')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Reason must not be empty')).toBeVisible();

    // Back to a NOC: the type chosen before is gone, and every NOC field is asked for.
    await choose(page, dialog, 'Service', NOC);
    await expect(dialog.getByLabel('NOC Type')).toBeVisible();
    await expect(dialog.getByText('Higher study')).toHaveCount(0);
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
  }) => {
    await signIn(page, '1003');
    await openList(page, 'Team');
    const panel = page.locator('.ant-card', { hasText: 'Filter Options' });
    const employee = panel.getByRole('combobox', { name: 'Employee' });
    const company = panel.getByRole('combobox', { name: 'Company' });
    await expect(employee).toBeVisible();
    await expect(company).toBeVisible();

    const filtered = page.waitForResponse(
      (r) => r.url().includes(LIST_CALL) && r.url().includes('employee_id=') && r.ok(),
    );
    await pickOption(page, 'Employee', /Arif Uddin/, panel);
    await filtered;
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    for (const row of await rows.all()) await expect(row).toContainText('Arif Uddin');
    await pickOption(page, 'Company', 'Meghna Digital Ltd.', panel);
    await expect(rows.first()).toContainText('Arif Uddin');

    // The filters are kept for this page across a reload.
    await page.reload();
    await expect(page.locator('.ant-segmented-item-selected')).toHaveText('Team');
    await expect(panel.getByText('Arif Uddin (1014)')).toBeVisible();

    const ownCall = page.waitForRequest(
      (r) => r.url().includes(LIST_CALL) && r.url().includes('list_type=own'),
    );
    await chooseView(page, OWN);
    const url = (await ownCall).url();
    expect(url).not.toContain('employee_id');
    expect(url).not.toContain('company_id');
    await expect(employee).toHaveCount(0);
    await expect(company).toHaveCount(0);

    // A link (the dashboard's) opens the Team view with its filter, then leaves a clean address.
    await page.goto('/hr-services?list_type=team&status_id=2');
    await expect(page.locator('.ant-segmented-item-selected')).toHaveText('Team');
    await expect(page).toHaveURL(/\/hr-services$/);
    await expect(panel.locator('.ant-select-content', { hasText: 'Submitted' })).toBeVisible();
    await expect(rows.first()).toContainText('Submitted');
    for (const row of await rows.all()) await expect(row).toContainText('Submitted');
  });
});
