import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y';
import { combobox, pickOption, typeDate } from '../support/antd';
import { type ApiSession, apiAs, unique } from '../support/api';
import { dmy, iso, plusDays, today } from '../support/dates';
import { signIn, signInInArabic } from '../support/helpers';

/**
 * The ledger behind a balance ("why is my balance 7.5?") and the forecast in
 * the leave form, for 1014 (a report of 1003) under a leave type each test
 * adds for itself with a monthly policy: the lines read are this test's own.
 * No test makes leave requests of 1014; these only read and adjust balances.
 */

const EMPLOYEE = '1014';

interface LeaveType {
  id: number;
  name: string;
  days: number;
  short_leave_applied: boolean;
  has_balance: boolean;
}

/** A leave type of the test's own, earned monthly from 1 January, with HR adjustments already in it. */
async function typeWithLedger(hr: ApiSession, employee: ApiSession) {
  const type = await hr.post<LeaveType>('leave/types', {
    name: unique('Ledger Leave'),
    days: 6,
    short_leave_applied: false,
    has_balance: true,
    enabled: true,
  });
  await hr.post('leave/policies', {
    name: unique('Ledger leave, monthly'),
    type_id: type.id,
    effective_from: `${today().getFullYear()}-01-01`,
    days_per_year: 12,
    accrual: 'monthly',
    pro_rata: false,
  });
  // Days brought from before, so a short request fits whenever the person joined.
  await hr.post('leave/adjustments', {
    employee_id: employee.employeeId,
    type_id: type.id,
    days: 4,
    reason: 'Carried from the old system',
    date: `${today().getFullYear()}-01-01`,
  });
  await hr.post('leave/adjustments', {
    employee_id: employee.employeeId,
    type_id: type.id,
    days: -0.75,
    reason: 'Days taken before the portal',
    date: iso(today()),
  });
  return type;
}

/** A signed number of days as the ledger writes it: `+1`, `−0.75`. */
function readDays(text: string): number {
  const clean = text.replace(/[\u2066-\u2069\s]/g, '').replace('−', '-');
  return Number(clean);
}

/** Days in a sentence as the screens write them ("10.5 days"): the number isolated, a no-break space. */
const daysIn = (n: number) => {
  const number = (n < 0 ? `−${-n}` : String(n)).replace('.', '\\.');
  return `\u2066?${number}\u2069?\\s+days?`;
};

/** Opens a balance's ledger from the balances card, by the link's name (it names the type after its label). */
async function openLedger(page: Page, type: LeaveType): Promise<Locator> {
  const card = page.getByRole('region', { name: 'Leave balance' });
  await card.getByRole('button', { name: `How it adds up — ${type.name}` }).click();
  const drawer = page.getByRole('dialog', { name: `${type.name}: how the balance adds up` });
  await expect(drawer.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  return drawer;
}

/** The days of every line of an open ledger and the balance it ends on. */
async function ledgerLines(drawer: Locator) {
  const days = (await drawer.getByTestId('ledger-days').allTextContents()).map(readDays);
  const remaining = readDays((await drawer.getByTestId('ledger-remaining').textContent()) ?? '');
  return { days, remaining };
}

test.describe('leave ledger and forecast', () => {
  test('an employee finds how their balance adds up, and what a request leaves', async ({
    page,
    request,
  }) => {
    const hr = await apiAs(request, '1001');
    const employee = await apiAs(request, EMPLOYEE);
    const type = await typeWithLedger(hr, employee);
    try {
      const year = today().getFullYear();
      const expected = await employee.get<{ items: { type: { id: number }; remaining: number }[] }>(
        'leave/balances',
        { year },
      );
      const balance = expected.items.find((i) => i.type.id === type.id)!.remaining;

      await signIn(page, EMPLOYEE, { path: '/leave' });
      const card = page.getByRole('region', { name: 'Leave balance' });
      await expect(card.getByTestId(`balance-remaining-${type.id}`)).toHaveText(String(balance));
      const drawer = await openLedger(page, type);
      await expect(drawer).toContainText(/Policy: \u2068?Ledger leave, monthly/);
      await expect(drawer).toContainText('12 days a year, earned monthly');
      await expect(drawer.getByRole('row').filter({ hasText: 'Days taken before the portal' })).toContainText(
        '−0.75',
      );
      await expect(drawer.getByRole('row').filter({ hasText: 'Earned' }).first()).toContainText('+1');

      // The lines add up to the balance the card shows.
      const { days, remaining } = await ledgerLines(drawer);
      expect(days.length).toBeGreaterThan(1);
      const sum = Math.round(days.reduce((n, d) => n + d, 0) * 100) / 100;
      expect(sum).toBe(balance);
      expect(remaining).toBe(balance);
      await expectNoAxeViolations(page, { context: 'leave: ledger drawer (en)' });
      await drawer.getByRole('button', { name: 'Close' }).click();
      await expect(drawer).toBeHidden();

      // The forecast: the balance on the first day, the request's working days, what is left after it.
      const from = plusDays(today(), 14);
      const to = plusDays(today(), 16);
      const forecast = await employee.get<{ balance: number; days: number; after: number }>(
        'leave/forecast',
        {
          type_id: type.id,
          date: iso(from),
          to: iso(to),
        },
      );
      await page.getByRole('button', { name: 'Apply for leave' }).click();
      const form = page.getByRole('dialog', { name: 'Apply for leave' });
      await pickOption(page, combobox(form, 'Leave type'), type.name);
      await typeDate(page, 'From', dmy(from), form);
      await typeDate(page, 'To', dmy(to), form);
      const status = form.getByRole('status', { name: 'Balance forecast' });
      await expect(status).toContainText(
        new RegExp(`Balance on \u2066?${dmy(from)}\u2069?: ${daysIn(forecast.balance)}`),
      );
      await expect(status).toContainText(new RegExp(`this request: ${daysIn(forecast.days)}`));
      await expect(status).toContainText(new RegExp(`left after it: ${daysIn(forecast.after)}`));
      await expect(status.getByRole('alert')).toHaveCount(0);
      // Out of the date picker: its clear button shows only while it has the focus or the pointer.
      await form.getByLabel('Leave address').focus();
      await page.mouse.move(0, 0);
      await expectNoAxeViolations(page, { context: 'leave: form with its forecast (en)' });

      // Two months off is more than there is: the form says the server will refuse it.
      await typeDate(page, 'To', dmy(plusDays(from, 60)), form);
      await expect(status.getByRole('alert')).toContainText('This request would take the balance down to');
    } finally {
      await hr.patch(`leave/types/${type.id}`, { ...type, enabled: false });
    }
  });

  test('HR adds an adjustment from the profile; the ledger and the balance show it', async ({
    page,
    request,
  }) => {
    const hr = await apiAs(request, '1001');
    const employee = await apiAs(request, EMPLOYEE);
    const type = await typeWithLedger(hr, employee);
    try {
      await signIn(page, '1001', { path: `/profile/${employee.employeeId}` });
      const drawer = await openLedger(page, type);
      const before = await ledgerLines(drawer);

      await drawer.getByRole('button', { name: 'Add adjustment' }).click();
      const adjust = drawer.getByRole('form', { name: `Adjust ${type.name}` });
      await adjust.getByRole('button', { name: 'Save' }).click();
      await expect(
        adjust.getByText('Days must be a number from -366 to 366, not 0, in quarter days'),
      ).toBeVisible();
      await expect(adjust.getByText('Please write the reason')).toBeVisible();
      await adjust.getByLabel('Days').fill('2.5');
      await adjust.getByLabel('Reason').fill('Moved from the old system');
      await adjust.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('The adjustment is in the ledger.')).toBeVisible();
      await expect(adjust).toBeHidden();

      const line = drawer.getByRole('row').filter({ hasText: 'Moved from the old system' });
      await expect(line).toContainText('Adjustment');
      await expect(line).toContainText('+2.5');
      await expect(drawer.getByTestId('ledger-remaining')).toHaveText(String(before.remaining + 2.5));
      await drawer.getByRole('button', { name: 'Close' }).click();
      await expect(
        page.getByRole('region', { name: 'Leave balance' }).getByTestId(`balance-remaining-${type.id}`),
      ).toHaveText(String(before.remaining + 2.5));

      // The employee reads the same.
      const ledger = await employee.get<{
        remaining: number;
        items: { kind: string; note: string | null }[];
      }>('leave/ledger', { type_id: type.id });
      expect(ledger.remaining).toBe(before.remaining + 2.5);
      expect(
        ledger.items.some((i) => i.kind === 'adjustment' && i.note === 'Moved from the old system'),
      ).toBe(true);
    } finally {
      await hr.patch(`leave/types/${type.id}`, { ...type, enabled: false });
    }
  });

  test('the ledger and the forecast in Arabic, right to left, with no axe violation', async ({
    page,
    request,
  }) => {
    const hr = await apiAs(request, '1001');
    const employee = await apiAs(request, EMPLOYEE);
    const type = await typeWithLedger(hr, employee);
    try {
      await signInInArabic(page, EMPLOYEE, '/leave');
      const card = page.getByRole('region', { name: 'رصيد الإجازات' });
      await card.getByRole('button', { name: `كيف يُحسب — ${type.name}` }).click();
      const drawer = page.getByRole('dialog', { name: `${type.name}: كيف يُحسب الرصيد` });
      await expect(drawer.getByRole('row').filter({ hasText: 'Days taken before the portal' })).toContainText(
        '−0.75',
      );
      await expectNoAxeViolations(page, { context: 'leave: ledger drawer (ar)' });
    } finally {
      await hr.patch(`leave/types/${type.id}`, { ...type, enabled: false });
    }
  });
});
