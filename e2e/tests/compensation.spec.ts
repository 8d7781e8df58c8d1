import { expect, test } from '@playwright/test';
import { clickToClose, pickOption, rowWith, typeDate } from '../support/antd';
import { apiAs, unique } from '../support/api';
import { dmy, plusDays, today } from '../support/dates';
import { signIn } from '../support/helpers';

test.describe('compensation', () => {
  test('HR sets a salary and a loan on the Compensation tab; the employee sees them, their line manager has no such tab', async ({
    page,
    request,
  }, testInfo) => {
    // The demo employee (1004) and their line manager (1003).
    const employee = await apiAs(request, '1004');
    const manager = await apiAs(request, '1003');
    // Three weeks ahead: before the demo's coming raise (the first of the month after next).
    const from = plusDays(today(), 20);
    const purpose = unique('Wedding');

    await signIn(page, '1001', { path: `/profile/${employee.employeeId}?tab=compensation` });
    const salary = page.getByRole('region', { name: 'Salary', exact: true });
    await expect(salary.getByText('Basic salary').first()).toBeVisible();

    // A new basic salary from a day on; the form checks the amount as the API does.
    await salary.getByRole('button', { name: 'Change basic salary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change basic salary' });
    await dialog.getByLabel('Basic salary').fill('91234.567');
    await typeDate(page, 'Effective date', dmy(from), dialog);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Amount may have at most 2 decimals')).toBeVisible();
    await dialog.getByLabel('Basic salary').fill('91234.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been updated!')).toBeVisible();
    await expect(dialog).toBeHidden();
    const history = salary.getByRole('table', { name: 'Salary history' });
    const row = rowWith(history, dmy(from));
    await expect(row).toContainText('BDT 91,234.50');
    await expect(row).toContainText('Upcoming');
    // The nearest coming change beside the current amount (each figure kept in its own direction).
    await expect(salary).toContainText(new RegExp(`BDT\\s91,234\\.50\\W*from\\W*${dmy(from)}`));

    // A loan on the monthly payroll, and its first repayment.
    const loans = page.getByRole('region', { name: 'Loans', exact: true });
    await loans.getByRole('button', { name: 'Add loan' }).click();
    const add = page.getByRole('dialog', { name: 'Add loan' });
    await pickOption(page, 'Pay schedule', 'Head office monthly payroll', add);
    await add.getByLabel('Amount').fill('24000');
    await add.getByLabel('Installments').fill('6');
    await expect(add.getByText(/About\W*BDT\s4,000\.00\W*per installment/)).toBeVisible();
    await typeDate(page, 'Start date', dmy(today()), add);
    await add.getByLabel('Purpose').fill(purpose);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    await expect(add).toBeHidden();
    const loan = loans.getByRole('group', { name: purpose });
    await expect(loan).toContainText('BDT 24,000.00');
    await expect(loan).toContainText('0 of 6 paid');
    await expect(loan).toContainText('Active');

    await loan.getByRole('button', { name: 'Record repayment' }).click();
    const repayment = page.getByRole('dialog', { name: 'Record repayment' });
    await expect(repayment.getByLabel('Repayment')).toHaveValue('4000');
    await repayment.getByRole('button', { name: 'Save' }).click();
    await expect(repayment).toBeHidden();
    await expect(loan).toContainText('1 of 6 paid');
    await expect(loan).toContainText('Remaining: BDT 20,000.00');
    await page.screenshot({ path: testInfo.outputPath('compensation-admin-en.png'), fullPage: true });

    // The employee sees both on their own profile, without HR's buttons.
    await signIn(page, '1004', { path: '/profile?tab=compensation' });
    const own = page.getByRole('region', { name: 'Salary', exact: true });
    await expect(rowWith(own.getByRole('table', { name: 'Salary history' }), dmy(from))).toContainText(
      'BDT 91,234.50',
    );
    await expect(own.getByRole('button', { name: 'Change basic salary' })).toHaveCount(0);
    const ownLoan = page
      .getByRole('region', { name: 'Loans', exact: true })
      .getByRole('group', { name: purpose });
    await expect(ownLoan).toContainText('Remaining: BDT 20,000.00');
    await expect(ownLoan.getByRole('button', { name: 'Record repayment' })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('compensation-employee-en.png'), fullPage: true });

    // The same in Arabic, right to left.
    await page.getByRole('button', { name: 'Choose language' }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'العربية' }));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('region', { name: 'الراتب', exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('compensation-employee-ar.png'), fullPage: true });
    await page.getByRole('button', { name: /Choose language|اختر اللغة/ }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'English' }));
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

    // Their line manager reads the profile, but it has no Compensation tab, and the API refuses the pay.
    await signIn(page, '1003', { path: `/profile/${employee.employeeId}?tab=compensation` });
    await expect(page.getByRole('tab', { name: 'Documents' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Compensation' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Salary', exact: true })).toHaveCount(0);
    await expect(page.getByText('BDT 91,234.50')).toHaveCount(0);
    const refused = await manager.call('GET', `salaries?employee_id=${employee.employeeId}`);
    expect(refused.status()).toBe(403);
  });

  test('an HR admin manages the pay schedules and sees their next pay dates', async ({ page }) => {
    const name = unique('Factory payroll');
    await signIn(page, '1001', { path: '/admin/pay-schedules' });
    await expect(page.getByRole('heading', { name: 'Pay schedules', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add pay schedule', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New pay schedule' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('First pay date must not be empty')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await pickOption(page, 'Type', 'Weekly (52 a year)', dialog);
    await typeDate(page, 'First pay date', '01-01-2099', dialog);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    await page.getByRole('textbox', { name: 'Search' }).first().fill(name);
    const row = rowWith(page, name);
    await expect(row).toContainText('Weekly');
    await expect(row).toContainText('01-01-2099');
    await expect(row).toContainText('08-01-2099');

    // A type a schedule is of cannot be deleted: the answer says how many.
    await page.getByRole('tab', { name: 'Pay schedule types' }).click();
    const weekly = rowWith(page, /^Weekly/);
    await weekly.getByRole('button', { name: 'Delete Weekly' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByText(/Weekly cannot be deleted: \d+ pay schedules are of this type/),
    ).toBeVisible();
  });

  test('an employee cannot open the pay schedules screen', async ({ page }) => {
    await signIn(page, '1004', { path: '/admin/pay-schedules' });
    await expect(page.getByText('403')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add pay schedule' })).toHaveCount(0);
  });
});
