import { DOCUMENT_MAX_BYTES, PHOTO_MAX_BYTES } from '@hr/contracts/employees';
import { MESSAGES } from '@hr/contracts/messages';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { jpeg, largePng, png, profileState } from '../../../test/factories/profile';
import { type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';
import { auditLog, employeePhotos, employees, files } from '../../db/schema';

let ctx: TestContext;
let person: { employee: MadeEmployee; lm: MadeEmployee; oo: MadeEmployee };
let tokens: { self: string; lm: string; other: string; admin: string };

beforeAll(async () => {
  ctx = await setupApi();
  person = await ctx.factory.chain();
  const other = await ctx.factory.employee();
  const admin = await ctx.factory.employee({ admin: true });
  tokens = {
    self: await ctx.factory.token(person.employee),
    lm: await ctx.factory.token(person.lm),
    other: await ctx.factory.token(other),
    admin: await ctx.factory.token(admin),
  };
});

const uploadPhoto = (employeeId: number, photo: string, token = tokens.self) =>
  ctx.call({ method: 'PATCH', url: `/api/v1/employees/photo/${employeeId}`, payload: { photo }, token });

async function photoVersion(employeeId: number) {
  const [row] = await ctx.db
    .select({ v: employees.photoVersion })
    .from(employees)
    .where(eq(employees.id, employeeId));
  return row!.v;
}

describe('PATCH employees/photo/{id}', () => {
  it('takes a PNG, keeps three sizes, bumps the version and serves it by signed URL', async () => {
    const before = await photoVersion(person.employee.id);
    const res = await uploadPhoto(person.employee.id, (await png(900, 500)).toString('base64'));
    expect(res.statusCode, res.body).toBe(200);
    expect(await photoVersion(person.employee.id)).toBe(before + 1);
    const { photo } = res.json();
    expect(photo.small).toMatch(
      new RegExp(`^/api/v1/files/photos/${person.employee.id}/small\\?v=${before + 1}&s=[0-9a-f]{32}$`),
    );

    for (const [size, px] of [
      ['small', 64],
      ['medium', 200],
      ['big', 600],
    ] as const) {
      const img = await ctx.call({ method: 'GET', url: photo[size] });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(img.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', px, px]);
    }

    // The header's GET me shows it too.
    const me = await ctx.call({ method: 'GET', url: '/api/v1/me', token: tokens.self });
    expect(me.json().employee.photo).toEqual(photo);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'photo_upload'));
    expect(audit.some((a) => a.entityId === person.employee.id)).toBe(true);
  });

  it('takes a JPEG (with a data: URL prefix) and serves it as JPEG', async () => {
    const res = await uploadPhoto(
      person.employee.id,
      `data:image/jpeg;base64,${(await jpeg()).toString('base64')}`,
      tokens.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const img = await ctx.call({ method: 'GET', url: res.json().photo.medium });
    expect(img.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a photo URL with a wrong signature or for another size, and an older version is not cached', async () => {
    const res = await uploadPhoto(person.employee.id, (await png()).toString('base64'));
    const { small, big } = res.json().photo;
    const forged = small.replace(/s=[0-9a-f]+/, `s=${'0'.repeat(32)}`);
    expect((await ctx.call({ method: 'GET', url: forged })).statusCode).toBe(404);
    const swapped = big.replace('/big?', '/small?');
    expect((await ctx.call({ method: 'GET', url: swapped })).statusCode).toBe(404);
    await uploadPhoto(person.employee.id, (await png(10, 10, '#ff0000')).toString('base64'));
    const old = await ctx.call({ method: 'GET', url: small });
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe('no-cache');
  });

  const refusals: [string, () => Promise<string>, number, string, string][] = [
    [
      'a text file named like a picture',
      async () => Buffer.from('This is a text file, renamed photo.png').toString('base64'),
      422,
      'invalid_image_format',
      MESSAGES.photoPngJpeg,
    ],
    [
      'a GIF',
      async () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64'),
      422,
      'invalid_image_format',
      MESSAGES.photoPngJpeg,
    ],
    [
      'PNG magic bytes followed by garbage',
      async () =>
        Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          Buffer.from('garbage'),
        ]).toString('base64'),
      422,
      'image_unreadable',
      'Failed to process the image. Please ensure it is a valid PNG or JPEG file.',
    ],
    ['an empty file', async () => '', 422, 'validation_failed', MESSAGES.photoRequired],
    [
      'an empty data URL',
      async () => 'data:image/png;base64,',
      422,
      'validation_failed',
      MESSAGES.photoRequired,
    ],
    [
      'text that is not base64',
      async () => '%%% not base64 %%%',
      422,
      'validation_failed',
      MESSAGES.photoRequired,
    ],
    [
      'a PNG just over 2 MB',
      async () => (await largePng(PHOTO_MAX_BYTES + 1)).toString('base64'),
      413,
      'photo_too_large',
      MESSAGES.photoTooLarge,
    ],
    [
      'a PNG well over the route limit',
      async () => (await largePng(3 * 1024 * 1024)).toString('base64'),
      413,
      'photo_too_large',
      MESSAGES.photoTooLarge,
    ],
  ];

  it.each(refusals)('refuses %s and changes nothing', async (_label, body, status, code, message) => {
    const before = await profileState(ctx.db, person.employee.id);
    const res = await uploadPhoto(person.employee.id, await body());
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code: status, error: code });
    expect(res.json().errors.children.photo.errors).toEqual([message]);
    expect(await profileState(ctx.db, person.employee.id)).toEqual(before);
  });

  it('a photo of exactly 2 MB is still taken', async () => {
    // Random pixels do not compress: pad a real PNG with an ignored trailing chunk to exactly the limit.
    const small = await png(50, 50);
    const padded = Buffer.concat([small, Buffer.alloc(PHOTO_MAX_BYTES - small.length)]);
    expect(padded.length).toBe(PHOTO_MAX_BYTES);
    const res = await uploadPhoto(person.employee.id, padded.toString('base64'));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('only the employee and HR may change the photo; a line manager gets 403', async () => {
    const [before] = await ctx.db
      .select()
      .from(employeePhotos)
      .where(eq(employeePhotos.employeeId, person.employee.id));
    const res = await uploadPhoto(person.employee.id, (await png()).toString('base64'), tokens.lm);
    expect(res.statusCode).toBe(403);
    const [after] = await ctx.db
      .select()
      .from(employeePhotos)
      .where(eq(employeePhotos.employeeId, person.employee.id));
    expect(after).toEqual(before);
  });
});

describe('documents', () => {
  const path = (id: number) => `/api/v1/employees/${id}/files`;
  const upload = (employeeId: number, body: object, token = tokens.self) =>
    ctx.call({ method: 'POST', url: path(employeeId), payload: body, token });

  it('uploads, lists, downloads (for the line manager too), renames and deletes', async () => {
    const content = Buffer.from('%PDF-1.4\n% the employment contract\n');
    const res = await upload(person.employee.id, {
      name: 'Employment contract',
      file_name: 'চুক্তি contract.pdf',
      file: content.toString('base64'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({ name: 'Employment contract', mime: 'application/pdf', size: content.length });

    const list = await ctx.call({ method: 'GET', url: path(person.employee.id), token: tokens.lm });
    expect(list.json().map((d: { id: number }) => d.id)).toContain(doc.id);

    const download = await ctx.call({
      method: 'GET',
      url: `${path(person.employee.id)}/${doc.id}`,
      token: tokens.lm,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="______ contract.pdf"; filename*=UTF-8''${encodeURIComponent('চুক্তি contract.pdf')}`,
    );

    const other = await ctx.call({
      method: 'GET',
      url: `${path(person.employee.id)}/${doc.id}`,
      token: tokens.other,
    });
    expect(other.statusCode).toBe(403);
    const noToken = await ctx.call({ method: 'GET', url: `${path(person.employee.id)}/${doc.id}` });
    expect(noToken.statusCode).toBe(401);

    const renamed = await ctx.call({
      method: 'PATCH',
      url: `${path(person.employee.id)}/${doc.id}`,
      payload: { name: 'Signed contract' },
      token: tokens.self,
    });
    expect(renamed.json().name).toBe('Signed contract');

    const lmDelete = await ctx.call({
      method: 'DELETE',
      url: path(person.employee.id),
      payload: { id: doc.id },
      token: tokens.lm,
    });
    expect(lmDelete.statusCode).toBe(403);
    const deleted = await ctx.call({
      method: 'DELETE',
      url: path(person.employee.id),
      payload: { id: doc.id },
      token: tokens.self,
    });
    expect(deleted.statusCode).toBe(200);
    const gone = await ctx.call({
      method: 'GET',
      url: `${path(person.employee.id)}/${doc.id}`,
      token: tokens.self,
    });
    expect(gone.statusCode).toBe(404);
    // The stored bytes go with it.
    expect(
      await ctx.db.select({ id: files.id }).from(files).where(eq(files.name, 'চুক্তি contract.pdf')),
    ).toEqual([]);
  });

  it('a document of someone else is a 404 through my profile', async () => {
    const theirs = await upload(
      person.lm.id,
      { name: 'Passport', file_name: 'passport.txt', file: Buffer.from('P1234567').toString('base64') },
      tokens.lm,
    );
    expect(theirs.statusCode).toBe(201);
    const res = await ctx.call({
      method: 'GET',
      url: `${path(person.employee.id)}/${theirs.json().id}`,
      token: tokens.self,
    });
    expect(res.statusCode).toBe(404);
    const del = await ctx.call({
      method: 'DELETE',
      url: `${path(person.employee.id)}/${theirs.json().id}`,
      token: tokens.self,
    });
    expect(del.statusCode).toBe(404);
  });

  it.each([
    [
      'over 5 MB',
      (): string => Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 1).toString('base64'),
      413,
      MESSAGES.fileTooLarge,
    ],
    [
      'far over the route limit',
      (): string => Buffer.alloc(8 * 1024 * 1024, 1).toString('base64'),
      413,
      MESSAGES.fileTooLarge,
    ],
    ['empty', (): string => '', 422, MESSAGES.fileRequired],
  ] as const)('refuses a document %s with a clear message', async (_label, file, status, message) => {
    const before = await profileState(ctx.db, person.employee.id);
    const res = await upload(person.employee.id, { name: 'Scan', file_name: 'scan.bin', file: file() });
    expect(res.statusCode).toBe(status);
    expect(res.json().errors.children.file.errors).toEqual([message]);
    expect(await profileState(ctx.db, person.employee.id)).toEqual(before);
  });

  it('takes a document of exactly 5 MB', async () => {
    const res = await upload(person.employee.id, {
      name: 'Large scan',
      file_name: 'scan.bin',
      file: Buffer.alloc(DOCUMENT_MAX_BYTES, 0).toString('base64'),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ size: DOCUMENT_MAX_BYTES, mime: 'application/octet-stream' });
  });
});
