import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits for an Ant Design popup (dropdown, select list) to finish its opening
 * animation: a click while it still moves can land beside the item it aimed at.
 */
export async function settled(popup: Locator) {
  await expect(popup).toBeVisible();
  await expect(popup).not.toHaveClass(/-(enter|appear|leave)\b/);
}

/** Opens an Ant Design select by its label and picks the option with this text. */
export async function pickOption(
  page: Page,
  label: string | RegExp,
  option: string | RegExp,
  scope?: Locator,
) {
  const root = scope ?? page;
  await root.getByLabel(label, { exact: typeof label === 'string' }).click();
  await settled(page.locator('.ant-select-dropdown:visible').first());
  const item = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first();
  await expect(item).toBeVisible();
  await item.click();
}

/** Types a date (DD-MM-YYYY, or DD-MM-YYYY HH:mm) into an Ant Design date picker and confirms it. */
export async function typeDate(page: Page, label: string | RegExp, value: string, scope?: Locator) {
  const root = scope ?? page;
  const input = root.getByLabel(label, { exact: typeof label === 'string' });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** The table row that contains a text. */
export function rowWith(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
}

/** Opens a row's action menu and picks an action (EDIT, DELETE, SUBMIT, APPROVE, REJECT...). */
export async function rowAction(page: Page, row: Locator, action: string) {
  await row.getByRole('button', { name: /Action/ }).click();
  await settled(page.locator('.ant-dropdown:visible').first());
  const item = page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: action }).first();
  await expect(item).not.toHaveClass(/disabled/);
  await item.click();
}

/** Signs out through the user menu. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await settled(page.locator('.ant-dropdown', { has: logout }));
  await logout.click();
  await expect(page).toHaveURL(/\/signin$/);
}

/** Picks Self or Team (or another option) of a segmented toggle. */
export async function chooseView(page: Page, view: string) {
  const item = page
    .locator('.ant-segmented .ant-segmented-item')
    .filter({ hasText: new RegExp(`^${view}$`) });
  await item.click();
  await expect(item).toHaveClass(/ant-segmented-item-selected/);
}
