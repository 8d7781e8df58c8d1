import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs } from '../support/api';
import { DEMO_PASSWORD } from '../support/helpers';

/**
 * Arabic mirrors the portal: the sidebar on the right, tables read from the
 * right, drawers come in from the left, charts grow leftwards, icons that
 * point a way point the other way. Numbers, dates and Latin names inside it
 * keep their own left-to-right order.
 *
 * The language a user picks is saved with their account, so these tests sign
 * in as an employee no other test signs in as (1014), and no other test sees
 * the portal in Arabic because of them.
 */
const EID = '1014';

/**
 * Signs 1014 in with the portal in Arabic from the first page (the language
 * the account and the browser keep), then opens `path`. Not `signIn`: once
 * the account keeps Arabic, its English "User menu" never shows.
 */
async function inArabic(page: Page, path: string) {
  const res = await page.request.post('/api/v1/login_check', {
    data: { username: EID, password: DEMO_PASSWORD, app_id: 3 },
  });
  expect(res.ok(), `sign-in of ${EID}`).toBeTruthy();
  const user = (await res.json()) as { token: string };
  // The account keeps Arabic too: the portal adopts the account's language once it knows the user.
  const saved = await page.request.put('/api/v1/me/language', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { language: 'ar' },
  });
  expect(saved.ok(), 'Arabic saved for the account').toBeTruthy();
  await page.goto('/api/health');
  await page.evaluate((value) => {
    localStorage.setItem('hr.session', JSON.stringify(value));
    localStorage.setItem('hr.language', 'ar');
  }, user);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'قائمة المستخدم' })).toContainText(/\S/);
}

async function box(locator: Locator) {
  await expect(locator).toBeVisible();
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

/** The computed transform of the icon (the svg's own box) inside a button. */
const iconTransform = (button: Locator) =>
  button.evaluate((b) => {
    const svg = b.querySelector('svg');
    return svg?.parentElement ? getComputedStyle(svg.parentElement).transform : null;
  });

const FLIPPED = 'matrix(-1, 0, 0, 1, 0, 0)';

/**
 * Whether `text`, inside `scope`, is drawn left to right: every character
 * stands right of the one before it (the text is on one line). Null when the
 * text is not there.
 */
const drawnLeftToRight = (scope: Locator, text: string) =>
  scope.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let joined = '';
    const nodes: { node: Text; from: number }[] = [];
    for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
      nodes.push({ node: n, from: joined.length });
      joined += n.data;
    }
    const at = joined.indexOf(wanted);
    if (at < 0) return null;
    const range = document.createRange();
    let last = Number.NEGATIVE_INFINITY;
    for (let k = at; k < at + wanted.length; k++) {
      if (/\s/.test(joined[k]!)) continue;
      const holder = nodes.filter((n) => n.from <= k).at(-1)!;
      range.setStart(holder.node, k - holder.from);
      range.setEnd(holder.node, k - holder.from + 1);
      const x = range.getBoundingClientRect().x;
      if (x < last) return false;
      last = x;
    }
    return true;
  }, text);

test.describe('right to left, in Arabic', () => {
  test('the shell, a list and its drawer are mirrored; direction icons flip, others do not', async ({
    page,
  }) => {
    await inArabic(page, '/kpi');
    await expect(page.getByRole('heading', { name: 'KPI', exact: true })).toBeVisible();

    // The sidebar stands right of the page.
    const nav = await box(page.getByRole('navigation', { name: 'القائمة الرئيسية' }));
    const main = await box(page.getByRole('main'));
    expect(nav.x).toBeGreaterThanOrEqual(main.x + main.width - 1);

    // "Fold the menu" points towards the sidebar, on the right: its icon is mirrored. A search
    // icon points nowhere and keeps its shape.
    await expect.poll(() => iconTransform(page.getByRole('button', { name: 'طي القائمة' }))).toBe(FLIPPED);
    const search = page.getByRole('button', { name: /بحث$/ });
    await expect(search).toBeVisible();
    expect(await iconTransform(search)).toBe('none');

    // The list's first column is its rightmost.
    const headers = page.getByRole('table').first().getByRole('columnheader');
    await expect(headers.first()).toBeVisible();
    const first = await box(headers.first());
    const last = await box(headers.last());
    expect(first.x).toBeGreaterThan(last.x);

    // The drawer of filters comes in from the left edge.
    await page.getByRole('button', { name: 'اختر عوامل التصفية' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'اختر عوامل التصفية' });
    const panel = await box(drawer);
    expect(panel.x).toBeLessThanOrEqual(1);
    expect(panel.x + panel.width).toBeLessThan(page.viewportSize()!.width / 2);
  });

  test('E-IDs, dates and Latin names keep their order inside Arabic text', async ({ page, request }) => {
    const me = await apiAs(request, EID);
    const { employee } = await me.get<{ employee: { name: string; company: string } }>('me');

    // The attendance report: "E-ID: 1014" and "from 01-MM-YYYY to DD-MM-YYYY" between Arabic words.
    await inArabic(page, '/attendance');
    const header = page.getByRole('region', { name: `حضور ${employee.name}` });
    await expect(header).toContainText(EID);
    const isolated = header.locator('bdi');
    await expect(isolated.filter({ hasText: /^\d{2}-\d{2}-\d{4}$/ })).toHaveCount(2);
    for (const bdi of await isolated.all()) {
      const text = (await bdi.textContent()) ?? '';
      expect(await drawnLeftToRight(bdi, text), text).toBe(true);
    }

    // A company name ending in a full stop keeps the stop after its last letter on the profile.
    expect(employee.company).toMatch(/\.$/);
    await page.goto('/profile');
    const company = page.getByRole('cell').filter({ hasText: employee.company }).last();
    await expect(company).toBeVisible();
    expect(await drawnLeftToRight(company, employee.company)).toBe(true);
  });

  test('the organisation chart grows from the right', async ({ page, request }) => {
    const chart = await (await apiAs(request, EID)).get<{ chain: { name: string }[] }>('employees/org-chart');
    await inArabic(page, '/team');
    await page.getByText('المخطط', { exact: true }).click();
    const tree = page.getByRole('tree', { name: 'الهيكل التنظيمي' });
    const me = tree.getByRole('treeitem', { name: 'Arif Uddin', exact: true });
    await expect(me).toBeVisible();
    // The people beside 1014, in the order the chart lists them: each one left of the one before.
    const row = await me.evaluate((item) =>
      Array.from(item.parentElement?.children ?? [])
        .filter((c) => c.getAttribute('role') === 'treeitem')
        .map((c) => c.getBoundingClientRect().x),
    );
    expect(row.length).toBeGreaterThan(1);
    for (let k = 1; k < row.length; k++) expect(row[k]!).toBeLessThan(row[k - 1]!);
    // The top of the chart stands at its right side.
    const top = await box(tree.getByText(chart.chain[0]!.name, { exact: true }).first());
    const whole = await box(tree);
    expect(top.x).toBeGreaterThan(whole.x + whole.width / 2);
  });
});
