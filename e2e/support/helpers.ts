import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo123';

/** Signs in through the sign-in form, as a user does: the tests of signing in and of recovery. */
export async function signInWithForm(page: Page, eid: string, password = DEMO_PASSWORD) {
  await page.goto('/signin');
  await page.getByLabel('E-ID').fill(eid);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  // The shell has asked who is signed in.
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(/\S/);
}

/**
 * Signs in through `POST login_check`, keeps the session where the web app
 * keeps it after "Remember me", and opens `path` (the profile by default).
 * The tests of other screens start here: the form has its own tests, and
 * every sign-in through it cost three page loads.
 */
export async function signIn(page: Page, eid: string, options: { path?: string; password?: string } = {}) {
  const res = await page.request.post('/api/v1/login_check', {
    data: { username: eid, password: options.password ?? DEMO_PASSWORD, app_id: 3 },
  });
  expect(res.ok(), `sign-in of ${eid}: ${res.status()}`).toBeTruthy();
  const user: unknown = await res.json();
  // Storage belongs to the portal's origin: a blank page goes there first, by its smallest answer.
  if (!page.url().startsWith('http')) await page.goto('/api/health');
  await page.evaluate((value) => {
    sessionStorage.removeItem('hr.session');
    localStorage.setItem('hr.session', JSON.stringify(value));
  }, user);
  await page.goto(options.path ?? '/profile');
  // The shell has asked who is signed in.
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(/\S/);
}

/**
 * Signs in as `signIn` does and opens `path` in Arabic, for this page only:
 * the person's saved language is answered as Arabic to this page, and stays
 * as it is for the other tests.
 */
export async function signInInArabic(page: Page, eid: string, path: string) {
  await page.route('**/api/v1/me', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { user: { language: string | null } };
    body.user.language = 'ar';
    await route.fulfill({ response, json: body });
  });
  await page.goto('/api/health');
  await page.evaluate(() => localStorage.setItem('hr.language', 'ar'));
  const session = await page.request.post('/api/v1/login_check', {
    data: { username: eid, password: DEMO_PASSWORD, app_id: 3 },
  });
  const user: unknown = await session.json();
  await page.evaluate((value) => localStorage.setItem('hr.session', JSON.stringify(value)), user);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

interface SinkMessage {
  id: number;
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  body: string;
  topic: string;
}

/** Messages the portal's outbox delivered to the test gateway for one recipient. */
export async function messagesTo(request: APIRequestContext, to: string): Promise<SinkMessage[]> {
  const res = await request.get(`${process.env.E2E_SINK_URL}/messages?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as SinkMessage[];
}

/** Waits for the n-th code sent to a mobile number and returns it. */
export async function waitForCode(request: APIRequestContext, mobile: string, count = 1): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const sms = (await messagesTo(request, mobile)).filter((m) => m.topic === 'password-otp');
        code = /code is (\d{4})/.exec(sms[count - 1]?.body ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{4}$/);
  return code;
}

/** Waits for the n-th reset link e-mailed to an address and returns its path. */
export async function waitForLink(request: APIRequestContext, email: string, count = 1): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mails = (await messagesTo(request, email)).filter((m) => m.topic === 'password-link');
        link = /\/resetpassword\/[A-Za-z0-9_-]+/.exec(mails[count - 1]?.body ?? '')?.[0] ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\/resetpassword\//);
  return link;
}
