import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs, unique } from '../support/api';
import { dmy, freeWeek, years } from '../support/dates';
import { DEMO_PASSWORD, signIn, waitForCode } from '../support/helpers';
import { approvedSheet } from '../support/kpi';

/**
 * The main flows with the keyboard alone: after the page is opened, only
 * keys (Tab, Shift+Tab, Enter, Space, arrows and typing) reach the page, and
 * the focused control shows where the focus is. The leave of 1003 (line
 * manager 1002) is made in this file only; the KPI sheet and the review are
 * 1004's, on periods no other test uses.
 */

/** Presses Tab (or Shift+Tab) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, options: { back?: boolean; max?: number } = {}) {
  // A radio's own input is drawn as its label: it is there, not visible.
  await expect(target).toBeAttached();
  for (let i = 0; i < (options.max ?? 60); i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/**
 * The focused control shows a focus indicator: an outline or a ring (a box
 * shadow) of its own; a field's outline may be drawn by the box that holds
 * its input with its icons or arrows (up to three levels up).
 */
async function expectVisibleFocus(page: Page) {
  const shown = await page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return 'nothing has the focus';
    const outlined = (el: Element) => {
      const s = getComputedStyle(el);
      return s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0;
    };
    if (outlined(focused) || getComputedStyle(focused).boxShadow !== 'none') return 'shown';
    if (focused.matches('input, textarea')) {
      let box = focused.parentElement;
      for (let level = 0; box && level < 3; level++, box = box.parentElement)
        if (outlined(box)) return 'shown';
    }
    return `no focus indicator on ${focused.outerHTML.slice(0, 160)}`;
  });
  expect(shown).toBe('shown');
}

/**
 * Picks an option of the focused select with the arrow keys and Enter: it
 * opens with ArrowDown, and the option the keys reach is the one the
 * select names as active.
 */
async function chooseWithKeys(page: Page, box: Locator, option: string | RegExp) {
  await expect(box).toBeFocused();
  const matches = (text: string) => (typeof option === 'string' ? text === option : option.test(text));
  // The system's own select: the arrows move its choice without opening it.
  if ((await box.evaluate((el) => el.tagName)) === 'SELECT') {
    for (let i = 0; i < 200; i++) {
      await page.keyboard.press('ArrowDown');
      const chosen = await box.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.label ?? '');
      if (matches(chosen.trim())) return;
    }
    throw new Error(`No option ${option} in the select`);
  }
  await page.keyboard.press('ArrowDown');
  for (let i = 0; i < 200; i++) {
    const active = await box.getAttribute('aria-activedescendant');
    const text = active ? ((await page.locator(`[id="${active}"]`).textContent()) ?? '').trim() : '';
    if (text && matches(text)) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`No option ${option} in the select`);
}

/** HR registers a mobile number of this run for an employee, where the recovery code goes. */
async function registerMobile(request: APIRequestContext, eid: string): Promise<string> {
  const admin = await apiAs(request, '1001');
  const found = await admin.post<{ items: { id: number; eid: string }[] }>('employees/search', {
    filter: { full_text: eid },
  });
  const { id } = found.items.find((e) => e.eid === eid)!;
  const p = await admin.get<Record<string, unknown>>(`employees/${id}`);
  const mobile = `018${String(Date.now()).slice(-8)}`;
  await admin.patch(`employees/${id}`, {
    name: p.name,
    eid: p.eid,
    mobile,
    email: p.email,
    blood_group: p.blood_group,
    designation: p.designation,
    status_id: p.status_id,
    level_id: p.level_id,
    grade_id: p.grade_id,
  });
  return mobile;
}

test.describe('with the keyboard alone', () => {
  test('signs in', async ({ page }) => {
    await page.goto('/signin');
    const eid = page.getByLabel('E-ID');
    await tabTo(page, eid);
    await expectVisibleFocus(page);
    await page.keyboard.type('1004');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.type(DEMO_PASSWORD);
    // The eye button that shows the password, Remember me, the link, then Sign in.
    await tabTo(page, page.getByRole('button', { name: 'Sign in' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText(/\S/);
  });

  test('recovers a password with the code', async ({ page, request }) => {
    const eid = '1043';
    const mobile = await registerMobile(request, eid);
    await page.goto('/signin');
    const forgot = page.getByRole('link', { name: 'Forgot password?' });
    await tabTo(page, forgot);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/forgotpassword$/);

    await tabTo(page, page.getByLabel('E-Id'));
    await page.keyboard.type(eid);
    await page.keyboard.press('Enter');
    await expect(page.getByText('If this E-Id is registered, a 4-digit code has been sent')).toBeVisible();
    const code = await waitForCode(request, mobile);

    await tabTo(page, page.getByLabel('OTP'));
    await expectVisibleFocus(page);
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');

    await tabTo(page, page.getByLabel('New password'));
    await page.keyboard.type('keys-only-1');
    await tabTo(page, page.getByLabel('Confirm password'));
    await page.keyboard.type('keys-only-1');
    const save = page.getByRole('button', { name: 'Save password' });
    await tabTo(page, save);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Your password has been successfully updated.')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
    const login = await request.post('/api/v1/login_check', {
      data: { username: eid, password: 'keys-only-1', app_id: 3 },
    });
    expect(login.ok()).toBeTruthy();
  });

  test('applies for leave', async ({ page, request }) => {
    const admin = await apiAs(request, '1001');
    const employee = await apiAs(request, '1003');
    const manager = await apiAs(request, '1002');
    const type = await admin.post<{ id: number; name: string }>('leave/types', {
      name: unique('Keyboard leave'),
      days: 10,
      short_leave_applied: false,
      has_balance: true,
      enabled: true,
    });
    const monday = await freeWeek(employee, 'leave', years());
    const address = unique('Old town, Sylhet');

    await signIn(page, '1003', { path: '/leave' });
    const apply = page.getByRole('button', { name: 'Apply for leave' });
    await tabTo(page, apply);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Apply for leave' });
    await expect(dialog).toBeVisible();

    const typeBox = dialog.getByRole('combobox', { name: /Leave type/ });
    await tabTo(page, typeBox);
    await expectVisibleFocus(page);
    await chooseWithKeys(page, typeBox, type.name);
    await tabTo(page, dialog.getByLabel('From', { exact: true }));
    await expectVisibleFocus(page);
    await page.keyboard.type(dmy(monday));
    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByLabel('To', { exact: true }));
    await page.keyboard.type(dmy(monday));
    await page.keyboard.press('Enter');
    const responsible = dialog.getByRole('combobox', { name: /Responsible person/ });
    await tabTo(page, responsible);
    await page.keyboard.type(manager.eid);
    await chooseWithKeys(page, responsible, `${manager.name} (${manager.eid})`);
    await tabTo(page, dialog.getByLabel('Leave address'));
    await page.keyboard.type(address);
    const save = dialog.getByRole('button', { name: 'Save' });
    await tabTo(page, save);
    await expectVisibleFocus(page);
    const created = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v1/leave' && r.request().method() === 'POST',
    );
    await page.keyboard.press('Enter');
    const answer = await created;
    expect(answer.status()).toBe(201);
    const { id } = (await answer.json()) as { id: number };
    await expect(dialog).toBeHidden();
    // The focus is back where it was before the dialog opened.
    await expect(apply).toBeFocused();
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Actions for leave request ${id}`, exact: true }) });
    await expect(row).toContainText(type.name);
    await expect(row).toContainText(dmy(monday));
    await expect(row).toContainText('Draft');

    // The row's menu: Enter opens it on its first action, the arrows move, Enter picks.
    const actions = row.getByRole('button', { name: `Actions for leave request ${id}` });
    await tabTo(page, actions);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'EDIT', exact: true })).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'SUBMIT', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(row).toContainText('Submitted');
    // The focus went back to the row's button with the menu.
    await expect(actions).toBeFocused();
  });

  test('submits a KPI sheet', async ({ page, request }) => {
    const employee = await apiAs(request, '1004');
    const sheet = await employee.post<{ id: number }>('kpis', {
      allow_overlap: true,
      type_id: 2,
      from: '2053-01-01',
      to: '2053-12-31',
      name: unique('Keyboard plan'),
    });
    const made = await employee.post<{ objectives: { id: number }[] }>('kpis/objectives', {
      name: 'Answer every ticket',
      weight: 100,
      kpi_id: sheet.id,
      perspective_id: 2,
    });
    await employee.post('kpis/objectives/kpis', {
      name: 'Tickets answered',
      weight: 100,
      time: 'Every month',
      target: 40,
      target_unit_id: 3,
      kpi_id: sheet.id,
      objective_id: made.objectives[0]!.id,
    });

    await signIn(page, '1004', { path: `/kpi/${sheet.id}` });
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    await tabTo(page, submit);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Submit' }) });
    await expect(confirm).toBeVisible();
    await tabTo(page, confirm.getByRole('button', { name: 'Submit' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Status has been updated!')).toBeVisible();
    await expect(page.getByText('Awaiting line manager').first()).toBeVisible();
    const after = await employee.get<{ status: { id: number } }>(`kpis/${sheet.id}`);
    expect(after.status.id).toBe(2);
  });

  test("fills the employee's part of a review section", async ({ page, request }) => {
    const employee = await apiAs(request, '1004');
    const lm = await apiAs(request, '1003');
    const oo = await apiAs(request, '1002');
    const kpiName = unique('Releases shipped');
    const kpiId = await approvedSheet(
      { employee, lineManager: lm, oneOverOne: oo },
      {
        from: '2054-01-01',
        to: '2054-12-31',
        name: unique('Keyboard review plan'),
        objective: 'Ship',
        kpi: kpiName,
      },
    );
    const review = await employee.post<{ id: number }>('eprs', {
      kpi_id: kpiId,
      type_id: 2,
      from_date: '2054-01-01',
      to_date: '2054-06-30',
    });

    await signIn(page, '1004', { path: `/epr/${review.id}` });
    const actual = page.getByRole('spinbutton', { name: `Actual of ${kpiName}` });
    await tabTo(page, actual);
    await expectVisibleFocus(page);
    await page.keyboard.type('8');
    const save = page.getByRole('button', { name: 'Save actual values' });
    await tabTo(page, save);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Section A has been updated!')).toBeVisible();
    // The save comes after the fields and keeps the focus once it has saved.
    await expect(save).toBeFocused();
    expect(
      await actual.evaluate(
        (field, button) =>
          Boolean(field.compareDocumentPosition(button as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
        await save.elementHandle(),
      ),
    ).toBe(true);

    // The section's rating: arrows move between the choices, Save keeps it.
    const rating = page.getByRole('region', { name: 'Section A rating' });
    await tabTo(page, rating.getByRole('radio').first());
    await expectVisibleFocus(page);
    await page.keyboard.press('ArrowRight');
    await expect(rating.getByRole('radio', { name: '2 · Fully met' })).toBeChecked();
    await tabTo(page, rating.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Your data has been saved!').last()).toBeVisible();

    // Both were saved: the page opened again shows them.
    await page.reload();
    await expect(actual).toHaveValue('8');
    await expect(rating.getByRole('radio', { name: '2 · Fully met' })).toBeChecked();
  });

  test('meets the attendance chart as one stop, named by its title and told by its summary', async ({
    page,
  }) => {
    await signIn(page, '1004', { path: '/attendance' });
    const chart = page.getByRole('figure', { name: 'The range at a glance' });
    await expect(chart).toHaveAccessibleDescription(/working days, present on/);
    await tabTo(page, chart);
    await expectVisibleFocus(page);
    // Nothing inside the figure takes the focus: the next stop is past it.
    const inside = () =>
      chart.evaluate(
        (figure) => figure.contains(document.activeElement) && figure !== document.activeElement,
      );
    await page.keyboard.press('Tab');
    expect(await inside()).toBe(false);
    await page.keyboard.press('Shift+Tab');
    await expect(chart).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    expect(await inside()).toBe(false);
  });

  test('exports the attendance report', async ({ page }) => {
    await signIn(page, '1004', { path: '/attendance' });
    const exportButton = page.getByRole('button', { name: 'Export CSV' });
    await tabTo(page, exportButton);
    await expectVisibleFocus(page);
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toMatch(/^Attendance_.*\.csv$/);
  });
});
