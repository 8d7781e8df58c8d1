import { expect, test } from '@playwright/test';
import { signIn } from '../support/helpers';

test.describe('finding anyone from the profile area', () => {
  test('an admin unfolds Filter Options on the profile, searches and opens a result', async ({ page }) => {
    await signIn(page, '1001');
    await page.evaluate(() => localStorage.removeItem('hr.employeeSearch:/profile'));
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Filter Options' }).click();
    await page.getByRole('textbox', { name: 'Search employees' }).fill('1004');
    const results = page.getByRole('table').filter({ hasText: 'Tanvir Ahmed' });
    await expect(results).toBeVisible();
    await results.getByRole('link', { name: 'Tanvir Ahmed' }).click();
    await expect(page).toHaveURL(/\/profile\/\d+$/);
    await expect(page.getByText('Tanvir Ahmed').first()).toBeVisible();
  });

  test('an employee has no search panel on the profile', async ({ page }) => {
    await signIn(page, '1004');
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filter Options' })).toHaveCount(0);
  });
});
