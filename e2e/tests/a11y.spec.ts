import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y';
import { type ApiSession, apiAs, unique } from '../support/api';
import { dmy, plusDays, today } from '../support/dates';
import { DEMO_PASSWORD } from '../support/helpers';
import { approvedSheet } from '../support/kpi';

/**
 * Every screen of the router, and the main forms, drawers and menus opened on
 * them, checked by axe-core against the WCAG 2.0/2.1/2.2 A and AA rules, in
 * English and in Arabic (right to left). A few tests each walk many screens
 * with one sign-in; the data the screens show is made through the API first.
 * Screens are found by the texts of the language on screen, read from the web
 * app's own locale files.
 */

type Lang = 'en' | 'ar';

/** How long a screen may take to load and show its data on a busy machine. */
const LOAD = 30_000;

const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/src/locales');

/** The web app's texts of a language, by their dotted key. */
function texts(lang: Lang): (key: string, vars?: Record<string, string | number>) => string {
  const flat = new Map<string, string>();
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === 'string') flat.set(prefix, value);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(prefix ? `${prefix}.${k}` : k, v);
  };
  const dir = path.join(LOCALES, lang);
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')))
    walk('', JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
  return (key, vars = {}) => {
    const text = flat.get(key);
    if (text === undefined) throw new Error(`No text ${key} in ${lang}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
  };
}

type T = ReturnType<typeof texts>;

/** Opens the portal's origin with the language chosen, as a returning user who picked it would. */
async function chooseLanguage(page: Page, lang: Lang) {
  await page.goto('/api/health');
  await page.evaluate((l) => localStorage.setItem('hr.language', l), lang);
}

/**
 * Signs in through the API (see helpers.signIn) in the chosen language and opens `path`.
 *
 * The portal also keeps each user's language on the server and applies it when
 * it loads: the English and Arabic walks sign in as the same people at the same
 * time, so each one's answers to `GET me` carry its own language (nothing is
 * then saved, as the saved and shown languages agree).
 */
async function signInAs(page: Page, t: T, lang: Lang, eid: string, to: string) {
  await page.route('**/api/v1/me', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { user: { language: string | null } };
    body.user.language = lang;
    await route.fulfill({ response, json: body });
  });
  await chooseLanguage(page, lang);
  const res = await page.request.post('/api/v1/login_check', {
    data: { username: eid, password: DEMO_PASSWORD, app_id: 3 },
  });
  expect(res.ok(), `sign-in of ${eid}`).toBeTruthy();
  const user: unknown = await res.json();
  await page.evaluate((value) => {
    sessionStorage.removeItem('hr.session');
    localStorage.setItem('hr.session', JSON.stringify(value));
  }, user);
  await page.goto(to);
  await expect(page.getByRole('button', { name: t('shell.userMenu') })).toContainText(/\S/, {
    timeout: LOAD,
  });
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/**
 * The screen has its data: what `ready` names is visible, and nothing on it
 * is still loading (a busy spinner; a skeleton has no role to wait on, so
 * the ready locator is always data the skeleton stands for).
 */
async function settled(page: Page, ready: Locator) {
  await expect(ready.and(page.locator(':not([data-stale])')).first()).toBeVisible({ timeout: LOAD });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: LOAD });
}

/**
 * Opens a path of the signed-in shell, waits for its data and checks it: the
 * page's main part, or with `whole` the whole page (the sidebar and header
 * are the same on every screen, and are checked in full on the first of a
 * walk and on the first administration screen, where the sidebar's submenu is open).
 */
async function visit(page: Page, to: string, ready: Locator, context: string, whole = false) {
  await go(page, to);
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({ timeout: LOAD });
  await settled(page, ready);
  await expectNoAxeViolations(page, { context, include: whole ? undefined : 'main' });
}

/**
 * Opens a path inside the portal as its own links do, without loading the
 * page again (React Router follows the history).
 */
async function go(page: Page, to: string) {
  const here = new URL(page.url());
  if (`${here.pathname}${here.search}` === to) return;
  await page.evaluate((path) => {
    // What the screen before drew is marked, so that waiting for the next one never finds it.
    const drawn = document.querySelectorAll('main *');
    for (let i = 0; i < drawn.length; i++) drawn[i]!.setAttribute('data-stale', '');
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === to);
}

/** The open modal or drawer with this title (Ant Design names it by its title). */
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

/** Checks an open dialog (Ant Design's, or the system's own `<dialog>` of a plain page), then closes it with Escape. */
async function checkDialog(page: Page, box: Locator, context: string) {
  await expect(box).toBeVisible();
  await expect(box.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAxeViolations(page, { context, include: 'dialog[open], [role="dialog"]' });
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
}

/** Opens a header menu (language, user) by its button, checks the open menu, closes it. */
async function checkMenu(page: Page, button: Locator, item: Locator, context: string) {
  await button.click();
  await expect(item).toBeVisible();
  await expectNoAxeViolations(page, { context, include: '[role="menu"]' });
  await page.keyboard.press('Escape');
  await expect(item).toBeHidden();
}

/** A review of 1004 on a sheet of its own, rated by the employee and the line manager. */
async function reviewOf1004(request: Parameters<typeof apiAs>[0], year: number) {
  const employee = await apiAs(request, '1004');
  const lm = await apiAs(request, '1003');
  const oo = await apiAs(request, '1002');
  const from = `${year}-01-01`;
  const sheetId = await approvedSheet(
    { employee, lineManager: lm, oneOverOne: oo },
    {
      from,
      to: `${year}-12-31`,
      name: unique('Accessible plan'),
      objective: 'Serve every customer',
      kpi: unique('Customers served'),
    },
  );
  interface Review {
    id: number;
    section_a: { objectives: { lines: { id: number }[] }[] };
    section_b: { stables: { id: number }[] };
  }
  const made = await employee.post<{ id: number }>('eprs', {
    kpi_id: sheetId,
    type_id: 2,
    from_date: from,
    to_date: `${year}-06-30`,
  });
  const review = await employee.get<Review>(`eprs/${made.id}`);
  const lines = review.section_a.objectives.flatMap((o) => o.lines);
  const rate = async (who: ApiSession, prefix: '' | 'lm_') => {
    await who.patch(
      `eprs/${review.id}/sections/a/objectives`,
      lines.map((l) => ({ objective_id: l.id, [`${prefix}actual`]: 9 })),
    );
    await who.patch(`eprs/${review.id}/sections/a`, { [`${prefix}rating`]: 3 });
    await who.patch(`eprs/${review.id}/sections/b`, { [`${prefix}rating`]: 3 });
    for (const st of review.section_b.stables)
      await who.patch(`eprs/sections/b/stables/${st.id}`, { [`${prefix}rating`]: 2 });
  };
  await rate(employee, '');
  await employee.patch('eprs/actions/submit', { epr_id: review.id });
  await rate(lm, 'lm_');
  return { sheetId, reviewId: review.id, employee };
}

/** A draft KPI sheet of the HR admin with one objective: its KPI lines can still be added. */
async function draftSheet(admin: ApiSession) {
  const name = unique('Accessible draft');
  const objective = unique('Open the portal to all');
  const sheet = await admin.post<{ id: number }>('kpis', {
    allow_overlap: true,
    type_id: 2,
    from: '2049-01-01',
    to: '2049-12-31',
    name,
  });
  await admin.post('kpis/objectives', { name: objective, weight: 100, kpi_id: sheet.id, perspective_id: 2 });
  return { id: sheet.id, name, objective };
}

/**
 * A KPI sheet of 1004 with one objective and its KPI, submitted to the line
 * manager (1003), who has written in the objective's chat.
 */
async function submittedSheet(employee: ApiSession, lm: ApiSession) {
  const objective = unique('Answer every customer');
  const sheet = await employee.post<{ id: number }>('kpis', {
    allow_overlap: true,
    type_id: 2,
    from: '2051-01-01',
    to: '2051-12-31',
    name: unique('Accessible sheet'),
  });
  const made = await employee.post<{ objectives: { id: number }[] }>('kpis/objectives', {
    name: objective,
    weight: 100,
    kpi_id: sheet.id,
    perspective_id: 2,
  });
  const objectiveId = made.objectives[0]!.id;
  await employee.post('kpis/objectives/kpis', {
    name: unique('Customers answered'),
    weight: 100,
    time: 'Every month',
    target: 10,
    target_unit_id: 3,
    kpi_id: sheet.id,
    objective_id: objectiveId,
  });
  await employee.patch('kpis/actions/submit', { kpi_id: sheet.id });
  const comment = unique('Please add the numbers of last year.');
  await lm.post(`kpis/objectives/${objectiveId}/comments`, { comment });
  return { id: sheet.id, objective, objectiveId, comment };
}

/** A submitted HR service request of 1004 (not a NOC). */
async function serviceRequest(employee: ApiSession) {
  const categories = await employee.get<{ value: string }[]>('employee/service-requests/categories');
  const made = await employee.post<{ id: number }>('employee/service-requests', {
    category: categories.find((c) => c.value !== 'noc')!.value,
    issue_date: dmy(plusDays(today(), 5)),
    reason: unique('For the bank'),
    description: unique('Salary statement'),
  });
  await employee.patch(`employee/service-requests/${made.id}/actions/submit`);
  return made.id;
}

/** The profile's tabs after the first (ProfilePage's keys, opened by `?tab=`). */
const PROFILE_TABS = [
  'general',
  'personal',
  'history',
  'achievements',
  'activity',
  'educations',
  'assets',
  'documents',
  'compensation',
  'separations',
];

test.describe.configure({ mode: 'parallel' });

for (const lang of ['en', 'ar'] as const) {
  const t = texts(lang);

  test.describe(`accessibility (${lang})`, () => {
    test(`icons are not read inside the names of controls (${lang})`, async ({ page }) => {
      await signInAs(page, t, lang, '1003', '/attendance');
      // The export button is named by its text alone, not "download Export CSV".
      await expect(page.getByRole('button', { name: t('attendance.export'), exact: true })).toBeVisible({
        timeout: LOAD,
      });
      for (const path of ['/attendance', '/leave', '/kpi', '/team']) {
        await page.goto(path);
        await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({ timeout: LOAD });
        // Ant Design's icons, and the ones the portal draws itself (PlainIcon).
        expect(
          await page.locator('main :is(.anticon, .plain-icon)').count(),
          `${path} draws icons`,
        ).toBeGreaterThan(0);
        // An icon beside a control's text is drawn for the eye only: no named image inside a named control.
        const iconsInNames = await page.locator('main').evaluate((main) =>
          Array.from(main.querySelectorAll('button, a, [role="button"], [role="menuitem"], [role="tab"]'))
            .filter((control) => {
              const named = Array.from(
                control.querySelectorAll(':is(.anticon, .plain-icon):not([aria-hidden="true"])'),
              );
              const text = Array.from(control.childNodes)
                .map((node) =>
                  node instanceof Element && node.matches('.anticon, .plain-icon') ? '' : node.textContent,
                )
                .join('')
                .trim();
              return named.length > 0 && text.length > 0;
            })
            .map((control) => control.outerHTML.replace(/<svg.*?<\/svg>/g, '').slice(0, 300)),
        );
        expect(iconsInNames, path).toEqual([]);
      }
    });

    test(`sign-in, recovery and not-found screens (${lang})`, async ({ page }) => {
      await chooseLanguage(page, lang);
      await page.goto('/signin');
      await expect(page.getByRole('heading', { name: t('signin.title') })).toBeVisible();
      await expectNoAxeViolations(page, { context: `sign-in (${lang})` });
      await checkMenu(
        page,
        page.getByRole('button', { name: t('language.choose') }),
        page.getByRole('menuitem', { name: 'Français' }),
        `sign-in: language menu (${lang})`,
      );

      // Sent empty: each field says what is wrong, next to it.
      await page.getByRole('button', { name: t('signin.submit') }).click();
      await expect(page.getByText(t('validation.eidInvalid'))).toBeVisible();
      await expectNoAxeViolations(page, { context: `sign-in with field errors (${lang})` });
      // In the dark theme too (the page draws its own controls).
      await page.evaluate(() => localStorage.setItem('hr.ui', JSON.stringify({ theme: 'dark' })));
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await page.getByRole('button', { name: t('signin.submit') }).click();
      await expect(page.getByText(t('validation.eidInvalid'))).toBeVisible();
      await expectNoAxeViolations(page, { context: `sign-in, dark, with field errors (${lang})` });
      await page.evaluate(() => localStorage.removeItem('hr.ui'));

      await page.goto('/forgotpassword');
      await expect(page.getByRole('heading', { name: t('forgot.title') })).toBeVisible();
      await expectNoAxeViolations(page, { context: `forgot password (${lang})` });

      await page.goto('/resetpassword/not-a-real-token');
      await expect(page.getByRole('link', { name: t('reset.requestNew') })).toBeVisible();
      await expectNoAxeViolations(page, { context: `reset password, bad link (${lang})` });

      await page.goto('/no/such/page');
      await expect(page.getByText(t('errors.notFound'))).toBeVisible();
      await expectNoAxeViolations(page, { context: `not found (${lang})` });
    });

    test(`the employee's dashboard, and a KPI chat announcing new messages (${lang})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const employee = await apiAs(request, '1004');
      const lm = await apiAs(request, '1003');
      const sheet = await submittedSheet(employee, lm);

      await signInAs(page, t, lang, '1004', '/dashboard');
      await settled(page, page.getByRole('region', { name: t('dashboard.myKpiTitle') }));
      await expectNoAxeViolations(page, { context: `dashboard of 1004 (${lang})` });

      // The chat of an objective: checked open, then a message of the line manager arrives live,
      // and only it is announced (its author and text), not the thread already there.
      await go(page, `/kpi/${sheet.id}`);
      await page
        .getByRole('main')
        .getByRole('button', { name: t('kpi.detail.chatObjective', { name: sheet.objective }) })
        .click();
      const chat = dialog(page, t('comments.title'));
      await expect(chat.getByRole('textbox')).toBeVisible({ timeout: LOAD });
      await expect(chat.getByText(sheet.comment, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, { context: `KPI sheet: chat (${lang})`, include: '[role="dialog"]' });
      const announcer = chat.getByRole('status');
      await expect(announcer).toHaveText('');
      const arrived = unique('Shall we meet on Monday?');
      await lm.post(`kpis/objectives/${sheet.objectiveId}/comments`, { comment: arrived });
      await expect(chat.getByText(arrived, { exact: true })).toBeVisible({ timeout: LOAD });
      await expect(announcer).toHaveText(t('a11y.newMessage', { name: lm.name, text: arrived }));
    });

    test(`the HR admin's dashboard, menus, profile and team (${lang})`, async ({ page, request }) => {
      test.setTimeout(300_000);
      const admin = await apiAs(request, '1001');

      await signInAs(page, t, lang, '1001', '/dashboard');
      const main = page.getByRole('main');

      // The header's menus.
      await checkMenu(
        page,
        page.getByRole('button', { name: t('language.choose') }),
        page.getByRole('menuitem', { name: 'Français' }),
        `language menu (${lang})`,
      );
      await checkMenu(
        page,
        page.getByRole('button', { name: t('shell.userMenu') }),
        page.getByRole('menuitem', { name: t('shell.myProfile') }),
        `user menu (${lang})`,
      );

      await settled(page, main.getByText(admin.name));
      await expectNoAxeViolations(page, { context: `dashboard of 1001 (${lang})` });

      // The profile, then each of its other tabs (their panel: the rest of the page is the same).
      await visit(page, '/profile', main.getByRole('tab'), `profile (${lang})`);
      for (const tab of PROFILE_TABS) {
        await go(page, `/profile?tab=${tab}`);
        const panel = main.getByRole('tabpanel');
        await settled(page, panel);
        await expect(panel.getByText(/\S/).first()).toBeVisible();
        await expectNoAxeViolations(page, {
          context: `profile: ${tab} tab (${lang})`,
          include: '[role="tabpanel"]',
        });
      }

      // The team's cards are links to profiles, each with the person's name as a heading.
      await visit(
        page,
        '/team',
        main.getByRole('link').filter({ has: page.getByRole('heading') }),
        `team (${lang})`,
      );
    });

    test(`the HR admin's requests, attendance and employees (${lang})`, async ({ page, request }) => {
      test.setTimeout(300_000);
      const employee = await apiAs(request, '1004');
      const serviceId = await serviceRequest(employee);

      await signInAs(page, t, lang, '1001', '/leave?list_type=team');
      const main = page.getByRole('main');

      // Leave, remote work and HR services: the team's lists and each new-request form.
      const lists = [
        { path: '/leave', form: 'leave.form.createTitle', name: 'leave' },
        { path: '/remote-work', form: 'remoteWork.form.createTitle', name: 'remote work' },
        { path: '/hr-services', form: 'hrServices.form.createTitle', name: 'HR services' },
      ];
      for (const l of lists) {
        await visit(
          page,
          `${l.path}?list_type=team`,
          main.getByRole('row').nth(1),
          `${l.name} list (${lang})`,
        );
        await main.getByRole('button', { name: t(l.form) }).click();
        await checkDialog(page, dialog(page, t(l.form)), `${l.name}: new request form (${lang})`);
      }
      await visit(
        page,
        `/hr-services/${serviceId}`,
        main.getByText(employee.name),
        `HR service request (${lang})`,
      );

      await visit(page, '/attendance', main.getByRole('table').first(), `attendance (${lang})`);
      await visit(page, '/employees', main.getByRole('row').nth(1), `employees (${lang})`);
    });

    test(`the HR admin's KPI and EPR screens and forms (${lang})`, async ({ page, request }) => {
      test.setTimeout(300_000);
      const year = lang === 'en' ? 2048 : 2050;
      const admin = await apiAs(request, '1001');
      const draft = await draftSheet(admin);
      const { sheetId, reviewId, employee } = await reviewOf1004(request, year);

      await signInAs(page, t, lang, '1001', '/kpi');
      const main = page.getByRole('main');

      // KPI: the list, its filter drawer, a draft sheet with the add-KPI form and the chat, an approved sheet.
      await visit(
        page,
        '/kpi',
        main.getByRole('row', { name: new RegExp(draft.name) }),
        `KPI list (${lang})`,
        true,
      );
      await main.getByRole('button', { name: t('common.chooseFilters') }).click();
      await checkDialog(page, dialog(page, t('common.chooseFilters')), `KPI list: filters drawer (${lang})`);
      await visit(
        page,
        `/kpi/${draft.id}`,
        main.getByRole('region', { name: draft.objective }),
        `KPI sheet, draft (${lang})`,
      );
      await main.getByRole('button', { name: `${t('kpi.detail.addKpi')} — ${draft.objective}` }).click();
      await checkDialog(
        page,
        dialog(page, t('kpi.kpiForm.createTitle')),
        `KPI sheet: add KPI form (${lang})`,
      );
      await visit(
        page,
        `/kpi/${sheetId}`,
        main.getByRole('region', { name: 'Serve every customer' }),
        `KPI sheet, approved (${lang})`,
      );

      // The demo sheet of 1004 sent back for an update, with an objective and KPIs removed (struck through).
      const own = await apiAs(request, '1004');
      const sheets = await own.get<{ items: { id: number; status: { id: number } }[] }>(
        'kpis?list_type=self&status_id=5&limit=50',
      );
      let struck: { id: number; objective: string } | null = null;
      for (const { id } of sheets.items) {
        const sheet = await own.get<{ objectives: { name: string; status: { id: number } }[] }>(`kpis/${id}`);
        const removed = sheet.objectives.find((o) => o.status.id === 3);
        if (removed) struck = { id, objective: removed.name };
        if (struck) break;
      }
      expect(struck, 'the demo sheet with removed lines').not.toBeNull();
      await visit(
        page,
        `/kpi/${struck!.id}`,
        main.getByRole('region', { name: struck!.objective }),
        `KPI sheet with removed lines (${lang})`,
      );

      // EPR: the list and its filter drawer, a review, the calibration grid.
      await visit(page, '/epr?list_type=team', main.getByRole('table'), `EPR list (${lang})`);
      await main.getByRole('button', { name: t('common.chooseFilters') }).click();
      await checkDialog(page, dialog(page, t('common.chooseFilters')), `EPR list: filters drawer (${lang})`);
      await visit(page, `/epr/${reviewId}`, main.getByText(employee.name), `EPR review (${lang})`);
      await visit(
        page,
        `/epr/calibration?from_date=${year}-01-01&to_date=${year}-12-31`,
        main.locator(`[href="/epr/${reviewId}"]`),
        `EPR calibration (${lang})`,
      );
    });

    test(`the administration screens (${lang})`, async ({ page }) => {
      test.setTimeout(300_000);
      await signInAs(page, t, lang, '1001', '/admin/companies');
      const main = page.getByRole('main');
      const screens = [
        '/admin/companies',
        '/admin/offices',
        '/admin/groups',
        '/admin/designations',
        '/admin/levels-grades',
        '/admin/employee-import',
        '/admin/assets',
        '/admin/exams',
        '/admin/development-areas',
        '/admin/leave-types',
        '/admin/holidays',
        '/admin/leave-policies',
        '/admin/shifts',
        '/admin/pay-schedules',
        '/admin/attendance',
        '/admin/hr-services',
        '/admin/remote-work-types',
        '/admin/epr-values',
        '/admin/kpi',
        '/admin/review-cycles',
      ];
      for (const screen of screens) {
        // Each lists its records in a table, which is busy until they have come; the review
        // cycles have a table once a cycle was launched (another test may not have launched one yet).
        const ready =
          screen === '/admin/employee-import'
            ? main.getByRole('heading')
            : screen === '/admin/review-cycles'
              ? main.getByRole('table').or(main.getByText(t('eprCycles.empty')))
              : main.getByRole('table');
        await visit(page, screen, ready, `${screen} (${lang})`, screen === screens[0]);
        if (screen === '/admin/companies') {
          await main.getByRole('button', { name: t('admin.companies.add') }).click();
          await checkDialog(
            page,
            dialog(page, t('admin.companies.createTitle')),
            `companies: new company form (${lang})`,
          );
        }
      }
    });
  });
}
