import { NOC_CATEGORY, toDmy } from '@hr/contracts/hr-services';
import type { Language } from '@hr/contracts/limits';
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Db } from '../../db/client';
import { serviceRequests } from '../../db/schema';
import { employeeLanguage } from '../../lib/document-language';
import { DOCUMENT_TEXTS, type DocumentTextKey, documentTexts } from '../../lib/document-texts';
import { inLanguage } from '../../lib/language';
import { directionOf, type WriteOptions, writeText } from '../../lib/pdf-fonts';
import { serviceRepository as repo } from './hr-services.repository';

export type LetterFacts = NonNullable<Awaited<ReturnType<typeof repo.letterFacts>>>;

/** The categories with a letter of their own (title and purpose paragraph in the catalog). */
const KINDS = [
  'salary_certificate',
  'employment_certificate',
  'experience_letter',
  'visa_letter',
  'id_card',
] as const;
type Kind = (typeof KINDS)[number];
const kindOf = (category: string): Kind | null =>
  (KINDS as readonly string[]).includes(category) ? (category as Kind) : null;

/** `HR/MDL/2027/000012`: the company's code, the year and the request number. */
export function referenceOf(f: LetterFacts, at: Date): string {
  return `HR/${f.companyCode ?? 'HR'}/${dayjs(at).year()}/${String(f.id).padStart(6, '0')}`;
}

/** A file name a person recognises, in English whatever the letter's language: `NOC_Tanvir_Ahmed_1004_12.pdf`. */
export function letterFileName(f: LetterFacts): string {
  const kind = kindOf(f.category);
  const title =
    f.category === NOC_CATEGORY ? 'NOC' : kind ? DOCUMENT_TEXTS.en[`letter.title.${kind}`] : f.categoryName;
  const safe = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '');
  return `${safe(title)}_${safe(f.employeeName) || 'employee'}_${safe(f.employeeEid)}_${f.id}.pdf`;
}

/**
 * Renders the letter of a done request as a PDF, in `language` (the
 * employee's): letterhead, reference and date, "To whom it may concern", the
 * employment facts, what the letter is for, and the HR administrator's
 * signature block. Every fixed text comes from the documents catalog
 * (lib/document-texts.ts); an Arabic letter is laid out right to left, the
 * page mirrored. Text is set in embedded Noto and Amiri fonts
 * (lib/pdf-fonts.ts), so names in Arabic, Chinese or any Latin script print
 * as written.
 */
export function renderLetter(f: LetterFacts, at: Date, language: Language = 'en'): Promise<Buffer> {
  const L = documentTexts(language);
  const { t, rtl } = L;
  const noc = f.category === NOC_CATEGORY;
  const kind = kindOf(f.category);
  const company = f.companyName ?? t('letter.company');
  const title = noc ? t('letter.title.noc') : kind ? t(`letter.title.${kind}`) : f.categoryName;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 60, bottom: 60, left: 70, right: 70 },
    lang: language,
    info: { Title: `${title}: ${f.employeeName}`, Author: company, Subject: referenceOf(f, at) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 140;
  /**
   * Names, addresses and reasons may be in any script: every text goes
   * through the Unicode fonts. Places and alignments are given for a left-to-
   * right page; an Arabic letter mirrors them (the start of a line is its right).
   */
  const write = (text: string, options: WriteOptions) => {
    if (!rtl) return writeText(doc, text, options);
    const x = options.x ?? 70;
    const w = options.width ?? width;
    const align = options.align === 'right' ? 'left' : options.align === 'center' ? 'center' : 'right';
    const direction = options.direction ?? 'rtl';
    return writeText(doc, text, { ...options, x: doc.page.width - x - w, width: w, align, direction });
  };
  /**
   * A value alone on its line (the company's name and address, the signer's
   * name and title, a field's value): set in its own direction (its first
   * strong character's), as values inside sentences are isolated, so on an
   * Arabic page "Meghna Digital Ltd." keeps its full stop after "Ltd". It
   * stays on the side where the letter's lines start.
   */
  const writeValue = (text: string, options: WriteOptions) =>
    write(text, {
      align: 'left',
      ...options,
      direction: directionOf(text),
      pageDirection: rtl ? 'rtl' : 'ltr',
    });
  const lower = (s: string) => s.toLocaleLowerCase(language);
  /** A sentence that opens with the company's stand-in ("the company") starts with a capital. */
  const sentence = (s: string) =>
    s.startsWith(t('letter.company')) ? s.charAt(0).toLocaleUpperCase(language) + s.slice(1) : s;
  const withStop = (s: string) => {
    const trimmed = s.trim();
    if (/[.!?。！？؟]$/.test(trimmed)) return trimmed;
    return `${trimmed}${language === 'zh' ? '。' : '.'}`;
  };

  // Letterhead.
  doc.fillColor('#1f3864');
  writeValue(company, { size: 18, bold: true, align: 'left' });
  doc.fillColor('#555555');
  if (f.companyAddress) writeValue(f.companyAddress, { size: 9 });
  write(t('letter.hr'), { size: 9 });
  const lineY = doc.y + 6;
  doc
    .moveTo(70, lineY)
    .lineTo(70 + width, lineY)
    .lineWidth(1)
    .strokeColor('#1f3864')
    .stroke();
  doc.y = lineY + 14;

  doc.fillColor('#000000');
  const refY = doc.y;
  const date = dayjs(at).format('DD-MM-YYYY');
  write(t('letter.ref', { ref: referenceOf(f, at) }), { size: 10.5, x: 70, y: refY });
  write(t('letter.date', { date }), { size: 10.5, x: 70, y: refY, width, align: 'right' });
  doc.moveDown(2);

  write(title.toLocaleUpperCase(language), { size: 13, bold: true, x: 70, y: doc.y, width, align: 'center' });
  doc.moveDown(1);
  write(t('letter.toWhom'), { size: 11, bold: true, width });
  doc.moveDown(0.8);

  const paragraph = (s: string) => {
    // Left-aligned: justified lines carry their spaces as offsets, which text search cannot see.
    write(sentence(s).replace(/\.{2,}$/, '.'), { size: 11, width, align: 'left', lineGap: 2 });
    doc.moveDown(0.8);
  };
  const employedKey: DocumentTextKey = f.designation
    ? f.joiningDate
      ? 'letter.employedAsSince'
      : 'letter.employedAs'
    : f.joiningDate
      ? 'letter.employedSince'
      : 'letter.employed';
  paragraph(
    t(employedKey, {
      name: f.employeeName,
      eid: f.employeeEid,
      company,
      designation: f.designation ?? '',
      date: f.joiningDate ? toDmy(f.joiningDate) : '',
    }),
  );

  if (noc) {
    const period =
      f.fromDate && f.toDate
        ? t('letter.noc.period', { from: toDmy(f.fromDate), to: toDmy(f.toDate) })
        : t('letter.noc.periodFallback');
    paragraph(
      t('letter.noc.body', {
        company,
        name: f.employeeName,
        purpose: f.nocTypeName ? lower(f.nocTypeName) : t('letter.noc.purposeFallback'),
        country: f.intendedCountry ?? t('letter.noc.countryFallback'),
        period,
      }),
    );
    const rows: [DocumentTextKey, string][] = [
      ['letter.field.employee', f.employeeName],
      ['letter.field.eid', f.employeeEid],
      ['letter.field.designation', f.designation ?? '-'],
      ['letter.field.nocType', f.nocTypeName ?? '-'],
      ['letter.field.passportNo', f.passportNo ?? '-'],
      ['letter.field.intendedCountry', f.intendedCountry ?? '-'],
      ['letter.field.fromDate', f.fromDate ? toDmy(f.fromDate) : '-'],
      ['letter.field.toDate', f.toDate ? toDmy(f.toDate) : '-'],
    ];
    for (const [label, value] of rows) {
      const y = doc.y;
      write(t('letter.label', { label: t(label) }), { size: 10.5, bold: true, x: 90, y, width: 130 });
      const labelBottom = doc.y;
      writeValue(value, { size: 10.5, x: 225, y, width: width - 155 });
      doc.y = Math.max(doc.y, labelBottom);
      doc.moveDown(0.3);
    }
    doc.x = 70;
    doc.moveDown(0.8);
    paragraph(t('letter.noc.closing', { company }));
  } else {
    if (kind) paragraph(t(`letter.purpose.${kind}`, { name: f.employeeName, company }));
    if (f.reason) paragraph(t('letter.reason', { reason: withStop(f.reason) }));
    else paragraph(t('letter.noReason'));
  }

  doc.moveDown(1);
  write(t('letter.sincerely'), { size: 11, x: 70, y: doc.y, width });
  doc.moveDown(2.5);
  writeValue(f.issuerName ?? t('letter.hr'), { size: 11, bold: true, width });
  writeValue(f.issuerDesignation ?? t('letter.issuerDesignation'), { size: 10.5, width });
  write(t('letter.companyHr', { company }), { size: 10.5, width });

  doc.fillColor('#777777');
  // At the foot of the page, or below the signature when a long letter reaches it.
  write(t('letter.footer', { id: f.id, date: dayjs(at).format('DD-MM-YYYY HH:mm') }), {
    size: 8,
    x: 70,
    y: Math.max(doc.page.height - 90, doc.y + 16),
    width,
    align: 'center',
    lineBreak: false,
  });
  doc.end();
  return done;
}

/**
 * Makes the letter of a request, stores it (kind 'letter') and links it to
 * the request. Runs inside the caller's transaction, with the status change.
 * The letter is written in the employee's language, whoever marks the
 * request done; its reference names (category, NOC type) are read in it too.
 */
export async function issueLetter(db: Db, requestId: number, issuerId: number, at = new Date()) {
  const [owner] = await db
    .select({ employeeId: serviceRequests.employeeId })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, requestId));
  if (!owner) throw new Error(`HR service request ${requestId} vanished while its letter was made`);
  const language = await employeeLanguage(db, owner.employeeId);
  const facts = await inLanguage(language, () => repo.letterFacts(db, requestId, issuerId));
  if (!facts) throw new Error(`HR service request ${requestId} vanished while its letter was made`);
  const data = await renderLetter(facts, at, language);
  const fileId = await repo.insertFile(db, {
    kind: 'letter',
    name: letterFileName(facts),
    mime: 'application/pdf',
    data,
    createdBy: issuerId,
  });
  await repo.setLetter(db, requestId, fileId);
  return fileId;
}
