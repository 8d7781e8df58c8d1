import { inflateSync } from 'node:zlib';
import type { ServiceRequestBody } from '@hr/contracts/hr-services';
import { and, count, eq } from 'drizzle-orm';
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

/**
 * The text a PDF shows, good enough for tests: content streams are inflated
 * when compressed, and the hex strings of each TJ/Tj (pdfkit's standard fonts
 * write WinAnsi bytes) are decoded, one line per text operator.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streamRe = /stream\r?\n/g;
  for (let m = streamRe.exec(raw); m; m = streamRe.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1'); // not compressed
    }
    streamRe.lastIndex = end + 'endstream'.length;
    const opRe = /(\[[^\]]*\]|<[0-9a-fA-F]*>)\s*T[Jj]/g;
    for (let op = opRe.exec(content); op; op = opRe.exec(content)) {
      const hex = [...op[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join(' ').replace(/\s+/g, ' ');
}
