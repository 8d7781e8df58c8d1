import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y';
import { clickToClose } from '../support/antd';
import { apiAs } from '../support/api';
import { signIn } from '../support/helpers';

test.describe('shell', () => {
  test('an unknown path shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Oops, an error has occurred. Page not found!')).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Go home' }).click();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('routes match exactly: a known route with an extra segment is a 404', async ({ page }) => {
    await signIn(page, '1004');
    await page.goto('/leave/extra');
    await expect(page.getByText('Oops, an error has occurred. Page not found!')).toBeVisible();
    await page.getByRole('button', { name: 'Go home' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('a page whose code cannot be fetched shows the 500 page, drawn without Ant Design, with a way home', async ({
    page,
  }) => {
    await signIn(page, '1004', { path: '/dashboard' });
    await page.route(/\/assets\/LeavePage-[^/]*\.js$/, (route) => route.abort());
    await page.goto('/leave');
    await expect(page.getByRole('heading', { name: '500' })).toBeVisible();
    await expect(page.getByText('Sorry, server goes wrong')).toBeVisible();
    await expect(page.locator('[class^="ant-"], [class*=" ant-"]')).toHaveCount(0);
    await expectNoAxeViolations(page, { context: '500 page' });
    await page.getByRole('button', { name: 'Go home' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('the sidebar lists the modules; admins also see Employee and Administration', async ({ page }) => {
    await signIn(page, '1004');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    for (const label of [
      'Dashboard',
      'Profile',
      'Team',
      'KPI',
      'EPR',
      'Leave',
      'Remote Work',
      'HR Services',
      'Attendance',
    ]) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByText('Administration')).toHaveCount(0);
    await nav.getByRole('link', { name: 'HR Services' }).click();
    await expect(page).toHaveURL(/\/hr-services$/);
    await expect(page.getByRole('heading', { name: 'HR Services' })).toBeVisible();

    await signIn(page, '1001');
    await expect(nav.getByRole('link', { name: 'Employee', exact: true })).toBeVisible();
    await nav.getByText('Administration').click();
    await nav.getByRole('link', { name: 'Company' }).click();
    await expect(page).toHaveURL(/\/admin\/companies$/);
  });

  test('the user menu opens My Profile', async ({ page }) => {
    await signIn(page, '1004', { path: '/team' });
    // The header's menus are named from what they show first (WCAG 2.5.3, label in name).
    const me = await apiAs(page.request, '1004');
    await expect(page.getByRole('button', { name: 'User menu' })).toHaveAccessibleName(
      `${me.name} — User menu`,
    );
    await expect(page.getByRole('button', { name: 'Choose language' })).toHaveAccessibleName(
      'EN — Choose language',
    );
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('switching to Arabic turns the layout right-to-left, and back', async ({ page }) => {
    await signIn(page, '1004');
    await page.getByRole('button', { name: 'Choose language' }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'العربية' }));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    // The choice is kept across a reload.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('button', { name: /Choose language|اختر اللغة/ }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'English' }));
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('Chinese and Arabic screens draw real glyphs, whatever fonts the machine has', async ({
    page,
  }, testInfo) => {
    // The portal's own Chinese font, or a Chinese font the machine has (Debian's fonts-noto-cjk, a
    // phone's own): either draws real glyphs. A Latin font would have drawn empty boxes.
    const CJK_FONT =
      /Noto Sans SC|Noto Sans CJK|Source Han Sans|WenQuanYi|Droid Sans Fallback|PingFang|Hiragino Sans GB|Microsoft YaHei/;
    await signIn(page, '1004');
    // Chromium says which fonts drew a node.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const drawnWith = async (selector: string) => {
      const { root } = await cdp.send('DOM.getDocument');
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      return fonts.map((f) => f.familyName);
    };
    await page.getByRole('button', { name: 'Choose language' }).click();
    // On the English page the language's own name is drawn too, not as empty boxes.
    await expect(page.getByRole('menuitem', { name: '中文' })).toBeVisible();
    await expect
      .poll(async () => {
        await page.evaluate(() => document.fonts.ready);
        return drawnWith('[role="menuitem"][lang="zh"]');
      })
      .toEqual([expect.stringMatching(CJK_FONT)]);
    await clickToClose(page.getByRole('menuitem', { name: '中文' }));
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
    // The page title (bold) and the menu (regular) are drawn with a Chinese font too.
    await expect(page.getByRole('heading', { name: '个人资料' })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await expect.poll(() => drawnWith('h3')).toEqual([expect.stringMatching(CJK_FONT)]);
    expect(await drawnWith('nav li a')).toEqual([expect.stringMatching(CJK_FONT)]);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: testInfo.outputPath('profile-zh.png') });
    await testInfo.attach('profile-zh', {
      path: testInfo.outputPath('profile-zh.png'),
      contentType: 'image/png',
    });
    await page.getByRole('button', { name: /Choose language|选择语言/ }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'العربية' }));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: testInfo.outputPath('profile-ar.png') });
    await testInfo.attach('profile-ar', {
      path: testInfo.outputPath('profile-ar.png'),
      contentType: 'image/png',
    });
    await page.getByRole('button', { name: /Choose language|اختر اللغة/ }).click();
    await clickToClose(page.getByRole('menuitem', { name: 'English' }));
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('under 992 px the sidebar becomes a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });

    await signIn(page, '1004');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Leave', exact: true }).click();
    await expect(page).toHaveURL(/\/leave$/);
    await expect(nav).toBeHidden();

    await page.setViewportSize({ width: 1200, height: 900 });
    await expect(nav).toBeVisible();
  });

  test('theme and nav-style query parameters are honoured', async ({ page }) => {
    await signIn(page, '1004', { path: '/profile?theme=dark&nav-style=collapsed' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // Collapsed, the sidebar offers to expand and shows its links as icons only.
    await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Light theme' })).toBeVisible();
    await page.goto('/profile?theme=THEME_TYPE_LITE&nav-style=NAV_STYLE_FIXED');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('button', { name: 'Collapse menu' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dark theme' })).toBeVisible();
  });
});
