import { expect, type Page, test } from '@playwright/test';
import { combobox, pickOption } from '../support/antd';
import { apiAs, unique } from '../support/api';
import { signIn } from '../support/helpers';

/**
 * Administration > Groups and Levels and grades. Each test makes its own
 * records, named uniquely for the run: a group (of the list-filter type
 * Department) with an item and a child item, a KPI sheet of 1004 (line
 * manager 1003) for the list to find, a level to rename.
 */

/** The admin list's rows that name a text, found through the screen's search box. */
async function search(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  return page.getByRole('row').filter({ hasText: text });
}

test.describe('organisation', () => {
  test('an admin builds a group tree, puts 1004 in an item from the profile, and the KPI list filters by it', async ({
    page,
    request,
  }) => {
    const employee = await apiAs(request, '1004');
    const group = unique('Regions');
    const parent = unique('North');
    const child = unique('North Field');
    const sheet = unique('Field plan');
    await employee.post('kpis', {
      allow_overlap: true,
      type_id: 2,
      from: '2039-01-01',
      to: '2039-12-31',
      name: sheet,
    });

    // The group: a name and a type; Department groups are the list filters.
    await signIn(page, '1001', { path: '/admin/groups' });
    await expect(page.getByRole('heading', { name: 'Groups' })).toBeVisible();
    await page.getByRole('button', { name: 'Add group' }).click();
    const modal = page.getByRole('dialog', { name: 'New group' });
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText('Name must not be empty')).toBeVisible();
    await expect(modal.getByText('Type must not be empty')).toBeVisible();
    await modal.getByLabel('Name').fill(group);
    await pickOption(page, 'Type', 'Department', modal);
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    await expect(modal).toBeHidden();
    const row = await search(page, group);
    await expect(row).toContainText('List filter');
    await expect(row).toContainText('Department');

    // Its tree: an item at the top, then a child under it, added from the keyboard.
    await row.getByRole('button', { name: `Edit the items of ${group}` }).click();
    const drawer = page.getByRole('dialog', { name: `Items of ${group}` });
    await expect(drawer.getByText('No items yet. Add the first one above.')).toBeVisible();
    await drawer.getByLabel('Item name').fill(parent);
    await drawer.getByRole('button', { name: 'Add item' }).click();
    const tree = drawer.getByRole('tree');
    await expect(tree.getByRole('treeitem').filter({ hasText: parent })).toBeVisible();
    await drawer.getByRole('button', { name: `Add an item under ${parent}` }).click();
    await expect(drawer.getByLabel('Item name')).toBeFocused();
    await drawer.getByLabel('Item name').fill(child);
    await drawer.getByLabel('Item name').press('Enter');
    await expect(tree.getByRole('treeitem').filter({ hasText: child })).toBeVisible();
    await expect(tree.getByRole('treeitem')).toHaveCount(2);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();

    // The employee's profile: HR puts them in the child item.
    await page.goto(`/profile/${employee.employeeId}`);
    await page.getByRole('button', { name: 'Add to group' }).click();
    const add = page.getByRole('dialog', { name: 'Add to group' });
    await pickOption(page, combobox(add, 'Group'), child);
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(add).toBeHidden();
    await expect(page.getByText(`${group}: ${child}`)).toBeVisible();

    // The line manager's KPI list, Team view, filtered by that item, finds the sheet.
    await signIn(page, '1003', { path: '/kpi' });
    await page.getByRole('radiogroup').getByText('Team', { exact: true }).click();
    const panel = page.getByRole('region', { name: 'Filter Options' });
    await panel.getByRole('button', { name: 'Choose filters' }).click();
    const choose = page.getByRole('dialog', { name: 'Choose filters' });
    await choose.getByRole('checkbox', { name: 'Group' }).check();
    await choose.getByRole('button', { name: 'Close' }).click();
    await expect(choose).toBeHidden();
    const groupBox = panel.getByRole('combobox', { name: 'Group' });
    // The items come under their group's heading once the filter has asked for them.
    await expect(groupBox.locator('option').filter({ hasText: child })).toHaveCount(1);
    await pickOption(page, groupBox, child);
    await expect(groupBox.locator('option:checked')).toHaveText(new RegExp(`^\\s*${child}$`));
    const filtered = page.waitForResponse(
      (r) => r.url().includes('/api/v1/kpis?') && r.url().includes('group_id=') && r.ok(),
    );
    await panel.getByRole('button', { name: 'Search' }).click();
    await filtered;
    const sheetRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: sheet }) });
    await expect(sheetRow).toContainText('Tanvir Ahmed');
    // Other people's sheets are not in that item.
    await expect(
      page
        .getByRole('row')
        .filter({ hasNotText: 'Tanvir Ahmed' })
        .filter({ has: page.getByRole('link') }),
    ).toHaveCount(0);

    // The item 1004 belongs to cannot be deleted.
    await signIn(page, '1001', { path: '/admin/groups' });
    const again = await search(page, group);
    await again.getByRole('button', { name: `Edit the items of ${group}` }).click();
    const reopened = page.getByRole('dialog', { name: `Items of ${group}` });
    await reopened.getByRole('button', { name: `Delete ${child}` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Do you want to delete this item?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByText(`${child} cannot be deleted: 1 employee belongs to it or to an item below it.`),
    ).toBeVisible();
    await expect(reopened.getByRole('tree').getByRole('treeitem')).toHaveCount(2);

    // Put things back: 1004 leaves the item, and the group goes.
    const admin = await apiAs(request, '1001');
    const made = await admin.get<{ items: { id: number; tree: { children: { id: number }[] }[] }[] }>(
      'groups',
      {
        search: group,
        page: 1,
      },
    );
    const [created] = made.items;
    await admin.patch('employees/remove/group', {
      employee_id: employee.employeeId,
      group_tree_id: created!.tree[0]!.children[0]!.id,
    });
    await admin.del(`groups/${created!.id}`);
  });

  test('an admin renames a level and sees the new name in the list', async ({ page, request }) => {
    const admin = await apiAs(request, '1001');
    const level = await admin.post<{ id: number; name: string }>('levels', {
      name: unique('Principal'),
      sort_order: 90,
    });
    const renamed = unique('Distinguished');

    await signIn(page, '1001', { path: '/admin/levels-grades' });
    await expect(page.getByRole('heading', { name: 'Levels and grades' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Grades' })).toBeVisible();
    const row = await search(page, level.name);
    await row.getByRole('button', { name: `Edit ${level.name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit level' });
    await expect(edit.getByLabel('Name')).toHaveValue(level.name);
    await edit.getByLabel('Name').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Name must not be empty')).toBeVisible();
    await edit.getByLabel('Name').fill(renamed);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been updated!')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(await search(page, renamed)).toHaveCount(1);
    await expect(await search(page, level.name)).toHaveCount(0);
    const stored = await admin.get<{ name: string }>(`levels/${level.id}`);
    expect(stored.name).toBe(renamed);
  });
  test("an admin adds, renames and deletes an exam's subjects in its drawer", async ({ page, request }) => {
    const admin = await apiAs(request, '1001');
    const types = await admin.get<{ id: number }[]>('lookups/education-types');
    const exam = await admin.post<{ id: number; name: string }>('employees/educations/exams', {
      name: unique('Chartered accountancy'),
      type_id: types[0]!.id,
    });
    const subject = unique('Auditing');
    const renamed = unique('Assurance');

    await signIn(page, '1001', { path: '/admin/exams' });
    const row = await search(page, exam.name);
    await row.getByRole('button', { name: `Subjects of ${exam.name}` }).click();
    const drawer = page.getByRole('dialog', { name: `Subjects of ${exam.name}` });
    await expect(drawer.getByText('No subjects yet.')).toBeVisible();
    await drawer.getByRole('button', { name: 'Add subject' }).click();
    await expect(drawer.getByText('Name must not be empty')).toBeVisible();
    await drawer.getByLabel('New subject').fill(subject);
    await drawer.getByRole('button', { name: 'Add subject' }).click();
    await expect(page.getByText('Your data has been saved!')).toBeVisible();
    const line = drawer.getByRole('row').filter({ hasText: subject });
    await expect(line).toBeVisible();
    // The field is empty again, ready for the next one.
    await expect(drawer.getByLabel('New subject')).toHaveValue('');

    await line.getByRole('button', { name: `Edit ${subject}` }).click();
    await drawer.getByRole('textbox', { name: 'Subject', exact: true }).fill(renamed);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been updated!')).toBeVisible();
    const renamedLine = drawer.getByRole('row').filter({ hasText: renamed });
    await expect(renamedLine).toBeVisible();
    let stored = await admin.get<{ subjects: { name: string }[] }>(`employees/educations/exams/${exam.id}`);
    expect(stored.subjects.map((s) => s.name)).toEqual([renamed]);

    await renamedLine.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Do you want to delete this item?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(drawer.getByText('No subjects yet.')).toBeVisible();
    stored = await admin.get<{ subjects: { name: string }[] }>(`employees/educations/exams/${exam.id}`);
    expect(stored.subjects).toEqual([]);
    await admin.del('employees/educations/exams', { exam_id: exam.id });
  });
});
