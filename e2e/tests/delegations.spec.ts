import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y';
import { clickToClose, combobox, listOf, typeDate } from '../support/antd';
import { apiAs, unique } from '../support/api';
import { dmy, freeWeek, iso, plusDays, today, years } from '../support/dates';
import { signIn, signInInArabic } from '../support/helpers';

/**
 * An approver away: 1003 (line manager of 1015) names 1013 delegate for
 * three days on the Delegation page; 1013 approves a leave, a remote-work
 * and an HR request of 1015 at once from the inbox, with a comment; 1015
 * sees who decided and for whom. Only this file makes requests of 1015 and
 * delegations of 1003.
 */
test.describe('delegation', () => {
  test('an approver away names a delegate, who approves three items from the inbox at once', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const manager = await apiAs(request, '1003');
    // A run before this one may have left its delegation in force: the page starts from none.
    const before = await manager.get<{ given: { id: number; state: string }[] }>('delegations');
    for (const d of before.given.filter((g) => g.state !== 'ended'))
      await manager.del('delegations', { delegation_id: d.id });

    const employee = await apiAs(request, '1015');
    const responsibles = await employee.get<{ id: number }[]>('leave/responsibles');
    const colleague = responsibles.find((p) => p.id !== employee.employeeId)!;
    const leaveDay = await freeWeek(employee, 'leave', years());
    const leave = await employee.post<{ id: number }>('leave', {
      leave_format: 1,
      type_id: 2,
      from: iso(leaveDay),
      to: iso(leaveDay),
      responsible_id: colleague.id,
      leave_address: unique('Home, Mirpur'),
    });
    await employee.patch('leave/actions/submit', { leave_id: leave.id });
    const remoteDay = await freeWeek(employee, 'remote-work', years());
    const remote = await employee.post<{ id: number }>('remote-work', {
      type_id: 1,
      from_date: iso(remoteDay),
      from_time: '10:00',
      to_time: '12:00',
      description: unique('Vendor call from home'),
    });
    await employee.patch('remote-work/actions/submit', { remote_work_id: remote.id });
    const issue = plusDays(today(), 3 + Math.floor(Math.random() * 300));
    const service = await employee.post<{ id: number }>('employee/service-requests', {
      category: 'salary_certificate',
      issue_date: dmy(issue),
      reason: unique('Visa'),
      description: unique('For the embassy'),
    });
    await employee.patch(`employee/service-requests/${service.id}/actions/submit`);

    // 1003, going away, names 1013 from the user menu's Delegation page.
    await signIn(page, '1003');
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Delegation' }).click();
    await expect(page.getByRole('heading', { name: 'Delegation' })).toBeVisible();
    await page.getByRole('button', { name: 'Name a delegate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Name a delegate' });
    const delegate = combobox(dialog, 'Delegate');
    await delegate.click();
    await delegate.fill('Dilruba');
    const list = await listOf(page, delegate);
    await clickToClose(list.getByRole('option', { name: 'Dilruba Yasmin (1013)' }), list);
    await expectNoAxeViolations(page);
    await typeDate(page, 'Last day', dmy(plusDays(today(), 2)), dialog);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const given = page.getByRole('table', { name: 'Handed over' });
    await expect(given.getByRole('row').filter({ hasText: 'Dilruba Yasmin (1013)' })).toContainText(
      'In force',
    );

    // The requester has the portal open meanwhile, in a browser of their own.
    const theirs = await browser.newContext({
      ...(baseURL ? { baseURL } : {}),
      locale: 'en-US',
      timezoneId: 'Asia/Dhaka',
      reducedMotion: 'reduce',
      serviceWorkers: 'block',
    });
    const requester = await theirs.newPage();
    await signIn(requester, '1015', { path: '/dashboard' });
    const bell = requester.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible();
    await requester.waitForTimeout(500);
    const unread = async () =>
      Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
    const unreadBefore = await unread();

    // 1013 finds 1003's team's items in their own inbox and approves the three at once.
    await signIn(page, '1013', { path: '/approvals' });
    const table = page.getByRole('table', { name: 'Approvals' });
    const boxes = [
      `Select Casual Leave · ${dmy(leaveDay)} of ${employee.name}`,
      `Select Hourly (within a day) · ${dmy(remoteDay)} of ${employee.name}`,
      `Select Salary certificate · ${dmy(issue)} of ${employee.name}`,
    ].map((name) => table.getByRole('checkbox', { name, exact: true }));
    await table.getByRole('columnheader', { name: 'Waiting' }).click();
    for (const box of boxes) {
      await expect(box).toBeVisible();
      await box.check();
    }
    const words = unique('Approved while Farhana is away');
    await page.getByRole('textbox', { name: 'Comment for the requesters (optional)' }).fill(words);
    await page.getByRole('button', { name: 'Approve 3 items' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: 'Approve 3 items?' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await expect(page.getByText('3 items decided.')).toBeVisible();
    for (const box of boxes) await expect(box).toHaveCount(0);

    // The requester's bell counts the three decisions live, and the e-mail reaches the SMTP server.
    await expect.poll(unread, { timeout: 15_000 }).toBe(unreadBefore + 3);
    await theirs.close();
    await expect
      .poll(
        async () => {
          const res = await request.get(`${process.env.E2E_SINK_URL}/messages`);
          const all = (await res.json()) as { via?: string; subject?: string; body: string }[];
          return all.find(
            (m) => m.via === 'smtp' && m.subject === `Approved: Salary certificate · ${dmy(issue)}`,
          )?.body;
        },
        { timeout: 15_000 },
      )
      .toContain(`/hr-services/${service.id}`);

    // The requester sees both names, and the comment on the request's own page.
    const decided = await employee.get<{ decision: { by: string; on_behalf_of: string; comment: string } }>(
      `leave/${leave.id}`,
    );
    expect(decided.decision).toMatchObject({
      by: 'Dilruba Yasmin',
      on_behalf_of: 'Farhana Akter',
      comment: words,
    });
    await signIn(page, '1015', { path: `/hr-services/${service.id}` });
    await expect(page.getByText('by Dilruba Yasmin on behalf of Farhana Akter')).toBeVisible();
    await expect(page.getByText(words)).toBeVisible();
  });

  test('the Delegation page in Arabic, right to left, with no axe violation', async ({ page }) => {
    await signInInArabic(page, '1004', '/delegations');
    await expect(page.getByRole('heading', { name: 'التفويض' })).toBeVisible();
    await page.getByRole('button', { name: 'تعيين مفوَّض' }).click();
    await expect(page.getByRole('dialog', { name: 'تعيين مفوَّض' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
