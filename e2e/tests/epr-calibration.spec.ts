import { expect, type Locator, type Page, test } from '@playwright/test';
import { clickToClose, typeDate } from '../support/antd';
import { type ApiSession, apiAs, unique } from '../support/api';
import { signIn } from '../support/helpers';
import { approvedSheet } from '../support/kpi';

/**
 * The calibration grid: a review of 1004 (line manager 1003, O&O 1002) made
 * and moved through the API, seen by the O&O and by HR (1001) in the cell of
 * its ratings, provisional while it awaits the line manager's approval, and
 * in its new cell once the line manager changes Section C at 10.
 */

const FROM = '2047-01-01';
const TO = '2047-06-30';

interface Review {
  id: number;
  section_a: { objectives: { lines: { id: number }[] }[] };
  section_b: { stables: { id: number }[] };
}

/** One side's actuals and ratings: the employee's, or the line manager's (`lm_` fields). */
async function fill(who: ApiSession, review: Review, side: 'self' | 'lm', a: number, b: number) {
  const field = (name: string) => (side === 'lm' ? `lm_${name}` : name);
  const lines = review.section_a.objectives.flatMap((o) => o.lines);
  await who.patch(
    `eprs/${review.id}/sections/a/objectives`,
    lines.map((l) => ({ objective_id: l.id, [field('actual')]: 9 })),
  );
  await who.patch(`eprs/${review.id}/sections/a`, { [field('rating')]: a });
  await who.patch(`eprs/${review.id}/sections/b`, { [field('rating')]: b });
  for (const st of review.section_b.stables) {
    await who.patch(`eprs/sections/b/stables/${st.id}`, { [field('rating')]: 2 });
  }
}

/** A cell of the grid, named by its code and title ("3.2 Results Superior, Behaviours Good"). */
const cell = (page: Page, code: string) =>
  page.getByRole('region', { name: new RegExp(`^${code.replace('.', '\\.')} `) });

/** The review's entry in a cell: the employee's name, a link to this review. */
function entry(page: Page, scope: Locator, name: string, id: number): Locator {
  const link = page.getByRole('link', { name, exact: true }).and(page.locator(`[href="/epr/${id}"]`));
  return scope.getByRole('listitem').filter({ has: link });
}

/** Types the period into the filters (both ends of the range, DD-MM-YYYY). */
async function filterPeriod(page: Page) {
  const filters = page.getByRole('region', { name: 'Filter Options' });
  await typeDate(page, filters.getByRole('textbox', { name: 'Period: from' }), '01-01-2047');
  await typeDate(page, filters.getByRole('textbox', { name: 'Period: to' }), '31-12-2047');
  await expect(page).toHaveURL(/from_date=2047-01-01/);
  await expect(page).toHaveURL(/to_date=2047-12-31/);
}

test.describe('EPR calibration', () => {
  test('the O&O and HR see the review in its cell; a Section C change at 10 moves it', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const employee = await apiAs(request, '1004');
    const lm = await apiAs(request, '1003');
    const oo = await apiAs(request, '1002');
    const kpiId = await approvedSheet(
      { employee, lineManager: lm, oneOverOne: oo },
      {
        from: '2047-01-01',
        to: '2047-12-31',
        name: unique('Calibration plan'),
        objective: 'Serve the key accounts',
        kpi: unique('Accounts renewed'),
      },
    );
    let review = await employee.post<Review>('eprs', {
      kpi_id: kpiId,
      type_id: 2,
      from_date: FROM,
      to_date: TO,
    });
    review = await employee.get<Review>(`eprs/${review.id}`);
    await fill(employee, review, 'self', 2, 3);
    await employee.patch('eprs/actions/submit', { epr_id: review.id });
    // The line manager rates KPIs 3 and values 2: provisionally at 3.2 until they approve.
    await fill(lm, review, 'lm', 3, 2);

    // The O&O opens the grid from the EPR list and filters by the review's period.
    await signIn(page, '1002', { path: '/epr' });
    await page.getByRole('link', { name: 'Calibration grid' }).click();
    await expect(page).toHaveURL(/\/epr\/calibration$/);
    await expect(page.getByRole('heading', { name: 'EPR calibration' })).toBeVisible();
    await filterPeriod(page);
    const provisional = cell(page, '3.2');
    await expect(provisional).toContainText('Results Superior, Behaviours Good');
    const pending = entry(page, provisional, employee.name, review.id);
    await expect(pending).toBeVisible();
    await expect(pending).toContainText('Provisional');

    // The line manager approves: Section C is set from those ratings, same cell, no longer provisional.
    await lm.patch('eprs/actions/approve-line-manager', { epr_id: review.id });
    await page.reload();
    const item = entry(page, cell(page, '3.2'), employee.name, review.id);
    await expect(item).toBeVisible();
    await expect(item).toContainText('Awaiting O&O');
    await expect(item).not.toContainText('Provisional');
    await page.screenshot({ path: testInfo.outputPath('calibration-en.png'), fullPage: true });

    // HR opens it from the sidebar and sees the same cell.
    await signIn(page, '1001', { path: '/epr' });
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'EPR calibration' })
      .click();
    await expect(page).toHaveURL(/\/epr\/calibration$/);
    await filterPeriod(page);
    await expect(entry(page, cell(page, '3.2'), employee.name, review.id)).toBeVisible();

    // The O&O returns it; the line manager changes Section C to 2.3; the O&O's grid has it after a reload.
    await signIn(page, '1002', { path: `/epr/calibration?from_date=2047-01-01&to_date=2047-12-31` });
    await expect(entry(page, cell(page, '3.2'), employee.name, review.id)).toBeVisible();
    await oo.patch('eprs/actions/update-requested', { epr_id: review.id });
    await lm.patch(`eprs/${review.id}/sections/c`, { kpi_rating: 2, stable_rating: 3 });
    await page.reload();
    const moved = cell(page, '2.3');
    await expect(moved).toContainText('Results Good, Behaviours Superior');
    const returned = entry(page, moved, employee.name, review.id);
    await expect(returned).toBeVisible();
    await expect(returned).toContainText('Returned to line manager');
    await expect(entry(page, cell(page, '3.2'), employee.name, review.id)).toHaveCount(0);

    // The same grid right to left, in Arabic.
    await page.getByRole('button', { name: 'Choose language' }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'العربية' }));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'معايرة تقييمات الأداء' })).toBeVisible();
    await expect(entry(page, cell(page, '2.3'), employee.name, review.id)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('calibration-ar.png'), fullPage: true });
    await page.getByRole('button', { name: /Choose language|اختر اللغة/ }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'English' }));
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('a line manager who is nobody’s O&O has no way in', async ({ page }) => {
    await signIn(page, '1003', { path: '/epr' });
    await expect(page.getByRole('heading', { name: 'EPR', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Calibration grid' })).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'EPR calibration' }),
    ).toHaveCount(0);
    await page.goto('/epr/calibration');
    await expect(
      page.getByText('Only HR administrators and O&Os (managers of line managers) see the calibration grid.'),
    ).toBeVisible();
  });
});
