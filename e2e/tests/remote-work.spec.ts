import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  chooseView,
  clickToClose,
  everyRowContains,
  filterPanel,
  pickOption,
  requestRow,
  rowAction,
  rowMenu,
  typeDate,
} from '../support/antd';
import { apiAs, unique } from '../support/api';
import { dmy, freeWeek, iso, plusDays, years } from '../support/dates';
import { signIn } from '../support/helpers';

/**
 * Remote work of 1004 (line manager 1003) on weeks where 1004 has no other
 * request: the rows and counts checked are the test's own. Only this file
 * applies for 1004's remote work, one test after another (see freeWeeks).
 * The remote-work types are the product's own list (no screen or call adds one).
 */

const actionsFor = (id: number) => `Actions for remote-work request ${id}`;

async function openRemoteWork(page: Page, view: 'Self' | 'Team') {
  await page.goto('/remote-work');
  await chooseView(page, view);
}

async function openForm(page: Page, name = 'Apply for remote work'): Promise<Locator> {
  await page.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Saves the open form and answers the id of the request it made. */
async function saveNew(page: Page, dialog: Locator, save = 'Save'): Promise<number> {
  const created = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/v1/remote-work' && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: save }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

test.describe('remote work', () => {
  test('hourly: 1004 applies and submits, 1003 approves in the Team view, 1004 sees it approved', async ({
    page,
    request,
  }) => {
    const employee = await apiAs(request, '1004');
    const day = await freeWeek(employee, 'remote-work', years());
    const description = unique('Quarterly planning call from home');

    await signIn(page, '1004');
    await openRemoteWork(page, 'Self');
    const dialog = await openForm(page);
    await pickOption(page, 'Type', 'Hourly (within a day)', dialog);
    await typeDate(page, 'Date', dmy(day), dialog);
    await typeDate(page, 'From', '10:00', dialog);
    await typeDate(page, 'To', '12:30', dialog);
    await dialog.getByLabel('Description').fill(description);
    const id = await saveNew(page, dialog);
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = requestRow(page, actionsFor(id));
    await expect(row).toContainText(`${dmy(day)} 10:00–12:30`);
    await expect(row).toContainText('Hourly (within a day)');
    await expect(row).toContainText('Draft');
    await expect(row).toContainText(description);
    expect(await rowMenu(page, row)).toEqual({
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
    expect(Object.values(await rowMenu(page, row))).not.toContain(true);

    await signIn(page, '1003');
    await openRemoteWork(page, 'Team');
    const teamRow = requestRow(page, actionsFor(id));
    await expect(teamRow).toContainText(employee.name);
    await expect(teamRow).toContainText('Submitted');
    expect(await rowMenu(page, teamRow)).toEqual({
      EDIT: false,
      DELETE: false,
      SUBMIT: false,
      APPROVE: true,
      REJECT: true,
    });
    await rowAction(page, teamRow, 'APPROVE');
    await expect(page.getByText('Status has been updated!')).toBeVisible();
    await expect(teamRow).toContainText('Approved');

    await signIn(page, '1004');
    await openRemoteWork(page, 'Self');
    await expect(requestRow(page, actionsFor(id))).toContainText('Approved');
  });

  test('day-based: applied, changed, then the draft deleted after the confirmation', async ({
    page,
    request,
  }) => {
    const employee = await apiAs(request, '1004');
    const monday = await freeWeek(employee, 'remote-work', years());
    const wednesday = plusDays(monday, 2);
    const thursday = plusDays(monday, 3);

    await signIn(page, '1004');
    await openRemoteWork(page, 'Self');
    const dialog = await openForm(page);
    await pickOption(page, 'Type', 'Work from home', dialog);
    await typeDate(page, 'From', dmy(monday), dialog);
    await typeDate(page, 'To', dmy(wednesday), dialog);
    const id = await saveNew(page, dialog);
    await expect(page.getByText('Your data has been saved!')).toBeVisible();

    const row = requestRow(page, actionsFor(id));
    await expect(row).toContainText('Work from home');
    await expect(row).toContainText(dmy(monday));
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

    await rowAction(page, row, 'DELETE');
    const confirm = page.getByRole('dialog').filter({ hasText: 'Do you want to delete this item?' });
    await expect(confirm).toContainText(`Your Selected Item is #${id} Work from home !`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`#${id} Work from home has been successfully deleted!`)).toBeVisible();
    await expect(requestRow(page, actionsFor(id))).toHaveCount(0);
    const left = await employee.call('GET', `remote-work/${id}`);
    expect(left.status()).toBe(404);
  });

  test('the form shows the exact messages, and switching hours and days clears the dates', async ({
    page,
    request,
  }) => {
    const employee = await apiAs(request, '1004');
    const day = await freeWeek(employee, 'remote-work', years());

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
    request,
  }) => {
    const employee = await apiAs(request, '1004');
    const monday = await freeWeek(employee, 'remote-work', years());
    const wednesday = plusDays(monday, 2);
    // Twelve half hours from Monday to Wednesday of a free week; five of them submitted.
    const ids: number[] = [];
    for (const day of [0, 1, 2].map((n) => plusDays(monday, n))) {
      for (const hour of ['09', '10', '11', '12']) {
        const made = await employee.post<{ id: number }>('remote-work', {
          type_id: 1,
          from_date: iso(day),
          from_time: `${hour}:00`,
          to_time: `${hour}:30`,
          description: unique('Support rota'),
        });
        ids.push(made.id);
      }
    }
    for (const id of ids.slice(0, 5)) {
      await employee.patch('remote-work/actions/submit', { remote_work_id: id });
    }

    await signIn(page, '1003');
    await openRemoteWork(page, 'Team');
    const panel = filterPanel(page);
    const person = `${employee.name} (${employee.eid})`;
    await pickOption(page, 'Employee', person, panel);
    // The range's two fields are named by their placeholders only.
    await typeDate(page, panel.getByPlaceholder('From: start'), dmy(monday));
    await typeDate(page, panel.getByPlaceholder('From: end'), dmy(plusDays(monday, 6)));
    const table = page.getByRole('table', { name: 'Remote Work' });
    const rows = table.getByRole('row').filter({ has: page.getByRole('button', { name: /^Actions for/ }) });
    await expect(page.getByText('1–10 of 12').first()).toBeVisible();
    await expect(rows).toHaveCount(10);

    const from = table.getByRole('columnheader', { name: /^From/ });
    await from.click();
    await expect(from).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows.first()).toContainText(dmy(monday));
    await from.click();
    await expect(from).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.first()).toContainText(dmy(wednesday));

    // Filters are kept in local storage for this address, not in the URL.
    await page.reload();
    await expect(page).toHaveURL(/\/remote-work$/);
    await expect(page.getByRole('radio', { name: 'Team', exact: true })).toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem('REMOTE_WORK_LIST_TYPE'))).toBe('team');
    await expect(from).toHaveAttribute('aria-sort', 'descending');
    // The employee filter's box shows the remembered choice.
    await expect(panel.getByRole('combobox', { name: 'Employee' })).toHaveValue(person);
    await expect(page.getByText('1–10 of 12').first()).toBeVisible();
    await expect(rows.first()).toContainText(dmy(wednesday));

    // Two pages: a quick jump.
    const jump = page.getByRole('textbox', { name: 'Page' }).first();
    await jump.fill('2');
    await jump.press('Enter');
    await expect(page.getByText('11–12 of 12').first()).toBeVisible();
    await expect(rows).toHaveCount(2);
    await everyRowContains(rows, dmy(monday));

    await pickOption(page, 'Status', 'Submitted', panel);
    await expect(rows).toHaveCount(5);
    await everyRowContains(rows, 'Submitted');
    await page.reload();
    await expect(rows).toHaveCount(5);
    await everyRowContains(rows, 'Submitted');

    // The panel's own Clear (the selects' clear icons are named Clear too).
    await panel.getByRole('button').filter({ hasText: 'Clear' }).click();
    await expect(panel.getByRole('combobox', { name: 'Employee' })).toHaveValue('');
    await expect(rows).toHaveCount(10);

    // A link to the Team view with a filter: what waits for a decision.
    await chooseView(page, 'Self');
    await page.goto('/remote-work?list_type=team&status_id=2');
    await expect(page.getByRole('radio', { name: 'Team', exact: true })).toBeChecked();
    await expect(page).toHaveURL(/\/remote-work$/);
    await expect(panel.getByRole('combobox', { name: 'Status' }).locator('option:checked')).toHaveText(
      'Submitted',
    );
    await expect(rows.first()).toBeVisible();
    await everyRowContains(rows, 'Submitted');
  });

  test('in French: the overlap refusal and the status badges are translated', async ({ page, request }) => {
    const employee = await apiAs(request, '1004');
    const monday = await freeWeek(employee, 'remote-work', years());
    const tuesday = plusDays(monday, 1);

    await signIn(page, '1004');
    await page.getByRole('button', { name: 'Choose language' }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'Français' }));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    await page.goto('/remote-work');
    await chooseView(page, 'Moi');
    const apply = async () => {
      const dialog = await openForm(page, 'Demander du télétravail');
      // The type HR named in French too is offered by its French name.
      await pickOption(page, 'Type', 'Télétravail', dialog);
      await typeDate(page, 'De', dmy(monday), dialog);
      await typeDate(page, 'À', dmy(tuesday), dialog);
      return dialog;
    };

    const first = await apply();
    const id = await saveNew(page, first, 'Enregistrer');
    await expect(first).toBeHidden();
    const row = requestRow(page, `Actions de la demande de télétravail ${id}`);
    await expect(row.getByText('Brouillon', { exact: true })).toBeVisible();

    // The same days again: the API refuses with its code, the portal says why in French.
    const second = await apply();
    const refused = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v1/remote-work' && r.request().method() === 'POST',
    );
    await second.getByRole('button', { name: 'Enregistrer' }).click();
    const answer = await refused;
    expect(answer.status()).toBe(422);
    expect(((await answer.json()) as { error: string }).error).toBe('remote_work_overlap');
    const overlap = `Ces dates chevauchent votre demande de télétravail #${id} (${dmy(monday)}`;
    await expect(page.getByRole('alert').filter({ hasText: overlap }).first()).toBeVisible();
    await expect(second.getByText(overlap)).toBeVisible();
    await expect(page.getByText('These dates overlap')).toHaveCount(0);
    await second.getByRole('button', { name: 'Annuler' }).click();

    // Submitted, the badge reads "Soumise"; the status filter offers the French names too.
    await rowAction(page, row, 'SOUMETTRE');
    await expect(row.getByText('Soumise', { exact: true })).toBeVisible();
    await pickOption(page, 'Statut', 'Brouillon', filterPanel(page, 'Options de filtre'));
    await expect(row).toHaveCount(0);
  });
});
