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
/** Scripts fontkit lays out right to left (it reverses their glyphs itself). */
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

export interface TextRun {
  text: string;
  face: Face;
  /** Laid out right to left by fontkit: pdfkit must shape the run as a whole. */
  rtl: boolean;
}

/**
 * A left-to-right paragraph cut into runs of one font and direction, in
 * visual order (the bidirectional algorithm's rule L2). Right-to-left runs
 * of an Arabic font keep their logical order: fontkit shapes and reverses
 * them. Other right-to-left runs (neutral characters between Arabic words
 * that the Arabic font lacks) are reversed and mirrored here.
 */
export function textRuns(text: string, bold = false): TextRun[] {
  const weight: Weight = bold ? 700 : 400;
  const { levels } = bidi.getEmbeddingLevels(text, 'ltr');
  const logical: { text: string; face: Face; level: number }[] = [];
  let index = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const level = levels[index]!;
    index += char.length;
    const last = logical.at(-1);
    const face =
      last && last.level === level && NEUTRAL.test(char) && hasGlyph(last.face, codePoint)
        ? last.face
        : faceFor(codePoint, weight);
    if (last && last.face === face && last.level === level) last.text += char;
    else logical.push({ text: char, face, level });
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
  return runs.map((run) => {
    if (run.level % 2 === 0) return { text: run.text, face: run.face, rtl: false };
    if (RTL_SCRIPT.test(run.text)) return { text: run.text, face: run.face, rtl: true };
    const mirrored = [...run.text].reverse().map((c) => bidi.getMirroredCharacter(c) ?? c);
    return { text: mirrored.join(''), face: run.face, rtl: false };
  });
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
}

/** Writes a paragraph in any script, as `doc.text` would, one font per run. */
export function writeText(doc: PDFKit.PDFDocument, text: string, options: WriteOptions): PDFKit.PDFDocument {
  const { size, bold, x, y, ...textOptions } = options;
  const runs = textRuns(text, bold);
  if (runs.length === 0) runs.push({ text: '', face: catalog(bold ? 700 : 400)[0]!, rtl: false });
  runs.forEach((run, i) => {
    useFace(doc, run.face);
    doc.fontSize(size * run.face.scale);
    const runOptions: PDFKit.Mixins.TextOptions = {
      ...textOptions,
      continued: i < runs.length - 1 ? true : (textOptions.continued ?? false),
      ...(run.rtl ? { features: WHOLE_RUN } : {}),
    };
    if (i === 0 && x !== undefined) doc.text(run.text, x, y, runOptions);
    else doc.text(run.text, runOptions);
  });
  return doc;
}
