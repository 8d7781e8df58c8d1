import { deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { apiAs, unique } from '../support/api';
import { DEMO_PASSWORD, signIn } from '../support/helpers';

/**
 * The employee profile. Each test uses demo employees no other browser test
 * uses (1030–1040), plus the HR admin 1001.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A small solid-colour PNG, made here so the test needs no image library. */
function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

test.describe('employee profile', () => {
  test('an employee edits a family member and sees the change after a reload', async ({ page, request }) => {
    // The member to edit is added first, through the API, as the employee.
    const owner = await apiAs(request, '1030');
    const member = await owner.post<{ id: number; name: string }>(
      `employees/${owner.employeeId}/family/members`,
      { name: unique('Abdul Karim'), relation: 'Father', occupation: 'Teacher' },
    );
    const renamed = unique('Abdul Hamid Sarkar');

    await signIn(page, '1030');
    await openTab(page, 'Personal');
    const members = page.getByRole('region', { name: 'Family members' });
    await expect(members.getByRole('row', { name: new RegExp(member.name) })).toContainText('Teacher');
    await members.getByRole('button', { name: `Edit ${member.name}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Edit Family members' });
    await expect(dialog.getByLabel('Name')).toHaveValue(member.name);
    await dialog.getByLabel('Name').fill('Abu');
    await expect(dialog.getByText('Name must have a length between 4 and 30')).toBeVisible();
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByLabel('Occupation').fill('Retired headmaster');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your data has been updated!')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Personal', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const row = page
      .getByRole('region', { name: 'Family members' })
      .getByRole('row', { name: new RegExp(renamed) });
    await expect(row).toContainText('Retired headmaster');
    await expect(members.getByRole('row', { name: new RegExp(member.name) })).toHaveCount(0);
  });

  test('a bad mobile number shows the exact message at once, and nothing is saved', async ({ page }) => {
    await signIn(page, '1031');
    await openTab(page, 'Personal');
    const contacts = page.getByRole('region', { name: 'Emergency contacts' });
    const before = await contacts.getByRole('row').count();
    await page.getByRole('button', { name: 'Add contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add contact' });
    await dialog.getByLabel('Name').fill('Jahanara Begum');
    const mobile = dialog.getByLabel('Mobile');
    await mobile.fill('01234567890');
    await expect(dialog.getByText('Mobile number is not valid', { exact: true })).toBeVisible();
    await mobile.fill('0171234abcd');
    await expect(dialog.getByText('Mobile must have be digit', { exact: true })).toBeVisible();
    await mobile.fill('0171234567');
    await expect(dialog.getByText('Mobile must have a length 11', { exact: true })).toBeVisible();
    await mobile.fill('01234567890');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The form stays open with the message; nothing was sent.
    await expect(dialog.getByText('Mobile number is not valid', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(contacts.getByRole('row')).toHaveCount(before);
  });

  test('an uploaded photo shows in the header; a text file is refused', async ({ page }) => {
    await signIn(page, '1032');
    const header = page.getByRole('button', { name: 'User menu' }).locator('img');
    await expect(header).toHaveAttribute('src', /\/api\/v1\/files\/photos\/\d+\/small\?v=\d+&s=/);
    // Each upload counts a new version (an earlier run on this database may have made some).
    const version = Number(/[?&]v=(\d+)/.exec((await header.getAttribute('src')) ?? '')?.[1]);
    /** Chooses a file as a user does: Change photo opens the file chooser. */
    const upload = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Change photo' }).click();
      await (await chooser).setFiles(file);
    };

    await upload({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
    await expect(page.getByText('Invalid file format', { exact: true })).toBeVisible();

    await upload({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(120, [37, 99, 235]) });
    await expect(page.getByText('Your photo has been updated!')).toBeVisible();
    await expect(header).toHaveAttribute(
      'src',
      new RegExp(`/api/v1/files/photos/\\d+/small\\?v=${version + 1}&s=`),
    );
    // The picture really loads: the small size is 64 pixels wide.
    await expect.poll(() => header.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  });

  test('HR disables an employee, who cannot sign in meanwhile, and enables them again', async ({
    page,
    browser,
    request,
  }) => {
    const target = await apiAs(request, '1037');

    await signIn(page, '1001', { path: `/profile/${target.employeeId}` });
    const header = page.getByRole('region', { name: target.name });
    await expect(header).toContainText('1037');
    await expect(page.getByRole('button', { name: 'Add User' })).toBeDisabled();

    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText('Status has been updated!')).toBeVisible();
    await expect(header.getByText('Disabled', { exact: true })).toBeVisible();

    // Their open session has ended, and signing in is refused.
    const me = await request.get('/api/v1/me', { headers: { authorization: `Bearer ${target.token}` } });
    expect(me.status()).toBe(401);
    const other = await browser.newContext();
    const theirs = await other.newPage();
    await theirs.goto('/signin');
    await theirs.getByLabel('E-ID').fill('1037');
    await theirs.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await theirs.getByRole('button', { name: 'Sign in' }).click();
    await expect(theirs.getByRole('alert')).toContainText('This account is disabled. Please contact HR.');
    await expect(theirs).toHaveURL(/\/signin$/);

    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enable' }).click();
    await expect(header.getByText('Disabled', { exact: true })).toBeHidden();
    await theirs.getByRole('button', { name: 'Sign in' }).click();
    await expect(theirs).toHaveURL(/\/profile$/);
    await other.close();
  });

  test('the activity tab switches between the list and the map', async ({ page }) => {
    // Activities come from the attendance devices: no screen or call records one, so the
    // demo's check-ins of 1034 (more than ten) stay the data here.
    await signIn(page, '1034');
    await openTab(page, 'Activity');
    const table = page.getByRole('region', { name: 'Activity' }).getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(11); // a header and 10 activities
    await page.getByText('Map', { exact: true }).click();
    const map = page.getByRole('region', { name: 'Map' });
    // Leaflet draws the map and its circle markers without roles: its own classes find them.
    await expect(map.locator('.leaflet-container')).toBeVisible();
    // Markers show even though map tiles cannot load here.
    await expect.poll(() => map.locator('path.leaflet-interactive').count()).toBeGreaterThan(10);
    await expect(page.getByText(/\d+ of \d+ activities on the map/)).toBeVisible();
    await page.getByText('List', { exact: true }).click();
    await expect(table.getByRole('row')).toHaveCount(11);
    await expect(map).toBeHidden();
  });

  test('an unrelated employee sees only the directory card', async ({ page, request }) => {
    const colleague = await apiAs(request, '1040');

    await signIn(page, '1035', { path: `/profile/${colleague.employeeId}` });
    await expect(
      page.getByText("You can see this colleague's directory card.", { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: colleague.name })).toContainText('1040');
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Change photo' })).toHaveCount(0);
  });
});
