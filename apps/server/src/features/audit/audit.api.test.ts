import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUDIT_EXPORT_COLUMNS, AUDIT_MESSAGES, type AuditChainStatus } from '@hr/contracts/audit';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type Cast, dbKind, setupApi, type TestContext } from '../../../test/helper';
import { openPglite } from '../../db/client';
import { audit } from '../../lib/audit';
import { sealAuditChain } from '../../lib/audit-chain';
import { officeToday } from '../../lib/office-clock';
import { EXPORT_RULE, VERIFY_RULE } from './audit.service';

let ctx: TestContext;
let cast: Cast;
beforeAll(async () => {
  ctx = await setupApi();
  cast = await ctx.factory.cast();
  // Some tests change rows behind the portal's back, past the table's append-only guard.
  await ctx.db.execute(sql`alter table audit_log disable trigger user`);
});

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const exportCsv = (token: string | null, query: string) =>
  ctx.call({ method: 'GET', url: `/api/v1/audit/export${query}`, token });

async function auditCount(): Promise<number> {
  const [r] = rowsOf<{ n: string }>(await ctx.db.execute(sql`select count(*)::text as n from audit_log`));
  return Number(r?.n);
}

/** The CSV without its byte-order mark, as records by column name. */
function records(body: string): Record<string, string>[] {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  return parse(body.slice(1), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
}

const daysAgo = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return officeToday(d);
};

describe('GET audit/export', () => {
  it('gives HR the rows of the range as CSV, sealed, formulas neutralised, and audits the export', async () => {
    const actor = {
      sessionId: 0,
      userId: cast.lm.userId as number,
      username: cast.lm.eid,
      employeeId: cast.lm.id,
      isAdmin: false,
      kind: 'login' as const,
      impersonatorUserId: cast.admin.userId,
      expiresAt: new Date(),
    };
    const today = await audit(ctx.db, actor, {
      action: 'profile_update',
      entity: 'employee',
      entityId: cast.employee.id,
      onBehalfOf: cast.oo.id,
      data: { note: '=HYPERLINK("http://evil")' },
    });
    const formulaAction = await audit(ctx.db, null, { action: '@SUM(A1)', entity: '-thing', entityId: 7 });
    const old = await audit(ctx.db, null, { action: 'old', entity: 'thing', data: { when: 'long ago' } });
    await ctx.db.execute(sql`update audit_log set created_at = now() - interval '10 days' where id = ${old}`);

    const before = await auditCount();
    const res = await exportCsv(cast.tokens.admin, `?from=${daysAgo(1)}&to=${officeToday()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      `attachment; filename="Audit_${daysAgo(1)}_${officeToday()}.csv"`,
    );
    const body = res.body;
    const [header] = parse(body.slice(1), { to_line: 1 }) as string[][];
    expect(header).toEqual([...AUDIT_EXPORT_COLUMNS]);
    const rows = records(body);
    const byId = new Map(rows.map((r) => [Number(r.ID), r]));
    expect(byId.has(old)).toBe(false);
    const row = byId.get(today);
    expect(row).toMatchObject({
      'Actor E-ID': cast.lm.eid,
      Actor: cast.lm.name,
      'Impersonator E-ID': cast.admin.eid,
      Impersonator: cast.admin.name,
      'On behalf of E-ID': cast.oo.eid,
      'On behalf of': cast.oo.name,
      Action: 'profile_update',
      Entity: 'employee',
      'Entity ID': String(cast.employee.id),
    });
    expect(JSON.parse(row?.Data ?? '')).toEqual({ note: '=HYPERLINK("http://evil")' });
    expect(row?.Hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.['Time (UTC)']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    // Cells a spreadsheet would run are prefixed.
    expect(byId.get(formulaAction)).toMatchObject({ Action: "'@SUM(A1)", Entity: "'-thing" });
    const injected = rows.flatMap((r) => Object.values(r)).filter((cell) => /^[=+\-@]/.test(cell));
    expect(injected).toEqual([]);

    // The export itself is audited, and the rows before it are sealed.
    expect(await auditCount()).toBe(before + 1);
    const [exported] = rowsOf<{ action: string; actor_user_id: number; data: string }>(
      await ctx.db.execute(
        sql`select action, actor_user_id, data::text as data from audit_log order by id desc limit 1`,
      ),
    );
    expect(exported).toMatchObject({ action: 'audit_export', actor_user_id: cast.admin.userId });
    expect(JSON.parse(exported?.data ?? '')).toEqual({ from: daysAgo(1), to: officeToday() });
    const [unsealed] = rowsOf<{ n: string }>(
      await ctx.db.execute(
        sql`select count(*)::text as n from audit_log where hash is null and id <= ${today}`,
      ),
    );
    expect(Number(unsealed?.n)).toBe(0);

    // A range that covers the old row has it.
    const wide = records((await exportCsv(cast.tokens.admin, `?from=${daysAgo(11)}&to=${daysAgo(9)}`)).body);
    expect(wide.map((r) => Number(r.ID))).toContain(old);
    expect(wide.map((r) => Number(r.ID))).not.toContain(today);
  });

  it('refuses everyone but HR administrators, writing nothing', async () => {
    const before = await auditCount();
    for (const who of ['employee', 'lm', 'oo', 'peer', 'stranger'] as const) {
      const res = await exportCsv(cast.tokens[who], `?from=${officeToday()}&to=${officeToday()}`);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().error).toBe('admin_only');
    }
    const anonymous = await exportCsv(null, `?from=${officeToday()}&to=${officeToday()}`);
    expect(anonymous.statusCode).toBe(401);
    expect(await auditCount()).toBe(before);
  });

  it.each([
    ['no from', `?to=2026-01-01`, 'from', AUDIT_MESSAGES.fromRequired],
    ['no to', `?from=2026-01-01`, 'to', AUDIT_MESSAGES.toRequired],
    ['an empty from', `?from=&to=2026-01-01`, 'from', AUDIT_MESSAGES.fromRequired],
    ['not a date', `?from=yesterday&to=2026-01-01`, 'from', AUDIT_MESSAGES.dateFormat],
    ['no such day', `?from=2026-02-30&to=2026-03-01`, 'from', AUDIT_MESSAGES.dateFormat],
    ['a too long text', `?from=${'2'.repeat(5000)}&to=2026-01-01`, 'from', AUDIT_MESSAGES.dateFormat],
    ['to before from', `?from=2026-03-02&to=2026-03-01`, 'to', AUDIT_MESSAGES.toBeforeFrom],
    ['a range over 366 days', `?from=2025-01-01&to=2026-01-02`, 'to', AUDIT_MESSAGES.rangeTooLong],
  ])(
    'answers 400 for %s (a bad query, as every query of the API), writing nothing',
    async (_what, query, field, message) => {
      const before = await auditCount();
      const res = await exportCsv(cast.tokens.admin, query);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe('invalid_query');
      expect(res.json().errors.children[field].errors).toEqual([message]);
      expect(await auditCount()).toBe(before);
    },
  );

  it('counts exports per administrator: past the limit, 429 and nothing written', async () => {
    const hr = await ctx.factory.employee({ admin: true });
    const token = await ctx.factory.token(hr);
    const query = `?from=${officeToday()}&to=${officeToday()}`;
    for (let i = 0; i < EXPORT_RULE.limit; i++) expect((await exportCsv(token, query)).statusCode).toBe(200);
    const before = await auditCount();
    const refused = await exportCsv(token, query);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('too_many_requests');
    expect(await auditCount()).toBe(before);
  });

  it('takes a range of exactly 366 days', async () => {
    const res = await exportCsv(cast.tokens.admin, `?from=2025-01-01&to=2026-01-01`);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the audit chain status', () => {
  const status = (token: string | null) => ctx.call({ method: 'GET', url: '/api/v1/audit/chain', token });
  const verify = (token: string | null) =>
    ctx.call({ method: 'POST', url: '/api/v1/audit/chain/verify', token });

  it('shows HR the sealed and unsealed rows and the last verification, which HR may run again', async () => {
    await sealAuditChain(ctx.db);
    await audit(ctx.db, null, { action: 'test', entity: 'thing' });
    const res = await status(cast.tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    const first: AuditChainStatus = res.json();
    expect(first.sealed).toBeGreaterThan(0);
    expect(first.unsealed).toBeGreaterThanOrEqual(1);

    const verified = await verify(cast.tokens.admin);
    expect(verified.statusCode, verified.body).toBe(200);
    const after: AuditChainStatus = verified.json();
    expect(after.unsealed).toBe(0);
    expect(after.verification).toMatchObject({ ok: true, problem: null, rows: after.sealed });

    // A row changed behind the portal's back shows at the next verification.
    const [target] = rowsOf<{ id: string; action: string }>(
      await ctx.db.execute(sql`select id::text as id, action from audit_log order by id limit 1`),
    );
    await ctx.db.execute(sql`update audit_log set action = 'forged' where id = ${Number(target?.id)}`);
    const broken: AuditChainStatus = (await verify(cast.tokens.admin)).json();
    expect(broken.verification).toMatchObject({
      ok: false,
      problem: { id: Number(target?.id), kind: 'edited' },
    });
    expect((await status(cast.tokens.admin)).json().verification).toEqual(broken.verification);
    await ctx.db.execute(
      sql`update audit_log set action = ${target?.action} where id = ${Number(target?.id)}`,
    );
    expect((await verify(cast.tokens.admin)).json().verification).toMatchObject({ ok: true });
  });

  it('counts verifications per administrator: past the limit, 429 until the hour is over', async () => {
    const hr = await ctx.factory.employee({ admin: true });
    const token = await ctx.factory.token(hr);
    for (let i = 0; i < VERIFY_RULE.limit; i++) expect((await verify(token)).statusCode).toBe(200);
    const refused = await verify(token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another administrator's count is their own.
    expect((await verify(cast.tokens.admin)).statusCode).toBe(200);
  });

  it('refuses everyone but HR administrators', async () => {
    for (const who of ['employee', 'lm', 'oo', 'peer', 'stranger'] as const) {
      expect((await status(cast.tokens[who])).statusCode, who).toBe(403);
      expect((await verify(cast.tokens[who])).statusCode, who).toBe(403);
    }
    expect((await status(null)).statusCode).toBe(401);
    expect((await verify(null)).statusCode).toBe(401);
  });
});

describe('an erasure and the chain', () => {
  it('an erased leaver: the chain still verifies, the export names them nowhere, and a later edit shows', async () => {
    const person = await ctx.factory.employee({ name: `Leaver ${Date.now()}`, mobile: '01799887766' });
    const token = await ctx.factory.token(person);
    // Rows about the person, by them and naming them, sealed before the erasure.
    const call = await ctx.call({
      method: 'GET',
      url: '/api/v1/account/export',
      token,
    });
    expect(call.statusCode).toBe(200);
    await audit(ctx.db, null, {
      action: 'note',
      entity: 'thing',
      data: { text: `Handed over to ${person.name} (01799887766)` },
    });
    await sealAuditChain(ctx.db);
    const off = await ctx.call({
      method: 'PATCH',
      url: '/api/v1/employees/disable',
      token: cast.tokens.admin,
      payload: { employee_id: person.id },
    });
    expect(off.statusCode, off.body).toBe(200);
    const erased = await ctx.call({
      method: 'POST',
      url: `/api/v1/employees/${person.id}/erasure`,
      token: cast.tokens.admin,
      payload: { confirm: person.eid, override_retention: true, reason: 'Asked in writing' },
    });
    expect(erased.statusCode, erased.body).toBe(200);

    const verified: AuditChainStatus = (
      await ctx.call({ method: 'POST', url: '/api/v1/audit/chain/verify', token: cast.tokens.admin })
    ).json();
    expect(verified.verification).toMatchObject({ ok: true, problem: null });
    expect(verified.unsealed).toBe(0);

    const csv = (await exportCsv(cast.tokens.admin, `?from=${officeToday()}&to=${officeToday()}`)).body;
    expect(csv).toContain('[erased]');
    for (const secret of [person.name, person.eid, '01799887766'])
      expect(csv.toLowerCase(), secret).not.toContain(secret.toLowerCase());

    // A redacted row edited afterwards is found.
    const [redacted] = rowsOf<{ id: string; data: string }>(
      await ctx.db.execute(
        sql`select id::text as id, data::text as data from audit_log where redacted_by is not null order by id limit 1`,
      ),
    );
    await ctx.db.execute(
      sql`update audit_log set data = '{"text": "rewritten"}'::jsonb where id = ${Number(redacted?.id)}`,
    );
    const broken: AuditChainStatus = (
      await ctx.call({ method: 'POST', url: '/api/v1/audit/chain/verify', token: cast.tokens.admin })
    ).json();
    expect(broken.verification).toMatchObject({ ok: false, problem: { kind: 'redaction_mismatch' } });
    await ctx.db.execute(
      sql`update audit_log set data = ${redacted?.data}::jsonb where id = ${Number(redacted?.id)}`,
    );
    const again: AuditChainStatus = (
      await ctx.call({ method: 'POST', url: '/api/v1/audit/chain/verify', token: cast.tokens.admin })
    ).json();
    expect(again.verification).toMatchObject({ ok: true });
  });
});

// ---------------------------------------------------------------------------
// npm run audit:verify

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const cliFile = path.join(repoRoot, 'apps/server/src/db/audit-verify-cli.ts');

function runCli(vars: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'INIT_CWD']) delete env[name];
  Object.assign(env, vars);
  const child = spawn(process.execPath, ['--import', 'tsx', cliFile], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('npm run audit:verify', () => {
  it('exits 0 when the chain holds and 2 naming the first broken row', { timeout: 120_000 }, async () => {
    let vars: NodeJS.ProcessEnv;
    let db = ctx.db;
    let close = async () => {};
    let dir: string | null = null;
    if (dbKind === 'postgres') {
      vars = { DATABASE_URL: ctx.database.url as string };
    } else {
      // The CLI opens the embedded database of a data folder: one made from the test's migrated snapshot.
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-audit-verify-'));
      const dataDir = path.join(dir, 'data');
      fs.mkdirSync(dataDir);
      const database = await openPglite({
        dataDir: path.join(dataDir, 'pgdata'),
        loadDataDir: new Blob([fs.readFileSync(inject('pgliteSnapshot'))]),
      });
      db = database.db;
      close = () => database.close();
      await db.execute(sql`alter table audit_log disable trigger user`);
      vars = { DATA_DIR: dataDir };
    }
    try {
      const ids: number[] = [];
      for (let i = 0; i < 3; i++)
        ids.push(await audit(db, null, { action: 'test', entity: 'thing', data: { i } }));
      await sealAuditChain(db);
      await close();
      const ok = await runCli(vars);
      expect(ok.code, ok.stdout + ok.stderr).toBe(0);
      expect(ok.stdout).toMatch(/holds: \d+ sealed rows \(last \d+\), 0 rows not sealed yet\./);

      if (dbKind === 'pglite') {
        const database = await openPglite({ dataDir: path.join(vars.DATA_DIR as string, 'pgdata') });
        db = database.db;
        close = () => database.close();
      }
      await db.execute(sql`update audit_log set data = '{"i": 99}'::jsonb where id = ${ids[1]}`);
      await close();
      const broken = await runCli(vars);
      expect(broken.code, broken.stdout + broken.stderr).toBe(2);
      expect(broken.stderr).toContain(`is BROKEN at row ${ids[1]} (edited)`);
      if (dbKind === 'postgres')
        await db.execute(sql`update audit_log set data = '{"i": 1}'::jsonb where id = ${ids[1]}`);
    } finally {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
