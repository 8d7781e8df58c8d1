import { EVIDENCE_PER_LINE_MAX } from '@hr/contracts/epr';
import { IMAGE_MAX_BYTES } from '@hr/contracts/limits';
import { MESSAGES } from '@hr/contracts/messages';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvedSheet, eprState, setEprStatus } from '../../../test/factories/epr';
import { bombPng, carriesPosition, headerOnly, jpegWithGps } from '../../../test/factories/images';
import { jpeg, largePng, png } from '../../../test/factories/profile';
import { type Cast, setupApi, type TestContext } from '../../../test/helper';
import { files } from '../../db/schema';

/**
 * Evidence images on Section A lines (SPEC.md §5): JPG or PNG under 200 KB,
 * told by the bytes; added by the side whose turn it is, seen by the people
 * of the review, and gone with the review.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

const BASE = '/api/v1/eprs';
interface Evidence {
  id: number;
  name: string;
  url: string;
  size: number;
  side: 'self' | 'line_manager';
}
interface Detail {
  id: number;
  section_a: { objectives: { lines: { id: number; evidence: Evidence[] }[] }[] };
}
const linesOf = (d: Detail) => d.section_a.objectives.flatMap((o) => o.lines);

async function review(c: Cast): Promise<Detail> {
  const { sheet } = await approvedSheet(ctx.db, {
    employeeId: c.employee.id,
    lineManagerId: c.lm.id,
    oneOverOneId: c.oo.id,
  });
  const res = await ctx.call({
    method: 'POST',
    url: BASE,
    token: c.tokens.employee,
    payload: { kpi_id: sheet.id, type_id: 2, from_date: '2031-01-01', to_date: '2031-06-30' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const upload = (token: string | null, lineId: number, payload: object) =>
  ctx.call({ method: 'POST', url: `${BASE}/sections/a/objectives/${lineId}/evidence`, token, payload });
const image = async (name = 'receipt.png', data?: Buffer) => ({
  name,
  file: (data ?? (await png())).toString('base64'),
});
const evidenceFiles = async () =>
  (
    await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(files)
      .where(eq(files.kind, 'epr_evidence'))
  )[0]!.n;

describe('evidence images', () => {
  it('the employee adds a PNG and a JPG to a line; the people of the review see them, others do not', async () => {
    const c = await ctx.factory.cast();
    const d = await review(c);
    const line = linesOf(d)[0]!;
    const first = await upload(c.tokens.employee, line.id, await image('receipt.png'));
    expect(first.statusCode, first.body).toBe(201);
    const jpg = await jpeg();
    const second = await upload(c.tokens.employee, line.id, {
      name: 'signed contract.jpg',
      file: `data:image/jpeg;base64,${jpg.toString('base64')}`,
    });
    expect(second.statusCode, second.body).toBe(201);
    const evidence = linesOf(second.json())[0]!.evidence;
    expect(evidence.map((e) => [e.name, e.side])).toEqual([
      ['receipt.png', 'self'],
      ['signed contract.jpg', 'self'],
    ]);

    // Stored encoded anew (no metadata), at its own size: the answer's size is what is served.
    const url = evidence[1]!.url;
    const served = (await ctx.call({ method: 'GET', url, token: c.tokens.employee })).rawPayload;
    expect(evidence[1]!.size).toBe(served.length);
    const meta = await sharp(served).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 40, 30]);
    for (const who of ['employee', 'lm', 'oo', 'admin'] as const) {
      const res = await ctx.call({ method: 'GET', url, token: c.tokens[who] });
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['content-type'], who).toBe('image/jpeg');
      expect(Buffer.compare(res.rawPayload, served), who).toBe(0);
    }
    for (const who of ['peer', 'stranger'] as const) {
      expect((await ctx.call({ method: 'GET', url, token: c.tokens[who] })).statusCode, who).toBe(403);
    }
    expect((await ctx.call({ method: 'GET', url, token: null })).statusCode).toBe(401);
    expect(
      (await ctx.call({ method: 'GET', url: `${BASE}/evidence/999999`, token: c.tokens.admin })).statusCode,
    ).toBe(404);
  });

  it('refuses what is not a JPG or PNG by its bytes, and anything of 200 KB or more, changing nothing', async () => {
    const c = await ctx.factory.cast();
    const d = await review(c);
    const line = linesOf(d)[0]!;
    const before = await eprState(ctx.db, d.id);
    const stored = await evidenceFiles();
    const expectField = async (payload: object, status: number, message: string) => {
      const res = await upload(c.tokens.employee, line.id, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().errors.children.file.errors).toEqual([message]);
    };
    // A text file named like a picture, and a GIF.
    await expectField(
      { name: 'photo.png', file: Buffer.from('not a picture at all').toString('base64') },
      422,
      MESSAGES.uploadJpgPng,
    );
    await expectField(
      { name: 'a.gif', file: Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64') },
      422,
      MESSAGES.uploadJpgPng,
    );
    // Exactly 200 KB is not under 200 KB; far larger bodies stop at the body limit with the same text.
    const big = await largePng(IMAGE_MAX_BYTES + 10);
    await expectField(await image('big.png', big), 422, MESSAGES.imageTooLarge);
    await expectField(
      await image('huge.png', await largePng(IMAGE_MAX_BYTES * 3)),
      422,
      MESSAGES.imageTooLarge,
    );
    // PNG's first bytes on a broken body.
    const broken = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(200, 7)]);
    const res = await upload(c.tokens.employee, line.id, await image('broken.png', broken));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('image_unreadable');
    // Missing or wrong fields.
    await expectField({ name: 'x.png' }, 422, MESSAGES.fileRequired);
    const noName = await upload(c.tokens.employee, line.id, { file: (await png()).toString('base64') });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors.children.name.errors).toEqual([MESSAGES.fileRequired]);
    const longName = await upload(c.tokens.employee, line.id, await image(`${'n'.repeat(252)}.png`));
    expect(longName.statusCode).toBe(422);
    expect((await upload(c.tokens.employee, line.id, { name: 'x.png', file: 12 })).statusCode).toBe(422);
    expect((await upload(c.tokens.employee, 999999, await image())).statusCode).toBe(404);

    expect(await eprState(ctx.db, d.id)).toEqual(before);
    expect(await evidenceFiles()).toBe(stored);
  });

  it('a picture of more than 25 million pixels is refused by its header, and nothing is stored', async () => {
    const c = await ctx.factory.cast();
    const d = await review(c);
    const line = linesOf(d)[0]!;
    const before = await eprState(ctx.db, d.id);
    const stored = await evidenceFiles();
    const cases: [string, Buffer, string][] = [
      // 6,300 × 6,300 of one colour: about 120 KB, under the 200 KB limit; 160 MB once decoded.
      ['bomb.png', await bombPng(), '6300 × 6300'],
      // Pixels of a 16 × 16 picture behind the header: refused for what the header says, never decoded.
      ['header.png', await headerOnly('png', 30000, 30000), '30000 × 30000'],
      ['header.jpg', await headerOnly('jpeg', 20000, 20000), '20000 × 20000'],
    ];
    for (const [name, data, size] of cases) {
      expect(data.length, name).toBeLessThan(IMAGE_MAX_BYTES);
      const res = await upload(c.tokens.employee, line.id, await image(name, data));
      expect(res.statusCode, name).toBe(422);
      expect(res.json(), name).toMatchObject({ error: 'image_too_many_pixels', params: { max: 25 } });
      expect(res.json().errors.children.file.errors, name).toEqual([
        `This image is ${size} pixels; an image may have at most 25 million pixels. Please scale it down and try again.`,
      ]);
    }
    expect(await eprState(ctx.db, d.id)).toEqual(before);
    expect(await evidenceFiles()).toBe(stored);
  });

  it('a large picture under the limit is stored at most 2,000 px on its long side, without its metadata', async () => {
    const c = await ctx.factory.cast();
    const d = await review(c);
    const line = linesOf(d)[0]!;
    // 6,000 × 4,000: 24 million pixels, under 25 (of one colour, to stay under 200 KB).
    const wide = await bombPng(6000, 4000);
    const phone = await jpegWithGps(2400, 3200);
    expect(carriesPosition(phone)).toBe(true);
    for (const [name, data] of [
      ['wide.png', wide],
      ['phone.jpg', phone],
    ] as const) {
      const res = await upload(c.tokens.employee, line.id, await image(name, data));
      expect(res.statusCode, `${name} ${res.body}`).toBe(201);
    }
    const evidence = linesOf(
      (await ctx.call({ method: 'GET', url: `${BASE}/${d.id}`, token: c.tokens.employee })).json(),
    )[0]!.evidence;
    const served = async (name: string) => {
      const e = evidence.find((x) => x.name === name)!;
      const res = await ctx.call({ method: 'GET', url: e.url, token: c.tokens.lm });
      expect(e.size, name).toBe(res.rawPayload.length);
      return res.rawPayload;
    };
    const storedWide = await sharp(await served('wide.png')).metadata();
    expect([storedWide.format, storedWide.width, storedWide.height]).toEqual(['png', 2000, 1333]);
    const storedPhone = await served('phone.jpg');
    const meta = await sharp(storedPhone).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 1500, 2000, undefined]);
    expect(carriesPosition(storedPhone)).toBe(false);
  });

  it('an image named with path parts keeps its last part only', async () => {
    const c = await ctx.factory.cast();
    const line = linesOf(await review(c))[0]!;
    const res = await upload(c.tokens.employee, line.id, await image('../../etc/receipt.png'));
    expect(res.statusCode, res.body).toBe(201);
    const windows = await upload(c.tokens.employee, line.id, await image('C:\\Users\\me\\scan.jpg'));
    expect(linesOf(windows.json())[0]!.evidence.map((e) => e.name)).toEqual(['receipt.png', 'scan.jpg']);
  });

  it('who may add and remove, in which status', async () => {
    const c = await ctx.factory.cast();
    const d = await review(c);
    const line = linesOf(d)[0]!;
    const before = await eprState(ctx.db, d.id);
    // In Draft only the employee adds: the line manager's turn has not come (409), the O&O and HR have none.
    expect((await upload(c.tokens.lm, line.id, await image())).statusCode).toBe(409);
    for (const who of ['oo', 'admin'] as const) {
      expect((await upload(c.tokens[who], line.id, await image())).statusCode, who).toBe(403);
    }
    for (const who of ['peer', 'stranger'] as const) {
      expect((await upload(c.tokens[who], line.id, await image())).statusCode, who).toBe(403);
    }
    expect((await upload(null, line.id, await image())).statusCode).toBe(401);
    expect(await eprState(ctx.db, d.id)).toEqual(before);

    const own = linesOf((await upload(c.tokens.employee, line.id, await image('mine.png'))).json())[0]!
      .evidence[0]!;
    // Awaiting the line manager: the employee can no longer add or remove; the line manager adds theirs.
    await setEprStatus(ctx.db, d.id, 2);
    expect((await upload(c.tokens.employee, line.id, await image())).statusCode).toBe(409);
    const remove = (token: string | null, id: unknown) =>
      ctx.call({
        method: 'DELETE',
        url: `${BASE}/sections/a/objectives/evidence`,
        token,
        payload: { evidence_id: id },
      });
    expect((await remove(c.tokens.employee, own.id)).statusCode).toBe(409);
    // The line manager cannot remove the employee's image either (it is not theirs).
    expect((await remove(c.tokens.lm, own.id)).statusCode).toBe(403);
    const added = await upload(c.tokens.lm, line.id, await image('checked.png'));
    expect(added.statusCode, added.body).toBe(201);
    const lmImage = linesOf(added.json())[0]!.evidence.find((e) => e.name === 'checked.png')!;
    expect(lmImage.side).toBe('line_manager');
    expect((await remove(c.tokens.employee, lmImage.id)).statusCode).toBe(403);
    expect((await remove(c.tokens.oo, lmImage.id)).statusCode).toBe(403);
    expect((await remove(c.tokens.stranger, lmImage.id)).statusCode).toBe(403);
    expect((await remove(null, lmImage.id)).statusCode).toBe(401);
    expect((await remove(c.tokens.lm, 'one')).statusCode).toBe(422);
    expect((await remove(c.tokens.lm, 999999)).statusCode).toBe(404);
    const gone = await remove(c.tokens.lm, lmImage.id);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(linesOf(gone.json())[0]!.evidence.map((e) => e.name)).toEqual(['mine.png']);
    // With the O&O (3) and when completed (4) nobody adds.
    for (const status of [3, 4, 10]) {
      await setEprStatus(ctx.db, d.id, status);
      for (const who of ['employee', 'lm'] as const) {
        expect((await upload(c.tokens[who], line.id, await image())).statusCode, `${who} at ${status}`).toBe(
          409,
        );
      }
    }
    // Sent back (5): the employee removes their own.
    await setEprStatus(ctx.db, d.id, 5);
    expect((await remove(c.tokens.employee, own.id)).statusCode).toBe(200);
  });

  it(`keeps at most ${EVIDENCE_PER_LINE_MAX} images a line`, async () => {
    const c = await ctx.factory.cast();
    const d = await review(c);
    const line = linesOf(d)[0]!;
    for (let i = 0; i < EVIDENCE_PER_LINE_MAX; i++) {
      expect((await upload(c.tokens.employee, line.id, await image(`${i}.png`))).statusCode).toBe(201);
    }
    const stored = await evidenceFiles();
    const over = await upload(c.tokens.employee, line.id, await image('one more.png'));
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe('epr_evidence_limit');
    expect(await evidenceFiles()).toBe(stored);
    // Another line has room of its own.
    expect((await upload(c.tokens.employee, linesOf(d)[1]!.id, await image())).statusCode).toBe(201);
  });

  it('deleting a draft review, or changing its sheet, deletes its stored images too', async () => {
    const c = await ctx.factory.cast();
    const d = await review(c);
    const stored = await evidenceFiles();
    await upload(c.tokens.employee, linesOf(d)[0]!.id, await image());
    await upload(c.tokens.employee, linesOf(d)[1]!.id, await image());
    expect(await evidenceFiles()).toBe(stored + 2);
    const { sheet } = await approvedSheet(ctx.db, {
      employeeId: c.employee.id,
      lineManagerId: c.lm.id,
      oneOverOneId: c.oo.id,
    });
    const moved = await ctx.call({
      method: 'PATCH',
      url: `${BASE}/${d.id}`,
      token: c.tokens.employee,
      payload: { kpi_id: sheet.id, type_id: 2, from_date: '2031-01-01', to_date: '2031-06-30' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await evidenceFiles()).toBe(stored);
    await upload(c.tokens.employee, linesOf(moved.json())[0]!.id, await image());
    expect(await evidenceFiles()).toBe(stored + 1);
    const res = await ctx.call({
      method: 'DELETE',
      url: BASE,
      token: c.tokens.employee,
      payload: { epr_id: d.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await evidenceFiles()).toBe(stored);
  });
});
