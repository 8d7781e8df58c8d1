import { expect, type Page, test } from '@playwright/test';
import { type ApiSession, apiAs } from '../support/api';
import { signIn } from '../support/helpers';

interface Node {
  id: number;
  eid: string;
  name: string;
  designation: string | null;
  reports_count: number;
}
interface Branch {
  manager_id: number;
  items: Node[];
  total: number;
}
interface Chart {
  chain: Node[];
  person: Node;
  reports: Branch;
  branches: Branch[];
}

/** The viewer's chart as the API answers it, and a branch beside their line that they have not opened. */
async function chartOf(api: ApiSession) {
  const chart = await api.get<Chart>('employees/org-chart');
  const lm = chart.chain.at(-1)!;
  const oo = chart.chain.at(-2)!;
  const ooRow = chart.branches.find((b) => b.manager_id === oo.id)!;
  // Someone else the O&O manages, with reports of their own: their branch is closed at first.
  const sibling = ooRow.items.find((n) => n.id !== lm.id && n.reports_count > 0)!;
  const siblingReports = (await api.get<{ items: Node[] }>(`employees/org-chart/${sibling.id}/reports`))
    .items;
  // The chain leads each row; the others follow by name.
  const ooRowShown = [lm, ...ooRow.items.filter((n) => n.id !== lm.id)];
  const peer = chart.branches
    .find((b) => b.manager_id === lm.id)!
    .items.find((n) => n.id !== chart.person.id)!;
  return { chart, lm, oo, sibling, siblingReports, siblingAt: ooRowShown.indexOf(sibling), peer };
}

async function openChart(page: Page, eid: string) {
  await signIn(page, eid, { path: '/team' });
  await page.getByText('Chart', { exact: true }).click();
  const tree = page.getByRole('tree', { name: 'Organisation chart' });
  await expect(tree).toBeVisible();
  return tree;
}

test.describe('organisation chart', () => {
  test.beforeEach(async ({ page }) => {
    // Every test starts in the card view.
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('org-chart-spec')) {
        localStorage.removeItem('TEAM_VIEW_TYPE');
        sessionStorage.setItem('org-chart-spec', '1');
      }
    });
  });

  test('shows the viewer under their line manager and O&O, opens a branch on demand, moves by keyboard and links to profiles', async ({
    page,
  }) => {
    const api = await apiAs(page.request, '1004');
    const { chart, lm, oo, sibling, siblingReports, siblingAt, peer } = await chartOf(api);
    expect([oo.eid, lm.eid]).toEqual(['1002', '1003']);
    expect(siblingReports.length).toBeGreaterThan(0);

    const tree = await openChart(page, '1004');
    const item = (name: string) => tree.getByRole('treeitem', { name, exact: true });
    const me = item(api.name);
    const lmItem = item(lm.name);
    const ooItem = item(oo.name);

    // The viewer, highlighted, under their line manager under their O&O; the chain is open.
    await expect(me).toHaveAttribute('aria-current', 'true');
    await expect(me).toContainText('You');
    // The job title is read once, in the box's description, not also as its visible line.
    const title = chart.person.designation!;
    const box = me.locator('.org-box').first();
    const read = await box.ariaSnapshot();
    expect(read.split(title).length - 1, read).toBe(1);
    await expect(me).toHaveAttribute('aria-level', String(chart.chain.length + 1));
    await expect(ooItem.getByRole('treeitem', { name: lm.name, exact: true })).toBeVisible();
    await expect(lmItem.getByRole('treeitem', { name: api.name, exact: true })).toBeVisible();
    await expect(ooItem).toHaveAttribute('aria-expanded', 'true');
    await expect(lmItem).toHaveAttribute('aria-expanded', 'true');
    await expect(lmItem).toHaveAttribute('aria-level', String(chart.chain.length));
    // As on the team cards, the viewer's own line manager is no link.
    await expect(tree.getByRole('link', { name: lm.name, exact: true })).toHaveCount(0);

    // A branch beside the viewer's loads when it is first opened, and closes again.
    const siblingItem = item(sibling.name);
    const firstReport = siblingReports[0]!;
    await expect(siblingItem).toHaveAttribute('aria-expanded', 'false');
    await expect(item(firstReport.name)).toHaveCount(0);
    const loaded = page.waitForResponse(
      (res) => res.url().includes(`/api/v1/employees/org-chart/${sibling.id}/reports`) && res.ok(),
    );
    await siblingItem.getByRole('button', { name: `Show the direct reports of ${sibling.name}` }).click();
    await loaded;
    await expect(siblingItem).toHaveAttribute('aria-expanded', 'true');
    await expect(siblingItem.getByRole('treeitem')).toHaveCount(siblingReports.length);
    await expect(siblingItem.getByRole('treeitem', { name: firstReport.name, exact: true })).toBeVisible();
    await siblingItem.getByRole('button', { name: `Hide the direct reports of ${sibling.name}` }).click();
    await expect(siblingItem).toHaveAttribute('aria-expanded', 'false');
    await expect(item(firstReport.name)).toHaveCount(0);

    // The keyboard: up the chain, down into a row, sideways along it, Enter and Space open and close.
    const branchCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes(`/employees/org-chart/${sibling.id}/reports`)) branchCalls.push(req.url());
    });
    await me.focus();
    await expect(me).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(lmItem).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(ooItem).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(lmItem).toBeFocused();
    for (let i = 0; i < siblingAt; i++) await page.keyboard.press('ArrowRight');
    await expect(siblingItem).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(siblingItem).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(siblingItem.getByRole('treeitem', { name: firstReport.name, exact: true })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(siblingItem).toBeFocused();
    await page.keyboard.press('Space');
    await expect(siblingItem).toHaveAttribute('aria-expanded', 'false');
    // Opened a second time, the branch came from the cache.
    expect(branchCalls).toEqual([]);

    // A name opens that colleague's profile.
    await tree.getByRole('link', { name: peer.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${peer.id}$`));
  });

  test('is remembered like the other views, centres on someone else and back on the viewer', async ({
    page,
  }) => {
    const api = await apiAs(page.request, '1004');
    const { oo, sibling } = await chartOf(api);
    let tree = await openChart(page, '1004');
    await page.reload();
    tree = page.getByRole('tree', { name: 'Organisation chart' });
    await expect(tree.getByRole('treeitem', { name: api.name, exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await tree.getByRole('button', { name: `Centre the chart on ${sibling.name}` }).click();
    await expect(page.getByText(`Centred on ${sibling.name}`)).toBeVisible();
    const centred = tree.getByRole('treeitem', { name: sibling.name, exact: true });
    await expect(centred).toHaveAttribute('aria-expanded', 'true');
    await expect(centred).toBeFocused();
    await expect(tree.getByRole('treeitem', { name: oo.name, exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(tree.getByRole('treeitem', { name: api.name, exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Centre on me' }).click();
    const me = tree.getByRole('treeitem', { name: api.name, exact: true });
    await expect(me).toBeFocused();
    await expect(page.getByText(`Centred on ${sibling.name}`)).toHaveCount(0);
  });
});
