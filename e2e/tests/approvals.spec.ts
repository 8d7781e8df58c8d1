import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y';
import { apiAs, unique } from '../support/api';
import { dmy, freeWeek, iso, plusDays, today, years } from '../support/dates';
import { signIn, signInInArabic } from '../support/helpers';

/**
 * The approvals inbox of 1003 (line manager of 1019): a leave request, a
 * remote-work request and an HR request of 1019, made here, approved
 * together from the inbox. Only this file makes requests of 1019.
 */
test.describe('approvals', () => {
  test('a line manager approves three items of three modules at once from the inbox', async ({
    page,
    request,
  }) => {
    const employee = await apiAs(request, '1019');
    const responsibles = await employee.get<{ id: number }[]>('leave/responsibles');
    const colleague = responsibles.find((p) => p.id !== employee.employeeId)!;
    const leaveDay = await freeWeek(employee, 'leave', years());
    const leave = await employee.post<{ id: number }>('leave', {
      leave_format: 1,
      type_id: 2,
      from: iso(leaveDay),
      to: iso(leaveDay),
      responsible_id: colleague.id,
      leave_address: unique('Home, Uttara'),
    });
    await employee.patch('leave/actions/submit', { leave_id: leave.id });
    const remoteDay = await freeWeek(employee, 'remote-work', years());
    const remote = await employee.post<{ id: number }>('remote-work', {
      type_id: 1,
      from_date: iso(remoteDay),
      from_time: '10:00',
      to_time: '12:00',
      description: unique('Release checks from home'),
    });
    await employee.patch('remote-work/actions/submit', { remote_work_id: remote.id });
    const issue = plusDays(today(), 3 + Math.floor(Math.random() * 300));
    const service = await employee.post<{ id: number }>('employee/service-requests', {
      category: 'salary_certificate',
      issue_date: dmy(issue),
      reason: unique('Bank account'),
      description: unique('Please address it to the bank'),
    });
    await employee.patch(`employee/service-requests/${service.id}/actions/submit`);

    await signIn(page, '1003', { path: '/approvals' });
    await expect(page.getByRole('heading', { name: 'Approvals' })).toBeVisible();
    const all = page.getByRole('tab', { name: /^All/ });
    await expect(all).toHaveAttribute('aria-selected', 'true');

    // The three are picked by their checkboxes, named by what they are and whose.
    const table = page.getByRole('table', { name: 'Approvals' });
    const boxes = [
      `Select Casual Leave · ${dmy(leaveDay)} of ${employee.name}`,
      `Select Hourly (within a day) · ${dmy(remoteDay)} of ${employee.name}`,
      `Select Salary certificate · ${dmy(issue)} of ${employee.name}`,
    ].map((name) => table.getByRole('checkbox', { name, exact: true }));
    // The newest first: these three were made a moment ago.
    await table.getByRole('columnheader', { name: 'Waiting' }).click();
    for (const box of boxes) {
      await expect(box).toBeVisible();
      await box.check();
    }
    await expect(page.getByRole('status').filter({ hasText: '3 selected' })).toBeVisible();
    // The count of everything waiting includes these three (the counts have arrived by now).
    await expect(all).not.toHaveText(/^All0$/);
    const countBefore = Number((await all.textContent())?.replace(/\D/g, ''));
    expect(countBefore).toBeGreaterThanOrEqual(3);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Approve 3 items' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Approve 3 items?' });
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('3 items decided.')).toBeVisible();
    for (const box of boxes) await expect(box).toHaveCount(0);
    await expect(all).toContainText(String(countBefore - 3));

    // Each was decided in its own module.
    const leaveNow = await employee.get<{ status: { id: number } }>(`leave/${leave.id}`);
    const remoteNow = await employee.get<{ status: { id: number } }>(`remote-work/${remote.id}`);
    const serviceNow = await employee.get<{ status: { id: number } }>(
      `employee/service-requests/${service.id}`,
    );
    expect([leaveNow.status.id, remoteNow.status.id, serviceNow.status.id]).toEqual([3, 3, 3]);

    // A module's tab opens from its address, and stays on a reload.
    await page.getByRole('tab', { name: /^Leave/ }).click();
    await expect(page).toHaveURL(/\/approvals\?module=leave$/);
    await page.reload();
    await expect(page.getByRole('tab', { name: /^Leave/ })).toHaveAttribute('aria-selected', 'true');
  });

  test('the inbox in Arabic, right to left, with no axe violation', async ({ page }) => {
    await signInInArabic(page, '1003', '/approvals');
    await expect(page.getByRole('heading', { name: 'الموافقات' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^الكل/ })).toBeVisible();
    await expect(page.getByRole('table', { name: 'الموافقات' }).getByRole('row').nth(1)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
