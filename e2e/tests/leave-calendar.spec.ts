import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y';
import { type ApiSession, apiAs, unique } from '../support/api';
import { freeWeek, iso, plusDays, years } from '../support/dates';
import { signIn, signInInArabic } from '../support/helpers';

/**
 * The team calendar and the calendar feeds, with leave of 1017 (line manager
 * 1003) under a leave type each test adds for itself, on weeks 1017 has no
 * leave: the cells and events checked are this file's own. Only this file
 * applies for 1017's leave.
 */

const EMPLOYEE = '1017';
const MANAGER = '1003';

interface LeaveType {
  id: number;
  name: string;
}

async function addLeaveType(admin: ApiSession, name: string): Promise<LeaveType> {
  return admin.post<LeaveType>('leave/types', {
    name: unique(name),
    days: 10,
    short_leave_applied: false,
    has_balance: true,
    enabled: true,
  });
}

/** A submitted (pending) leave of the employee from Tuesday to Wednesday of a free week; answers its id and days. */
async function pendingLeave(employee: ApiSession, manager: ApiSession, type: LeaveType) {
  const monday = await freeWeek(employee, 'leave', years(2));
  // Two days of one month (the arrow keys stay in the month shown): Tuesday and Wednesday, or
  // Monday and Tuesday where the Tuesday is the month's last day.
  const sameMonth = iso(plusDays(monday, 1)).slice(0, 7) === iso(plusDays(monday, 2)).slice(0, 7);
  const from = plusDays(monday, sameMonth ? 1 : 0);
  const to = plusDays(monday, sameMonth ? 2 : 1);
  const leave = await employee.post<{ id: number }>('leave', {
    leave_format: 1,
    type_id: type.id,
    from: iso(from),
    to: iso(to),
    responsible_id: manager.employeeId,
    leave_address: unique('Cox’s Bazar'),
  });
  await employee.patch('leave/actions/submit', { leave_id: leave.id });
  return { id: leave.id, from, to };
}

const monthOf = (d: Date) => iso(d).slice(0, 7);
/** A day as the cells name it: "March 3" in English, "3 مارس" in Arabic. */
const dayName = (d: Date, language: string) =>
  new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  }).format(new Date(`${iso(d)}T00:00:00Z`));
const monthName = (month: string, language = 'en') =>
  new Intl.DateTimeFormat(language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  }).format(new Date(`${month}-01T00:00:00Z`));
const addMonth = (month: string, n: number) => {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 7);
};

const monthHeading = (page: Page) => page.getByRole('heading', { level: 2 });

/** A feed's text with its folded lines unfolded (RFC 5545 §3.1). */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

test.describe('team calendar', () => {
  test('a manager finds a report’s pending leave by its cell’s name, moves by keyboard through days and months; axe in English and Arabic', async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, '1001');
    const employee = await apiAs(request, EMPLOYEE);
    const manager = await apiAs(request, MANAGER);
    const type = await addLeaveType(admin, 'Family leave');
    const leave = await pendingLeave(employee, manager, type);
    const month = monthOf(leave.from);

    // From the leave list, by its link; then to the leave's month.
    await signIn(page, MANAGER, { path: '/leave' });
    await page.getByRole('link', { name: 'Team calendar' }).click();
    await expect(page).toHaveURL(/\/leave\/calendar$/);
    await expect(page.getByRole('heading', { name: 'Team calendar', level: 3 })).toBeVisible();
    await page.goto(`/leave/calendar?month=${month}`);
    await expect(monthHeading(page)).toHaveText(monthName(month));

    const grid = page.getByRole('grid', { name: `Who is away in ${monthName(month)}` });
    const first = grid.getByRole('gridcell', {
      name: `${employee.name}, ${dayName(leave.from, 'en')}: ${type.name} (pending)`,
      exact: true,
    });
    await expect(first).toBeVisible();
    await expect(first).toHaveAttribute('data-kind', 'leave');
    await expect(first).toHaveAttribute('data-pending', 'true');
    await expect(grid.getByRole('rowheader', { name: new RegExp(employee.name) })).toContainText('Your team');

    // Into the grid, then the arrow keys: the next day holds the same leave.
    await first.click();
    await expect(first).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(
      grid.getByRole('gridcell', {
        name: `${employee.name}, ${dayName(leave.to, 'en')}: ${type.name} (pending)`,
      }),
    ).toBeFocused();
    await expect(page.getByRole('region', { name: 'The chosen day' })).toContainText(
      `${type.name} (pending)`,
    );

    // Page Down and Page Up change the month; so do the buttons, by keyboard.
    await page.keyboard.press('PageDown');
    await expect(monthHeading(page)).toHaveText(monthName(addMonth(month, 1)));
    await page.keyboard.press('PageUp');
    await expect(monthHeading(page)).toHaveText(monthName(month));
    await page.getByRole('button', { name: 'Previous month' }).focus();
    await page.keyboard.press('Enter');
    await expect(monthHeading(page)).toHaveText(monthName(addMonth(month, -1)));
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Next month' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(monthHeading(page)).toHaveText(monthName(month));
    await expect(first).toBeVisible();
    await expectNoAxeViolations(page, { context: 'leave calendar (en)' });

    // In Arabic the days run right to left, and so does the arrow key that moves to the next one.
    await signInInArabic(page, MANAGER, `/leave/calendar?month=${month}`);
    await expect(monthHeading(page)).toHaveText(monthName(month, 'ar'));
    const firstAr = page.getByRole('gridcell', {
      name: new RegExp(`^${employee.name}، ${dayName(leave.from, 'ar')}: `),
    });
    await expect(firstAr).toHaveAttribute('aria-label', new RegExp(`${type.name} \\(بانتظار الموافقة\\)`));
    await firstAr.click();
    await page.keyboard.press('ArrowLeft');
    await expect(
      page.getByRole('gridcell', { name: new RegExp(`^${employee.name}، ${dayName(leave.to, 'ar')}: `) }),
    ).toBeFocused();
    const dir = await page.evaluate(() => document.documentElement.dir);
    expect(dir).toBe('rtl');
    // The next day's column is drawn to the left of the first day's.
    const boxFirst = await firstAr.boundingBox();
    const boxNext = await page
      .getByRole('gridcell', { name: new RegExp(`^${employee.name}، ${dayName(leave.to, 'ar')}: `) })
      .boundingBox();
    expect(boxNext!.x).toBeLessThan(boxFirst!.x);
    await expectNoAxeViolations(page, { context: 'leave calendar (ar)' });
  });

  test('the calendar feed: its address copied and fetched, a new link made, the old one gone', async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, '1001');
    const employee = await apiAs(request, EMPLOYEE);
    const manager = await apiAs(request, MANAGER);
    const type = await addLeaveType(admin, 'Study leave');
    const leave = await pendingLeave(employee, manager, type);

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, EMPLOYEE, { path: '/leave/calendar' });
    await page.getByRole('button', { name: 'Calendar feed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Calendar feeds' });
    const own = dialog.getByRole('region', { name: 'My leave and remote work' });
    const address = own.getByLabel('Address to subscribe to');
    // The first opening makes the feed and shows its address (a feed made before shows none: make a new one).
    await expect(address.or(own.getByText(/Your link was made on/))).toBeVisible();
    if (!(await address.isVisible())) await makeNewLink(page, own);
    await expect(address).toBeVisible();

    await own.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('The address has been copied.')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await address.inputValue());
    expect(copied).toMatch(/\/api\/v1\/calendar\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    const feedPath = new URL(copied).pathname;

    // Fetched without any session, as a calendar program does.
    const feed = await request.get(feedPath);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = unfold(await feed.text());
    expect(text).toContain('BEGIN:VCALENDAR');
    const event = text.split('BEGIN:VEVENT').find((e) => e.includes(`UID:leave-${leave.id}@`));
    expect(event, `leave ${leave.id} in the feed`).toBeDefined();
    expect(event).toContain(`SUMMARY:${type.name} (pending)`);
    expect(event).toContain('STATUS:TENTATIVE');
    expect(event).toContain(`DTSTART;VALUE=DATE:${iso(leave.from).replaceAll('-', '')}`);
    expect(event).toContain(`DTEND;VALUE=DATE:${iso(plusDays(leave.to, 1)).replaceAll('-', '')}`);
    await expectNoAxeViolations(page, {
      context: 'leave calendar: feed dialog (en)',
      include: '[role="dialog"][aria-modal="true"]',
    });

    // A new link: the dialog says the old one stops working; it does.
    await makeNewLink(page, own);
    await expect(address).not.toHaveValue(copied);
    const renewed = new URL(await address.inputValue()).pathname;
    expect((await request.get(feedPath)).status()).toBe(404);
    expect((await request.get(renewed)).status()).toBe(200);

    // The manager's team feed names the report and the type of their leave.
    const feeds = await manager.get<{ team: boolean; team_url: string | null }>('calendar/feeds');
    expect(feeds.team).toBe(true);
    const teamUrl =
      feeds.team_url ??
      (await manager.post<{ team_url: string }>('calendar/feeds', { scope: 'team' })).team_url;
    const team = unfold(await (await request.get(new URL(teamUrl).pathname)).text());
    expect(team).toContain(`SUMMARY:${employee.name}: ${type.name} (pending)`);
  });
});

async function makeNewLink(page: Page, section: ReturnType<Page['getByRole']>) {
  await section.getByRole('button', { name: 'Make a new link' }).click();
  const confirm = page.getByRole('dialog', { name: 'Make a new link?' });
  await expect(confirm).toContainText('The old link stops working at once');
  const renewed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/v1/calendar/feeds' && r.request().method() === 'POST',
  );
  await confirm.getByRole('button', { name: 'Make a new link' }).click();
  expect((await renewed).status()).toBe(200);
  await expect(page.getByText('Your new link is ready; the old one no longer works.')).toBeVisible();
}
