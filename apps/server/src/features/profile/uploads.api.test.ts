import { DOCUMENT_MAX_BYTES, PHOTO_MAX_BYTES, PHOTO_PIXELS } from '@hr/contracts/employees';
import { IMAGE_MAX_BYTES } from '@hr/contracts/limits';
import { MESSAGES } from '@hr/contracts/messages';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_COLUMNS, employeeFile, importEmployees, newEid } from '../../../test/factories/employee-import';
import {
  bombPng,
  carriesPosition,
  headerOnly,
  jpegWithGps,
  pngWithGps,
} from '../../../test/factories/images';
import { largePng, png, profileState } from '../../../test/factories/profile';
import { type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';
import { employeeFiles, employeePhotos, files } from '../../db/schema';
import { MAX_IMAGE_PIXELS } from '../../lib/uploads';

/**
 * What the server does with uploaded bytes: limits it checks itself, types
 * told by content whatever the name says, and photos made anew from their
 * pixels, without the metadata a phone writes into them.
 */

let ctx: TestContext;
let person: MadeEmployee;
let token: string;

beforeAll(async () => {
  ctx = await setupApi();
  person = await ctx.factory.employee();
  token = await ctx.factory.token(person);
});

const uploadPhoto = (photo: string) =>
  ctx.call({ method: 'PATCH', url: `/api/v1/employees/photo/${person.id}`, payload: { photo }, token });
const uploadDocument = (fileName: string, data: Buffer) =>
  ctx.call({
    method: 'POST',
    url: `/api/v1/employees/${person.id}/files`,
    payload: { name: 'Scan', file_name: fileName, file: data.toString('base64') },
    token,
  });

/** The three stored sizes of the person's photo, as the database keeps them. */
async function storedSizes() {
  const [row] = await ctx.db.select().from(employeePhotos).where(eq(employeePhotos.employeeId, person.id));
  expect(row).toBeDefined();
  return { mime: row!.mime, small: row!.small, medium: row!.medium, big: row!.big };
}

/** The red, green and blue of one pixel. */
async function pixel(data: Buffer, x: number, y: number) {
  const { data: raw, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [raw[at]!, raw[at + 1]!, raw[at + 2]!];
}

describe('photos are made anew and carry no metadata', () => {
  it('a phone JPEG with a GPS position: no stored size keeps it, nor any EXIF', async () => {
    const original = await jpegWithGps(900, 700);
    expect(carriesPosition(original)).toBe(true);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await uploadPhoto(original.toString('base64'));
    expect(res.statusCode, res.body).toBe(200);
    const stored = await storedSizes();
    expect(stored.mime).toBe('image/jpeg');
    for (const size of ['small', 'medium', 'big'] as const) {
      const data = stored[size];
      expect(carriesPosition(data), size).toBe(false);
      const meta = await sharp(data).metadata();
      expect(
        {
          format: meta.format,
          width: meta.width,
          height: meta.height,
          exif: meta.exif,
          xmp: meta.xmp,
          iptc: meta.iptc,
          icc: meta.icc,
          comments: meta.comments,
        },
        size,
      ).toEqual({
        format: 'jpeg',
        width: PHOTO_PIXELS[size],
        height: PHOTO_PIXELS[size],
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        icc: undefined,
        comments: undefined,
      });
      // Served the same way: what the browser gets is what was stored.
      const served = await ctx.call({ method: 'GET', url: res.json().photo[size] });
      expect(served.rawPayload.equals(data), size).toBe(true);
    }
  });

  it('the photo is turned upright from its EXIF orientation before the metadata goes', async () => {
    // Left half red, right half blue, stored on its side: orientation 6 turns it a quarter clockwise.
    const res = await uploadPhoto((await jpegWithGps(800, 600, 6)).toString('base64'));
    expect(res.statusCode, res.body).toBe(200);
    const { big } = await storedSizes();
    const [top, bottom] = [await pixel(big, 300, 20), await pixel(big, 300, 580)];
    expect(top[0]).toBeGreaterThan(200); // red above
    expect(top[2]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200); // blue below
    expect(bottom[0]).toBeLessThan(60);
    expect((await sharp(big).metadata()).orientation).toBeUndefined();
  });

  it('a PNG with eXIf and text chunks naming the place: the stored sizes have neither', async () => {
    const original = await pngWithGps(300, 240);
    expect(carriesPosition(original)).toBe(true);
    const res = await uploadPhoto(original.toString('base64'));
    expect(res.statusCode, res.body).toBe(200);
    const stored = await storedSizes();
    expect(stored.mime).toBe('image/png');
    for (const size of ['small', 'medium', 'big'] as const) {
      expect(carriesPosition(stored[size]), size).toBe(false);
      const meta = await sharp(stored[size]).metadata();
      expect([meta.format, meta.exif, meta.comments], size).toEqual(['png', undefined, undefined]);
    }
  });
});

describe('types come from the bytes, not the name', () => {
  it('a PNG sent as a JPEG data URL is taken and kept as a PNG', async () => {
    const res = await uploadPhoto(`data:image/jpeg;base64,${(await png(120, 90)).toString('base64')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedSizes()).mime).toBe('image/png');
    const served = await ctx.call({ method: 'GET', url: res.json().photo.medium });
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
  });

  it('a text file sent as a PNG data URL is refused with the photo format message', async () => {
    const before = await profileState(ctx.db, person.id);
    const res = await uploadPhoto(
      `data:image/png;base64,${Buffer.from('name,salary\nTanvir,100\n').toString('base64')}`,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'invalid_image_format' });
    expect(res.json().errors.children.photo.errors).toEqual([MESSAGES.photoPngJpeg]);
    expect(await profileState(ctx.db, person.id)).toEqual(before);
  });

  it('documents: a PNG named .jpg is a PNG, a text file named .png is text, a PDF named .png is a PDF', async () => {
    const cases: [string, Buffer, string][] = [
      ['holiday.jpg', await png(), 'image/png'],
      ['salary.png', Buffer.from('name,salary\nTanvir,100\n'), 'text/plain; charset=utf-8'],
      ['contract.png', Buffer.from('%PDF-1.7\n% a contract\n'), 'application/pdf'],
      ['photo.png', Buffer.from([0x00, 0x01, 0x02, 0xfe, 0xff, 0x00]), 'application/octet-stream'],
    ];
    for (const [fileName, data, mime] of cases) {
      const res = await uploadDocument(fileName, data);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().mime, fileName).toBe(mime);
      const download = await ctx.call({
        method: 'GET',
        url: `/api/v1/employees/${person.id}/files/${res.json().id}`,
        token,
      });
      expect(download.headers['content-type'], fileName).toBe(mime);
      expect(download.headers['content-disposition'], fileName).toMatch(/^attachment;/);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('size limits are the server’s own', () => {
  it('the limits are those the decisions state: photo 2 MB, document 5 MB, EPR-area image 200 KB', () => {
    expect([PHOTO_MAX_BYTES, DOCUMENT_MAX_BYTES, IMAGE_MAX_BYTES]).toEqual([
      2 * 1024 * 1024,
      5 * 1024 * 1024,
      200 * 1024,
    ]);
  });

  it('an oversize photo is refused with 413 and its message, whatever the data URL says', async () => {
    const before = await profileState(ctx.db, person.id);
    const big = await largePng(PHOTO_MAX_BYTES + 10);
    for (const prefix of ['', 'data:image/png;base64,', 'data:text/plain;base64,']) {
      const res = await uploadPhoto(`${prefix}${big.toString('base64')}`);
      expect(res.statusCode, prefix).toBe(413);
      expect(res.json()).toMatchObject({ code: 413, error: 'photo_too_large' });
      expect(res.json().errors.children.photo.errors).toEqual([MESSAGES.photoTooLarge]);
    }
    expect(await profileState(ctx.db, person.id)).toEqual(before);
  });

  it('a picture small in bytes but huge in pixels is refused before it is decoded', async () => {
    const before = await profileState(ctx.db, person.id);
    // One colour compresses to a few kilobytes; 9,000 × 9,000 pixels would take 243 MB to decode.
    const bomb = await bombPng(9000, 9000);
    expect(bomb.length).toBeLessThan(PHOTO_MAX_BYTES);
    const res = await uploadPhoto(bomb.toString('base64'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'image_too_many_pixels' });
    expect(res.json().errors.children.photo.errors).toEqual([
      'This image is 9000 × 9000 pixels; an image may have at most 25 million pixels. Please scale it down and try again.',
    ]);
    expect(await profileState(ctx.db, person.id)).toEqual(before);
  });

  it('6,300 × 6,300 (40 MP in 120 KB), and headers claiming 30,000 × 30,000, are refused by their header', async () => {
    const before = await profileState(ctx.db, person.id);
    const cases: [string, Buffer, string][] = [
      ['png bomb', await bombPng(), '6300 × 6300'],
      // Pixels of a 16 × 16 picture behind the header: refused for what the header says, never decoded.
      ['png header', await headerOnly('png', 30000, 30000), '30000 × 30000'],
      ['jpeg header', await headerOnly('jpeg', 30000, 30000), '30000 × 30000'],
    ];
    for (const [what, data, size] of cases) {
      const res = await uploadPhoto(data.toString('base64'));
      expect(res.statusCode, what).toBe(422);
      expect(res.json(), what).toMatchObject({
        error: 'image_too_many_pixels',
        params: { max: 25 },
      });
      expect(res.json().errors.children.photo.errors[0], what).toContain(size);
    }
    expect(await profileState(ctx.db, person.id)).toEqual(before);
  });

  it('25 million pixels are taken (its three sizes stored); one row more is refused', async () => {
    expect(MAX_IMAGE_PIXELS).toBe(25_000_000);
    const over = await uploadPhoto((await png(5000, 5001)).toString('base64'));
    expect(over.statusCode).toBe(422);
    expect(over.json().error).toBe('image_too_many_pixels');
    const res = await uploadPhoto((await png(5000, 5000, '#1d4ed8')).toString('base64'));
    expect(res.statusCode, res.body).toBe(200);
    const stored = await storedSizes();
    for (const size of ['small', 'medium', 'big'] as const) {
      const meta = await sharp(stored[size]).metadata();
      expect([meta.format, meta.width, meta.height], size).toEqual([
        'png',
        PHOTO_PIXELS[size],
        PHOTO_PIXELS[size],
      ]);
    }
  });

  it('an oversize document is refused with 413 and its message', async () => {
    const before = await profileState(ctx.db, person.id);
    const res = await uploadDocument('scan.pdf', Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 0x41));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, error: 'file_too_large' });
    expect(res.json().errors.children.file.errors).toEqual([MESSAGES.fileTooLarge]);
    expect(await profileState(ctx.db, person.id)).toEqual(before);
  });
});

describe('file names are kept and served as their last path part', () => {
  const download = (id: number) =>
    ctx.call({ method: 'GET', url: `/api/v1/employees/${person.id}/files/${id}`, token });
  const listed = async () =>
    (await ctx.call({ method: 'GET', url: `/api/v1/employees/${person.id}/files`, token })).json() as {
      id: number;
      name: string;
      file_name: string;
    }[];

  it('a document named ../../etc/passwd or C:\\x\\y.pdf is stored, listed and downloaded as passwd, y.pdf', async () => {
    const cases: [string, string][] = [
      ['../../etc/passwd', 'passwd'],
      ['C:\\x\\y.pdf', 'y.pdf'],
      ['..\\..\\windows\\win.ini', 'win.ini'],
      ['/srv/hr/../scan "final".pdf', 'scan "final".pdf'],
    ];
    for (const [given, kept] of cases) {
      const res = await uploadDocument(given, Buffer.from('%PDF-1.7\n'));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().file_name, given).toBe(kept);
      expect((await listed()).find((d) => d.id === res.json().id)?.file_name, given).toBe(kept);
      const file = await download(res.json().id);
      expect(file.headers['content-disposition'], given).toBe(
        `attachment; filename="${kept.replace(/"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(kept)}`,
      );
    }
  });

  it('a name with control characters, or of path parts only, is refused and nothing is stored', async () => {
    const before = (await listed()).length;
    for (const given of ['a\u0007b.pdf', 'x.pdf\r\nSet-Cookie: a=b', 'scan\u0000.pdf', '../', '..\\..']) {
      const res = await uploadDocument(given, Buffer.from('%PDF-1.7\n'));
      expect(res.statusCode, JSON.stringify(given)).toBe(422);
      expect(Object.keys(res.json().errors.children), JSON.stringify(given)).toEqual(['file_name']);
    }
    expect((await listed()).length).toBe(before);
  });

  it('a name stored before with path parts is listed and served as its last part', async () => {
    const res = await uploadDocument('old.pdf', Buffer.from('%PDF-1.7\n'));
    const id: number = res.json().id;
    const [link] = await ctx.db.select().from(employeeFiles).where(eq(employeeFiles.id, id));
    await ctx.db.update(files).set({ name: '../../etc/\u0007shadow' }).where(eq(files.id, link!.fileId));
    expect((await listed()).find((d) => d.id === id)?.file_name).toBe('shadow');
    expect((await download(id)).headers['content-disposition']).toBe(
      `attachment; filename="shadow"; filename*=UTF-8''shadow`,
    );
  });

  it('an imported file named with path parts is answered and listed by its last part', async () => {
    const admin = await ctx.factory.token(await ctx.factory.employee({ admin: true }));
    const res = await importEmployees(ctx, admin, employeeFile([ALL_COLUMNS, `${newEid()},Person`]), {
      fileName: '../../etc/staff.csv',
    });
    expect(res.body.file_name, res.raw.body).toBe('staff.csv');
  });

  it('renaming changes the title only: the download keeps its file name', async () => {
    const res = await uploadDocument('contract.pdf', Buffer.from('%PDF-1.7\n'));
    const id: number = res.json().id;
    const renamed = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/employees/${person.id}/files/${id}`,
      payload: { name: '../../etc/passwd' },
      token,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: '../../etc/passwd', file_name: 'contract.pdf' });
    expect((await download(id)).headers['content-disposition']).toMatch(
      /^attachment; filename="contract.pdf";/,
    );
  });
});
