import {
  ATTENDANCE_INTAKE_MESSAGES,
  type Device,
  type DeviceWithKey,
  type deviceCreate,
  deviceTime,
  type deviceUpdate,
  type ImportRowError,
  latestPunch,
  PUNCH_AHEAD_MINUTES,
  PUNCH_EARLIEST,
  PUNCH_FILE_MAX_BYTES,
  PUNCH_IMPORT_ERRORS_KEPT,
  type PunchBatch,
  type PunchBatchResult,
  type PunchImport,
  type punchImportBody,
  type punchImportsQuery,
} from '@hr/contracts/attendance-intake';
import { MESSAGES } from '@hr/contracts/messages';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { DEADLOCK_DETECTED, pgCode } from '../../lib/db-errors';
import { domainError, fieldError } from '../../lib/errors';
import { ImportRecords, type ImportRow, unreadableAs422 } from '../../lib/imports';
import { officeNow } from '../../lib/office-clock';
import {
  ReferenceData,
  type ReferenceListQuery,
  type ReferenceSpec,
  requireAdminContext,
} from '../../lib/reference-data';
import { overLimit, type ThrottleRule, throttle } from '../../lib/throttle';
import { newToken, safeEqualHex, sha256 } from '../../lib/tokens';
import { decodeBase64, decodedSize } from '../../lib/uploads';
import {
  type DeviceKeyRow,
  type DeviceRow,
  type DeviceScope,
  type DeviceValues,
  attendanceIntakeRepository as repo,
} from './attendance-intake.repository';
import { isRefused, type ReadRow, type RefusedRow, readPunchFile } from './punch-file';

type DeviceCreate = z.output<typeof deviceCreate>;
type DeviceUpdate = z.output<typeof deviceUpdate>;
type ImportsQuery = z.output<typeof punchImportsQuery>;

/** A device whose key was checked: its punches are its own, for the employees of its scope. */
export interface KnownDevice extends DeviceScope {
  id: number;
  code: string;
}

/**
 * Calls with a wrong device key, per address. Keys are 256 random bits, so
 * the limit does not make guessing any harder; it keeps a device left with
 * an old key (or anyone trying keys) from costing a lookup and a write a
 * call without end. A call with a good key is never refused by it, so one
 * misconfigured device does not stop the others behind the same address.
 */
export const DEVICE_KEY_RULE = {
  bucket: 'device_key_fail_ip',
  limit: 30,
  windowMs: 15 * 60_000,
  message: (m: number) =>
    `Too many calls with a wrong attendance device key from your address. Please try again in ${m} minute(s).`,
} satisfies ThrottleRule;

/**
 * Calls per device key. A device sends what it collected every few seconds
 * to every few minutes, up to PUNCH_BATCH_MAX punches a call, so a call a
 * second holds far more than a gate ever sees; a key that calls faster is
 * a device gone wrong or a key in the wrong hands, and it costs a batch of
 * writes a call. Counted in the database before the batch is read (one
 * statement counts and reads), so every server process shares the count.
 */
export const DEVICE_CALL_RULE = {
  bucket: 'device_calls',
  limit: 60,
  windowMs: 60_000,
  message: (m: number) =>
    `Too many calls with this attendance device key. Please try again in ${m} minute(s).`,
} satisfies ThrottleRule;

/** Rows of a file checked and written per statement. */
export const IMPORT_CHUNK_ROWS = 5000;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const deviceAnswer = (row: DeviceRow): Device => ({
  id: row.id,
  code: row.code,
  name: row.name,
  company:
    row.companyId !== null && row.companyName !== null ? { id: row.companyId, name: row.companyName } : null,
  office:
    row.officeId !== null && row.officeName !== null ? { id: row.officeId, name: row.officeName } : null,
  enabled: row.enabled,
  has_key: row.keyHash !== null,
  last_seen_at: iso(row.lastSeenAt),
  created: iso(row.createdAt)!,
  updated: iso(row.updatedAt)!,
});

/**
 * A device's company exists, and so does its office, in that company (field
 * errors, not a 500 from the foreign keys). Values without the company (a
 * change of the office alone) check that the office exists; `updateDevice`
 * checks such a change with the company as it stands.
 */
async function checkScope(db: Db, values: Partial<DeviceValues>): Promise<void> {
  const companyId = values.companyId ?? null;
  const officeId = values.officeId ?? null;
  const facts = await repo.scopeFacts(db, companyId, officeId);
  if (companyId !== null && !facts.company)
    throw fieldError('company_id', ATTENDANCE_INTAKE_MESSAGES.companyUnknown);
  if (officeId === null) return;
  if (facts.officeCompanyId === null) throw fieldError('office_id', ATTENDANCE_INTAKE_MESSAGES.officeUnknown);
  if (values.companyId !== undefined && facts.officeCompanyId !== companyId)
    throw fieldError('office_id', MESSAGES.officeOtherCompany);
}

/** What a create writes: the body and the key made for it (only its hash is kept). */
type DeviceInsert = DeviceCreate & { key: string };

export const deviceSpec: ReferenceSpec<DeviceRow, Device, DeviceInsert, DeviceUpdate, DeviceValues, object> =
  {
    entity: 'attendance_device',
    kind: 'attendance device',
    store: repo.devices,
    defaultSort: 'id,desc',
    wholeWithoutPage: true,
    answer: deviceAnswer,
    toInsert: ({ code, name, key, company_id, office_id }) => ({
      code,
      name,
      keyHash: sha256(key),
      companyId: company_id,
      officeId: office_id ?? null,
    }),
    toUpdate: (body) => ({
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.company_id === undefined ? {} : { companyId: body.company_id }),
      ...(body.office_id === undefined ? {} : { officeId: body.office_id }),
      ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
      updatedAt: new Date(),
    }),
    fields: (row) => ({
      name: row.name,
      company_id: row.companyId,
      office_id: row.officeId,
      enabled: row.enabled,
    }),
    values: (row) => ({ code: row.code, name: row.name }),
    check: checkScope,
    nameScope: ['code'],
    nameTaken: () => domainError('device_code_taken', {}, 'code'),
    async inUse(db, row) {
      return (await repo.hasPunches(db, row.code))
        ? `${row.name} cannot be deleted: punches name it. Disable it instead.`
        : null;
    },
  };

/** The latest acceptable punch now (`latestPunch` on the office's clock). */
function latestNow(): string {
  const now = Date.now();
  return latestPunch(officeNow(new Date(now)), officeNow(new Date(now + PUNCH_AHEAD_MINUTES * 60_000)));
}

/** The outcome of reading a whole file. */
interface FileCheck {
  total: number;
  refused: number;
  errors: ImportRowError[];
}

/**
 * Writes that met another's on the same punches in another order: PostgreSQL
 * refused one of them. Nothing of it was kept; sent again, it goes through
 * (a 409 says so instead of a 500).
 */
async function deadlockAs409<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (pgCode(err) === DEADLOCK_DETECTED) throw domainError('conflict');
    throw err;
  }
}

/** A file that is not CSV text. */
const UNREADABLE = { notText: 'punch_file_not_text', malformed: 'punch_file_malformed' } as const;

/** Thrown inside a dry run's transaction to roll it back with its counts. */
class DryRunDone extends Error {
  constructor(readonly added: number) {
    super('dry run');
  }
}

/**
 * How punches get in: attendance devices (HR administrators add them; each
 * sends its punches with a key of its own) and CSV files HR imports. A punch
 * is one employee at one device at one moment: the unique index on the three
 * makes sending or importing the same punch again add nothing.
 */
export class AttendanceIntakeService {
  readonly devices: ReferenceData<DeviceRow, Device, DeviceInsert, DeviceUpdate, DeviceValues, object>;
  private readonly imports: ImportRecords<ImportRowError>;

  constructor(
    private readonly db: Db,
    secret: string,
  ) {
    this.devices = new ReferenceData(db, deviceSpec);
    this.imports = new ImportRecords(db, secret, 'punches', 'punch_import_not_found');
  }

  /* Devices */

  listDevices(auth: AuthContext, query: ReferenceListQuery, url: string) {
    requireAdminContext(auth);
    return this.devices.list(query, {}, url);
  }

  /** A new device and its key: the only time the key is shown. */
  async createDevice(auth: AuthContext, body: DeviceCreate): Promise<DeviceWithKey> {
    const key = newToken();
    const device = await this.devices.create(auth, { ...body, key });
    return { ...device, key };
  }

  /**
   * A change of the device's company or office is checked with the other
   * as it stands: an office of another company is refused (422 on
   * `office_id`), never cleared or kept silently.
   */
  async updateDevice(auth: AuthContext, id: number, body: DeviceUpdate): Promise<Device> {
    requireAdminContext(auth);
    if (body.company_id !== undefined || body.office_id !== undefined) {
      const row = await repo.devices.find(this.db, id);
      if (row)
        await checkScope(this.db, {
          companyId: body.company_id ?? row.companyId,
          officeId: body.office_id === undefined ? row.officeId : body.office_id,
        });
    }
    return this.devices.update(auth, id, body);
  }

  deleteDevice(auth: AuthContext, id: number): Promise<{ message: string }> {
    return this.devices.delete(auth, id);
  }

  /** A new key for a device: the old one stops working at once. */
  async newKey(auth: AuthContext, id: number): Promise<DeviceWithKey> {
    requireAdminContext(auth);
    const key = newToken();
    const device = await this.db.transaction(async (tx) => {
      const row = await repo.devices.find(tx, id);
      if (!row) throw domainError('reference_not_found', { kind: deviceSpec.kind });
      await repo.setKeyHash(tx, id, sha256(key));
      await audit(tx, auth, { action: 'new_key', entity: deviceSpec.entity, entityId: id });
      return deviceAnswer((await repo.devices.find(tx, id))!);
    });
    return { ...device, key };
  }

  /* The device API */

  /**
   * The device of a key, compared as SHA-256 hashes in constant time with
   * every device's. A missing key, an unknown one or a disabled device is a
   * 401; wrong keys count against the caller's address (DEVICE_KEY_RULE),
   * good ones against their device (DEVICE_CALL_RULE).
   */
  async authenticate(key: string | undefined, meta: { ip: string }): Promise<KnownDevice> {
    if (!key) throw domainError('device_key_missing');
    const hash = sha256(key);
    let found: DeviceKeyRow | null = null;
    // Every device is compared, found or not: the time taken says nothing of the key.
    for (const device of await repo.deviceKeys(this.db))
      if (device.keyHash !== null && safeEqualHex(device.keyHash, hash)) found = device;
    if (found?.enabled) {
      // The device's own limit: counted and read in one step, so a burst gets through up to it.
      const [calls] = await throttle.hit(this.db, [{ rule: DEVICE_CALL_RULE, key: String(found.id) }]);
      if (calls?.over) throw overLimit(calls);
      return { id: found.id, code: found.code, companyId: found.companyId, officeId: found.officeId };
    }
    // Counted and read in one step: a burst of wrong keys gets 401 up to the limit, 429 after.
    const [hit] = await throttle.hit(this.db, [{ rule: DEVICE_KEY_RULE, key: meta.ip }]);
    if (hit?.over) throw overLimit(hit);
    throw domainError('device_key_invalid');
  }

  /**
   * A device's batch. A punch with a bad time, one ahead of the office's
   * clock, or an E-ID of no employee the device punches for is refused
   * alone and the rest is kept: a device cannot mend one punch and send the
   * batch again, and refusing the whole batch would lose the good punches
   * with it. The kept punches go in as one statement; the same batch again
   * adds nothing.
   */
  async receive(device: KnownDevice, batch: PunchBatch): Promise<PunchBatchResult> {
    const latest = latestNow();
    const refused: PunchBatchResult['refused'] = [];
    const eids: string[] = [];
    const ats: string[] = [];
    const indexes: number[] = [];
    batch.punches.forEach((punch, index) => {
      const at = deviceTime(punch.at);
      const eid = punch.eid.trim();
      if (at === null) refused.push({ index, reason: 'time_invalid' });
      else if (at < PUNCH_EARLIEST) refused.push({ index, reason: 'time_out_of_range' });
      else if (at > latest) refused.push({ index, reason: 'time_ahead' });
      else if (eid === '') refused.push({ index, reason: 'eid_unknown' });
      else {
        eids.push(eid);
        ats.push(at);
        indexes.push(index);
      }
    });
    let added = 0;
    let unknown: number[] = [];
    if (eids.length > 0)
      ({ added, unknown } = await deadlockAs409(() => repo.addDevicePunches(this.db, device, eids, ats)));
    for (const place of unknown) refused.push({ index: indexes[place - 1]!, reason: 'eid_unknown' });
    refused.sort((a, b) => a.index - b.index);
    await repo.seen(this.db, device.id);
    return {
      received: batch.punches.length,
      added,
      duplicates: eids.length - unknown.length - added,
      refused,
    };
  }

  /* CSV imports */

  /**
   * Imports a file, all or nothing. First the whole file is read and every
   * row checked (times and devices as it streams, E-IDs a chunk per
   * statement), outside any transaction: a file with a bad row is recorded
   * as refused with its report, and nothing is imported. A good file is then
   * read again and written in one transaction, a chunk per statement, the
   * punches already there counted as duplicates. A dry run checks and counts
   * the same way and keeps nothing.
   */
  async importFile(auth: AuthContext, body: z.output<typeof punchImportBody>): Promise<PunchImport> {
    requireAdminContext(auth);
    if (decodedSize(body.file) > PUNCH_FILE_MAX_BYTES) throw domainError('punch_file_too_large', {}, 'file');
    const data = decodeBase64(body.file);
    const devices = new Set(await repo.deviceCodes(this.db));
    const latest = latestNow();
    const read = () => readPunchFile(data, { devices, latest, chunk: IMPORT_CHUNK_ROWS });
    const dryRun = body.dry_run === true;

    const check = await unreadableAs422(UNREADABLE, () => this.check(read()));
    if (check.total === 0) throw domainError('punch_file_empty', {}, 'file');
    const base = { fileName: body.file_name, total: check.total, refused: check.refused };

    if (check.refused > 0) {
      const errors = check.errors;
      if (dryRun)
        return this.imports.dryAnswer(auth, { ...base, added: 0, duplicates: 0, status: 'refused', errors });
      return this.imports.answer(await this.imports.refused(auth, { ...base, errors }));
    }

    if (dryRun) {
      let added = 0;
      try {
        await deadlockAs409(() =>
          this.db.transaction(async (tx) => {
            throw new DryRunDone(await this.write(tx, null, read()));
          }),
        );
      } catch (err) {
        if (!(err instanceof DryRunDone)) throw err;
        added = err.added;
      }
      return this.imports.dryAnswer(auth, {
        ...base,
        added,
        duplicates: check.total - added,
        status: 'done',
        errors: [],
      });
    }

    const write = () =>
      this.db.transaction(async (tx) => {
        const importId = await this.imports.insert(tx, auth, {
          ...base,
          added: 0,
          duplicates: 0,
          updated: 0,
          status: 'done',
          errors: [],
        });
        const added = await this.write(tx, importId, read());
        const duplicates = check.total - added;
        await this.imports.setCounts(tx, importId, { added, duplicates });
        await audit(tx, auth, {
          action: 'import',
          entity: 'punch_import',
          entityId: importId,
          data: { file_name: body.file_name, total: check.total, added, duplicates },
        });
        return importId;
      });
    const id = await deadlockAs409(write);
    return this.imports.answer((await this.imports.find(this.db, id))!);
  }

  /** Every row checked; the E-IDs of the rows otherwise good, a chunk per statement. */
  private async check(chunks: AsyncGenerator<ReadRow[]>): Promise<FileCheck> {
    const out: FileCheck = { total: 0, refused: 0, errors: [] };
    for await (const chunk of chunks) {
      out.total += chunk.length;
      const eids = [...new Set(chunk.flatMap((row) => (isRefused(row) ? [] : [row.eid])))];
      const unknown = new Set(eids.length > 0 ? await repo.unknownEids(this.db, eids) : []);
      for (const row of chunk) {
        const bad: RefusedRow | null = isRefused(row)
          ? row
          : unknown.has(row.eid)
            ? { line: row.line, reason: 'eid_unknown', value: row.eid }
            : null;
        if (!bad) continue;
        out.refused += 1;
        if (out.errors.length < PUNCH_IMPORT_ERRORS_KEPT) out.errors.push(bad);
      }
    }
    return out;
  }

  /** Writes a checked file's rows, a chunk per statement; answers how many punches were new. */
  private async write(tx: Db, importId: number | null, chunks: AsyncGenerator<ReadRow[]>): Promise<number> {
    await this.imports.lock(tx);
    let added = 0;
    for await (const chunk of chunks) {
      const rows = { eids: [] as string[], ats: [] as string[], devices: [] as string[] };
      for (const row of chunk) {
        if (isRefused(row)) continue;
        rows.eids.push(row.eid);
        rows.ats.push(row.at);
        rows.devices.push(row.device);
      }
      if (rows.eids.length > 0) added += await repo.addImportedPunches(tx, importId, rows);
    }
    return added;
  }

  /** The punch imports, the latest first, with their counts and reports. */
  async listImports(auth: AuthContext, query: ImportsQuery, url: string) {
    requireAdminContext(auth);
    return this.imports.list(query, url, (row: ImportRow) => this.imports.answer(row));
  }

  async getImport(auth: AuthContext, id: number): Promise<PunchImport> {
    requireAdminContext(auth);
    return this.imports.answer(await this.imports.get(id));
  }
}
