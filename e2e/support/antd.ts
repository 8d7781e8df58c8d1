import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Helpers for Ant Design widgets that find them as a user would: by role,
 * label and visible text.
 */

/**
 * Opens a select (found by its label, or given as a combobox) and picks the
 * option with this text. The list is the one the combobox controls, so that
 * a list still fading out after an earlier pick is never clicked; it has
 * closed again when this returns.
 */
export async function pickOption(
  page: Page,
  select: string | RegExp | Locator,
  option: string | RegExp,
  scope?: Locator,
) {
  const root = scope ?? page;
  const box = typeof select === 'string' || select instanceof RegExp ? combobox(root, select) : select;
  // The system's own select (the portal's plain one): chosen as a user does, by the option's text.
  if ((await box.evaluate((el) => el.tagName)) === 'SELECT') {
    const label = await box
      .locator('option')
      .filter({
        hasText: typeof option === 'string' ? new RegExp(`^\\s*${escapeRegExp(option)}\\s*$`) : option,
      })
      .first()
      .evaluate((o) => (o as unknown as { label: string }).label);
    await box.selectOption({ label });
    return;
  }
  await box.click();
  const list = await listOf(page, box);
  const item = list.getByRole('option', { name: option }).first();
  await clickToClose(item, list);
}

/**
 * Clicks an item of a popup (a select's option, a menu's item) until the
 * popup closes. On a busy machine a click may land while the popup still
 * opens, or while the page is drawn again (the Ant Design texts of another
 * language arrive after the page), and go unheard: the popup then stays
 * open, and the item is clicked again. A popup that closed is never clicked.
 */
export async function clickToClose(item: Locator, popup: Locator = item) {
  await expect(async () => {
    if (await item.isVisible()) await item.click({ timeout: 2_000 });
    await expect(popup).toBeHidden({ timeout: 4_000 });
  }).toPass({ timeout: 20_000 });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A select by its label. The name of a required field starts with the "*"
 * Ant Design draws before its label; a form that marks the optional fields
 * adds "(optional)" after it.
 */
export function combobox(scope: Page | Locator, label: string | RegExp): Locator {
  const name =
    typeof label === 'string' ? new RegExp(`^(\\* )?${escapeRegExp(label)}( \\(optional\\))?$`) : label;
  return scope.getByRole('combobox', { name });
}

/** The open list of options a combobox controls. */
export async function listOf(page: Page, box: Locator): Promise<Locator> {
  let id: string | null = null;
  await expect
    .poll(async () => {
      id = await box.getAttribute('aria-controls');
      return id;
    })
    .toBeTruthy();
  const list = page.getByRole('listbox').and(page.locator(`[id="${id}"]`));
  await expect(list).toBeVisible();
  return list;
}

/**
 * The options a select offers: the system's select holds them itself; a
 * combobox is opened and its list box returned.
 */
export async function optionsOf(page: Page, box: Locator): Promise<Locator> {
  if ((await box.evaluate((el) => el.tagName)) === 'SELECT') return box;
  await box.click();
  return listOf(page, box);
}

/**
 * Opens a tree picker (a group item's), types to narrow it and picks the item
 * with this name; the tree has closed again when this returns.
 */
export async function pickTreeItem(page: Page, box: Locator, name: string) {
  await box.click();
  await box.fill(name);
  const tree = page.getByRole('tree').filter({ visible: true });
  await clickToClose(tree.getByRole('treeitem', { name, exact: true }), tree);
}

/**
 * Types a date (DD-MM-YYYY, or DD-MM-YYYY HH:mm, or HH:mm) into a date
 * picker, found by its label (or given), and confirms it.
 */
export async function typeDate(page: Page, field: string | RegExp | Locator, value: string, scope?: Locator) {
  const root = scope ?? page;
  const input =
    typeof field === 'string' || field instanceof RegExp
      ? root.getByLabel(field, { exact: typeof field === 'string' })
      : field;
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** The table rows that contain a text. */
export function rowWith(scope: Page | Locator, text: string | RegExp): Locator {
  return scope.getByRole('row').filter({ hasText: text });
}

/**
 * The row of one request: its Action button is named after the request
 * ("Actions for leave request 12").
 */
export function requestRow(scope: Page | Locator, actionsLabel: string): Locator {
  return scope
    .getByRole('row')
    .filter({ has: scope.getByRole('button', { name: actionsLabel, exact: true }) });
}

/** Opens a row's action menu and picks an action (EDIT, DELETE, SUBMIT, APPROVE, REJECT...). */
export async function rowAction(page: Page, row: Locator, action: string) {
  await row.getByRole('button', { name: /Action/ }).click();
  const item = page.getByRole('menuitem', { name: action, exact: true });
  await expect(item).toBeVisible();
  await expect(item).toBeEnabled();
  await clickToClose(item);
}

/** The row menu's items, each with whether it is enabled; closes the menu again. */
export async function rowMenu(page: Page, row: Locator): Promise<Record<string, boolean>> {
  const button = row.getByRole('button', { name: /Action/ });
  await button.click();
  // Read the open menu in one step: the visible menu outside the sidebar, the same on two reads.
  const read = () =>
    page.evaluate(() => {
      const menus = Array.from(document.querySelectorAll<HTMLElement>('[role="menu"]')).filter(
        (m) =>
          !m.closest('nav') && m.getClientRects().length > 0 && getComputedStyle(m).visibility !== 'hidden',
      );
      const menu = menus.at(-1);
      if (!menu) return null;
      return Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')).map(
        (item) => [item.innerText.trim(), item.getAttribute('aria-disabled') !== 'true'] as const,
      );
    });
  let items: (readonly [string, boolean])[] = [];
  await expect
    .poll(async () => {
      const first = await read();
      const second = await read();
      if (!first || first.length === 0 || JSON.stringify(first) !== JSON.stringify(second)) return false;
      items = first;
      return true;
    })
    .toBe(true);
  const result = Object.fromEntries(items);
  await button.click();
  await expect(page.getByRole('menuitem', { name: items[0]![0], exact: true })).toBeHidden();
  return result;
}

/** Signs out through the user menu. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await expect(logout).toBeVisible();
  await clickToClose(logout);
  await expect(page).toHaveURL(/\/signin$/);
}

/** Picks Self or Team (or another option) of a segmented toggle by its visible text. */
export async function chooseView(page: Page, view: string) {
  const option = page.getByRole('radio', { name: view, exact: true });
  const group = page.getByRole('radiogroup').filter({ has: option });
  await group.getByText(view, { exact: true }).click();
  await expect(option).toBeChecked();
}

/** The Filter Options panel of a list (named in the page's language). */
export function filterPanel(page: Page, name = 'Filter Options'): Locator {
  return page.getByRole('region', { name });
}

/**
 * Every row of a list holds the text, once the list has settled: retried as
 * one assertion, so rows of the page before a filter (still on screen while
 * the filtered page renders) are not read one by one. At least one row.
 */
export async function everyRowContains(rows: Locator, text: string) {
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNotText: text })).toHaveCount(0);
}
