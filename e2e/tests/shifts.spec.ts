import { expect, test } from '@playwright/test';
import { clickToClose, pickOption, rowWith, typeDate } from '../support/antd';
import { apiAs, unique } from '../support/api';
import { dmy, plusDays, today } from '../support/dates';
import { signIn } from '../support/helpers';

test.describe('shifts', () => {
  test('an HR admin makes a night shift, changes it, and assigns it from a profile', async ({
    page,
    request,
  }, testInfo) => {
    const name = unique('Night');
    // A week back: the shift of today on the server's calendar, whatever the browser's time zone.
    const from = plusDays(today(), -7);
    // Nobody else's browser test uses this employee (a sales manager of the logistics company).
    const target = await apiAs(request, '1012');

    await signIn(page, '1001', { path: '/admin/shifts' });
    await expect(page.getByRole('heading', { name: 'Shifts', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add shift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add shift' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Name must not be empty')).toBeVisible();
    await expect(dialog.getByText('Start must not be empty')).toBeVisible();

    await dialog.getByLabel('Name').fill(name);
    await typeDate(page, 'Start', '22:00', dialog);
    await typeDate(page, 'End', '22:00', dialog);
    await expect(dialog.getByText('The end must not be the start')).toBeVisible();
    await typeDate(page, 'End', '06:00', dialog);
    await expect(dialog.getByText('Ends the next day')).toBeVisible();
    await dialog.getByLabel('Grace (minutes)').fill('10');
    await dialog.getByRole('checkbox', { name: "The company's weekly off day" }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Friday' }).check();
    await dialog.getByRole('checkbox', { name: 'Saturday' }).check();
    await page.screenshot({ path: testInfo.outputPath('shift-form-en.png') });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('textbox', { name: 'Search' }).fill(name);
    const row = rowWith(page, name);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('22:00 – 06:00 (next day)');
    await expect(row).toContainText('Fri, Sat');
    await expect(row).toContainText('Active');

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit shift' });
    await expect(edit.getByLabel('Name')).toHaveValue(name);
    await expect(edit.getByRole('checkbox', { name: 'Friday' })).toBeChecked();
    await typeDate(page, 'End', '07:00', edit);
    await edit.getByLabel('Grace (minutes)').fill('20');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been updated!')).toBeVisible();
    await expect(row).toContainText('22:00 – 07:00 (next day)');
    await expect(row).toContainText('20');
    await page.screenshot({ path: testInfo.outputPath('shifts-list-en.png'), fullPage: true });

    // The default shift stays enabled and the default: its switches are locked, with the reason.
    await page.getByRole('textbox', { name: 'Search' }).fill('General');
    const general = rowWith(page, 'General');
    await expect(general).toContainText('Default');
    await general.getByRole('button', { name: 'Edit General' }).click();
    const locked = page.getByRole('dialog', { name: 'Edit shift' });
    await expect(locked.getByRole('switch', { name: 'Enabled' })).toBeDisabled();
    await expect(locked.getByText('The default shift stays enabled')).toBeVisible();
    await locked.getByRole('button', { name: 'Cancel' }).click();
    await expect(locked).toBeHidden();

    // Assigned from the profile, with a from date.
    await page.goto(`/profile/${target.employeeId}`);
    const card = page.getByRole('region', { name: 'Shift', exact: true });
    await card.getByRole('button', { name: 'Assign shift' }).click();
    const assign = page.getByRole('dialog', { name: 'Assign a shift' });
    await pickOption(page, 'Shift', new RegExp(`^${name} · 22:00 – 07:00`), assign);
    await typeDate(page, 'From date', dmy(from), assign);
    await assign.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been updated!')).toBeVisible();
    await expect(assign).toBeHidden();

    await expect(card).toContainText(name);
    await expect(card).toContainText('22:00 – 07:00 (next day)');
    await expect(card).toContainText('Friday, Saturday');
    await expect(card).toContainText(dmy(from));
    const history = card.getByRole('table', { name: 'Shift history' });
    await expect(rowWith(history, name)).toContainText(dmy(from));
    await expect(rowWith(history, name)).toContainText('Current');
    await card.screenshot({ path: testInfo.outputPath('profile-shift-en.png') });

    // The same, right to left, in Arabic.
    await page.getByRole('button', { name: 'Choose language' }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'العربية' }));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const cardAr = page.getByRole('region', { name: 'الوردية', exact: true });
    await expect(cardAr).toContainText('22:00 – 07:00 (اليوم التالي)');
    await cardAr.screenshot({ path: testInfo.outputPath('profile-shift-ar.png') });
    await page.goto('/admin/shifts');
    await expect(page.getByRole('heading', { name: 'الورديات' })).toBeVisible();
    // Every shift: the default one beside the new one.
    await expect(rowWith(page, name)).toContainText('(اليوم التالي)');
    await expect(rowWith(page, 'General')).toContainText('افتراضية');
    await page.screenshot({ path: testInfo.outputPath('shifts-list-ar.png'), fullPage: true });
    await rowWith(page, name)
      .getByRole('button', { name: `تعديل ${name}` })
      .click();
    await expect(page.getByRole('dialog', { name: 'تعديل الوردية' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('shift-form-ar.png') });
    await page.getByRole('dialog', { name: 'تعديل الوردية' }).getByRole('button', { name: 'إلغاء' }).click();
    await page.getByRole('button', { name: /Choose language|اختر اللغة/ }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'English' }));
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('an employee cannot open the shifts screen', async ({ page }) => {
    await signIn(page, '1004', { path: '/admin/shifts' });
    await expect(page.getByText('403')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add shift' })).toHaveCount(0);
  });
});
