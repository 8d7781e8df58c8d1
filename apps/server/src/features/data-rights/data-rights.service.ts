import { PassThrough, type Readable } from 'node:stream';
import type { ErasureBody, ErasureReport, ErasureState, Leaver } from '@hr/contracts/data-rights';
import dayjs from 'dayjs';
import yazl from 'yazl';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { redactAudit } from '../../lib/audit-chain';
import { type AuthContext, asSomeoneElse } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import { type PersonalSubject, personalDataSources } from '../../lib/personal-data';
import { type Count, type ThrottleRule, throttle } from '../../lib/throttle';
import { type DataSubject, dataRightsRepository as repo } from './data-rights.repository';

/**
 * One export at a time per person: the count is taken before the archive is
 * made and given back when it is done. A download that dies half-way leaves
 * its count until the window ends.
 */
export const EXPORT_RULE: ThrottleRule = {
  bucket: 'data_export',
  limit: 1,
  windowMs: 15 * 60_000,
  message: (m: number) =>
    `Your data is being prepared in another download. Please wait for it, or try again in ${m} minute(s).`,
};

/** The archive's answer: its file name and the stream of its bytes. */
export interface ExportArchive {
  fileName: string;
  stream: Readable;
}

const README = `This archive holds everything the HR portal keeps about you, as of the time in index.json.

Each <area>.json file holds one area of the portal (your profile and its tabs, leave, remote
work, HR services, KPI sheets, reviews, attendance, pay, notifications, delegations, your account
and sessions, messages sent to you and the audit trail about you). Other people appear only by
their numeric ids. Files you or HR stored (documents, your photo, letters, review evidence) are
under files/. index.json lists every file of the archive.
`;

/** A record as the API writes it: every key in snake_case (the repositories answer camelCase), values as they are. */
function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      snakeKeys(v),
    ]),
  );
}

/** Waits until the archive has read a stream it was given (or the download stopped). */
function added(zip: yazl.ZipFile, path: string, data: Uint8Array, mtime: Date): Promise<void> {
  return new Promise((resolve, reject) => {
    const source = new PassThrough();
    const stopped = () => reject(new Error('the download stopped'));
    zip.outputStream.once('close', stopped);
    source.once('end', () => {
      zip.outputStream.off('close', stopped);
      resolve();
    });
    zip.addReadStream(source, path, { mtime, size: data.byteLength });
    source.end(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  });
}

/** The first day an erasure needs no override: the retention period after the last working day or the disabling. */
function retentionEnd(
  subject: Pick<DataSubject, 'enabled' | 'updatedAt'>,
  lastWorkingDay: string | null,
  disabledAt: Date | null,
  days: number,
): string | null {
  if (subject.enabled) return null;
  const from = lastWorkingDay ?? dayjs(disabledAt ?? subject.updatedAt).format('YYYY-MM-DD');
  return dayjs(from).add(days, 'day').format('YYYY-MM-DD');
}

/**
 * Data rights (docs/decisions.md, "Data rights"): "Download my data", a
 * zip of everything the portal holds about the caller read from every
 * feature's registered source (lib/personal-data.ts), and HR's erasure of a
 * leaver's personal data with its report.
 */
export class DataRightsService {
  constructor(
    private readonly db: Db,
    /** Days a leaver's data is kept before an erasure needs no override. */
    private readonly retentionDays: number,
  ) {}

  /**
   * The caller's archive, streamed: JSON per area, the person's files under
   * `files/`, a README and index.json. Audited; one at a time per person.
   */
  async export(auth: AuthContext): Promise<ExportArchive> {
    if (asSomeoneElse(auth)) throw domainError('forbidden');
    const subject: PersonalSubject = { employeeId: auth.employeeId, userId: auth.userId };
    const count: Count = { rule: EXPORT_RULE, key: String(auth.employeeId) };
    await throttle.take(this.db, [count]);
    try {
      await this.db.transaction(async (tx) => {
        await audit(tx, auth, {
          action: 'data_export',
          entity: 'employee',
          entityId: auth.employeeId,
          data: { areas: personalDataSources().map((s) => s.area) },
        });
      });
    } catch (error) {
      await throttle.undo(this.db, [count]);
      throw error;
    }
    const zip = new yazl.ZipFile();
    const now = new Date();
    void this.fill(zip, subject, now)
      .catch((error: unknown) => {
        (zip.outputStream as Readable).destroy(error instanceof Error ? error : new Error(String(error)));
      })
      .finally(() => throttle.undo(this.db, [count]).catch(() => undefined));
    return {
      fileName: `my-data-${dayjs(now).format('YYYY-MM-DD')}.zip`,
      stream: zip.outputStream as Readable,
    };
  }

  private async fill(zip: yazl.ZipFile, subject: PersonalSubject, now: Date): Promise<void> {
    const entries: { path: string; area: string; kind: 'json' | 'file'; bytes: number }[] = [];
    const json = (path: string, area: string, value: unknown) => {
      const data = Buffer.from(`${JSON.stringify(snakeKeys(value), null, 2)}\n`, 'utf8');
      zip.addBuffer(data, path, { mtime: now });
      entries.push({ path, area, kind: 'json', bytes: data.byteLength });
    };
    zip.addBuffer(Buffer.from(README, 'utf8'), 'README.txt', { mtime: now });
    for (const source of personalDataSources()) {
      const part = await source.collect(this.db, subject);
      json(`${source.area}.json`, source.area, part.data);
      for (const file of part.files ?? []) {
        const data = await file.load(this.db);
        if (!data) continue;
        const path = `files/${file.path}`;
        await added(zip, path, data, now);
        entries.push({ path, area: source.area, kind: 'file', bytes: data.byteLength });
      }
    }
    json('messages.json', 'messages', { messages: await repo.messages(this.db, subject.employeeId) });
    json('audit.json', 'audit', await repo.audit(this.db, subject.employeeId, subject.userId));
    const index = {
      generated_at: now.toISOString(),
      employee_id: subject.employeeId,
      areas: [...new Set(entries.map((e) => e.area))],
      files: [
        { path: 'README.txt', area: null, kind: 'readme' },
        ...entries,
        { path: 'index.json', area: null, kind: 'index' },
      ],
    };
    zip.addBuffer(Buffer.from(`${JSON.stringify(index, null, 2)}\n`, 'utf8'), 'index.json', { mtime: now });
    zip.end();
  }

  private async subjectOrThrow(db: Db, employeeId: number, lock = false): Promise<DataSubject> {
    const subject = await repo.subject(db, employeeId, lock);
    if (!subject) throw domainError('not_found');
    return subject;
  }

  private adminOnly(auth: AuthContext) {
    if (!auth.isAdmin || asSomeoneElse(auth)) throw domainError('admin_only');
  }

  private async stateOf(db: Db, auth: AuthContext, subject: DataSubject): Promise<ErasureState> {
    const lastWorkingDay = await repo.lastWorkingDay(db, subject.id);
    const disabledAt = subject.enabled ? null : await repo.disabledAt(db, subject.id);
    const end = retentionEnd(subject, lastWorkingDay, disabledAt, this.retentionDays);
    const today = dayjs().format('YYYY-MM-DD');
    const within = end !== null && today < end;
    const erasure = await repo.lastErasure(db, subject.id);
    const open = !subject.enabled && subject.erasedAt === null && subject.id !== auth.employeeId;
    return {
      employee: {
        id: subject.id,
        eid: subject.eid,
        name: subject.name,
        enabled: subject.enabled,
        erased_at: subject.erasedAt?.toISOString() ?? null,
      },
      last_working_day: lastWorkingDay,
      disabled_at: disabledAt?.toISOString() ?? null,
      retention_days: this.retentionDays,
      retention_end: end,
      within_retention: within,
      actions: open ? (within ? ['override'] : ['erase']) : [],
      erasure: erasure
        ? {
            id: erasure.id,
            created: erasure.createdAt.toISOString(),
            overrode_retention: erasure.overrodeRetention,
            reason: erasure.reason,
            report: erasure.report as ErasureReport,
          }
        : null,
    };
  }

  /** What HR sees before erasing (the retention end, what they may do) and after (the report). */
  async state(auth: AuthContext, employeeId: number): Promise<ErasureState> {
    this.adminOnly(auth);
    const subject = await this.subjectOrThrow(this.db, employeeId);
    return this.stateOf(this.db, auth, subject);
  }

  /** Disabled people for the erasure screen, with their retention end. */
  async leavers(auth: AuthContext, search: string | undefined): Promise<{ data: Leaver[] }> {
    this.adminOnly(auth);
    const rows = await repo.leavers(this.db, search);
    const data: Leaver[] = rows.map((row) => ({
      id: row.id,
      eid: row.eid,
      name: row.name,
      retention_end: retentionEnd(row, row.lastWorkingDay, row.disabledAt, this.retentionDays),
      erased_at: row.erasedAt?.toISOString() ?? null,
    }));
    return { data };
  }

  /**
   * Erases a leaver's personal data in one transaction: refused for an
   * active person, an erased one, oneself, a wrong confirmation, and inside
   * the retention period without an override (with its reason). The
   * erasure's audit row comes first; the audit rows about the person are
   * then redacted under it (lib/audit-chain.ts), and the report is stored
   * and answered.
   */
  async erase(auth: AuthContext, employeeId: number, body: ErasureBody): Promise<ErasureState> {
    this.adminOnly(auth);
    return this.db.transaction(async (tx) => {
      const subject = await this.subjectOrThrow(tx, employeeId, true);
      if (subject.erasedAt !== null) throw domainError('erasure_done');
      if (subject.id === auth.employeeId) throw domainError('erasure_self');
      if (subject.enabled) throw domainError('erasure_employee_active');
      if (body.confirm.trim().toLowerCase() !== subject.eid.toLowerCase())
        throw domainError('erasure_confirmation_mismatch', {}, 'confirm');
      const before = await this.stateOf(tx, auth, subject);
      const override = before.within_retention;
      if (override && !body.override_retention)
        throw domainError('erasure_within_retention', { retention_end: before.retention_end ?? '' });

      const reason = body.reason?.trim() || null;
      const auditRowId = await audit(tx, auth, {
        action: 'erase',
        entity: 'employee',
        entityId: subject.id,
        data: {
          overrode_retention: override,
          retention_end: before.retention_end,
          ...(reason ? { reason } : {}),
        },
      });
      const secrets = [subject.name, subject.eid, subject.email, subject.mobile].filter(
        (s): s is string => typeof s === 'string' && s.trim().length > 0,
      );
      const lines = await repo.erase(tx, { subject, secrets });
      const redacted = await redactAudit(tx, {
        erasureRowId: auditRowId,
        employeeId: subject.id,
        userId: subject.userId,
        secrets,
      });
      lines.push({
        area: 'audit',
        what: 'audit_log (rows about or naming the person)',
        outcome: 'replaced',
        rows: redacted.rows,
        why: null,
      });
      lines.push({
        area: 'audit',
        what: 'audit_log (who did what, when)',
        outcome: 'kept',
        rows: redacted.rows,
        why: 'audit_trail',
      });
      const report: ErasureReport = {
        employee_id: subject.id,
        erased_at: new Date().toISOString(),
        overrode_retention: override,
        retention_end: before.retention_end,
        lines,
      };
      await repo.insertErasure(tx, {
        employeeId: subject.id,
        userId: auth.userId,
        overrodeRetention: override,
        reason,
        report,
      });
      const after = await this.subjectOrThrow(tx, subject.id);
      return this.stateOf(tx, auth, after);
    });
  }
}
