import { inflateSync } from 'node:zlib';
import type { ServiceRequestBody } from '@hr/contracts/hr-services';
import dayjs from 'dayjs';
import { and, count, eq } from 'drizzle-orm';
import { getDocumentProxy } from 'unpdf';
import type { Db } from '../../src/db/client';
import { auditLog, files, serviceRequests } from '../../src/db/schema';

/** A NOC request body: travel abroad to Thailand, 1 to 10 March 2027. */
export function nocBody(overrides: Partial<ServiceRequestBody> = {}): ServiceRequestBody {
  return {
    category: 'noc',
    issue_date: '25-02-2027',
    noc_type_id: 1,
    from_date: '01-03-2027',
    to_date: '10-03-2027',
    passport_no: 'A01234567',
    intended_country: 'Thailand',
    description: 'Family holiday in Bangkok',
    ...overrides,
  };
}

let issued = 0;
/**
 * A different issue date on every call: requests made one after another with
 * it are different requests (the same open request twice is refused).
 */
export function nextIssueDate(): string {
  issued += 1;
  return dayjs('2027-01-01').add(issued, 'day').format('DD-MM-YYYY');
}

/** A salary certificate body. */
export function certificateBody(overrides: Partial<ServiceRequestBody> = {}): ServiceRequestBody {
  return {
    category: 'salary_certificate',
    issue_date: '25-02-2027',
    reason: 'Bank loan application',
    description: 'Please address it to City Bank',
    ...overrides,
  };
}

export async function setServiceStatus(db: Db, id: number, statusId: number) {
  await db.update(serviceRequests).set({ statusId }).where(eq(serviceRequests.id, id));
}

export async function serviceRow(db: Db, id: number) {
  const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
  return row ?? null;
}

export async function serviceCount(db: Db, employeeId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(serviceRequests)
    .where(eq(serviceRequests.employeeId, employeeId));
  return row?.n ?? 0;
}

export async function serviceAudit(db: Db, id: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'hr_service'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id);
}

export async function letterCount(db: Db) {
  const [row] = await db.select({ n: count() }).from(files).where(eq(files.kind, 'letter'));
  return row?.n ?? 0;
}

/** The objects of a PDF by number: the dictionary, and a stream's data (inflated when compressed). */
function pdfObjects(pdf: Buffer): Map<number, { dict: string; data: Buffer | null }> {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; data: Buffer | null }>();
  const objectRe = /(\d+) 0 obj\b/g;
  for (let m = objectRe.exec(raw); m; m = objectRe.exec(raw)) {
    const after = m.index + m[0].length;
    const end = raw.indexOf('endobj', after);
    const stream = raw.indexOf('stream', after);
    if (stream < 0 || stream > end) {
      objects.set(Number(m[1]), { dict: raw.slice(after, end), data: null });
      objectRe.lastIndex = end;
      continue;
    }
    const dict = raw.slice(after, stream);
    let start = stream + 'stream'.length;
    if (raw[start] === '\r') start++;
    if (raw[start] === '\n') start++;
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
    const bytes = pdf.subarray(start, start + length);
    objects.set(Number(m[1]), { dict, data: /\/FlateDecode/.test(dict) ? inflateSync(bytes) : bytes });
    objectRe.lastIndex = start + length;
  }
  return objects;
}

const utf16 = (hex: string) => {
  const bytes = Buffer.from(hex, 'hex');
  let text = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) text += String.fromCharCode(bytes.readUInt16BE(i));
  return text;
};

/** A ToUnicode CMap: glyph code (hex) to text. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, text] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g))
      map.set(Number.parseInt(code!, 16), utf16(text!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, lo, hi, target] of block[1]!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]*>)/g,
    )) {
      const from = Number.parseInt(lo!, 16);
      const to = Number.parseInt(hi!, 16);
      if (target!.startsWith('[')) {
        // pdfkit writes a ligature's letters as one entry: <0066 0069>.
        const texts = [...target!.matchAll(/<([0-9a-fA-F\s]*)>/g)].map((t) =>
          utf16(t[1]!.replace(/\s+/g, '')),
        );
        texts.forEach((t, i) => {
          map.set(from + i, t);
        });
      } else {
        const first = utf16(target!.slice(1, -1));
        for (let code = from; code <= to; code++)
          map.set(
            code,
            first.slice(0, -1) + String.fromCharCode(first.charCodeAt(first.length - 1) + code - from),
          );
      }
    }
  return map;
}

/** The fonts a PDF uses: their names and, for embedded ones, their ToUnicode maps. */
export function pdfFonts(pdf: Buffer): { baseFont: string; toUnicode: Map<number, string> | null }[] {
  const objects = pdfObjects(pdf);
  const fonts: { baseFont: string; toUnicode: Map<number, string> | null }[] = [];
  for (const { dict } of objects.values()) {
    if (!/\/Type \/Font\b/.test(dict) || /\/Subtype \/CIDFontType/.test(dict)) continue;
    const baseFont = /\/BaseFont \/(\S+)/.exec(dict)?.[1] ?? '';
    const cmapRef = /\/ToUnicode (\d+) 0 R/.exec(dict)?.[1];
    const cmap = cmapRef ? objects.get(Number(cmapRef))?.data : null;
    fonts.push({ baseFont, toUnicode: cmap ? toUnicode(cmap.toString('latin1')) : null });
  }
  return fonts;
}

/**
 * The text a PDF shows, good enough for tests: content streams are inflated,
 * and the hex strings of each TJ/Tj are decoded with the font in use: an
 * embedded font through its ToUnicode map (two bytes a glyph), a standard
 * font as WinAnsi bytes. One piece per text operator, so a right-to-left run
 * comes out in the order it is drawn.
 */
export function pdfText(pdf: Buffer): string {
  const objects = pdfObjects(pdf);
  const fonts = new Map<string, Map<number, string> | null>();
  for (const { dict } of objects.values()) {
    const resources = /\/Font\s*<<([^>]*)>>/.exec(dict)?.[1];
    if (!resources) continue;
    for (const [, name, ref] of resources.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const font = objects.get(Number(ref))?.dict ?? '';
      const cmapRef = /\/ToUnicode (\d+) 0 R/.exec(font)?.[1];
      const cmap = cmapRef ? objects.get(Number(cmapRef))?.data : null;
      fonts.set(name!, /\/Type0/.test(font) && cmap ? toUnicode(cmap.toString('latin1')) : null);
    }
  }
  const lines: string[] = [];
  for (const { dict, data } of objects.values()) {
    if (!data || /\/(Subtype|Type|Length1)\b/.test(dict)) continue;
    const content = data.toString('latin1');
    let font: Map<number, string> | null = null;
    const opRe = /\/(\w+)\s+[\d.]+\s+Tf|(\[[^\]]*\]|<[0-9a-fA-F]*>)\s*T[Jj]/g;
    for (let op = opRe.exec(content); op; op = opRe.exec(content)) {
      if (op[1]) {
        font = fonts.get(op[1]) ?? null;
        continue;
      }
      const hex = [...op[2]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      if (!font) {
        lines.push(Buffer.from(hex, 'hex').toString('latin1'));
        continue;
      }
      let text = '';
      for (let i = 0; i + 4 <= hex.length; i += 4)
        text += font.get(Number.parseInt(hex.slice(i, i + 4), 16)) ?? '';
      lines.push(text);
    }
  }
  return lines.join(' ').replace(/\s+/g, ' ');
}

/** The texts of a page as a PDF reader places them: each with its left and right edges. */
export async function placedText(pdf: Buffer, pageNumber = 1) {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const page = await doc.getPage(pageNumber);
  const { items } = await page.getTextContent();
  return {
    width: page.getViewport({ scale: 1 }).width,
    items: items.flatMap((item) =>
      'str' in item && item.str.trim() !== ''
        ? [
            {
              text: item.str,
              left: item.transform[4] as number,
              right: (item.transform[4] as number) + item.width,
            },
          ]
        : [],
    ),
  };
}
