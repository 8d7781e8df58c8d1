import type { Language } from '@hr/contracts/limits';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  nextIssueDate,
  nocBody,
  pdfFonts,
  pdfText,
  placedText as placed,
} from '../../../test/factories/hr-services';
import { type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';
import { companies, nocTypes } from '../../db/schema';

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

/** Saves a user's choice of language, as the web app does when they switch. */
async function chooseLanguage(token: string, language: Language) {
  const res = await ctx.call({ method: 'PUT', url: '/api/v1/me/language', token, payload: { language } });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * A NOC made by the employee, submitted, approved by the line manager, done
 * by HR (asking for English); its letter, downloaded by the employee or by HR.
 */
async function letterFor(
  name: string,
  body: Parameters<typeof nocBody>[0] = {},
  options: { language?: Language; by?: 'employee' | 'hr' } = {},
) {
  const lm = await ctx.factory.employee();
  const employee = await ctx.factory.employee({ parentId: lm.id, name });
  const [mine, lms] = [await ctx.factory.token(employee), await ctx.factory.token(lm)];
  if (options.language) await chooseLanguage(mine, options.language);
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
    const res = await ctx.call({
      method: 'PATCH',
      url: `${BASE}/${id}/actions/${action}`,
      token,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  }
  const res = await ctx.call({
    method: 'GET',
    url: `${BASE}/${id}/letter`,
    token: options.by === 'hr' ? adminToken : mine,
    headers: { 'accept-language': 'en' },
  });
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

describe("letters in the employee's language", () => {
  it('an employee who chose French gets a French letter, even when HR (in English) makes and downloads it', async () => {
    const name = 'Camille Martin';
    const { employee, pdf } = await letterFor(name, {}, { language: 'fr', by: 'hr' });
    const text = await readerText(pdf);
    expect(text).toContain('CERTIFICAT DE NON-OBJECTION');
    expect(text).toContain('À qui de droit');
    expect(text).toContain(`Nous certifions que ${name} (E-ID ${employee.eid}) fait partie du personnel de`);
    expect(text).toContain('Pays de destination : Thailand');
    expect(text).toContain('Veuillez agréer nos salutations distinguées,');
    // Dates keep DD-MM-YYYY.
    expect(text).toContain('du 01-03-2027 au 10-03-2027');
    expect(text).not.toContain('To whom it may concern');
    expect(text).not.toContain('No Objection Certificate'.toUpperCase());
  });

  it('a reference name HR translated comes in the letter in that language', async () => {
    await ctx.db
      .update(nocTypes)
      .set({ nameTranslations: { fr: 'Voyage à l’étranger', es: 'Viaje al extranjero' } })
      .where(eq(nocTypes.id, 1));
    const fr = await readerText((await letterFor('Louise Bernard', {}, { language: 'fr' })).pdf);
    expect(fr).toContain('concernant voyage à l’étranger');
    expect(fr).toContain('Type de certificat : Voyage à l’étranger');
    expect(fr).not.toContain('Travel abroad');
    // Another employee's letter, in English, keeps the English name.
    const en = await readerText((await letterFor('Grace Hopper')).pdf);
    expect(en).toContain('in connection with travel abroad');
    expect(en).toContain('NOC type: Travel abroad');
  });

  it('an employee who chose Arabic gets an Arabic letter, set from the right', async () => {
    const name = 'محمد عبد الله';
    const { employee, pdf } = await letterFor(
      name,
      { intended_country: 'الإمارات' },
      { language: 'ar', by: 'hr' },
    );
    const text = await readerText(pdf);
    for (const phrase of [
      'شهادة عدم ممانعة',
      'إلى من يهمه الأمر',
      'نشهد بأن',
      'وتفضلوا بقبول فائق الاحترام،',
    ])
      expect(text).toContain(phrase);
    expect(text).toContain(employee.eid);
    expect(text).toContain(name);
    expect(text).not.toContain('To whom it may concern');
    // Right to left: the lines end at the right margin (70 pt), the title is centred.
    const { width, items } = await placed(pdf);
    const line = (phrase: string) => items.find((i) => i.text.includes(phrase))!;
    expect(line('إلى من يهمه الأمر').right).toBeCloseTo(width - 70, 0);
    expect(line('إلى من يهمه الأمر').left).toBeGreaterThan(width / 2);
    const title = line('شهادة عدم ممانعة');
    expect((title.left + title.right) / 2).toBeCloseTo(width / 2, 0);
    // The date sits at the left, the reference (its number in its own order) at the right.
    expect(line('HR/').right).toBeGreaterThan(width / 2);
    expect(items.find((i) => /\d{2}-\d{2}-\d{4}/.test(i.text))!.left).toBeCloseTo(70, 0);
    // Arabic is shaped: letters take their joining forms (more glyphs than letters).
    const arabic = pdfFonts(pdf).find((f) => f.baseFont.endsWith('+Amiri-Regular'))!;
    const forms = [...arabic.toUnicode!.values()].filter((t) => /^\p{Script=Arabic}$/u.test(t));
    expect(forms.length).toBeGreaterThan(new Set(forms).size);
  });

  it('in an Arabic letter, a value alone on its line keeps its own direction: "Ltd." ends with its full stop', async () => {
    const { companyId } = await ctx.factory.company();
    const [before] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
    await ctx.db
      .update(companies)
      .set({ name: 'Padma Letters Ltd.', address: 'House 12, Road 5, Dhaka 1212.' })
      .where(eq(companies.id, companyId));
    try {
      const { pdf } = await letterFor('محمد عبد الله', {}, { language: 'ar', by: 'hr' });
      const { width, items } = await placed(pdf);
      // Each one run, left to right with its full stop last, at the right margin (where lines start).
      const at = (start: string) => items.find((i) => i.text.startsWith(start))!;
      expect(at('Padma Letters').text).toBe('Padma Letters Ltd.');
      expect(at('House 12').text).toBe('House 12, Road 5, Dhaka 1212.');
      for (const start of ['Padma Letters', 'House 12', 'Nadia Rahman'])
        expect(at(start).right, start).toBeCloseTo(width - 70, 0);
    } finally {
      await ctx.db
        .update(companies)
        .set({ name: before!.name, address: before!.address })
        .where(eq(companies.id, companyId));
    }
  });

  it('an employee who chose Chinese gets a Chinese letter', async () => {
    const { employee, pdf } = await letterFor('Wei Zhang', {}, { language: 'zh', by: 'hr' });
    const text = await readerText(pdf);
    expect(text).toContain('无异议证明');
    expect(text).toContain('致相关人士');
    expect(text).toContain(`兹证明 Wei Zhang（工号 ${employee.eid}）受雇于`);
  });

  it('an employee who never chose a language gets English, whatever HR reads the portal in', async () => {
    await chooseLanguage(adminToken, 'fr');
    const { pdf } = await letterFor('Ada Lovelace', {}, { by: 'hr' });
    const text = await readerText(pdf);
    expect(text).toContain('NO OBJECTION CERTIFICATE');
    expect(text).toContain('To whom it may concern');
    expect(text).not.toContain('À qui de droit');
    await chooseLanguage(adminToken, 'en');
  });
});
