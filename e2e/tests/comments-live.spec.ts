import { expect, test } from '@playwright/test';
import { apiAs, unique } from '../support/api';
import { signIn } from '../support/helpers';
import { newEmployeeWithPassword } from '../support/people';

/**
 * A chat's live stream belongs to the session that opened it: an employee
 * disabled while their KPI chat is open stops receiving its comments within
 * seconds, and the chat says why. The employee is made for this run through
 * the API (HR's employee import, a user with an invitation, the password set
 * from its link) and reports to HR administrator 1001, who comments as their
 * line manager.
 */

test.describe('live KPI chat', () => {
  test('a disabled employee’s open chat stops receiving comments, and says why', async ({
    page,
    request,
  }, testInfo) => {
    const admin = await apiAs(request, '1001');
    const password = 'chat-pass1';
    const person = await newEmployeeWithPassword(request, admin, password, {
      tag: 'CHAT',
      name: 'Nusrat Jahan',
    });
    const employee = await apiAs(request, person.eid, password);

    // The employee's sheet, submitted to their line manager, 1001.
    const sheet = await employee.post<{ id: number }>('kpis', {
      allow_overlap: true,
      type_id: 2,
      from: '2038-01-01',
      to: '2038-12-31',
      name: unique('Chat sheet'),
    });
    const made = await employee.post<{ objectives: { id: number }[] }>('kpis/objectives', {
      name: 'Shorten delivery times',
      weight: 100,
      kpi_id: sheet.id,
      perspective_id: 2,
    });
    const objectiveId = made.objectives[0]!.id;
    await employee.post('kpis/objectives/kpis', {
      name: 'Average days to deliver',
      weight: 100,
      time: 'Every month',
      target: 3,
      target_unit_id: 3,
      kpi_id: sheet.id,
      objective_id: objectiveId,
    });
    await employee.patch('kpis/actions/submit', { kpi_id: sheet.id });
    const say = (comment: string) => admin.post(`kpis/objectives/${objectiveId}/comments`, { comment });

    // The employee's chat is open and live.
    await signIn(page, person.eid, { path: `/kpi/${sheet.id}`, password });
    await page.getByRole('button', { name: 'Chat about objective Shorten delivery times' }).click();
    const chat = page.getByRole('dialog', { name: 'Chat...' });
    await expect(chat.getByText('No messages yet.')).toBeVisible();
    // A comment that arrives makes the page read the sheet again (its comment counts). HR disables
    // the employee once that read has answered: a call still under way when the session ends meets
    // it, and signs the app out (as the end of this test shows) before the chat can say why.
    const sheetRead = page.waitForResponse(
      (res) => res.request().method() === 'GET' && new URL(res.url()).pathname === `/api/v1/kpis/${sheet.id}`,
    );
    await say('Please add the courier data.');
    await expect(chat.getByText('Please add the courier data.', { exact: true })).toBeVisible({
      timeout: 5000,
    });
    expect((await sheetRead).ok()).toBeTruthy();

    // HR disables the employee: within seconds the chat stops and says why.
    await admin.patch('employees/disable', { employee_id: person.id });
    await expect(chat.getByRole('alert')).toHaveText(
      'Your session has ended: this chat no longer updates. Sign in again to follow it.',
      { timeout: 10_000 },
    );
    await page.screenshot({ path: testInfo.outputPath('chat-ended-en.png') });
    // A comment written after that never reaches the open chat.
    await say('This one is not for a disabled account.');
    await page.waitForTimeout(3000);
    await expect(chat.getByText('This one is not for a disabled account.')).toHaveCount(0);
    await expect(chat.getByRole('listitem')).toHaveCount(1);

    // The next call meets the ended session, and the app signs out as it does for any.
    await chat.getByLabel('Your comment').fill('Can you still read me?');
    await chat.getByRole('button', { name: 'Send' }).click();
    const popup = page.getByRole('dialog').filter({ hasText: 'Login Failed' });
    await expect(popup).toContainText('Try again');
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/signin$/);
  });
});
