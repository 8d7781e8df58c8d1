import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs, unique } from '../support/api';
import { signIn, signInInArabic } from '../support/helpers';
import { approvedSheet } from '../support/kpi';

/**
 * A performance review of 1004 (line manager 1003, O&O 1002) the whole way
 * through both send-back loops, on an approved KPI sheet the test makes
 * itself (a custom period far ahead, named uniquely).
 */

const VALUES = ['Integrity', 'Customer focus', 'Teamwork', 'Ownership'];
/** A valid one-pixel PNG, for the evidence of a line. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Picks a file through the line's Add image button, as a user does. */
async function attach(page: Page, kpiName: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: `Add an evidence image to ${kpiName}` }).click();
  await (await chooser).setFiles(file);
}

async function tab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
}

/** Picks a rating in one of the page's rating forms (by its region) and saves it. */
async function rate(page: Page, region: Locator, rating: string) {
  // Button-style radios: the label is what one clicks.
  const group = region.getByRole('radiogroup');
  await group.getByText(rating, { exact: true }).click();
  await expect(group.getByRole('radio', { name: rating })).toBeChecked();
  await region.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your data has been saved!').last()).toBeVisible();
}

/** Picks a rating in one of Section B's regions; the section is saved once, after all of them. */
async function choose(region: Locator, rating: string) {
  const group = region.getByRole('radiogroup');
  await group.getByText(rating, { exact: true }).click();
  await expect(group.getByRole('radio', { name: rating })).toBeChecked();
}

/** Saves Section B with its one button: one call, and the button keeps the focus. */
async function saveSectionB(page: Page) {
  let calls = 0;
  const count = (r: { url: () => string; method: () => string }) => {
    if (r.method() === 'PATCH' && /\/api\/v1\/eprs\/(\d+\/sections\/b|sections\/b\/)/.test(r.url()))
      calls += 1;
  };
  page.on('request', count);
  const save = page.getByRole('button', { name: 'Save Section B' });
  await save.click();
  await expect(page.getByText('Your data has been saved!').last()).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Every rating of Section B is saved.' }),
  ).toBeVisible();
  await expect(save).toBeFocused();
  page.off('request', count);
  expect(calls).toBe(1);
}

/** Takes a header action and confirms it. */
async function act(page: Page, action: string, status: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: action }) })
    .last();
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Status has been updated!').last()).toBeVisible();
  await expect(page.getByText(status).first()).toBeVisible();
}

test.describe('performance reviews', () => {
  test('1004 fills and submits; 1003 sends back; again; 1003 approves; 1002 returns; 1003 changes Section C; 1002 approves', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const employee = await apiAs(request, '1004');
    const lm = await apiAs(request, '1003');
    const oo = await apiAs(request, '1002');
    const kpiName = unique('Customers won');
    const kpiId = await approvedSheet(
      { employee, lineManager: lm, oneOverOne: oo },
      {
        from: '2042-01-01',
        to: '2042-12-31',
        name: unique('Review plan'),
        objective: 'Win new customers',
        kpi: kpiName,
      },
    );
    const review = await employee.post<{ id: number }>('eprs', {
      kpi_id: kpiId,
      type_id: 2,
      from_date: '2042-01-01',
      to_date: '2042-06-30',
    });
    const url = `/epr/${review.id}`;

    // The employee types an actual; Submit asks to save it first.
    await signIn(page, '1004', { path: url });
    await expect(page.getByRole('tab', { name: 'Section A (KPI)' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('spinbutton', { name: `Actual of ${kpiName}` }).fill('8');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const saveFirst = page.getByRole('dialog').filter({ hasText: 'Save the actual values first' });
    await expect(saveFirst).toBeVisible();
    await saveFirst.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Save actual values' }).click();
    await expect(page.getByText('Section A has been updated!')).toBeVisible();
    // 8 of 10 is 80 %, a mark of 80 on a weight of 100.
    const line = page.getByRole('row', { name: new RegExp(kpiName) });
    await expect(line).toContainText('80.00');
    // Evidence: a picture over 200 KB is refused at once; a small PNG is kept on the line.
    await attach(page, kpiName, {
      name: 'scan.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(210 * 1024, 1),
    });
    await expect(page.getByText('Image must smaller than 200KB!')).toBeVisible();
    await attach(page, kpiName, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('You can only upload JPG/PNG file!')).toBeVisible();
    await attach(page, kpiName, { name: 'signed-order.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await expect(line.getByRole('button', { name: 'Open signed-order.png' })).toBeVisible();
    await rate(page, page.getByRole('region', { name: 'Section A rating' }), '2 · Fully met');
    await tab(page, 'Section B (Value)');
    // The line manager's side is not shown to the employee before the line manager has passed it on.
    await expect(page.getByText("Line manager's rating")).toHaveCount(0);
    for (const value of VALUES) await choose(page.getByRole('region', { name: value }), '2 · Fully met');
    await choose(page.getByRole('region', { name: 'Section B rating' }), '3 · Exceeded expectations');
    await expect(
      page.getByRole('status').filter({ hasText: 'Ratings of Section B chosen but not saved.' }),
    ).toBeVisible();
    // Unsaved ratings: leaving the page asks first, and staying keeps them; Submit asks to save first.
    await page.getByRole('button', { name: 'EPR list' }).click();
    const leave = page.getByRole('dialog').filter({ hasText: 'Leave without saving?' });
    await expect(leave).toContainText('Changes on this page are not saved yet.');
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${url}$`));
    await expect(
      page
        .getByRole('region', { name: 'Section B rating' })
        .getByRole('radio', { name: '3 · Exceeded expectations' }),
    ).toBeChecked();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const saveBFirst = page.getByRole('dialog').filter({ hasText: 'Save Section B first' });
    await saveBFirst.getByRole('button', { name: 'OK' }).click();
    await expect(saveBFirst).toBeHidden();
    await saveSectionB(page);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText("You won't be able to edit it once submitted");
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Awaiting line manager').first()).toBeVisible();

    // The line manager fills their side and a plan row, then sends it back.
    await signIn(page, '1003', { path: url });
    // The employee's evidence opens for the line manager.
    await page.getByRole('button', { name: 'Open signed-order.png' }).click();
    await expect(page.getByRole('img', { name: 'signed-order.png' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('spinbutton', { name: `Line manager's actual of ${kpiName}` }).fill('10');
    await page.getByRole('button', { name: 'Save actual values' }).click();
    await expect(page.getByText('Section A has been updated!')).toBeVisible();
    await expect(page.getByText('100.00').first()).toBeVisible();
    await rate(page, page.getByRole('region', { name: 'Section A rating' }), '3 · Exceeded expectations');
    await tab(page, 'Section B (Value)');
    for (const value of VALUES) await choose(page.getByRole('region', { name: value }), '2 · Fully met');
    await choose(page.getByRole('region', { name: 'Section B rating' }), '2 · Fully met');
    await saveSectionB(page);
    await tab(page, 'Section D (IDP/Remarks)');
    await page.getByRole('button', { name: 'Add a plan row' }).click();
    const plan = page.getByRole('dialog', { name: 'Add a plan row' });
    await plan.getByRole('button', { name: 'Save' }).click();
    await expect(plan.getByText('Development area must not be empty')).toBeVisible();
    await plan.getByLabel('Development area').fill('Negotiation');
    await plan.getByLabel('Action plan').fill('Join two contract negotiations with sales');
    await plan.getByLabel('When').fill('Next quarter');
    await plan.getByLabel('Who').fill('Line manager');
    await plan.getByRole('button', { name: 'Save' }).click();
    await expect(plan).toBeHidden();
    await expect(page.getByRole('region', { name: 'Individual development plan' })).toContainText(
      'Negotiation',
    );
    await act(page, 'Update Request', 'Sent back to employee');

    // The employee submits again.
    await signIn(page, '1004', { path: url });
    await act(page, 'Submit', 'Awaiting line manager');

    // Sent back, the line manager's side is still theirs: the employee sees no LM column or total.
    await expect(page.getByRole('columnheader', { name: 'LM actual' })).toHaveCount(0);
    await expect(page.getByText("Line manager's total mark")).toHaveCount(0);

    // The line manager approves; Section C starts from their ratings (3 for KPIs, 2 for values).
    await signIn(page, '1003', { path: url });
    await act(page, 'Approve', 'Awaiting O&O');

    // Passed on, the line manager's side shows to the employee.
    await signIn(page, '1004', { path: url });
    await expect(page.getByRole('columnheader', { name: 'LM actual' })).toBeVisible();
    await expect(page.getByText("Line manager's total mark")).toBeVisible();

    // The O&O sees the summary first and returns the review to the line manager.
    await signIn(page, '1002', { path: url });
    await expect(page.getByRole('tab', { name: 'Section C (Overall)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('region', { name: 'Section C (Overall)' })).toContainText('3.2');
    await act(page, 'Update Request', 'Returned to line manager');

    // The line manager changes the value rating and approves again.
    await signIn(page, '1003', { path: url });
    await tab(page, 'Section C (Overall)');
    const c = page.getByRole('region', { name: 'Section C (Overall)' });
    const valueRating = c.getByRole('radiogroup', { name: 'Value rating' });
    await valueRating.getByText('3 · Exceeded expectations', { exact: true }).click();
    await expect(valueRating.getByRole('radio', { name: '3 · Exceeded expectations' })).toBeChecked();
    await c.getByRole('button', { name: 'Save' }).click();
    await expect(c).toContainText('3.3');
    await expect(c).toContainText('Results Superior, Behaviours Superior');
    await act(page, 'Approve', 'Awaiting O&O');

    await signIn(page, '1002', { path: url });
    await act(page, 'Approve', 'Completed');
    await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);

    // The O&O's calibration grid shows the completed review in the cell of its Section C, 3.3.
    await signIn(page, '1002', { path: '/epr/calibration?from_date=2042-01-01&to_date=2042-06-30' });
    const cell = page.getByRole('region', { name: /^3\.3 / });
    // (A retry of this test makes another review of the same person: the link names this one.)
    await expect(
      cell
        .getByRole('link', { name: employee.name, exact: true })
        .and(page.locator(`[href="/epr/${review.id}"]`)),
    ).toBeVisible();
  });
  test('in Arabic, submitting a review with nothing filled says what is missing in Arabic', async ({
    page,
    request,
  }) => {
    const employee = await apiAs(request, '1004');
    const lm = await apiAs(request, '1003');
    const oo = await apiAs(request, '1002');
    const year = 2070 + Math.floor(Math.random() * 20);
    const kpiId = await approvedSheet(
      { employee, lineManager: lm, oneOverOne: oo },
      {
        from: `${year}-01-01`,
        to: `${year}-12-31`,
        name: unique('Arabic plan'),
        objective: 'Win new customers',
        kpi: unique('Customers won'),
      },
    );
    const review = await employee.post<{ id: number }>('eprs', {
      kpi_id: kpiId,
      type_id: 2,
      from_date: `${year}-01-01`,
      to_date: `${year}-06-30`,
    });

    await signInInArabic(page, '1004', `/epr/${review.id}`);
    await page.getByRole('button', { name: 'تقديم', exact: true }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'تقديم هذه المراجعة؟' });
    await confirm.getByRole('button', { name: 'تقديم' }).click();
    const told = page.getByText(/المراجعة غير مكتملة/);
    await expect(told).toBeVisible();
    await expect(told).toContainText('قيمة فعلية واحدة في القسم أ');
    await expect(told).toContainText('تقييم القسم أ');
    await expect(told).not.toContainText('Section');
    await employee.del('eprs', { epr_id: review.id });
  });
});
