import { expect, test } from '@playwright/test';
import { signOut } from '../support/antd';
import { demoMobile, signIn, waitForCode, waitForLink } from '../support/helpers';

test.describe('forgot password', () => {
  test('recovers a password with the code from the outbox', async ({ page, request }) => {
    const eid = '1020';
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgotpassword$/);

    await page.getByLabel('E-Id').fill(eid);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('If this E-Id is registered, a 4-digit code has been sent')).toBeVisible();
    const code = await waitForCode(request, demoMobile(eid));

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
    await signIn(page, eid, 'fresh-pass1');
  });

  test('the countdown runs from 300 s and Resend Code waits for zero, then restarts it', async ({
    page,
    request,
  }) => {
    const eid = '1022';
    await page.clock.install();
    await page.goto('/forgotpassword');
    await page.getByLabel('E-Id').fill(eid);
    await page.getByRole('button', { name: 'Send code' }).click();
    await waitForCode(request, demoMobile(eid));

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
    await waitForCode(request, demoMobile(eid), 2);
    await expect(countdown).toHaveText(/The code expires in (05:00|04:59)/);
    await expect(resend).toBeDisabled();
  });

  test('a wrong code shows the server message', async ({ page, request }) => {
    const eid = '1023';
    await page.goto('/forgotpassword');
    await page.getByLabel('E-Id').fill(eid);
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = await waitForCode(request, demoMobile(eid));
    await page.getByLabel('OTP').fill(code === '0000' ? '1111' : '0000');
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(page.getByRole('alert')).toContainText('The code is wrong or has expired.');
  });

  test('resets by the e-mailed link', async ({ page, request }) => {
    const eid = '1021';
    await page.goto('/forgotpassword');
    await page.getByLabel('E-Id').fill(eid);
    await page.getByRole('button', { name: 'Send code' }).click();
    const link = await waitForLink(request, 'mithila.khan@meghna.example');

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    await page.getByLabel('New password').fill('link-pass1');
    await page.getByLabel('Confirm password').fill('link-pass1');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await signIn(page, eid, 'link-pass1');

    // The link is single use.
    await signOut(page);
    await page.goto(link);
    await expect(
      page.getByText('The reset link is invalid, has expired or has already been used.'),
    ).toBeVisible();
  });
});
