/// <reference path="./fontkit.d.ts" />
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import bidiFactory from 'bidi-js';
import * as fontkit from 'fontkit';

/**
 * Text in any script for pdfkit documents. pdfkit's built-in fonts (Helvetica
 * and the other standard PDF fonts) know Latin-1 only; a name in Arabic or
 * Chinese comes out as garbage. Here every character is given a font that
 * has it, from the Noto fonts the @fontsource packages ship:
 *
 * - Noto Sans: Latin, Latin Extended, Vietnamese, Greek and Cyrillic;
 * - Amiri: Arabic, in the naskh style of printed letters. Its letters are
 *   whole glyphs: the Noto Arabic fonts build dotted letters from a body
 *   shared by several letters plus their dots, and the PDF's text (search,
 *   copy, screen readers, any extractor) then names the wrong letters;
 * - Noto Sans SC: Chinese (its 12,000 ideographs, Simplified and
 *   Traditional), with Japanese kana and full-width forms.
 *
 * The packages split each font into files by Unicode range (the ranges their
 * CSS declares); a document embeds only the files its text needs, and pdfkit
 * keeps only the glyphs used. Arabic is shaped (joining forms, ligatures) by
 * fontkit and laid out right to left, and a paragraph is ordered with the
 * Unicode bidirectional algorithm, so an Arabic name inside an English
 * sentence reads correctly.
 */

type Weight = 400 | 700;
interface Face {
  /** The name the face is registered under in a document. */
  name: string;
  file: string;
  ranges: [number, number][];
  /** Amiri draws smaller than Noto Sans at one size: its runs are set larger to match. */
  scale: number;
}

const FAMILIES: [pkg: string, scale: number][] = [
  ['@fontsource/noto-sans', 1],
  ['@fontsource/amiri', 1.2],
  ['@fontsource/noto-sans-sc', 1],
];
const requireFrom = createRequire(import.meta.url);

function parseRanges(text: string): [number, number][] {
  return text.split(',').map((part) => {
    const [lo, hi] = part.trim().replace(/^U\+/i, '').split('-');
    return [Number.parseInt(lo!, 16), Number.parseInt(hi ?? lo!, 16)];
  });
}

/** The faces of one family and weight, from the package's CSS (`400.css`): each file with its ranges. */
function familyFaces(pkg: string, scale: number, weight: Weight): Face[] {
  const css = requireFrom.resolve(`${pkg}/${weight}.css`);
  const dir = path.dirname(css);
  const faces: Face[] = [];
  for (const block of fs.readFileSync(css, 'utf8').split('@font-face').slice(1)) {
    const file = /url\(\.\/(files\/[^)]+\.woff)\)\s*format\('woff'\)/.exec(block)?.[1];
    const ranges = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file || !ranges) continue;
    faces.push({
      name: path.basename(file, '.woff'),
      file: path.join(dir, file),
      ranges: parseRanges(ranges),
      scale,
    });
  }
  return faces;
}

const catalogs = new Map<Weight, Face[]>();
function catalog(weight: Weight): Face[] {
  let faces = catalogs.get(weight);
  if (!faces) {
    faces = FAMILIES.flatMap(([pkg, scale]) => familyFaces(pkg, scale, weight));
    if (faces.length === 0) throw new Error('The letter fonts (@fontsource packages) are not installed.');
    catalogs.set(weight, faces);
  }
  return faces;
}

/**
 * A WOFF file as the plain font it wraps (TrueType or CFF): its tables
 * inflated once, so each document's font engine reads them directly instead
 * of inflating them again in JavaScript.
 */
export function unwrapWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compressed, length] = [
      woff.readUInt32BE(at + 4),
      woff.readUInt32BE(at + 8),
      woff.readUInt32BE(at + 12),
    ];
    const stored = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compressed < length ? zlib.inflateSync(stored) : stored,
    };
  });
  const log2 = Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + count * 16);
  woff.copy(header, 0, 4, 8); // the wrapped font's flavour
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(2 ** log2 * 16, 6);
  header.writeUInt16BE(log2, 8);
  header.writeUInt16BE(count * 16 - 2 ** log2 * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    table.tag.copy(header, at);
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

const fontFiles = new Map<string, Buffer>();
const fileOf = (face: Face) => {
  let data = fontFiles.get(face.file);
  if (!data) {
    data = unwrapWoff(fs.readFileSync(face.file));
    fontFiles.set(face.file, data);
  }
  return data;
};

const opened = new Map<string, fontkit.Font>();
/** Whether the face's file has a glyph for the character. */
function hasGlyph(face: Face, codePoint: number): boolean {
  let font = opened.get(face.file);
  if (!font) {
    font = fontkit.create(fileOf(face));
    opened.set(face.file, font);
  }
  return font.hasGlyphForCodePoint(codePoint);
}

/** Whether the character is the face's to draw: in its planned ranges, and really in the file. */
const covers = (face: Face, codePoint: number) =>
  face.ranges.some(([lo, hi]) => codePoint >= lo && codePoint <= hi) && hasGlyph(face, codePoint);

const faceCache = new Map<string, Face>();
/** The first face (Latin, then Arabic, then Chinese) that has the character; Latin (a blank box) when none has. */
function faceFor(codePoint: number, weight: Weight): Face {
  const key = `${weight}:${codePoint}`;
  let face = faceCache.get(key);
  if (!face) {
    const faces = catalog(weight);
    face =
      faces.find((f) => covers(f, codePoint)) ??
      faces.find((f) => f.name.startsWith('noto-sans-latin-') && !f.name.includes('ext')) ??
      faces[0]!;
    faceCache.set(key, face);
  }
  return face;
}

const bidi = bidiFactory();
/**
 * Characters that stay in the font of the run before them when it has them
 * (spaces and punctuation between Arabic words, marks on their letter), so a
 * run is shaped and ordered as a whole.
 */
const NEUTRAL = /[\p{Z}\p{P}\p{M}]/u;
/** Marks and isolates that steer the bidirectional algorithm: they order the text but are not drawn. */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** Scripts fontkit lays out right to left (it reverses their glyphs itself). */
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

export interface TextRun {
  text: string;
  face: Face;
  /** Laid out right to left by fontkit: pdfkit must shape the run as a whole. */
  rtl: boolean;
  /** Where the run starts in the paragraph as written (its logical order). */
  start: number;
}

/** A paragraph's base direction: an English sentence (`ltr`) or an Arabic one (`rtl`). */
export type Direction = 'ltr' | 'rtl';

/**
 * The direction of a value that stands alone (a name, an address, an amount
 * with its unit, a date range): its first strong character's, as a `<bdi>`
 * on the web orders it; left to right when it has none (numbers, dates). Set
 * in it, "Meghna Digital Ltd." keeps its full stop after "Ltd" on an Arabic
 * page, and "15.00 %" its number first.
 */
export function directionOf(value: string): Direction {
  return bidi.getEmbeddingLevels(value).paragraphs[0]?.level === 1 ? 'rtl' : 'ltr';
}

/**
 * A paragraph (left to right unless `direction` says otherwise) cut into
 * runs of one font and direction, in visual order (the bidirectional
 * algorithm's rule L2). Right-to-left runs of an Arabic font keep their
 * logical order: fontkit shapes and reverses them. Other right-to-left runs
 * (neutral characters between Arabic words that the Arabic font lacks) are
 * reversed and mirrored here.
 */
export function textRuns(text: string, bold = false, direction: Direction = 'ltr'): TextRun[] {
  const weight: Weight = bold ? 700 : 400;
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const logical: { text: string; face: Face; level: number; start: number }[] = [];
  let index = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const level = levels[index]!;
    index += char.length;
    if (BIDI_CONTROL.test(char)) continue;
    const last = logical.at(-1);
    // Drawn right to left, a bracket is drawn as its mirror: the face must have that one too.
    const drawn = level % 2 === 1 ? (bidi.getMirroredCharacter(char) ?? char).codePointAt(0)! : codePoint;
    const face =
      last &&
      last.level === level &&
      NEUTRAL.test(char) &&
      hasGlyph(last.face, codePoint) &&
      hasGlyph(last.face, drawn)
        ? last.face
        : faceFor(codePoint, weight);
    if (last && last.face === face && last.level === level) last.text += char;
    else logical.push({ text: char, face, level, start: index - char.length });
  }
  // Rule L2: from the highest level down to the lowest odd one, reverse every sequence at that level or above.
  const runs = [...logical];
  const highest = Math.max(0, ...runs.map((r) => r.level));
  for (let level = highest; level >= 1; level--) {
    for (let i = 0; i < runs.length; ) {
      if (runs[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j]!.level >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  return runs.map(({ text: value, face, level, start }) => {
    if (level % 2 === 0) return { text: value, face, rtl: false, start };
    if (RTL_SCRIPT.test(value)) return { text: mirror(value), face, rtl: true, start };
    const mirrored = [...value].reverse().map((c) => bidi.getMirroredCharacter(c) ?? c);
    return { text: mirrored.join(''), face, rtl: false, start };
  });
}

/**
 * Brackets and other mirrored characters of a right-to-left run as they are
 * drawn (rule L4): fontkit reverses the run's glyphs but draws an opening
 * parenthesis as written, which then opens the wrong way.
 */
function mirror(value: string): string {
  let out = '';
  for (const c of value) out += bidi.getMirroredCharacter(c) ?? c;
  return out;
}

const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();
function useFace(doc: PDFKit.PDFDocument, face: Face) {
  let names = registered.get(doc);
  if (!names) {
    names = new Set();
    registered.set(doc, names);
  }
  if (!names.has(face.name)) {
    doc.registerFont(face.name, fileOf(face));
    names.add(face.name);
  }
  doc.font(face.name);
}

/** Giving features makes pdfkit shape a run whole; it otherwise lays text out word by word, in logical order. */
const WHOLE_RUN: PDFKit.Mixins.OpenTypeFeatures[] = ['rlig'];

export interface WriteOptions extends PDFKit.Mixins.TextOptions {
  size: number;
  bold?: boolean;
  x?: number;
  y?: number;
  /** The paragraph's base direction; a right-to-left one is laid out by `writeLines`. */
  direction?: Direction;
  /**
   * The document's direction, when it differs (a value set in its own
   * direction on an Arabic page): its script sets the least height and the
   * ascent of every line, so the value shares its baseline with the page's
   * texts beside it.
   */
  pageDirection?: Direction;
}

/**
 * Writes a paragraph in any script, as `doc.text` would. A paragraph of one
 * font, left to right, is pdfkit's to set; one that mixes fonts (a Chinese
 * sentence spans several of the font's files, an Arabic name sits in an
 * English one) or runs right to left is set line by line by `writeLines`:
 * pdfkit would align and wrap each font's run on its own.
 */
export function writeText(doc: PDFKit.PDFDocument, text: string, options: WriteOptions): PDFKit.PDFDocument {
  const { size, bold, x, y, direction = 'ltr', pageDirection = direction, ...textOptions } = options;
  const runs = textRuns(text, bold, direction);
  if (direction === 'rtl' || pageDirection === 'rtl' || runs.length > 1)
    return writeLines(doc, text, options);
  const run = runs[0] ?? { text: '', face: catalog(bold ? 700 : 400)[0]!, rtl: false, start: 0 };
  useFace(doc, run.face);
  doc.fontSize(size * run.face.scale);
  const runOptions: PDFKit.Mixins.TextOptions = { ...textOptions, ...runFeatures(run) };
  if (x !== undefined) doc.text(run.text, x, y, runOptions);
  else doc.text(run.text, runOptions);
  return doc;
}

/**
 * The vertical metrics of a face at a size, as pdfkit sets its lines, within
 * 1.05 em above the baseline and 1.4 em a line (Noto Sans takes 1.36):
 * Amiri's own (1.76 em, room for stacked vowel marks) would set Arabic lines
 * half as tall again as Latin ones.
 */
function metrics(face: Face, size: number): { ascent: number; height: number } {
  let font = opened.get(face.file);
  if (!font) {
    font = fontkit.create(fileOf(face));
    opened.set(face.file, font);
  }
  const em = size * face.scale;
  const scale = em / font.unitsPerEm;
  return {
    ascent: Math.min(font.ascent * scale, 1.05 * em),
    height: Math.min((font.ascent - font.descent + font.lineGap) * scale, 1.4 * em),
  };
}

interface SetLine {
  runs: TextRun[];
  widths: number[];
  width: number;
  ascent: number;
  height: number;
}

const runFeatures = (run: TextRun): PDFKit.Mixins.TextOptions => (run.rtl ? { features: WHOLE_RUN } : {});

/** Widths of runs already measured (pdfkit keeps none for shaped runs): a paragraph is measured many times as it is cut. */
const runWidths = new Map<string, number>();
function runWidth(doc: PDFKit.PDFDocument, run: TextRun, size: number): number {
  const key = `${run.face.name}|${size}|${run.rtl ? 1 : 0}|${run.text}`;
  let width = runWidths.get(key);
  if (width === undefined) {
    width = run.text === '' ? 0 : doc.widthOfString(run.text, runFeatures(run));
    if (runWidths.size >= 20_000) runWidths.clear();
    runWidths.set(key, width);
  }
  return width;
}

/**
 * A line: its runs in visual order, each with its width, and the line's
 * ascent and height. Every line of a paragraph is at least as tall as a line
 * of the page's script (Latin, or Arabic on a right-to-left page; the
 * paragraph's own unless `pageDirection` says otherwise), so texts set side
 * by side at one height share their baselines.
 */
function setLine(
  doc: PDFKit.PDFDocument,
  line: string,
  size: number,
  bold: boolean,
  direction: Direction,
  pageDirection: Direction = direction,
): SetLine {
  const weight: Weight = bold ? 700 : 400;
  const runs = textRuns(line, bold, direction);
  const widths: number[] = [];
  const base = metrics(faceFor(pageDirection === 'rtl' ? 0x627 : 0x41, weight), size);
  let [width, ascent, height] = [0, base.ascent, base.height];
  for (const run of runs) {
    useFace(doc, run.face);
    doc.fontSize(size * run.face.scale);
    const w = runWidth(doc, run, size);
    widths.push(w);
    width += w;
    const m = metrics(run.face, size);
    ascent = Math.max(ascent, m.ascent);
    height = Math.max(height, m.height);
  }
  return { runs, widths, width, ascent, height };
}

/** Ideographs and kana: a line may break between any two of them. */
const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\uFF00-\uFFEF]/u;
/** Closing punctuation, which never starts a line, and opening punctuation, which never ends one. */
const NO_START = /[、。，．：；！？）」』》〉】〕〗〙〛｝］,.:;!?)\]}%\u2069]/u;
const NO_END = /[（「『《〈【〔〖〘〚｛［([{\u2066-\u2068]/u;

/** A paragraph cut where a line may break: runs of spaces, words, and single ideographs with their punctuation. */
function breakables(paragraph: string): string[] {
  const tokens: string[] = [];
  let previous = '';
  for (const char of paragraph) {
    const last = tokens.length - 1;
    const space = /\s/.test(char);
    const breaks =
      last < 0 ||
      space !== /\s/.test(previous) ||
      (!space && (CJK.test(char) || CJK.test(previous)) && !NO_START.test(char) && !NO_END.test(previous));
    if (breaks) tokens.push(char);
    else tokens[last] += char;
    previous = char;
  }
  return tokens;
}

/**
 * A paragraph cut into lines that fit `width`, in the order they are read:
 * at spaces and between ideographs, and inside a word only when the word
 * alone is wider than a line. Lines are cut before they are reordered, so
 * the first words of an Arabic paragraph open its first line.
 */
function breakLines(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
  size: number,
  bold: boolean,
  direction: Direction,
) {
  const fits = (value: string) => setLine(doc, value, size, bold, direction).width <= width + 0.01;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    if (fits(paragraph)) {
      lines.push(paragraph.trimEnd());
      continue;
    }
    let line = '';
    for (const token of breakables(paragraph)) {
      if (/^\s/.test(token)) {
        if (line !== '') line += token;
        continue;
      }
      if (fits(line + token)) {
        line += token;
        continue;
      }
      if (line.trim() !== '') lines.push(line.trimEnd());
      line = '';
      let word = token;
      while (!fits(word)) {
        const chars = [...word];
        let [ok, fails] = [1, chars.length];
        while (fails - ok > 1) {
          const mid = Math.floor((ok + fails) / 2);
          if (fits(chars.slice(0, mid).join(''))) ok = mid;
          else fails = mid;
        }
        lines.push(chars.slice(0, ok).join(''));
        word = chars.slice(ok).join('');
      }
      line = word;
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/**
 * Writes a paragraph line by line: cut into lines in reading order, each
 * line ordered by the bidirectional algorithm in the paragraph's direction
 * (in an Arabic paragraph, numbers, E-IDs and Latin names keep their own
 * order) and aligned as a whole as asked (`left` and `right` are the page's
 * sides; `justify` sets lines from the paragraph's start). Runs of one line
 * share a baseline; they are drawn in reading order, so a reader copies the
 * text as it is read. `height` bounds it like pdfkit's (a line that would
 * pass it is left out); `lineBreak: false` keeps it on one line.
 */
export function writeLines(doc: PDFKit.PDFDocument, text: string, options: WriteOptions): PDFKit.PDFDocument {
  const { size, bold = false, lineGap = 0, direction = 'ltr', pageDirection = direction } = options;
  const align =
    options.align === 'justify' || !options.align ? (direction === 'rtl' ? 'right' : 'left') : options.align;
  const x = options.x ?? doc.x;
  const width = options.width ?? doc.page.width - doc.page.margins.right - x;
  const bottom =
    options.height === undefined ? Number.POSITIVE_INFINITY : (options.y ?? doc.y) + options.height;
  let top = options.y ?? doc.y;
  const lines =
    options.lineBreak === false
      ? [text.replace(/\n/g, ' ')]
      : breakLines(doc, text, width, size, bold, direction);
  lines.forEach((line, index) => {
    const set = setLine(doc, line, size, bold, direction, pageDirection);
    if (index > 0 && top + set.height > bottom) return;
    const free = width - set.width;
    let left = x + (align === 'left' ? 0 : align === 'center' ? free / 2 : free);
    const placed = set.runs.map((run, i) => {
      const at = left;
      left += set.widths[i]!;
      return { run, at };
    });
    placed.sort((a, b) => a.run.start - b.run.start);
    for (const { run, at } of placed) {
      if (run.text === '') continue;
      useFace(doc, run.face);
      doc.fontSize(size * run.face.scale);
      doc.text(run.text, at, top + set.ascent, {
        lineBreak: false,
        baseline: 'alphabetic',
        ...runFeatures(run),
      });
    }
    top += set.height + lineGap;
  });
  // Left in the Latin face at the size asked, so `moveDown` after it moves as after a one-font paragraph.
  useFace(doc, faceFor(0x41, bold ? 700 : 400));
  doc.fontSize(size);
  doc.x = x;
  doc.y = top;
  return doc;
}
