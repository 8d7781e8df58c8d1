import { EMPLOYEE_FILE_MAX_BYTES, type EmployeeImport } from '@hr/contracts/employee-import';
import { MESSAGES } from '@hr/contracts/messages';
import { and, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvFile, importFile as importPunches, makeDevice } from '../../../test/factories/attendance-intake';
import {
  ALL_COLUMNS,
  employeeCount,
  employeeFile,
  employeesByEid,
  importCount,
  importEmployees,
  makeOrganisation,
  newEid,
  userCount,
} from '../../../test/factories/employee-import';
import { type Cast, setupApi, statementsDuring, type TestContext } from '../../../test/helper';
import { auditLog, designations, employees, punchImports } from '../../db/schema';
import { IMPORT_ACTION } from './employee-import.service';

/**
 * HR's employee import: all or nothing, idempotent on the E-ID. A file with
 * any bad row writes nothing and names every bad row by line and reason; a
 * good file adds the new E-IDs, updates the others where a value differs and
 * sets every line manager, whatever the order of the rows.
 */
let ctx: TestContext;
let cast: Cast;
let org: Awaited<ReturnType<typeof makeOrganisation>>;
beforeAll(async () => {
  ctx = await setupApi();
  cast = await ctx.factory.cast();
  org = await makeOrganisation(ctx.db);
});

let files = 0;
/** A file name no other test has used. */
const fileName = () => `employees-${++files}.csv`;

async function imported(lines: string[], name = fileName()): Promise<EmployeeImport> {
  const res = await importEmployees(ctx, cast.tokens.admin, employeeFile(lines), { fileName: name });
  expect(res.status, res.raw.body).toBe(201);
  return res.body;
}

/** One row of a file with every column; what is not given is a good value or empty. */
function line(
  eid: string,
  cells: Partial<{
    name: string;
    mobile: string;
    email: string;
    company: string;
    office: string;
    designation: string;
    manager: string;
    joining: string;
  }> = {},
): string {
  return [
    eid,
    cells.name ?? `Person ${eid}`,
    cells.mobile ?? '01712345678',
    cells.email ?? `${eid.toLowerCase()}@example.com`,
    cells.company ?? org.acme.name,
    cells.office ?? '',
    cells.designation ?? '',
    cells.manager ?? '',
    cells.joining ?? '',
  ].join(',');
}

async function employeeAudits(ids: number[]) {
  return ctx.db
    .select({ entityId: auditLog.entityId, data: auditLog.data })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'employee'),
        eq(auditLog.action, IMPORT_ACTION),
        inArray(auditLog.entityId, ids),
      ),
    );
}

describe('a good file', () => {
  it('adds every employee, with the line managers of the file in any order, and no sign-in user', async () => {
    const [a, b, c, d] = [newEid(), newEid(), newEid(), newEid()];
    const name = fileName();
    // C reports to B, B to A (both further down the file), A to someone already in the portal.
    const result = await imported(
      [
        ALL_COLUMNS,
        line(c, {
          name: 'Chandni Roy',
          office: org.head.name.toUpperCase(),
          designation: org.engineer.name,
          manager: b,
          joining: '2024-03-01',
        }),
        line(b, { company: org.acme.name.toLowerCase(), manager: a, joining: '15-02-2023' }),
        line(a, { manager: cast.oo.eid, email: '' }),
        line(d, { office: org.branch.name }),
      ],
      name,
    );
    expect(result).toMatchObject({
      file_name: name,
      dry_run: false,
      status: 'done',
      total: 4,
      added: 4,
      updated: 0,
      duplicates: 0,
      refused: 0,
      errors: [],
      created_by: { id: cast.admin.id, eid: cast.admin.eid },
    });
    expect(result.id).toEqual(expect.any(Number));

    const made = await employeesByEid(ctx.db, [a, b, c, d]);
    expect(made.get(c)).toMatchObject({
      name: 'Chandni Roy',
      mobile: '01712345678',
      email: `${c.toLowerCase()}@example.com`,
      companyId: org.acme.id,
      officeId: org.head.id,
      designationId: org.engineer.id,
      parentId: made.get(b)!.id,
      joiningDate: '2024-03-01',
      enabled: true,
    });
    expect(made.get(b)).toMatchObject({
      parentId: made.get(a)!.id,
      joiningDate: '2023-02-15',
      officeId: null,
    });
    expect(made.get(a)).toMatchObject({ parentId: cast.oo.id, email: null });
    expect(made.get(d)).toMatchObject({ parentId: null, officeId: org.branch.id, designationId: null });
    // Users are made by POST users/employees, one by one.
    expect(await userCount(ctx.db, [a, b, c, d])).toBe(0);

    // The import is kept and listed; the change log of each new employee names it.
    const one = await ctx.call({
      method: 'GET',
      url: `/api/v1/employees/imports/${result.id}`,
      token: cast.tokens.admin,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(result);
    const list = await ctx.call({
      method: 'GET',
      url: '/api/v1/employees/imports',
      token: cast.tokens.admin,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toEqual(result);
    const [importAudit] = await ctx.db
      .select({ data: auditLog.data, actor: auditLog.actorEmployeeId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'employee_import'), eq(auditLog.entityId, result.id!)));
    expect(importAudit).toEqual({
      actor: cast.admin.id,
      data: { file_name: name, total: 4, added: 4, updated: 0, duplicates: 0 },
    });
    const audits = await employeeAudits([made.get(c)!.id]);
    expect(audits.map((r) => r.data?.section).sort()).toEqual(['basic', 'company', 'general']);
    const changes = await ctx.call({
      method: 'GET',
      url: `/api/v1/employees/${made.get(c)!.id}/changes`,
      token: cast.tokens.admin,
    });
    expect(changes.statusCode).toBe(200);
    const basic = (changes.json().items as { section: string; action: string; changes: unknown[] }[]).find(
      (i) => i.section === 'basic',
    );
    expect(basic).toMatchObject({ action: IMPORT_ACTION });
    expect(basic!.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: null, after: 'Chandni Roy', masked: false },
        { field: 'line_manager', before: null, after: `Person ${b} (${b})`, masked: false },
      ]),
    );
  });

  it('imported again changes nothing: every row is unchanged, and no audit row is added', async () => {
    const [a, b] = [newEid(), newEid()];
    const lines = [ALL_COLUMNS, line(b, { manager: a, office: org.head.name }), line(a)];
    expect(await imported(lines)).toMatchObject({ added: 2, updated: 0, duplicates: 0 });
    const before = await employeesByEid(ctx.db, [a, b]);
    const ids = [...before.values()].map((e) => e.id);
    const audits = (await employeeAudits(ids)).length;
    const again = await imported(lines);
    expect(again).toMatchObject({
      status: 'done',
      total: 2,
      added: 0,
      updated: 0,
      duplicates: 2,
      refused: 0,
    });
    expect(await employeesByEid(ctx.db, [a, b])).toEqual(before);
    expect((await employeeAudits(ids)).length).toBe(audits);
  });

  it('a value changed is an update: counted, written, and in the change log with before and after', async () => {
    const [a, b, c] = [newEid(), newEid(), newEid()];
    const lines = [ALL_COLUMNS, line(a), line(b), line(c, { manager: a })];
    await imported(lines);
    const changed = [ALL_COLUMNS, line(a), line(b, { mobile: '01912345678' }), line(c, { manager: b })];
    const second = await imported(changed);
    expect(second).toMatchObject({ added: 0, updated: 2, duplicates: 1 });
    const after = await employeesByEid(ctx.db, [a, b, c]);
    expect(after.get(b)!.mobile).toBe('01912345678');
    expect(after.get(c)!.parentId).toBe(after.get(b)!.id);
    const [update, ...more] = (await employeeAudits([after.get(b)!.id])).filter(
      (r) => r.data?.import_id === second.id,
    );
    expect(more).toEqual([]);
    expect(update!.data).toEqual({
      import_id: second.id,
      section: 'basic',
      changes: { mobile: { before: '01712345678', after: '01912345678' } },
      fields: ['mobile'],
    });
  });

  it('a column left out keeps that value; an empty cell of a column the file has clears it', async () => {
    const a = newEid();
    const b = newEid();
    await imported([
      ALL_COLUMNS,
      line(a, { office: org.head.name, designation: org.engineer.name, manager: b, joining: '2020-01-01' }),
      line(b),
    ]);
    // Only the required columns: the name changes, the rest stays.
    expect(
      await imported(['eid,name,mobile,company', `${a},Renamed Person,01712345678,${org.acme.name}`]),
    ).toMatchObject({ updated: 1 });
    let now = (await employeesByEid(ctx.db, [a, b])).get(a)!;
    expect(now).toMatchObject({
      name: 'Renamed Person',
      officeId: org.head.id,
      designationId: org.engineer.id,
      parentId: expect.any(Number),
      joiningDate: '2020-01-01',
    });
    // The office and the line manager named empty: cleared.
    expect(
      await imported([
        'eid,name,mobile,company,office,line_manager_eid',
        `${a},Renamed Person,01712345678,${org.acme.name},,`,
      ]),
    ).toMatchObject({ updated: 1 });
    now = (await employeesByEid(ctx.db, [a])).get(a)!;
    expect(now).toMatchObject({ officeId: null, parentId: null, designationId: org.engineer.id });
  });

  it('a new company without the office column clears an office of the old company', async () => {
    const a = newEid();
    await imported([ALL_COLUMNS, line(a, { office: org.head.name })]);
    await imported(['eid,name,mobile,company', `${a},Person ${a},01712345678,${org.other.name}`]);
    expect((await employeesByEid(ctx.db, [a])).get(a)).toMatchObject({
      companyId: org.other.id,
      officeId: null,
    });
  });

  it('takes semicolons, quotes, a byte-order mark, blank lines and headers as a sheet writes them', async () => {
    const a = newEid();
    const text = `\ufeffE-ID;Name;Mobile;E-mail;Company;Line manager E-ID\n"${a}";"Rina Das";01712345678;;"${org.acme.name}";${cast.lm.eid}\n\n`;
    const res = await importEmployees(ctx, cast.tokens.admin, Buffer.from(text).toString('base64'));
    expect(res.status, res.raw.body).toBe(201);
    expect(res.body).toMatchObject({ status: 'done', total: 1, added: 1 });
    expect((await employeesByEid(ctx.db, [a])).get(a)).toMatchObject({
      name: 'Rina Das',
      parentId: cast.lm.id,
    });
  });

  it('a disabled company or designation the employee already has is taken; a new one is not', async () => {
    const a = newEid();
    await imported([ALL_COLUMNS, line(a, { designation: org.analyst.name })]);
    await ctx.db.update(designations).set({ enabled: false }).where(eq(designations.id, org.analyst.id));
    try {
      expect(await imported([ALL_COLUMNS, line(a, { designation: org.analyst.name })])).toMatchObject({
        status: 'done',
        duplicates: 1,
      });
      const b = newEid();
      const refused = await imported([ALL_COLUMNS, line(b, { designation: org.analyst.name })]);
      expect(refused.errors).toEqual([
        { line: 2, reason: 'designation_unknown', value: org.analyst.name, detail: null },
      ]);
    } finally {
      await ctx.db.update(designations).set({ enabled: true }).where(eq(designations.id, org.analyst.id));
    }
  });

  it('ten thousand rows, each managed by the next one down the file, in a few statements', async () => {
    const n = 10_000;
    // Numbered under one random prefix: ten thousand random E-IDs of 32 bits repeat one about once in a hundred files.
    const prefix = newEid('BIG');
    const eids = Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
    const lines = [ALL_COLUMNS, ...eids.map((eid, i) => line(eid, { manager: eids[i + 1] ?? '' }))];
    let result: EmployeeImport | null = null;
    const statements = await statementsDuring(ctx, async () => {
      result = await imported(lines);
    });
    expect(result).toMatchObject({ status: 'done', total: n, added: n, updated: 0, duplicates: 0 });
    // Set-based: the number of statements does not grow with the file.
    expect(statements.length).toBeLessThan(30);
    const [row] = await ctx.db
      .select({ n: count() })
      .from(employees)
      .where(inArray(employees.eid, eids.slice(0, 1000)));
    expect(row!.n).toBe(1000);
    const chain = await employeesByEid(ctx.db, eids.slice(0, 3));
    expect(chain.get(eids[0]!)!.parentId).toBe(chain.get(eids[1]!)!.id);
    const again = await imported(lines);
    expect(again).toMatchObject({ added: 0, updated: 0, duplicates: n });
  }, 60_000);
});

describe('a file with bad rows', () => {
  it('writes nothing and names every bad row by its line and reason', async () => {
    const [a, b, c, d] = [newEid(), newEid(), newEid(), newEid()];
    const name = fileName();
    const lines = [
      ALL_COLUMNS,
      line(a),
      line(b, { company: 'No Such Company' }),
      line(c, { office: org.depot.name }),
      line(d, { office: 'Nowhere', designation: 'Astronaut' }),
      line(a, { name: 'Someone Else' }),
      line(newEid(), { mobile: '01012345678', email: 'nope@', name: 'Al' }),
      line(newEid(), { manager: 'NOBODY-1' }),
      line(newEid(), { company: org.closed.name }),
      `${newEid()},Too Few`,
    ];
    const result = await imported(lines, name);
    expect(result).toMatchObject({
      file_name: name,
      status: 'refused',
      total: 9,
      added: 0,
      updated: 0,
      duplicates: 0,
      refused: 8,
    });
    expect(result.errors).toEqual([
      { line: 3, reason: 'company_unknown', value: 'No Such Company', detail: null },
      { line: 4, reason: 'office_other_company', value: org.depot.name, detail: null },
      { line: 5, reason: 'office_unknown', value: 'Nowhere', detail: null },
      { line: 5, reason: 'designation_unknown', value: 'Astronaut', detail: null },
      { line: 6, reason: 'eid_duplicate', value: a, detail: null },
      { line: 7, reason: 'name_invalid', value: 'Al', detail: MESSAGES.profileNameLength },
      { line: 7, reason: 'mobile_invalid', value: '01012345678', detail: MESSAGES.mobileInvalid },
      { line: 7, reason: 'email_invalid', value: 'nope@', detail: MESSAGES.emailInvalid },
      { line: 8, reason: 'line_manager_unknown', value: 'NOBODY-1', detail: null },
      { line: 9, reason: 'company_unknown', value: org.closed.name, detail: null },
      { line: 10, reason: 'columns', value: null, detail: null },
    ]);
    // Not one row, the good ones neither.
    expect(await employeeCount(ctx.db, [a, b, c, d])).toBe(0);
    const [kept] = await ctx.db.select().from(punchImports).where(eq(punchImports.fileName, name));
    expect(kept).toMatchObject({ kind: 'employees', status: 'refused', refused: 8, added: 0 });
    expect(kept!.errors).toEqual(result.errors);

    // Mended, the file is imported whole.
    const mended = await imported([ALL_COLUMNS, line(a), line(b), line(c), line(d)]);
    expect(mended).toMatchObject({ status: 'done', added: 4 });
  });

  it('one bad row among good ones, of employees already there: nothing of theirs changes', async () => {
    const [a, b] = [newEid(), newEid()];
    await imported([ALL_COLUMNS, line(a), line(b)]);
    const before = await employeesByEid(ctx.db, [a, b]);
    const result = await imported([
      ALL_COLUMNS,
      line(a, { name: 'New Name Here' }),
      line(b, { mobile: '123' }),
    ]);
    expect(result).toMatchObject({ status: 'refused', refused: 1, updated: 0 });
    expect(result.errors).toEqual([
      { line: 3, reason: 'mobile_invalid', value: '123', detail: MESSAGES.mobileLength },
    ]);
    expect(await employeesByEid(ctx.db, [a, b])).toEqual(before);
  });

  it('a circle of line managers within the file is refused on each of its rows', async () => {
    const [a, b, c, d] = [newEid(), newEid(), newEid(), newEid()];
    const result = await imported([
      ALL_COLUMNS,
      line(a, { manager: b }),
      line(d, { manager: a }),
      line(b, { manager: c }),
      line(c, { manager: a }),
      line(newEid()),
    ]);
    expect(result).toMatchObject({ status: 'refused', refused: 3 });
    expect(result.errors).toEqual([
      { line: 2, reason: 'line_manager_cycle', value: `${a} → ${b} → ${c} → ${a}`, detail: null },
      { line: 4, reason: 'line_manager_cycle', value: `${b} → ${c} → ${a} → ${b}`, detail: null },
      { line: 5, reason: 'line_manager_cycle', value: `${c} → ${a} → ${b} → ${c}`, detail: null },
    ]);
    expect(await employeeCount(ctx.db, [a, b, c, d])).toBe(0);
    // Someone who is their own line manager.
    const e = newEid();
    const self = await imported([ALL_COLUMNS, line(e, { manager: e })]);
    expect(self.errors).toEqual([
      { line: 2, reason: 'line_manager_cycle', value: `${e} → ${e}`, detail: null },
    ]);
  });

  it('a circle through employees already in the portal is refused on the rows of the file', async () => {
    // The portal: lm reports to oo. The file makes oo report to a new person, who reports to lm.
    const { oo, lm } = await ctx.factory.chain();
    const n = newEid();
    const result = await imported([
      ALL_COLUMNS,
      line(oo.eid, { name: oo.name, manager: n }),
      line(n, { manager: lm.eid }),
    ]);
    expect(result.errors).toEqual([
      {
        line: 2,
        reason: 'line_manager_cycle',
        value: `${oo.eid} → ${n} → ${lm.eid} → ${oo.eid}`,
        detail: null,
      },
      { line: 3, reason: 'line_manager_cycle', value: `${n} → ${lm.eid} → ${oo.eid} → ${n}`, detail: null },
    ]);
    expect(await employeeCount(ctx.db, [n])).toBe(0);
    expect((await employeesByEid(ctx.db, [oo.eid])).get(oo.eid)!.parentId).toBeNull();
    // Without a circle, the same people are fine: oo reports to the new person, who reports to no one.
    expect(await imported([ALL_COLUMNS, line(oo.eid, { name: oo.name, manager: n }), line(n)])).toMatchObject(
      { status: 'done', added: 1, updated: 1 },
    );
  });
});

describe('a dry run', () => {
  it('checks and counts a good file and keeps nothing', async () => {
    const [a, b] = [newEid(), newEid()];
    await imported([ALL_COLUMNS, line(a)]);
    const name = fileName();
    const res = await importEmployees(
      ctx,
      cast.tokens.admin,
      employeeFile([ALL_COLUMNS, line(a, { name: 'Changed Name' }), line(b, { manager: a })]),
      { fileName: name, dryRun: true },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: null,
      dry_run: true,
      status: 'done',
      total: 2,
      added: 1,
      updated: 1,
      duplicates: 0,
      created_by: { id: cast.admin.id },
    });
    expect(await employeeCount(ctx.db, [b])).toBe(0);
    expect((await employeesByEid(ctx.db, [a])).get(a)!.name).toBe(`Person ${a}`);
    expect(await importCount(ctx.db, name)).toBe(0);
  });

  it('reports the bad rows of a file and keeps no import', async () => {
    const name = fileName();
    const res = await importEmployees(
      ctx,
      cast.tokens.admin,
      employeeFile([ALL_COLUMNS, line(newEid(), { company: 'Nope' })]),
      { fileName: name, dryRun: true },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: null,
      status: 'refused',
      refused: 1,
      errors: [{ line: 2, reason: 'company_unknown', value: 'Nope' }],
    });
    expect(await importCount(ctx.db, name)).toBe(0);
  });
});

describe('files that are not employee CSV', () => {
  const expectRefused = async (file: string, status: number, error: string) => {
    const name = fileName();
    const res = await importEmployees(ctx, cast.tokens.admin, file, { fileName: name });
    expect(res.status, res.raw.body).toBe(status);
    expect(res.body).toMatchObject({ error, errors: { children: { file: {} } } });
    expect(await importCount(ctx.db, name)).toBe(0);
    return res.body;
  };

  it(`a file over ${EMPLOYEE_FILE_MAX_BYTES / 1024 / 1024} MB is a 413`, async () => {
    await expectRefused(
      Buffer.alloc(EMPLOYEE_FILE_MAX_BYTES + 1024, 'a').toString('base64'),
      413,
      'employee_file_too_large',
    );
  });

  it('a binary file is a 422 (not text)', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await expectRefused(png.toString('base64'), 422, 'employee_file_not_text');
  });

  it('a quote left open is a 422 naming its line', async () => {
    const body = await expectRefused(
      employeeFile([ALL_COLUMNS, line(newEid()), `"${newEid()},x`]),
      422,
      'employee_file_malformed',
    );
    expect(body).toMatchObject({ params: { line: 3 } });
  });

  it('a file with only the first line, or nothing, is a 422', async () => {
    await expectRefused(employeeFile([ALL_COLUMNS]), 422, 'employee_file_empty');
    await expectRefused(employeeFile(['']), 422, 'employee_file_empty');
  });

  it('a first line without a required column, or with one not known, is a 422 naming them', async () => {
    const missing = await expectRefused(
      employeeFile(['eid,name,email', `${newEid()},Rina Das,`]),
      422,
      'employee_file_columns_missing',
    );
    expect(missing).toMatchObject({ params: { columns: 'mobile, company' } });
    const unknown = await expectRefused(
      employeeFile([`${ALL_COLUMNS},salary`, `${line(newEid())},100`]),
      422,
      'employee_file_columns_unknown',
    );
    expect(unknown).toMatchObject({ params: { columns: 'salary' } });
  });

  it('text that is not base64, or no file name, is a 422 on its field', async () => {
    const res = await importEmployees(ctx, cast.tokens.admin, 'this is not base64!');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'validation_failed', errors: { children: { file: {} } } });
    const noName = await ctx.call({
      method: 'POST',
      url: '/api/v1/employees/imports',
      token: cast.tokens.admin,
      payload: { file: employeeFile([ALL_COLUMNS, line(newEid())]) },
    });
    expect(noName.statusCode).toBe(422);
    expect(noName.json()).toMatchObject({ errors: { children: { file_name: {} } } });
  });
});

describe('who may import', () => {
  const others = ['employee', 'lm', 'oo', 'peer', 'stranger'] as const;

  it.each(others)('%s: 403 on import and on the imports, and nothing is written', async (who) => {
    const name = fileName();
    const eid = newEid();
    const res = await importEmployees(ctx, cast.tokens[who], employeeFile([ALL_COLUMNS, line(eid)]), {
      fileName: name,
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'admin_only' });
    expect(await importCount(ctx.db, name)).toBe(0);
    expect(await employeeCount(ctx.db, [eid])).toBe(0);
    for (const url of ['/api/v1/employees/imports', '/api/v1/employees/imports/1'])
      expect((await ctx.call({ method: 'GET', url, token: cast.tokens[who] })).statusCode).toBe(403);
  });

  it('without a token: 401', async () => {
    const res = await importEmployees(ctx, null, employeeFile([ALL_COLUMNS, line(newEid())]));
    expect(res.status).toBe(401);
    expect((await ctx.call({ method: 'GET', url: '/api/v1/employees/imports' })).statusCode).toBe(401);
    expect((await ctx.call({ method: 'GET', url: '/api/v1/employees/imports/1' })).statusCode).toBe(401);
  });
});

describe('employee imports and punch imports', () => {
  it('are listed apart: neither list shows the other, nor answers the other by id', async () => {
    const device = await makeDevice(ctx, cast.tokens.admin);
    const punches = await importPunches(
      ctx,
      cast.tokens.admin,
      csvFile([`${cast.employee.eid},2026-04-01 08:00,${device.code}`]),
      { fileName: 'punches-apart.csv' },
    );
    expect(punches.status).toBe(201);
    const people = await imported([ALL_COLUMNS, line(newEid())], 'people-apart.csv');

    const get = async (url: string) => ctx.call({ method: 'GET', url, token: cast.tokens.admin });
    const employeeList = (await get('/api/v1/employees/imports?limit=50')).json();
    const punchList = (await get('/api/v1/attendance/imports?limit=50')).json();
    const names = (list: { items: { file_name: string }[] }) => list.items.map((i) => i.file_name);
    expect(names(employeeList)).toContain('people-apart.csv');
    expect(names(employeeList)).not.toContain('punches-apart.csv');
    expect(names(punchList)).toContain('punches-apart.csv');
    expect(names(punchList)).not.toContain('people-apart.csv');
    const [{ n }] = (await ctx.db
      .select({ n: count() })
      .from(punchImports)
      .where(eq(punchImports.kind, 'employees'))) as [{ n: number }];
    expect(employeeList.total).toBe(n);

    const wrongKind = await get(`/api/v1/employees/imports/${punches.body.id}`);
    expect(wrongKind.statusCode).toBe(404);
    expect(wrongKind.json()).toMatchObject({ error: 'employee_import_not_found' });
    expect((await get(`/api/v1/attendance/imports/${people.id}`)).statusCode).toBe(404);
  });
});
