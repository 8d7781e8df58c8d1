import { expect, type Locator, type Page, test } from '@playwright/test';
import { chooseView, clickToClose, pickOption } from '../support/antd';
import { apiAs, unique } from '../support/api';
import { dmy, freeWeek, iso, plusDays, today, years } from '../support/dates';
import { signIn, signInWithForm } from '../support/helpers';
import { approvedSheet } from '../support/kpi';

/**
 * The portal on a phone, 360 px wide: no page scrolls sideways, the lists
 * show their rows as cards (a list of list items, each named by its first
 * "title: value" pair, with the row's actions), and the menu opens from the
 * header as a drawer. The leave and remote work of 1002 are made in this
 * file only; the review is 1004's, on a period no other test uses.
 */

test.use({ viewport: { width: 360, height: 740 } });

/** The page is no wider than the window: nothing scrolls sideways. */
async function expectNoSideScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(
    scrollWidth,
    `${page.url()} is ${scrollWidth} px wide in a ${clientWidth} px window`,
  ).toBeLessThanOrEqual(clientWidth);
}

/** The card of a row in a list of cards, found by the row's own Actions button. */
function cardWith(list: Locator, actions: string): Locator {
  return list
    .getByRole('listitem')
    .filter({ has: list.page().getByRole('button', { name: actions, exact: true }) });
}

/** A list shown as cards: its list of cards is there, its table is not. */
async function expectCards(page: Page, name: string): Promise<Locator> {
  const list = page.getByRole('list', { name, exact: true });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('table', { name, exact: true })).toHaveCount(0);
  return list;
}

test.describe('on a phone', () => {
  test('signing in fits the screen, and the menu opens from the header', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectNoSideScroll(page);
    await page.goto('/forgotpassword');
    await expect(page.getByLabel('E-Id')).toBeVisible();
    await expectNoSideScroll(page);

    await signInWithForm(page, '1004');
    await expectNoSideScroll(page);
    // No sidebar beside the page: the menu is behind the header's button.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(360);
    await menu.getByRole('link', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/leave$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Leave' })).toBeVisible();
    await expectNoSideScroll(page);
  });

  test("an employee's request lists are cards, with their actions", async ({ page, request }) => {
    test.setTimeout(180_000);
    const admin = await apiAs(request, '1001');
    const employee = await apiAs(request, '1002');
    const colleague = await apiAs(request, '1003');

    const type = await admin.post<{ id: number; name: string }>('leave/types', {
      name: unique('Phone leave'),
      days: 10,
      short_leave_applied: false,
      has_balance: true,
      enabled: true,
    });
    const leaveDay = await freeWeek(employee, 'leave', years());
    const leaveIds: number[] = [];
    for (const day of [leaveDay, plusDays(leaveDay, 1)]) {
      const made = await employee.post<{ id: number }>('leave', {
        leave_format: 1,
        type_id: type.id,
        from: iso(day),
        to: iso(day),
        responsible_id: colleague.employeeId,
        leave_address: unique('Riverside, Barishal'),
      });
      leaveIds.push(made.id);
    }
    const leave = { id: leaveIds[0]! };
    const remoteDay = await freeWeek(employee, 'remote-work', years());
    const remoteNote = unique('Roadmap review from home');
    const remote = await employee.post<{ id: number }>('remote-work', {
      type_id: 1,
      from_date: iso(remoteDay),
      from_time: '10:00',
      to_time: '12:00',
      description: remoteNote,
    });
    const categories = await employee.get<{ value: string; name: string }[]>(
      'employee/service-requests/categories',
    );
    const category = categories.find((c) => c.value !== 'noc')!;
    const service = await employee.post<{ id: number }>('employee/service-requests', {
      category: category.value,
      issue_date: dmy(plusDays(today(), 5)),
      reason: unique('For the embassy'),
      description: unique('Employment certificate'),
    });
    const sheetName = unique('Phone plan');
    await employee.post('kpis', {
      allow_overlap: true,
      type_id: 2,
      from: '2055-01-01',
      to: '2055-12-31',
      name: sheetName,
    });

    await signIn(page, '1002', { path: '/leave' });
    const leaves = await expectCards(page, 'Leave');
    // Each card is named by its first pair, the request's ID.
    const leaveCard = leaves.getByRole('listitem', { name: `ID ${leave.id}`, exact: true });
    await expect(leaveCard).toBeVisible();
    await expect(leaveCard).toContainText(`Type${type.name}`);
    await expect(leaveCard).toContainText(dmy(leaveDay));
    await expect(leaveCard).toContainText('Draft');
    await expectNoSideScroll(page);
    // The row's actions work from the card.
    await leaveCard.getByRole('button', { name: `Actions for leave request ${leave.id}` }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'SUBMIT', exact: true }));
    await expect(leaveCard).toContainText('Submitted');
    // The sort the column headers gave is a select above the cards.
    const ids = () =>
      leaves
        .getByRole('listitem')
        .evaluateAll((cards) => cards.map((c) => Number(c.querySelector('dd')?.textContent)));
    await pickOption(page, 'Sort by', 'ID, ascending');
    await expect
      .poll(async () => {
        const shown = await ids();
        return (
          leaveIds.every((id) => shown.includes(id)) && shown.every((id, i) => i === 0 || shown[i - 1]! < id)
        );
      })
      .toBe(true);
    await expectNoSideScroll(page);

    await page.goto('/remote-work');
    const remotes = await expectCards(page, 'Remote Work');
    const remoteCard = cardWith(remotes, `Actions for remote-work request ${remote.id}`);
    await expect(remoteCard).toContainText(remoteNote);
    await expect(remoteCard).toContainText(dmy(remoteDay));
    await expectNoSideScroll(page);

    await page.goto('/hr-services');
    const services = await expectCards(page, 'HR Services');
    await expect(cardWith(services, `Actions for HR service request ${service.id}`)).toContainText(
      category.name,
    );
    await expectNoSideScroll(page);

    await page.goto('/kpi');
    const sheets = await expectCards(page, 'KPI');
    await expect(cardWith(sheets, `Actions for ${sheetName}`)).toContainText('Draft');
    await expectNoSideScroll(page);
  });

  test('the review list and the administration lists are cards; the other screens fit', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const employee = await apiAs(request, '1004');
    const planName = unique('Phone review plan');
    const kpiId = await approvedSheet(
      { employee, lineManager: await apiAs(request, '1003'), oneOverOne: await apiAs(request, '1002') },
      { from: '2056-01-01', to: '2056-12-31', name: planName, objective: 'Grow', kpi: unique('Deals') },
    );
    await employee.post('eprs', {
      kpi_id: kpiId,
      type_id: 2,
      from_date: '2056-01-01',
      to_date: '2056-06-30',
    });

    await signIn(page, '1004', { path: '/epr' });
    const reviews = await expectCards(page, 'EPR');
    const review = reviews.getByRole('listitem').filter({ hasText: '01-01-2056' });
    await expect(review).toHaveCount(1);
    await expect(review.getByRole('button', { name: /^Actions for / })).toBeVisible();
    await expectNoSideScroll(page);
    for (const path of ['/dashboard', '/team', '/profile', '/attendance']) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      // The page's data has come: no list busy loading, no loading lines, no spinner left.
      await expect(
        page
          .getByRole('main')
          .locator(
            '[aria-busy="true"], .plain-skeleton, .anticon-loading, .ant-skeleton, .ant-spin-spinning',
          ),
      ).toHaveCount(0);
      await expectNoSideScroll(page);
    }

    await signIn(page, '1001', { path: '/admin/companies' });
    const companies = await expectCards(page, 'Companies');
    const company = companies.getByRole('listitem', { name: /^Name Meghna Digital Ltd\./ });
    await expect(company).toBeVisible();
    await expect(company.getByRole('button', { name: 'Edit Meghna Digital Ltd.' })).toBeVisible();
    await expect(company.getByRole('button', { name: 'Delete Meghna Digital Ltd.' })).toBeVisible();
    await expectNoSideScroll(page);
    // Its form fits the screen.
    await company.getByRole('button', { name: 'Edit Meghna Digital Ltd.' }).click();
    const form = page.getByRole('dialog', { name: /company/i });
    await expect(form).toBeVisible();
    const box = await form.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 360).toBe(true);
    await page.keyboard.press('Escape');

    // The search results: a table of a few columns, its rows there before the width is measured.
    await page.goto('/employees');
    await expect(page.getByRole('table', { name: 'Search results' }).getByRole('row').nth(1)).toBeVisible();
    await expectNoSideScroll(page);
  });

  test('the attendance days, a KPI sheet’s lines, a review’s lines and the Team lists waiting on a decision are cards', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const employee = await apiAs(request, '1004');
    const lineManager = await apiAs(request, '1003');
    const kpi = unique('Phone deals');
    const planName = unique('Phone lines plan');
    const kpiId = await approvedSheet(
      { employee, lineManager, oneOverOne: await apiAs(request, '1002') },
      { from: '2057-01-01', to: '2057-12-31', name: planName, objective: 'Grow on the phone', kpi },
    );
    const review = await employee.post<{ id: number }>('eprs', {
      kpi_id: kpiId,
      type_id: 2,
      from_date: '2057-01-01',
      to_date: '2057-06-30',
    });

    // The attendance report: a card a day, with the punches and the shift.
    await signIn(page, '1004', { path: '/attendance' });
    const days = await expectCards(page, `Days of ${employee.name}`);
    await expect(days.getByRole('listitem').first()).toContainText('Punch in');
    await expect(days.getByRole('listitem').first()).toContainText('Shift');
    await expectNoSideScroll(page);

    // The sheet: a card a KPI line, with its target.
    await page.goto(`/kpi/${kpiId}`);
    const lines = await expectCards(page, 'KPIs of Grow on the phone');
    const line = lines.getByRole('listitem', { name: `KPI ${kpi}` });
    await expect(line).toContainText('Target');
    await expectNoSideScroll(page);

    // The review: a card a line, the actual typed in it, saved from under the lines.
    await page.goto(`/epr/${review.id}`);
    const reviewLines = await expectCards(page, 'KPI lines of Grow on the phone');
    const actual = reviewLines.getByRole('spinbutton', { name: `Actual of ${kpi}` });
    await actual.fill('7');
    await page.getByRole('button', { name: 'Save actual values' }).click();
    await expect(page.getByText('Section A has been updated!')).toBeVisible();
    await expect(reviewLines.getByRole('listitem', { name: `KPI ${kpi}` })).toContainText('70.00');
    await expectNoSideScroll(page);

    // What waits for the line manager: the Team lists are cards too.
    await signIn(page, '1003', { path: '/epr' });
    await chooseView(page, 'Team');
    const team = await expectCards(page, 'EPR');
    await expect(
      team
        .getByRole('listitem')
        .first()
        .getByRole('button', { name: /^Actions for / }),
    ).toBeVisible();
    await expectNoSideScroll(page);
    await page.goto('/leave');
    await chooseView(page, 'Team');
    await expectCards(page, 'Leave');
    await expectNoSideScroll(page);
    await employee.call('DELETE', 'eprs', { epr_id: review.id });
  });
});
