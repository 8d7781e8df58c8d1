import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { DATA_AREAS, type ErasureState } from '@hr/contracts/data-rights';
import dayjs from 'dayjs';
import { and, count, eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateBody } from '../../../test/factories/hr-services';
import { customSheetBody, setKpiStatus } from '../../../test/factories/kpi';
import { jpeg, lookupId, png } from '../../../test/factories/profile';
import { leaveBody } from '../../../test/factories/requests';
import { type Cast, dbKind, type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';
import {
  auditLog,
  employees,
  erasures,
  familyMembers,
  outbox,
  separations,
  sessions,
  users,
} from '../../db/schema';
import { throttle } from '../../lib/throttle';
import { EXPORT_RULE } from './data-rights.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

/** Every table's rows as text, lower-cased, on either database. */
async function everyRowAsText(): Promise<string> {
  const tables = (
    (await ctx.db.execute(
      sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as { rows: { name: string }[] }
  ).rows.map((r) => r.name);
  expect(tables.length).toBeGreaterThan(40);
  const texts: string[] = [];
  for (const table of tables) {
    const rows = (
      (await ctx.db.execute(sql.raw(`select t::text as t from "${table}" t`))) as unknown as {
        rows: { t: string }[];
      }
    ).rows;
    for (const r of rows) texts.push(`${table}: ${r.t}`);
  }
  return texts.join('\n').toLowerCase();
}

const occurrences = (haystack: string, needle: string) => haystack.split(needle.toLowerCase()).length - 1;

const exportOf = (token: string | null) => ctx.call({ method: 'GET', url: '/api/v1/account/export', token });
const erase = (token: string | null, id: number | string, payload: object) =>
  ctx.call({ method: 'POST', url: `/api/v1/employees/${id}/erasure`, token, payload });
const stateOf = (token: string | null, id: number) =>
  ctx.call({ method: 'GET', url: `/api/v1/employees/${id}/erasure`, token });

/** A leaver: disabled by HR through the API, with a last working day `daysAgo` days back. */
async function leaver(adminToken: string, who: MadeEmployee, daysAgo: number) {
  const sep = await ctx.call({
    method: 'PATCH',
    url: `/api/v1/employees/${who.id}/separation`,
    token: adminToken,
    payload: {
      resign_date: dayjs()
        .subtract(daysAgo + 30, 'day')
        .format('YYYY-MM-DD'),
      last_working_date: dayjs().subtract(daysAgo, 'day').format('YYYY-MM-DD'),
      type_id: await lookupId(ctx.db, 'separation_type', 'Resignation'),
    },
  });
  expect(sep.statusCode, sep.body).toBe(200);
  const off = await ctx.call({
    method: 'PATCH',
    url: '/api/v1/employees/disable',
    token: adminToken,
    payload: { employee_id: who.id },
  });
  expect(off.statusCode, off.body).toBe(200);
}

async function row(id: number) {
  const [e] = await ctx.db.select().from(employees).where(eq(employees.id, id));
  return e!;
}
const erasureCount = async (id: number) =>
  (await ctx.db.select({ n: count() }).from(erasures).where(eq(erasures.employeeId, id)))[0]!.n;

describe('GET account/export', () => {
  let c: Cast;
  beforeAll(async () => {
    c = await ctx.factory.cast();
    // The line manager's private fields, which must not reach the employee's archive.
    await ctx.db
      .update(employees)
      .set({
        nid: 'LMNID77441',
        mobile: '01811112222',
        email: 'lm.private@portal.test',
        fatherName: 'Lmfather Q',
      })
      .where(eq(employees.id, c.lm.id));
    await ctx.db
      .update(employees)
      .set({ nid: 'EMPNID55332', fatherName: 'Empfather Z', presentAddress: 'Road 9, Banani' })
      .where(eq(employees.id, c.employee.id));
    await ctx.db
      .insert(familyMembers)
      .values({ employeeId: c.employee.id, name: 'Sister Kamrun', relation: 'Sister' });
    const photo = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/employees/photo/${c.employee.id}`,
      token: c.tokens.employee,
      payload: { photo: `data:image/jpeg;base64,${(await jpeg()).toString('base64')}` },
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const doc = await ctx.call({
      method: 'POST',
      url: `/api/v1/employees/${c.employee.id}/files`,
      token: c.tokens.employee,
      payload: { name: 'Scan', file_name: 'scan.png', file: (await png()).toString('base64') },
    });
    expect(doc.statusCode, doc.body).toBe(201);
    const leave = await ctx.call({
      method: 'POST',
      url: '/api/v1/leave',
      token: c.tokens.employee,
      payload: leaveBody(c.peer.id, { leave_address: 'Uncle’s house, Sylhet' }),
    });
    expect(leave.statusCode, leave.body).toBe(201);
  });

  it('is refused without a token', async () => {
    expect((await exportOf(null)).statusCode).toBe(401);
  });

  it('is refused to an administrator signed in as the person', async () => {
    const opened = await ctx.call({
      method: 'POST',
      url: '/api/v1/impersonate',
      token: c.tokens.admin,
      payload: { employee_id: c.employee.id },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const res = await exportOf(opened.json().token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('forbidden');
  });

  it('answers a zip of every area, the person’s files, a README and an index, and nothing private of others', async () => {
    const res = await exportOf(c.tokens.employee);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toMatch(
      /attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(entries);
    for (const area of DATA_AREAS) expect(names, area).toContain(`${area}.json`);
    expect(names).toContain('README.txt');
    expect(names).toContain('index.json');
    expect(names).toContain('files/photo.jpg');
    expect(names.some((n) => /^files\/documents\/\d+-scan\.png$/.test(n))).toBe(true);
    const text = (name: string) => new TextDecoder().decode(entries[name]);
    const index = JSON.parse(text('index.json')) as { files: { path: string }[] };
    expect(index.files.map((f) => f.path).sort()).toEqual([...names].sort());

    const profile = JSON.parse(text('profile.json'));
    expect(profile.employee).toMatchObject({
      id: c.employee.id,
      nid: 'EMPNID55332',
      father_name: 'Empfather Z',
    });
    expect(profile.family_members).toEqual([expect.objectContaining({ name: 'Sister Kamrun' })]);
    const leave = JSON.parse(text('leave.json'));
    expect(leave.requests).toEqual([expect.objectContaining({ leave_address: 'Uncle’s house, Sylhet' })]);
    const account = JSON.parse(text('account.json'));
    expect(account.user).toMatchObject({ username: c.employee.eid, password_set: true });
    expect(JSON.parse(text('sessions.json')).sessions.length).toBeGreaterThan(0);
    expect(JSON.parse(text('audit.json')).about_you.length).toBeGreaterThan(0);

    const all = names
      .filter((n) => n.endsWith('.json') || n.endsWith('.txt'))
      .map(text)
      .join('\n');
    for (const secret of ['LMNID77441', '01811112222', 'lm.private@portal.test', 'Lmfather Q', c.lm.name])
      expect(all, secret).not.toContain(secret);
    // No hashes of secrets either.
    expect(all).not.toMatch(/"(password_?[hH]ash|token_?[hH]ash|secret)"/);
  });

  it('is audited, and runs one at a time per person (counted in the database)', async () => {
    const before = (
      await ctx.db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'data_export'), eq(auditLog.entityId, c.peer.id)))
    )[0]!.n;
    // An export of this person is under way (its count is held).
    await throttle.hit(ctx.db, [{ rule: EXPORT_RULE, key: String(c.peer.id) }]);
    const busy = await exportOf(c.tokens.peer);
    expect(busy.statusCode).toBe(429);
    expect(busy.json().error).toBe('too_many_requests');
    await throttle.undo(ctx.db, [{ rule: EXPORT_RULE, key: String(c.peer.id) }]);
    expect((await exportOf(c.tokens.peer)).statusCode).toBe(200);
    // Done, its count is given back: the next one runs.
    await new Promise((r) => setTimeout(r, 50));
    expect((await exportOf(c.tokens.peer)).statusCode).toBe(200);
    const after = (
      await ctx.db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'data_export'), eq(auditLog.entityId, c.peer.id)))
    )[0]!.n;
    expect(after - before).toBe(2);
  });
});

describe('POST employees/{id}/erasure', () => {
  let c: Cast;
  beforeAll(async () => {
    c = await ctx.factory.cast();
  });

  it('is for HR administrators only; a refusal changes nothing', async () => {
    const person = await ctx.factory.employee({ parentId: c.lm.id });
    await leaver(c.tokens.admin, person, 800);
    for (const who of ['lm', 'oo', 'peer', 'stranger', 'employee'] as const) {
      const res = await erase(c.tokens[who], person.id, { confirm: person.eid });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().error).toBe('admin_only');
      expect((await stateOf(c.tokens[who], person.id)).statusCode, who).toBe(403);
    }
    expect((await erase(null, person.id, { confirm: person.eid })).statusCode).toBe(401);
    expect((await row(person.id)).name).toBe(person.name);
    expect(await erasureCount(person.id)).toBe(0);
  });

  it('refuses an active employee, a wrong confirmation, an unknown id and a bad body, changing nothing', async () => {
    const active = await ctx.factory.employee();
    const res = await erase(c.tokens.admin, active.id, { confirm: active.eid });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('erasure_employee_active');

    const person = await ctx.factory.employee();
    await leaver(c.tokens.admin, person, 800);
    const wrong = await erase(c.tokens.admin, person.id, { confirm: `${person.eid}x` });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toBe('erasure_confirmation_mismatch');
    expect(wrong.json().errors.children.confirm.errors).toHaveLength(1);
    expect(await row(person.id)).toMatchObject({ name: person.name, eid: person.eid, erasedAt: null });
    expect(await erasureCount(person.id)).toBe(0);

    const missing = await erase(c.tokens.admin, person.id, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.children.confirm.errors).toEqual(['Type the person’s E-ID to confirm']);
    const tooLong = await erase(c.tokens.admin, person.id, { confirm: 'x'.repeat(33) });
    expect(tooLong.statusCode).toBe(422);
    const wrongType = await erase(c.tokens.admin, person.id, {
      confirm: person.eid,
      override_retention: 'yes',
    });
    expect(wrongType.statusCode).toBe(422);
    const unknown = await erase(c.tokens.admin, 2_000_000_000, { confirm: 'X1' });
    expect(unknown.statusCode).toBe(404);
    expect((await erase(c.tokens.admin, 'abc', { confirm: 'X1' })).statusCode).toBeGreaterThanOrEqual(400);
    expect(await row(person.id)).toMatchObject({ name: person.name, erasedAt: null });
  });

  it('refuses inside the retention period unless HR overrides with a reason, which is audited', async () => {
    const person = await ctx.factory.employee();
    await leaver(c.tokens.admin, person, 10);
    const state = (await stateOf(c.tokens.admin, person.id)).json() as ErasureState;
    expect(state.within_retention).toBe(true);
    expect(state.actions).toEqual(['override']);
    expect(state.retention_end).toBe(
      dayjs().subtract(10, 'day').add(ctx.config.erasureRetentionDays, 'day').format('YYYY-MM-DD'),
    );

    const refused = await erase(c.tokens.admin, person.id, { confirm: person.eid });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'erasure_within_retention',
      params: { retention_end: state.retention_end },
    });
    const noReason = await erase(c.tokens.admin, person.id, {
      confirm: person.eid,
      override_retention: true,
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.children.reason.errors).toEqual([
      'Give the reason for erasing inside the retention period',
    ]);
    expect(await erasureCount(person.id)).toBe(0);

    const done = await erase(c.tokens.admin, person.id, {
      confirm: person.eid.toLowerCase(),
      override_retention: true,
      reason: 'Asked by the person in writing',
    });
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json() as ErasureState;
    expect(body.erasure).toMatchObject({
      overrode_retention: true,
      reason: 'Asked by the person in writing',
    });
    const [trail] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'erase'), eq(auditLog.entityId, person.id)));
    expect(trail).toMatchObject({ actorEmployeeId: c.admin.id, entity: 'employee' });
    expect(trail!.data).toMatchObject({ overrode_retention: true, reason: 'Asked by the person in writing' });
  });

  it('erases a leaver past retention, answers and keeps the report, and refuses a second time', async () => {
    const person = await ctx.factory.employee({ parentId: c.lm.id });
    await ctx.factory.token(person);
    await leaver(c.tokens.admin, person, 800);
    expect(((await stateOf(c.tokens.admin, person.id)).json() as ErasureState).actions).toEqual(['erase']);
    // Someone else's message holding a longer text that starts with the E-ID is not about the person.
    const [other] = await ctx.db
      .insert(outbox)
      .values({ channel: 'sms', recipient: '01700000001', body: `Code ${person.eid}7 for you`, topic: 'otp' })
      .returning({ id: outbox.id });
    const res = await erase(c.tokens.admin, person.id, { confirm: person.eid });
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json() as ErasureState;
    expect(state.employee).toMatchObject({ eid: `erased-${person.id}`, name: `Erased person ${person.id}` });
    expect(state.employee.erased_at).not.toBeNull();
    expect(state.actions).toEqual([]);
    const lines = state.erasure!.report.lines;
    expect(lines).toContainEqual(expect.objectContaining({ area: 'profile', outcome: 'replaced', rows: 1 }));
    expect(lines).toContainEqual(
      expect.objectContaining({
        area: 'profile',
        what: 'employee_separations',
        outcome: 'kept',
        rows: 1,
        why: 'organisation',
      }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ area: 'account', outcome: 'replaced', rows: 1 }));
    for (const l of lines)
      expect(l.outcome === 'kept' ? l.why : null, `${l.area} ${l.what}`).not.toBeUndefined();
    expect(lines.filter((l) => l.outcome === 'kept').every((l) => l.why !== null)).toBe(true);

    // Viewable later, as answered.
    const later = (await stateOf(c.tokens.admin, person.id)).json() as ErasureState;
    expect(later.erasure!.report).toEqual(state.erasure!.report);
    const [user] = await ctx.db.select().from(users).where(eq(users.employeeId, person.id));
    expect(user).toMatchObject({ username: `erased-${person.id}`, passwordHash: null });
    expect(lines).toContainEqual(
      expect.objectContaining({ area: 'sessions', what: 'sessions', outcome: 'removed', rows: 1 }),
    );
    const left = (
      await ctx.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, person.userId!))
    )[0]!.n;
    expect(left).toBe(0);

    const again = await erase(c.tokens.admin, person.id, { confirm: `erased-${person.id}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('erasure_done');
    expect(await erasureCount(person.id)).toBe(1);
    const [kept] = await ctx.db.select().from(outbox).where(eq(outbox.id, other!.id));
    expect(kept?.body).toBe(`Code ${person.eid}7 for you`);
  });

  it('lists leavers for HR only', async () => {
    const person = await ctx.factory.employee({ name: `Leaver ${randomBytes(3).toString('hex')}` });
    await leaver(c.tokens.admin, person, 5);
    const res = await ctx.call({
      method: 'GET',
      url: `/api/v1/erasure/leavers?search=${encodeURIComponent(person.name)}`,
      token: c.tokens.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        id: person.id,
        eid: person.eid,
        erased_at: null,
        retention_end: dayjs()
          .subtract(5, 'day')
          .add(ctx.config.erasureRetentionDays, 'day')
          .format('YYYY-MM-DD'),
      }),
    ]);
    // Without a separation, the period runs from when HR disabled them.
    const other = await ctx.factory.employee({ name: `Leaver ${randomBytes(3).toString('hex')}` });
    await ctx.call({
      method: 'PATCH',
      url: '/api/v1/employees/disable',
      token: c.tokens.admin,
      payload: { employee_id: other.id },
    });
    const byDisabling = await ctx.call({
      method: 'GET',
      url: `/api/v1/erasure/leavers?search=${encodeURIComponent(other.eid)}`,
      token: c.tokens.admin,
    });
    expect(byDisabling.json().data).toEqual([
      expect.objectContaining({
        id: other.id,
        retention_end: dayjs().add(ctx.config.erasureRetentionDays, 'day').format('YYYY-MM-DD'),
      }),
    ]);
    const refused = await ctx.call({ method: 'GET', url: '/api/v1/erasure/leavers', token: c.tokens.lm });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the proof: after an erasure the database names the person nowhere', () => {
  it('finds the name, E-ID, e-mail and mobile 0 times in every table (and in pg_dump on PostgreSQL)', async () => {
    const c = await ctx.factory.cast();
    const name = 'Zyxwvut Qponmlk';
    const eid = `ZQX${randomBytes(3).toString('hex').toUpperCase()}`;
    const email = `zyxwvut.qponmlk.${randomBytes(2).toString('hex')}@erasure-proof.test`;
    const mobile = '01955577331';
    const person = await ctx.factory.employee({ parentId: c.lm.id, name, email, mobile });
    await ctx.db.update(users).set({ username: eid }).where(eq(users.employeeId, person.id));
    await ctx.db.update(employees).set({ eid }).where(eq(employees.id, person.id));
    const token = await ctx.factory.token({ eid, password: person.password });
    const call = async (
      method: 'POST' | 'PATCH',
      url: string,
      payload: object,
      expected: number,
      as = token,
    ) => {
      const res = await ctx.call({ method, url: `/api/v1${url}`, token: as, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(expected);
      return res.json();
    };

    // Data in many areas, through the API, mentioning the person.
    await call(
      'PATCH',
      `/employees/${person.id}/general`,
      { nid: 'ZQNID998877', pob: 'Zyxwvut village', nationality: 'Bangladeshi' },
      200,
      c.tokens.admin,
    );
    await call(
      'PATCH',
      `/employees/${person.id}/address`,
      { present: 'Zyxwvut Qponmlk, House 7, Gulshan', permanent: 'Qponmlk Bari, Comilla' },
      200,
    );
    await call(
      'PATCH',
      `/employees/${person.id}/family`,
      { father_name: 'Zyxwvut Senior', mother_name: 'Qponmlk Begum' },
      200,
    );
    await call(
      'POST',
      `/employees/${person.id}/family/members`,
      { name: 'Zyxwvut Junior', relation: 'Son', mobile: '01955577332' },
      201,
    );
    await call('POST', '/leave', leaveBody(c.peer.id, { leave_address: `${name}'s home, ${mobile}` }), 201);
    await call(
      'POST',
      '/employee/service-requests',
      certificateBody({ description: `Letter for ${name}, ${email}` }),
      201,
    );
    const sheet = await call('POST', '/kpis', customSheetBody(), 201);
    // Submitted (as the comments' own tests do): comments open then.
    await setKpiStatus(ctx.db, sheet.id, 2);
    await call(
      'POST',
      `/kpis/${sheet.id}/comments`,
      { comment: `${name} here: please review, call ${mobile}` },
      201,
    );
    await call('POST', `/kpis/${sheet.id}/comments`, { comment: `Thanks ${name}, done` }, 201, c.tokens.lm);
    await call(
      'POST',
      `/employees/${person.id}/files`,
      { name: `${name} CV`, file_name: 'zyxwvut-qponmlk-cv.png', file: (await png()).toString('base64') },
      201,
    );
    await call(
      'PATCH',
      `/employees/photo/${person.id}`,
      { photo: `data:image/png;base64,${(await png(48, 48)).toString('base64')}` },
      200,
    );
    // HR edits the person's basic fields too (an audit row with their name and contacts).
    await leaver(c.tokens.admin, person, 3);

    const before = await everyRowAsText();
    for (const secret of [name, eid, email, mobile])
      expect(occurrences(before, secret), secret).toBeGreaterThan(0);

    const res = await erase(c.tokens.admin, person.id, {
      confirm: eid,
      override_retention: true,
      reason: 'Proof of erasure',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [sep] = await ctx.db.select().from(separations).where(eq(separations.employeeId, person.id));
    expect(sep?.lastWorkingDate).toBe(dayjs().subtract(3, 'day').format('YYYY-MM-DD'));

    const after = await everyRowAsText();
    const found = Object.fromEntries(
      [name, 'Zyxwvut', 'Qponmlk', eid, email, mobile].map((s) => [s, occurrences(after, s)]),
    );
    expect(found).toEqual({ [name]: 0, Zyxwvut: 0, Qponmlk: 0, [eid]: 0, [email]: 0, [mobile]: 0 });

    if (dbKind !== 'postgres') {
      console.info('pg_dump part skipped: the test runs on PGlite (the every-table scan above ran)');
      return;
    }
    const binary = ['17', '16', '15', '14']
      .map((v) => `/usr/lib/postgresql/${v}/bin/pg_dump`)
      .find((p) => fs.existsSync(p));
    if (!binary) {
      console.info('pg_dump part skipped: no pg_dump under /usr/lib/postgresql/*/bin');
      return;
    }
    const dump = execFileSync(binary, ['--no-owner', ctx.database.url!], {
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 512 * 1024 * 1024,
    }).toString('utf8');
    expect(dump.length).toBeGreaterThan(1000);
    expect(dump).toContain(`Erased person ${person.id}`);
    const inDump = Object.fromEntries(
      [name, eid, email, mobile].map((s) => [s, occurrences(dump.toLowerCase(), s)]),
    );
    expect(inDump).toEqual({ [name]: 0, [eid]: 0, [email]: 0, [mobile]: 0 });
  });
});
