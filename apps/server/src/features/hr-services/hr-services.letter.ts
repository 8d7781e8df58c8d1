import { NOC_CATEGORY, toDmy } from '@hr/contracts/hr-services';
import dayjs from 'dayjs';
import PDFDocument from 'pdfkit';
import type { Db } from '../../db/client';
import { type WriteOptions, writeText } from '../../lib/pdf-fonts';
import { serviceRepository as repo } from './hr-services.repository';

export type LetterFacts = NonNullable<Awaited<ReturnType<typeof repo.letterFacts>>>;

/** What each category's letter is called, and its opening line after the employment sentence. */
const KINDS: Record<string, { title: string; purpose: (f: LetterFacts) => string }> = {
  salary_certificate: {
    title: 'Salary Certificate',
    purpose: (f) =>
      `${f.employeeName} draws a regular monthly salary from ${company(f)}; the salary details are kept by the Human Resources department and are available to the addressee on request.`,
  },
  employment_certificate: {
    title: 'Employment Certificate',
    purpose: (f) => `${f.employeeName} is a regular employee of ${company(f)} at the date of this letter.`,
  },
  experience_letter: {
    title: 'Experience Letter',
    purpose: (f) =>
      `During this time ${f.employeeName} has carried out the duties of the position to our satisfaction.`,
  },
  visa_letter: {
    title: 'Visa Support Letter',
    purpose: (f) =>
      `We kindly ask the authorities concerned to grant ${f.employeeName} the visa applied for. ${company(f)} confirms that the employment continues during the travel.`,
  },
  id_card: {
    title: 'ID Card Replacement',
    purpose: (f) =>
      `A replacement identity card has been approved for ${f.employeeName}; the previous card is no longer valid.`,
  },
};

const company = (f: LetterFacts) => f.companyName ?? 'the company';
const withStop = (s: string) => (/[.!?]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);

/** `HR/MDL/2027/000012`: the company's code, the year and the request number. */
export function referenceOf(f: LetterFacts, at: Date): string {
  return `HR/${f.companyCode ?? 'HR'}/${dayjs(at).year()}/${String(f.id).padStart(6, '0')}`;
}

/** A file name a person recognises: `NOC_Tanvir_Ahmed_1004_12.pdf`. */
export function letterFileName(f: LetterFacts): string {
  const title = f.category === NOC_CATEGORY ? 'NOC' : (KINDS[f.category]?.title ?? f.categoryName);
  const safe = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '');
  return `${safe(title)}_${safe(f.employeeName) || 'employee'}_${safe(f.employeeEid)}_${f.id}.pdf`;
}

function employmentSentence(f: LetterFacts): string {
  const role = f.designation ? ` as ${f.designation}` : '';
  const since = f.joiningDate ? ` since ${toDmy(f.joiningDate)}` : '';
  return `This is to certify that ${f.employeeName} (E-ID ${f.employeeEid}) is employed with ${company(f)}${role}${since}.`;
}

/**
 * Renders the letter of a done request as a PDF: letterhead, reference and
 * date, "To whom it may concern", the employment facts, what the letter is
 * for, and the HR administrator's signature block. Text is set in embedded
 * Noto fonts (lib/pdf-fonts.ts), so names in Arabic, Chinese or any Latin
 * script print as written.
 */
export function renderLetter(f: LetterFacts, at: Date): Promise<Buffer> {
  const noc = f.category === NOC_CATEGORY;
  const title = noc ? 'No Objection Certificate' : (KINDS[f.category]?.title ?? f.categoryName);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 60, bottom: 60, left: 70, right: 70 },
    info: { Title: `${title}: ${f.employeeName}`, Author: company(f), Subject: referenceOf(f, at) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 140;
  // Names, addresses and reasons may be in any script: every text goes through the Unicode fonts.
  const write = (text: string, options: WriteOptions) => writeText(doc, text, options);

  // Letterhead.
  doc.fillColor('#1f3864');
  write(company(f), { size: 18, bold: true, align: 'left' });
  doc.fillColor('#555555');
  if (f.companyAddress) write(f.companyAddress, { size: 9 });
  write('Human Resources', { size: 9 });
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
  write(`Ref: ${referenceOf(f, at)}`, { size: 10.5, x: 70, y: refY });
  write(`Date: ${dayjs(at).format('DD-MM-YYYY')}`, { size: 10.5, x: 70, y: refY, width, align: 'right' });
  doc.moveDown(2);

  write(title.toUpperCase(), { size: 13, bold: true, x: 70, y: doc.y, width, align: 'center' });
  doc.moveDown(1);
  write('To whom it may concern', { size: 11, bold: true, width });
  doc.moveDown(0.8);

  const paragraph = (s: string) => {
    // Left-aligned: justified lines carry their spaces as offsets, which text search cannot see.
    write(s.replace(/\.{2,}$/, '.'), { size: 11, width, align: 'left', lineGap: 2 });
    doc.moveDown(0.8);
  };
  paragraph(employmentSentence(f));

  if (noc) {
    const period =
      f.fromDate && f.toDate ? `from ${toDmy(f.fromDate)} to ${toDmy(f.toDate)}` : 'stated below';
    paragraph(
      `${company(f)} has no objection to the request of ${f.employeeName} in connection with ${(f.nocTypeName ?? 'the stated purpose').toLowerCase()}, with ${f.intendedCountry ?? 'the country below'} as the intended country, for the period ${period}.`,
    );
    const rows: [string, string][] = [
      ['Employee', f.employeeName],
      ['E-ID', f.employeeEid],
      ['Designation', f.designation ?? '-'],
      ['NOC type', f.nocTypeName ?? '-'],
      ['Passport number', f.passportNo ?? '-'],
      ['Intended country', f.intendedCountry ?? '-'],
      ['From date', f.fromDate ? toDmy(f.fromDate) : '-'],
      ['To date', f.toDate ? toDmy(f.toDate) : '-'],
    ];
    for (const [label, value] of rows) {
      const y = doc.y;
      write(`${label}:`, { size: 10.5, bold: true, x: 90, y, width: 130 });
      write(value, { size: 10.5, x: 225, y, width: width - 155 });
      doc.moveDown(0.3);
    }
    doc.x = 70;
    doc.moveDown(0.8);
    paragraph(
      `This certificate is issued at the request of the employee for the purpose above and carries no financial liability for ${company(f)}.`,
    );
  } else {
    const kind = KINDS[f.category];
    if (kind) paragraph(kind.purpose(f));
    if (f.reason)
      paragraph(`This letter is issued at the request of the employee for: ${withStop(f.reason)}`);
    else paragraph('This letter is issued at the request of the employee.');
  }

  doc.moveDown(1);
  write('Sincerely,', { size: 11, x: 70, y: doc.y, width });
  doc.moveDown(2.5);
  write(f.issuerName ?? 'Human Resources', { size: 11, bold: true, width });
  write(f.issuerDesignation ?? 'HR Administrator', { size: 10.5, width });
  write(`${company(f)}, Human Resources`, { size: 10.5, width });

  doc.fillColor('#777777');
  write(`Generated by the HR portal for request #${f.id} on ${dayjs(at).format('DD-MM-YYYY HH:mm')}.`, {
    size: 8,
    x: 70,
    y: doc.page.height - 90,
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
 */
export async function issueLetter(db: Db, requestId: number, issuerId: number, at = new Date()) {
  const facts = await repo.letterFacts(db, requestId, issuerId);
  if (!facts) throw new Error(`HR service request ${requestId} vanished while its letter was made`);
  const data = await renderLetter(facts, at);
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
