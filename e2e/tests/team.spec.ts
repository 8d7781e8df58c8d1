import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/helpers';

interface Member {
  id: number;
  name: string;
  eid: string;
  designation: string | null;
  email: string | null;
  mobile: string | null;
  relation: 'line_manager' | 'peer' | 'report' | 'indirect_report';
}

/** The signed-in user's team as the API answers it, to compare the screen with. */
async function teamOf(page: Page): Promise<Member[]> {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('hr.session') ?? '{}').token as string,
  );
  const res = await page.request.get('/api/v1/employees/team?limit=50', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { items: Member[] }).items;
}

test.describe('team directory', () => {
  test.beforeEach(async ({ page }) => {
    // Every test starts in the card view.
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('team-spec')) {
        localStorage.removeItem('TEAM_VIEW_TYPE');
        sessionStorage.setItem('team-spec', '1');
      }
    });
  });

  test('a card opens the colleague’s profile; the line manager’s card is not a link', async ({ page }) => {
    await signIn(page, '1004');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Team' }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByRole('heading', { name: 'Team' })).toBeVisible();

    const team = await teamOf(page);
    const manager = team.find((m) => m.relation === 'line_manager')!;
    const peer = team.find((m) => m.relation === 'peer')!;
    expect(manager.eid).toBe('1003');

    const cards = page.getByTestId('team-card');
    await expect(cards).toHaveCount(team.length);
    const managerCard = cards.filter({ hasText: manager.name });
    await expect(managerCard).toContainText('Line manager');
    // The manager's card is no link, and nothing else links to them.
    await expect(page.getByRole('link', { name: new RegExp(manager.name) })).toHaveCount(0);
    await managerCard.click();
    await expect(page).toHaveURL(/\/team$/);

    await page.getByRole('link', { name: `Open the profile of ${peer.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${peer.id}$`));
  });

  test('the table view shows Name (with designation), Employee ID, E-mail and Mobile, and is remembered', async ({
    page,
  }) => {
    await signIn(page, '1003', { path: '/team' });
    await page.getByText('Table', { exact: true }).click();
    const table = page.getByRole('table');
    for (const header of ['Name', 'Employee ID', 'E-mail', 'Mobile'])
      await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
    const team = await teamOf(page);
    const report = team.find((m) => m.relation === 'report')!;
    const row = table.getByRole('row').filter({ hasText: report.name });
    await expect(row).toContainText(report.eid);
    await expect(row).toContainText(report.designation!);
    await expect(row).toContainText(report.email!);
    await expect(row).toContainText(report.mobile!);

    await page.reload();
    await expect(page.getByRole('columnheader', { name: 'Employee ID' })).toBeVisible();
    await expect(page.getByTestId('team-card')).toHaveCount(0);
    await page.getByText('Cards', { exact: true }).click();
    await expect(page.getByTestId('team-card').first()).toBeVisible();
  });

  test('the search box narrows the cards once typing pauses', async ({ page }) => {
    await signIn(page, '1004', { path: '/team' });
    const team = await teamOf(page);
    const cards = page.getByTestId('team-card');
    await expect(cards).toHaveCount(team.length);
    const someone = team.find((m) => m.relation === 'peer')!;
    await page.getByRole('textbox', { name: 'Search the team' }).fill(someone.eid);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(someone.name);
    await page.getByRole('textbox', { name: 'Search the team' }).fill('zzz-nobody');
    await expect(page.getByText('No one in your team matches “zzz-nobody”.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Search the team' }).fill('');
    await expect(cards).toHaveCount(team.length);
  });
});
