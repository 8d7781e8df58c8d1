import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { directionOf, textRuns, unwrapWoff } from './pdf-fonts';

const family = (run: { face: { name: string } }) => run.face.name.replace(/-\d+-normal$/, '');
const shape = (text: string, bold = false) =>
  textRuns(text, bold).map((r) => [r.text, family(r), r.rtl] as const);

describe('text runs in visual order', () => {
  it('an Arabic name inside an English sentence is one right-to-left run of the Arabic font', () => {
    expect(shape('This is to certify that محمد عبد الله (E-ID 1004) is employed.')).toEqual([
      ['This is to certify that ', 'noto-sans-latin', false],
      ['محمد عبد الله', 'amiri-arabic', true],
      [' (E-ID 1004) is employed.', 'noto-sans-latin', false],
    ]);
  });

  it('a number inside Arabic text stands left of the words before it', () => {
    // Logical order: street, 12, comma, Cairo. Drawn from the left: Cairo (with its comma), 12, street.
    const runs = shape('شارع 12، القاهرة');
    expect(runs.map(([text]) => text.trim())).toEqual(['، القاهرة', '12', 'شارع']);
    expect(runs.map(([, , rtl]) => rtl)).toEqual([true, false, true]);
  });

  it('Chinese takes Noto Sans SC, accented Latin, Vietnamese and Cyrillic take Noto Sans, bold its bold', () => {
    expect(shape('李小龙').every(([, f]) => f.startsWith('noto-sans-sc-'))).toBe(true);
    expect(
      shape('李小龙')
        .map(([t]) => t)
        .join(''),
    ).toBe('李小龙');
    const mixed = shape('Łukasz Nguyễn Дмитрий');
    expect(mixed.map(([t]) => t).join('')).toBe('Łukasz Nguyễn Дмитрий');
    expect(new Set(mixed.map(([, f]) => f))).toEqual(
      new Set(['noto-sans-latin-ext', 'noto-sans-latin', 'noto-sans-vietnamese', 'noto-sans-cyrillic']),
    );
    expect(textRuns('Nadia', true)[0]!.face.name).toBe('noto-sans-latin-700-normal');
    expect(textRuns('محمد', true)[0]!.face.name).toBe('amiri-arabic-700-normal');
  });

  it('plain Latin text is a single run', () => {
    expect(shape('To whom it may concern')).toEqual([['To whom it may concern', 'noto-sans-latin', false]]);
  });
});

describe('right-to-left paragraphs (an Arabic document)', () => {
  const rtl = (text: string) => textRuns(text, false, 'rtl').map((r) => [r.text, family(r), r.rtl] as const);

  it('a Latin name and a date set apart keep their order; the label opens the line on the right', () => {
    // "Date: 25-02-2027", the date isolated as the documents catalog does.
    const runs = rtl('التاريخ: \u206825-02-2027\u2069');
    expect(runs.map(([text]) => text.trim())).toEqual(['25-02-2027', ':', 'التاريخ']);
    expect(runs.map(([, , right]) => right)).toEqual([false, false, true]);
  });

  it('a bracket in Arabic text is drawn mirrored, from a font that has the mirrored one', () => {
    // Logical "(" opens the E-ID after the name; drawn right to left it looks like ")".
    const runs = textRuns('محمد (الرقم 12)', false, 'rtl');
    const texts = runs.map((r) => r.text);
    expect(texts.join('')).not.toContain('(الرقم');
    const opening = runs.find((r) => r.start === 'محمد '.length)!;
    expect(opening.text).toBe(')');
    // Runs know where they start as written, so they can be drawn in reading order.
    expect([...runs].sort((a, b) => a.start - b.start)[0]!.text.trim()).toBe('محمد');
  });

  it('a value alone on a line takes the direction of its first strong character', () => {
    expect(directionOf('Meghna Digital Ltd.')).toBe('ltr');
    expect(directionOf('محمد عبد الله (Admin)')).toBe('rtl');
    expect(directionOf('6.00 عدد')).toBe('rtl');
    // Numbers, dates and ranges have no strong character: they read left to right.
    expect(directionOf('15.00 %')).toBe('ltr');
    expect(directionOf('01-01-2026 – 31-12-2026')).toBe('ltr');
    // Set in its own direction, the full stop stays after "Ltd" (rightmost), not before "Meghna".
    const company = textRuns('Meghna Digital Ltd.', false, directionOf('Meghna Digital Ltd.'));
    expect(company.map((r) => r.text).join('')).toBe('Meghna Digital Ltd.');
    expect(
      textRuns('Meghna Digital Ltd.', false, 'rtl')
        .map((r) => r.text)
        .join(''),
    ).toBe('.Meghna Digital Ltd');
  });
});

describe('unwrapWoff', () => {
  it('gives the plain font inside a WOFF file, with the same glyphs', () => {
    const file = createRequire(import.meta.url).resolve(
      '@fontsource/amiri/files/amiri-arabic-400-normal.woff',
    );
    const woff = fs.readFileSync(file);
    const plain = unwrapWoff(woff);
    expect(plain.toString('latin1', 0, 4)).not.toBe('wOFF');
    const [a, b] = [fontkit.create(woff), fontkit.create(plain)];
    for (const char of 'محمد عبد الله') {
      const cp = char.codePointAt(0)!;
      expect(b.hasGlyphForCodePoint(cp)).toBe(a.hasGlyphForCodePoint(cp));
    }
    expect(unwrapWoff(plain)).toBe(plain);
  });
});
