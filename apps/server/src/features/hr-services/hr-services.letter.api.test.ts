import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextIssueDate, nocBody, pdfFonts, pdfText } from '../../../test/factories/hr-services';
import { type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';

/**
 * Letters for people whose names are not in Latin letters: the PDF embeds
 * fonts that have them, Arabic is shaped and runs right to left, and a PDF
 * reader finds the name as written.
 */

let ctx: TestContext;
let admin: MadeEmployee;
let adminToken: string;

beforeAll(async () => {
  ctx = await setupApi();
  admin = await ctx.factory.employee({ admin: true, name: 'Nadia Rahman' });
  adminToken = await ctx.factory.token(admin);
});

const BASE = '/api/v1/employee/service-requests';

/** A NOC made by the employee, submitted, approved by the line manager, done by HR; its letter. */
async function letterFor(name: string, body: Parameters<typeof nocBody>[0] = {}) {
  const lm = await ctx.factory.employee();
  const employee = await ctx.factory.employee({ parentId: lm.id, name });
  const [mine, lms] = [await ctx.factory.token(employee), await ctx.factory.token(lm)];
  const made = await ctx.call({
    method: 'POST',
    url: BASE,
    token: mine,
    payload: nocBody({ issue_date: nextIssueDate(), ...body }),
  });
  expect(made.statusCode, made.body).toBe(201);
  const id: number = made.json().id;
  for (const [token, action] of [
    [mine, 'submit'],
    [lms, 'approve'],
    [adminToken, 'done'],
  ] as const) {
    const res = await ctx.call({ method: 'PATCH', url: `${BASE}/${id}/actions/${action}`, token });
    expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  }
  const res = await ctx.call({ method: 'GET', url: `${BASE}/${id}/letter`, token: mine });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return { employee, pdf: res.rawPayload };
}

/** The text as a PDF reader extracts it (pdf.js), lines joined. */
async function readerText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const embedded = (pdf: Buffer) => pdfFonts(pdf).map((f) => f.baseFont.replace(/^[A-Z]{6}\+/, ''));

describe('letters in every language', () => {
  it('an employee named in Arabic: the name is found as written, shaped, right to left', async () => {
    const name = 'محمد عبد الله';
    const { employee, pdf } = await letterFor(name, { intended_country: 'الإمارات العربية المتحدة' });
    const text = await readerText(pdf);
    expect(text).toContain(name);
    expect(text).toContain(`(E-ID ${employee.eid})`);
    expect(text).toContain('الإمارات العربية المتحدة');
    expect(text).toContain('No Objection Certificate'.toUpperCase());

    const fonts = embedded(pdf);
    expect(fonts).toContain('Amiri-Regular');
    expect(fonts).toContain('NotoSans-Regular');
    expect(fonts.some((f) => f.startsWith('Helvetica'))).toBe(false);

    // Shaped: some letter is drawn with more than one glyph (its initial, medial or final form).
    const arabic = pdfFonts(pdf).find((f) => f.baseFont.endsWith('+Amiri-Regular'))!;
    const glyphsOf = new Map<string, number>();
    for (const text of arabic.toUnicode!.values())
      if (/^\p{Script=Arabic}$/u.test(text)) glyphsOf.set(text, (glyphsOf.get(text) ?? 0) + 1);
    expect(Math.max(...glyphsOf.values())).toBeGreaterThanOrEqual(2);
    // Right to left: drawn from the left, the name starts with its last letter.
    const drawn = pdfText(pdf);
    const firstArabic = /\p{Script=Arabic}/u.exec(drawn)!;
    expect(firstArabic[0]).toBe('ه');
  });

  it('an employee named in Chinese: the name is found as written', async () => {
    const name = '李小龙';
    const { employee, pdf } = await letterFor(name, { intended_country: '日本' });
    const text = await readerText(pdf);
    expect(text).toContain(`This is to certify that ${name} (E-ID ${employee.eid}) is employed with`);
    expect(text).toContain('日本');
    expect(embedded(pdf).some((f) => f.startsWith('NotoSansSC-'))).toBe(true);
  });

  it('Latin names with accents, Vietnamese and Cyrillic names print too, and the letter stays small', async () => {
    const name = 'Łukasz Nguyễn Дмитриев';
    const { pdf } = await letterFor(name);
    expect(await readerText(pdf)).toContain(name);
    expect(pdfText(pdf)).toContain('To whom it may concern');
    // Only the glyphs used are embedded.
    expect(pdf.length).toBeLessThan(150 * 1024);
  });
});
