import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { textRuns, unwrapWoff } from './pdf-fonts';

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
