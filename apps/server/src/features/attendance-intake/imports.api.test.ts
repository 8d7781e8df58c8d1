import {
  type DeviceWithKey,
  PUNCH_AHEAD_MINUTES,
  PUNCH_FILE_MAX_BYTES,
  PUNCH_IMPORT_ERRORS_KEPT,
  type PunchImport,
} from '@hr/contracts/attendance-intake';
import { count, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  csvFile,
  importCount,
  importFile,
  makeDevice,
  punchCount,
  punchesOf,
  sendOk,
} from '../../../test/factories/attendance-intake';
import { makeCompany, makeOffice, setEmployee } from '../../../test/factories/directory';
import { type Cast, type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';
import { officeClockAt } from '../../../test/office-clock';
import { auditLog, punchImports } from '../../db/schema';
import { IMPORT_CHUNK_ROWS } from './attendance-intake.service';

/**
 * HR's CSV import: all or nothing. A file with any bad row imports nothing
 * and lists every bad row with its line and reason; a good file is imported
 * at once; the same file again adds nothing.
 */
let ctx: TestContext;
let cast: Cast;
let gate: DeviceWithKey;
let door: DeviceWithKey;
beforeAll(async () => {
  ctx = await setupApi();
  cast = await ctx.factory.cast();
  gate = await makeDevice(ctx, cast.tokens.admin, { name: 'Gate' });
  door = await makeDevice(ctx, cast.tokens.admin, { name: 'Door' });
});

let files = 0;
/** A file name no other test has used. */
const fileName = () => `punches-${++files}.csv`;

async function people(n: number): Promise<MadeEmployee[]> {
  const out: MadeEmployee[] = [];
  for (let i = 0; i < n; i++) out.push(await ctx.factory.employee({ withUser: false }));
  return out;
}

async function imported(file: string, name = fileName()): Promise<PunchImport> {
  const res = await importFile(ctx, cast.tokens.admin, file, { fileName: name });
  expect(res.status, res.raw.body).toBe(201);
  return res.body;
}

describe('a good file', () => {
  it('is imported: every punch kept with the import, the counts answered and kept', async () => {
    const [a, b] = await people(2);
    const name = fileName();
    const file = csvFile([
      'E-ID,Date-time,Device',
      `${a!.eid},2026-04-01 08:58,${gate.code}`,
      `${a!.eid},2026-04-01 17:45:30,${gate.code}`,
      `${b!.eid},01-04-2026 09:05,${door.code}`,
      `${b!.eid},01-04-2026 18:10:05,${door.code}`,
    ]);
    const result = await imported(file, name);
    expect(result).toMatchObject({
      file_name: name,
      dry_run: false,
      status: 'done',
      total: 4,
      added: 4,
      duplicates: 0,
      refused: 0,
      errors: [],
      created_by: { id: cast.admin.id, eid: cast.admin.eid },
    });
    expect(result.id).toEqual(expect.any(Number));
    expect(await punchesOf(ctx.db, [a!.id, b!.id])).toEqual([
      {
        employeeId: a!.id,
        at: '2026-04-01 08:58:00',
        deviceCode: gate.code,
        source: 'import',
        importId: result.id,
      },
      {
        employeeId: a!.id,
        at: '2026-04-01 17:45:30',
        deviceCode: gate.code,
        source: 'import',
        importId: result.id,
      },
      {
        employeeId: b!.id,
        at: '2026-04-01 09:05:00',
        deviceCode: door.code,
        source: 'import',
        importId: result.id,
      },
      {
        employeeId: b!.id,
        at: '2026-04-01 18:10:05',
        deviceCode: door.code,
        source: 'import',
        importId: result.id,
      },
    ]);

    const one = await ctx.call({
      method: 'GET',
      url: `/api/v1/attendance/imports/${result.id}`,
      token: cast.tokens.admin,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(result);
    const list = await ctx.call({
      method: 'GET',
      url: '/api/v1/attendance/imports',
      token: cast.tokens.admin,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toEqual(result);
    const [audit] = await ctx.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.entity, 'punch_import'));
    expect(audit!.n).toBeGreaterThanOrEqual(1);
  });

  it('imported again adds nothing: every row is a duplicate', async () => {
    const [a] = await people(1);
    const file = csvFile([
      `${a!.eid},2026-04-02 08:30,${gate.code}`,
      `${a!.eid},2026-04-02 17:30,${gate.code}`,
    ]);
    expect(await imported(file)).toMatchObject({ status: 'done', total: 2, added: 2, duplicates: 0 });
    const again = await imported(file);
    expect(again).toMatchObject({ status: 'done', total: 2, added: 0, duplicates: 2, refused: 0 });
    expect(await punchCount(ctx.db, [a!.id])).toBe(2);
  });

  it('a punch a device sent already is a duplicate; a row twice in the file is kept once', async () => {
    const [a] = await people(1);
    await sendOk(ctx, gate.key, { punches: [{ eid: a!.eid, at: '2026-04-03 08:40:00' }] });
    const file = csvFile([
      `${a!.eid},2026-04-03 08:40,${gate.code}`,
      `${a!.eid},2026-04-03 17:40,${gate.code}`,
      `${a!.eid},03-04-2026 17:40:00,${gate.code}`,
    ]);
    expect(await imported(file)).toMatchObject({ total: 3, added: 1, duplicates: 2 });
    expect((await punchesOf(ctx.db, [a!.id])).map((p) => p.source)).toEqual(['device', 'import']);
  });

  it('takes semicolons, quotes, a byte-order mark, blank lines and LF endings', async () => {
    const [a] = await people(1);
    const text = `\ufeffE-ID;Date-time;Device\n"${a!.eid}";"2026-04-04 08:00";${gate.code}\n\n${a!.eid};2026-04-04 17:00:00;${gate.code};;\n`;
    const result = await imported(Buffer.from(text).toString('base64'));
    expect(result).toMatchObject({ status: 'done', total: 2, added: 2 });
  });

  it(`is read and written in chunks of ${IMPORT_CHUNK_ROWS} rows, with the same counts`, async () => {
    const staff = await people(3);
    const rows: string[] = [];
    // Every minute of the working day, over a few days, for three people: over two chunks.
    for (let day = 1; rows.length < 2 * IMPORT_CHUNK_ROWS + 500; day++)
      for (const p of staff)
        for (let minute = 0; minute < 600; minute++) {
          const h = String(8 + Math.floor(minute / 60)).padStart(2, '0');
          const m = String(minute % 60).padStart(2, '0');
          rows.push(`${p.eid},2026-05-${String(day).padStart(2, '0')} ${h}:${m},${gate.code}`);
        }
    const file = csvFile(rows);
    const first = await imported(file);
    expect(first).toMatchObject({ status: 'done', total: rows.length, added: rows.length, duplicates: 0 });
    expect(
      await punchCount(
        ctx.db,
        staff.map((p) => p.id),
      ),
    ).toBe(rows.length);
    const second = await imported(file);
    expect(second).toMatchObject({ total: rows.length, added: 0, duplicates: rows.length });
  });
});

describe('a file with bad rows', () => {
  it('imports nothing, and lists every bad row with its line, reason and cell', async () => {
    const [a, b] = await people(2);
    const name = fileName();
    const file = csvFile([
      'E-ID,Date-time,Device',
      `${a!.eid},2026-04-10 08:55,${gate.code}`,
      `NOBODY-1,2026-04-10 08:56,${gate.code}`,
      `${a!.eid},2026-02-30 09:00,${gate.code}`,
      `${b!.eid},2026-04-10 09:00,NO-SUCH-DEVICE`,
      `${b!.eid},2026-04-10 09:01`,
      `${b!.eid},1999-12-31 09:00,${gate.code}`,
      `${b!.eid},10/04/2026 09:00,${gate.code}`,
      `${b!.eid},2026-04-10 18:00,${door.code}`,
    ]);
    const result = await imported(file, name);
    expect(result).toMatchObject({
      file_name: name,
      status: 'refused',
      total: 8,
      added: 0,
      duplicates: 0,
      refused: 6,
      errors: [
        { line: 3, reason: 'eid_unknown', value: 'NOBODY-1' },
        { line: 4, reason: 'time_invalid', value: '2026-02-30 09:00' },
        { line: 5, reason: 'device_unknown', value: 'NO-SUCH-DEVICE' },
        { line: 6, reason: 'columns', value: null },
        { line: 7, reason: 'time_out_of_range', value: '1999-12-31 09:00' },
        { line: 8, reason: 'time_invalid', value: '10/04/2026 09:00' },
      ],
    });
    expect(result.id).toEqual(expect.any(Number));
    // Not one row of the file, the good ones neither.
    expect(await punchCount(ctx.db, [a!.id, b!.id])).toBe(0);
    // The refused import is kept with its report.
    const [row] = await ctx.db.select().from(punchImports).where(eq(punchImports.fileName, name));
    expect(row).toMatchObject({ status: 'refused', refused: 6, added: 0 });
    expect(row!.errors).toEqual(result.errors);

    // Mended, it is imported whole.
    const mended = csvFile([
      'E-ID,Date-time,Device',
      `${a!.eid},2026-04-10 08:55,${gate.code}`,
      `${b!.eid},2026-04-10 18:00,${door.code}`,
    ]);
    expect(await imported(mended)).toMatchObject({ status: 'done', added: 2 });
  });

  it(`counts every bad row and keeps the first ${PUNCH_IMPORT_ERRORS_KEPT} in the report`, async () => {
    const [a] = await people(1);
    const rows = Array.from(
      { length: PUNCH_IMPORT_ERRORS_KEPT + 200 },
      () => `${a!.eid},someday,${gate.code}`,
    );
    rows.push(`${a!.eid},2026-04-11 08:00,${gate.code}`);
    const result = await imported(csvFile(rows));
    expect(result).toMatchObject({
      status: 'refused',
      total: rows.length,
      refused: PUNCH_IMPORT_ERRORS_KEPT + 200,
    });
    expect(result.errors).toHaveLength(PUNCH_IMPORT_ERRORS_KEPT);
    expect(result.errors[0]).toEqual({ line: 1, reason: 'time_invalid', value: 'someday' });
    expect(result.errors.at(-1)!.line).toBe(PUNCH_IMPORT_ERRORS_KEPT);
    expect(await punchCount(ctx.db, [a!.id])).toBe(0);
  });
});

describe('a dry run', () => {
  it('checks and counts a good file and keeps nothing', async () => {
    const [a] = await people(1);
    await sendOk(ctx, gate.key, { punches: [{ eid: a!.eid, at: '2026-04-12 08:10:00' }] });
    const name = fileName();
    const file = csvFile([
      `${a!.eid},2026-04-12 08:10,${gate.code}`,
      `${a!.eid},2026-04-12 17:10,${gate.code}`,
    ]);
    const res = await importFile(ctx, cast.tokens.admin, file, { fileName: name, dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: null,
      file_name: name,
      dry_run: true,
      status: 'done',
      total: 2,
      added: 1,
      duplicates: 1,
      refused: 0,
      created_by: { id: cast.admin.id },
    });
    expect(await punchCount(ctx.db, [a!.id])).toBe(1);
    expect(await importCount(ctx.db, name)).toBe(0);
  });

  it('reports the bad rows of a file and keeps no import', async () => {
    const [a] = await people(1);
    const name = fileName();
    const file = csvFile([
      `${a!.eid},2026-04-13 08:10,${gate.code}`,
      `${a!.eid},2026-04-13 25:10,${gate.code}`,
    ]);
    const res = await importFile(ctx, cast.tokens.admin, file, { fileName: name, dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: null,
      dry_run: true,
      status: 'refused',
      refused: 1,
      errors: [{ line: 2, reason: 'time_invalid', value: '2026-04-13 25:10' }],
    });
    expect(await importCount(ctx.db, name)).toBe(0);
    expect(await punchCount(ctx.db, [a!.id])).toBe(0);
  });
});

describe('files that are not punch CSV', () => {
  it(`a file over ${PUNCH_FILE_MAX_BYTES / 1024 / 1024} MB is a 413 before it is read`, async () => {
    const big = Buffer.alloc(PUNCH_FILE_MAX_BYTES + 1024, 'a').toString('base64');
    const res = await importFile(ctx, cast.tokens.admin, big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: 'punch_file_too_large', errors: { children: { file: {} } } });
  });

  it('a binary file is a 422 (not text)', async () => {
    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]);
    const res = await importFile(ctx, cast.tokens.admin, png.toString('base64'));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'punch_file_not_text', errors: { children: { file: {} } } });
    const latin1 = await importFile(
      ctx,
      cast.tokens.admin,
      Buffer.from([0x45, 0x2d, 0x49, 0x44, 0xe9, 0x0a]).toString('base64'),
    );
    expect(latin1.body).toMatchObject({ error: 'punch_file_not_text' });
  });

  it('a quote left open is a 422 naming its line', async () => {
    const [a] = await people(1);
    const file = csvFile([
      `${a!.eid},2026-04-14 08:00,${gate.code}`,
      `"${a!.eid},2026-04-14 09:00,${gate.code}`,
    ]);
    const res = await importFile(ctx, cast.tokens.admin, file);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: 'punch_file_malformed',
      params: { line: 2 },
    });
    expect(await punchCount(ctx.db, [a!.id])).toBe(0);
  });

  it('a file with only the names line, or nothing, is a 422', async () => {
    for (const lines of [['E-ID,Date-time,Device'], ['']]) {
      const res = await importFile(ctx, cast.tokens.admin, csvFile(lines));
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'punch_file_empty' });
    }
  });

  it('text that is not base64 is a 422 on the file field', async () => {
    const res = await importFile(ctx, cast.tokens.admin, 'this is not base64!');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'validation_failed', errors: { children: { file: {} } } });
  });
});

describe('who may import', () => {
  const others = ['employee', 'lm', 'oo', 'peer', 'stranger'] as const;

  it.each(others)('%s: 403 on import and on the imports, and nothing is kept', async (who) => {
    const name = fileName();
    const file = csvFile([`${cast.employee.eid},2026-04-15 08:00,${gate.code}`]);
    const res = await importFile(ctx, cast.tokens[who], file, { fileName: name });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'admin_only' });
    expect(await importCount(ctx.db, name)).toBe(0);
    for (const url of ['/api/v1/attendance/imports', '/api/v1/attendance/imports/1'])
      expect((await ctx.call({ method: 'GET', url, token: cast.tokens[who] })).statusCode).toBe(403);
  });

  it('without a token: 401', async () => {
    const res = await importFile(ctx, null, csvFile([`${cast.employee.eid},2026-04-15 08:00,${gate.code}`]));
    expect(res.status).toBe(401);
    expect((await ctx.call({ method: 'GET', url: '/api/v1/attendance/imports' })).statusCode).toBe(401);
  });

  it('an unknown import is a 404', async () => {
    const res = await ctx.call({
      method: 'GET',
      url: '/api/v1/attendance/imports/999999',
      token: cast.tokens.admin,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'punch_import_not_found' });
  });
});

describe("the office's clock", () => {
  let restore = () => {};
  afterEach(() => restore());

  it(`refuses rows more than ${PUNCH_AHEAD_MINUTES} minutes ahead of the office's clock, by line (time_ahead)`, async () => {
    const [a] = await people(1);
    // 10:00 UTC is 00:00 the next day in Kiritimati (UTC+14).
    restore = officeClockAt('Pacific/Kiritimati', new Date('2026-06-15T10:00:00.000Z'));
    const inside = `${a!.eid},2026-06-16 00:05,${gate.code}`;
    const result = await imported(
      csvFile([
        'E-ID,Date-time,Device',
        `${a!.eid},2026-06-15 10:00,${gate.code}`,
        inside,
        `${a!.eid},16-06-2026 00:05:01,${gate.code}`,
        `${a!.eid},2026-06-16 09:00,${gate.code}`,
      ]),
    );
    expect(result).toMatchObject({
      status: 'refused',
      total: 4,
      refused: 2,
      errors: [
        { line: 4, reason: 'time_ahead', value: '16-06-2026 00:05:01' },
        { line: 5, reason: 'time_ahead', value: '2026-06-16 09:00' },
      ],
    });
    expect(await punchCount(ctx.db, [a!.id])).toBe(0);
    expect(await imported(csvFile([`${a!.eid},2026-06-15 10:00,${gate.code}`, inside]))).toMatchObject({
      status: 'done',
      added: 2,
    });
  });
});

describe("HR's file is not held to a device's scope", () => {
  it("imports punches for people of another company or office than the device's, and for disabled people", async () => {
    const elsewhere = await makeCompany(ctx.db);
    const depot = await makeOffice(ctx.db, elsewhere.id);
    const [moved, gone] = await people(2);
    await setEmployee(ctx.db, moved!.id, { companyId: elsewhere.id, officeId: depot.id });
    await ctx.factory.setEnabled(gone!.id, false);
    const result = await imported(
      csvFile([`${moved!.eid},2026-04-20 08:50,${gate.code}`, `${gone!.eid},2026-04-20 08:51,${gate.code}`]),
    );
    expect(result).toMatchObject({ status: 'done', added: 2, refused: 0 });
  });
});
