import { type APIRequestContext, expect, test } from '@playwright/test';
import { signOut } from '../support/antd';
import { apiAs } from '../support/api';
import { signInWithForm, waitForCode, waitForLink } from '../support/helpers';

interface Basic {
  id: number;
  name: string;
  eid: string;
  blood_group: string | null;
  designation: string | null;
  status_id: number | null;
  level_id: number | null;
  grade_id: number | null;
}

let sequence = 0;

/**
 * HR registers a mobile number and an e-mail address of this run for an
 * employee (each test has its own employee): the codes and links the test
 * waits for go there, and nowhere an earlier run's messages went.
 */
async function registerContact(request: APIRequestContext, eid: string) {
  const admin = await apiAs(request, '1001');
  const found = await admin.post<{ items: { id: number; eid: string }[] }>('employees/search', {
    filter: { full_text: eid },
  });
  const { id } = found.items.find((e) => e.eid === eid)!;
  const p = await admin.get<Basic>(`employees/${id}`);
  sequence += 1;
  const stamp = `${Date.now()}${sequence}`;
  const contact = {
    mobile: `019${stamp.slice(-8)}`,
    email: `recovery.${eid}.${Number(stamp).toString(36)}@meghna.example`,
  };
  await admin.patch(`employees/${id}`, {
    name: p.name,
    eid: p.eid,
    ...contact,
    blood_group: p.blood_group,
    designation: p.designation,
    status_id: p.status_id,
    level_id: p.level_id,
    grade_id: p.grade_id,
  });
  return contact;
}

test.describe('forgot password', () => {
  test('recovers a password with the code from the outbox', async ({ page, request }) => {
    const eid = '1020';
    const { mobile } = await registerContact(request, eid);
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgotpassword$/);

    await page.getByLabel('E-Id').fill(eid);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('If this E-Id is registered, a 4-digit code has been sent')).toBeVisible();
    const code = await waitForCode(request, mobile);

    // A wrong length is refused with the exact message.
    await page.getByLabel('OTP').fill('12');
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(page.getByText('OTP must have a length 4')).toBeVisible();

    await page.getByLabel('OTP').fill(code);
    await page.getByRole('button', { name: 'Verify code' }).click();

    await page.getByLabel('New password').fill('fresh-pass1');
    await page.getByLabel('Confirm password').fill('something-else');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('The two passwords that you entered do not match!')).toBeVisible();
    await page.getByLabel('Confirm password').fill('fresh-pass1');
    await page.getByRole('button', { name: 'Save password' }).click();

    await expect(page.getByText('Your password has been successfully updated.')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
    await signInWithForm(page, eid, 'fresh-pass1');
  });

  test('the countdown runs from 300 s and Resend Code waits for zero, then restarts it', async ({
    page,
    request,
  }) => {
    const eid = '1022';
    const { mobile } = await registerContact(request, eid);
    await page.clock.install();
    await page.goto('/forgotpassword');
    await page.getByLabel('E-Id').fill(eid);
    await page.getByRole('button', { name: 'Send code' }).click();
    await waitForCode(request, mobile);

    const countdown = page.getByTestId('otp-countdown');
    const resend = page.getByRole('button', { name: 'Resend Code' });
    await expect(countdown).toHaveText(/The code expires in (05:00|04:59)/);
    await expect(resend).toBeDisabled();

    await page.clock.fastForward('02:00');
    await expect(countdown).toHaveText(/The code expires in 0(3:0[0-1]|2:5\d)/);
    await expect(resend).toBeDisabled();

    await page.clock.fastForward('03:05');
    await expect(countdown).toHaveText('The code has expired. Ask for a new one.');
    await expect(resend).toBeEnabled();

    await resend.click();
    await waitForCode(request, mobile, 2);
    await expect(countdown).toHaveText(/The code expires in (05:00|04:59)/);
    await expect(resend).toBeDisabled();
  });

  test('a wrong code shows the server message', async ({ page, request }) => {
    const eid = '1023';
    const { mobile } = await registerContact(request, eid);
    await page.goto('/forgotpassword');
    await page.getByLabel('E-Id').fill(eid);
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = await waitForCode(request, mobile);
    await page.getByLabel('OTP').fill(code === '0000' ? '1111' : '0000');
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(page.getByRole('alert')).toContainText('The code is wrong or has expired.');
  });

  test('resets by the e-mailed link', async ({ page, request }) => {
    const eid = '1021';
    const { email } = await registerContact(request, eid);
    await page.goto('/forgotpassword');
    await page.getByLabel('E-Id').fill(eid);
    await page.getByRole('button', { name: 'Send code' }).click();
    const link = await waitForLink(request, email);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    await page.getByLabel('New password').fill('link-pass1');
    await page.getByLabel('Confirm password').fill('link-pass1');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await signInWithForm(page, eid, 'link-pass1');

    // The link is single use.
    await signOut(page);
    await page.goto(link);
    await expect(
      page.getByText('The reset link is invalid, has expired or has already been used.'),
    ).toBeVisible();
  });
});
