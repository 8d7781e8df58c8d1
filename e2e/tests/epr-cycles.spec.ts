import { expect, type Locator, type Page, test } from '@playwright/test';
import { clickToClose, pickOption, typeDate } from '../support/antd';
import { type ApiSession, apiAs, unique } from '../support/api';
import { signIn } from '../support/helpers';
import { approvedSheet } from '../support/kpi';

/**
 * Review cycles: HR administrator 1001 launches the reviews of a period in
 * one action and follows them. The period is a custom one far ahead, drawn
 * for this run, with one approved KPI sheet the test makes itself (1028, line
 * manager 1009, O&O 1002): a cycle for everyone finds that sheet alone.
 */

/** The reviews of 1028 made for the sheet, read through the EPR list. */
async function reviewsOf(employee: ApiSession, sheetId: number) {
  const list = await employee.get<{ items: { id: number; kpi: { id: number } }[] }>('eprs', {
    list_type: 'self',
    limit: 50,
  });
  return list.items.filter((r) => r.kpi.id === sheetId);
}

const drawerOf = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Picks a stage of the people filter (a segmented choice: its text is what one clicks). */
async function filterBy(drawer: Locator, choice: string) {
  await drawer.getByText(choice, { exact: true }).click();
  await expect(drawer.getByRole('radio', { name: choice })).toBeChecked();
}

test.describe('review cycles', () => {
  test('1001 launches a cycle for everyone, sees the progress and who has not started, and launches again without doubling anything', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const year = 2200 + Math.floor(Math.random() * 700);
    const employee = await apiAs(request, '1028');
    const sheetId = await approvedSheet(
      { employee, lineManager: await apiAs(request, '1009'), oneOverOne: await apiAs(request, '1002') },
      {
        from: `${year}-03-01`,
        to: `${year}-08-31`,
        name: unique('Cycle plan'),
        objective: 'Find defects before release',
        kpi: 'Defects found in testing',
        time: 'Every release',
        target: 20,
      },
    );
    const cycleName = unique('Mid-year reviews');

    await signIn(page, '1001', { path: '/admin/review-cycles' });
    await expect(page.getByRole('heading', { name: 'Review cycles' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Review cycles' }),
    ).toBeVisible();

    // The form says at once what is missing, and that the deadline may not come before the start.
    await page.getByRole('button', { name: 'Launch review cycle' }).click();
    const form = page.getByRole('dialog', { name: 'Launch review cycle' });
    await form.getByRole('button', { name: 'Launch', exact: true }).click();
    for (const message of [
      'Name must not be empty',
      'Type must not be empty',
      'Start date must not be empty',
      'End date must not be empty',
      'Deadline must not be empty',
    ])
      await expect(form.getByText(message)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('launch-form-en.png') });
    await form.getByLabel('Name').fill(cycleName);
    await pickOption(page, 'EPR type', 'Interim review', form);
    await typeDate(page, 'From', `01-03-${year}`, form);
    await typeDate(page, 'To', `31-08-${year}`, form);
    await typeDate(page, 'Deadline', `01-01-${year}`, form);
    await expect(form.getByText('The deadline must not be before the start date')).toBeVisible();
    await typeDate(page, 'Deadline', `30-09-${year}`, form);
    await expect(form.getByText('The deadline must not be before the start date')).toBeHidden();
    await form.getByRole('button', { name: 'Launch', exact: true }).click();
    await expect(form).toBeHidden();
    const launched = page.getByText('Review cycle launched. Reviews made: 1. Reviews taken in: 0.');
    await expect(launched).toBeVisible();

    // The cycle opens: nothing completed of one review, a draft, its employee not started.
    const drawer = drawerOf(page, cycleName);
    await expect(drawer).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/review-cycles\?cycle=\d+$/);
    const progress = drawer.getByRole('progressbar', { name: `Completed reviews of ${cycleName}` });
    await expect(progress).toHaveAttribute('aria-valuetext', 'Completed: 0 of 1');
    await expect(drawer.getByRole('list', { name: 'Reviews by status' })).toHaveText('Draft: 1');
    await expect(drawer.getByText(`30-09-${year}`)).toBeVisible();
    const person = drawer.getByRole('row').filter({ has: page.getByRole('link', { name: employee.name }) });
    await expect(person).toHaveCount(1);
    await expect(person).toContainText('Draft');
    await expect(person).toContainText('Not started');
    await expect(person).toContainText('Employee');
    const reviews = await reviewsOf(employee, sheetId);
    expect(reviews).toHaveLength(1);
    await expect(person.getByRole('link', { name: employee.name })).toHaveAttribute(
      'href',
      `/epr/${reviews[0]!.id}`,
    );
    await filterBy(drawer, 'Not started (1)');
    await expect(person).toBeVisible();
    await filterBy(drawer, "Line manager's turn (0)");
    await expect(person).toHaveCount(0);
    await expect(drawer.getByText('Nobody is waiting here.')).toBeVisible();
    await filterBy(drawer, 'All open (1)');
    await expect(person).toHaveCount(1);
    // The picture shows the screen, not the notice over it.
    await expect(launched).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath('review-cycle-en.png'), fullPage: true });

    // Launching again makes nothing: still one review, the same one.
    await drawer.getByRole('button', { name: 'Launch again' }).click();
    const confirm = page.getByRole('dialog', { name: `Launch ${cycleName} again?` });
    await confirm.getByRole('button', { name: 'Launch again' }).click();
    const nothing = page.getByText('Nothing new to launch: everyone eligible has a review already.');
    await expect(nothing).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuetext', 'Completed: 0 of 1');
    await expect(person).toHaveCount(1);
    expect((await reviewsOf(employee, sheetId)).map((r) => r.id)).toEqual([reviews[0]!.id]);

    // The list has the cycle with its progress, whom it covers and its deadline.
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: cycleName }) });
    await expect(row).toContainText('Everyone');
    await expect(row).toContainText('0 / 1');
    await expect(row).toContainText(`30-09-${year}`);
    await expect(row.getByRole('list', { name: 'Reviews by status' })).toHaveText('Draft: 1');
    await page.screenshot({ path: testInfo.outputPath('review-cycles-list-en.png'), fullPage: true });

    // The same screen right to left, in Arabic.
    await page.getByRole('button', { name: 'Choose language' }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'العربية' }));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'دورات المراجعة' })).toBeVisible();
    await row.getByRole('link', { name: cycleName }).click();
    await expect(drawer.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'المكتملة: 0 من 1');
    await expect(person).toContainText('لم تبدأ');
    await expect(nothing).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath('review-cycle-ar.png'), fullPage: true });
    await drawer.getByRole('button', { name: /Close|إغلاق/ }).click();
    await page.getByRole('button', { name: /Choose language|اختر اللغة/ }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'English' }));
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('an employee reaching the screen by its address is refused', async ({ page }) => {
    await signIn(page, '1004', { path: '/admin/review-cycles' });
    await expect(page.getByText('Only HR administrators may run review cycles.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Launch review cycle' })).toHaveCount(0);
  });
});
