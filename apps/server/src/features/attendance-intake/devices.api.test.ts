import { createHash } from 'node:crypto';
import { ATTENDANCE_INTAKE_MESSAGES } from '@hr/contracts/attendance-intake';
import { MESSAGES } from '@hr/contracts/messages';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceCode, makeDevice, sendOk } from '../../../test/factories/attendance-intake';
import { makeCompany, makeOffice } from '../../../test/factories/directory';
import { type Cast, setupApi, type TestContext } from '../../../test/helper';
import { attendanceDevices, auditLog } from '../../db/schema';

/**
 * Attendance devices (HR administrators): each gets a key of its own, shown
 * once; only its SHA-256 is kept. A device that sent punches cannot be
 * deleted, only disabled.
 */
let ctx: TestContext;
let cast: Cast;
/** The company of the cast, and its office. */
let home: { companyId: number; officeId: number };
beforeAll(async () => {
  ctx = await setupApi();
  cast = await ctx.factory.cast();
  home = await ctx.factory.company();
});

const BASE = '/api/v1/attendance/devices';
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string | null,
  payload?: object,
) => ctx.call({ method, url, token, ...(payload === undefined ? {} : { payload }) });

async function stored(id: number) {
  const [row] = await ctx.db.select().from(attendanceDevices).where(eq(attendanceDevices.id, id));
  return row!;
}

describe('adding a device', () => {
  it('answers the device with its key once; only the hash of the key is kept', async () => {
    const code = deviceCode();
    const res = await call('POST', BASE, cast.tokens.admin, {
      code,
      name: '  Main gate  ',
      company_id: home.companyId,
    });
    expect(res.statusCode).toBe(201);
    const device = res.json();
    expect(device).toMatchObject({
      code,
      name: 'Main gate',
      company: { id: home.companyId, name: expect.any(String) },
      office: null,
      enabled: true,
      has_key: true,
      last_seen_at: null,
    });
    // 32 random bytes, base64url.
    expect(device.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await stored(device.id);
    expect(row.keyHash).toBe(createHash('sha256').update(device.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(device.key);

    // Never again: not in the list, not in the record's answer after a change, not in the audit row.
    const list = await call('GET', `${BASE}?search=${code}`, cast.tokens.admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([expect.objectContaining({ id: device.id, code })]);
    expect(list.body).not.toContain(device.key);
    expect(list.json().items[0]).not.toHaveProperty('key');
    const renamed = await call('PATCH', `${BASE}/${device.id}`, cast.tokens.admin, { name: 'Front gate' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Front gate' });
    expect(renamed.json()).not.toHaveProperty('key');
    const audits = await ctx.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'attendance_device'), eq(auditLog.entityId, device.id)));
    expect(audits).toHaveLength(2);
    expect(JSON.stringify(audits)).not.toContain(device.key);
  });

  it('two devices never share a key', async () => {
    const a = await makeDevice(ctx, cast.tokens.admin);
    const b = await makeDevice(ctx, cast.tokens.admin);
    expect(a.key).not.toBe(b.key);
  });

  it('a code is unique whatever its case (409 on the code field)', async () => {
    const code = deviceCode('DOOR');
    await makeDevice(ctx, cast.tokens.admin, { code });
    const res = await call('POST', BASE, cast.tokens.admin, {
      code: code.toLowerCase(),
      name: 'Another door',
      company_id: home.companyId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'device_code_taken',
      errors: { children: { code: { errors: ['An attendance device with this code exists already.'] } } },
    });
  });

  it.each([
    [{ name: 'Gate' }, 'code', ATTENDANCE_INTAKE_MESSAGES.codeRequired],
    [{ code: 'GATE 1', name: 'Gate' }, 'code', ATTENDANCE_INTAKE_MESSAGES.codeFormat],
    [{ code: 'GATE,1', name: 'Gate' }, 'code', ATTENDANCE_INTAKE_MESSAGES.codeFormat],
    [{ code: `G${'1'.repeat(60)}`, name: 'Gate' }, 'code', ATTENDANCE_INTAKE_MESSAGES.codeFormat],
    [{ code: 'GATE-9' }, 'name', 'Name must not be empty'],
  ])('refuses %j (422 on %s)', async (body, field, message) => {
    const res = await call('POST', BASE, cast.tokens.admin, { company_id: home.companyId, ...body });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children[field].errors).toEqual([message]);
  });
});

describe('changing a device', () => {
  it('renames and disables it; its code stays', async () => {
    const device = await makeDevice(ctx, cast.tokens.admin);
    const res = await call('PATCH', `${BASE}/${device.id}`, cast.tokens.admin, {
      name: 'Warehouse door',
      enabled: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: device.code, name: 'Warehouse door', enabled: false });
    const ignored = await call('PATCH', `${BASE}/${device.id}`, cast.tokens.admin, { code: 'OTHER' });
    expect(ignored.statusCode).toBe(422);
    expect((await stored(device.id)).code).toBe(device.code);
  });

  it('an unknown device is a 404', async () => {
    expect((await call('PATCH', `${BASE}/999999`, cast.tokens.admin, { name: 'Nothing' })).statusCode).toBe(
      404,
    );
    expect((await call('POST', `${BASE}/999999/key`, cast.tokens.admin)).statusCode).toBe(404);
  });
});

describe('whose punches a device sends: its company and office', () => {
  const deviceCount = async (code: string) => {
    const [row] = await ctx.db
      .select({ n: count() })
      .from(attendanceDevices)
      .where(eq(attendanceDevices.code, code));
    return row?.n ?? 0;
  };

  it('HR adds a device with a company and an office, moves it to another, and to the whole company', async () => {
    const code = deviceCode('HALL');
    const res = await call('POST', BASE, cast.tokens.admin, {
      code,
      name: 'Hall reader',
      company_id: home.companyId,
      office_id: home.officeId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const device = res.json();
    expect(device).toMatchObject({
      company: { id: home.companyId },
      office: { id: home.officeId, name: 'Main Office' },
    });
    expect(await stored(device.id)).toMatchObject({ companyId: home.companyId, officeId: home.officeId });

    const elsewhere = await makeCompany(ctx.db);
    const depot = await makeOffice(ctx.db, elsewhere.id, `Depot ${code}`);
    const moved = await call('PATCH', `${BASE}/${device.id}`, cast.tokens.admin, {
      company_id: elsewhere.id,
      office_id: depot.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      company: { id: elsewhere.id, name: elsewhere.name },
      office: { id: depot.id, name: depot.name },
    });
    const whole = await call('PATCH', `${BASE}/${device.id}`, cast.tokens.admin, { office_id: null });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json()).toMatchObject({ company: { id: elsewhere.id }, office: null });
    expect(await stored(device.id)).toMatchObject({ companyId: elsewhere.id, officeId: null });

    // The list shows both, and sorts by them.
    const list = await call('GET', `${BASE}?search=${code}&sort=company,asc`, cast.tokens.admin);
    expect(list.json().items).toEqual([
      expect.objectContaining({
        id: device.id,
        company: { id: elsewhere.id, name: elsewhere.name },
        office: null,
      }),
    ]);
    // Each change is in the audit log, from and to.
    const audits = await ctx.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'attendance_device'),
          eq(auditLog.entityId, device.id),
          eq(auditLog.action, 'update'),
        ),
      );
    expect(audits.map((a) => a.data)).toEqual([
      {
        changes: {
          company_id: { before: home.companyId, after: elsewhere.id },
          office_id: { before: home.officeId, after: depot.id },
        },
        fields: ['company_id', 'office_id'],
      },
      { changes: { office_id: { before: depot.id, after: null } }, fields: ['office_id'] },
    ]);
  });

  it('an office alone is checked against the company the device has', async () => {
    const device = await makeDevice(ctx, cast.tokens.admin);
    const branch = await makeOffice(ctx.db, home.companyId);
    const res = await call('PATCH', `${BASE}/${device.id}`, cast.tokens.admin, { office_id: branch.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ company: { id: home.companyId }, office: { id: branch.id } });
  });

  it.each([
    ['no company', {}, 'company_id', ATTENDANCE_INTAKE_MESSAGES.companyRequired],
    ['a null company', { company_id: null }, 'company_id', ATTENDANCE_INTAKE_MESSAGES.companyRequired],
    [
      'a company that is not a number',
      { company_id: 'ACME' },
      'company_id',
      ATTENDANCE_INTAKE_MESSAGES.companyUnknown,
    ],
    ['an unknown company', { company_id: 999_999 }, 'company_id', ATTENDANCE_INTAKE_MESSAGES.companyUnknown],
    ['an unknown office', 'unknown office', 'office_id', ATTENDANCE_INTAKE_MESSAGES.officeUnknown],
    ['an office of another company', 'other office', 'office_id', MESSAGES.officeOtherCompany],
  ])('adding a device with %s: 422 on the field, nothing added', async (_, scope, field, message) => {
    const elsewhere = await makeCompany(ctx.db);
    const depot = await makeOffice(ctx.db, elsewhere.id);
    const body =
      scope === 'unknown office'
        ? { company_id: home.companyId, office_id: 999_999 }
        : scope === 'other office'
          ? { company_id: home.companyId, office_id: depot.id }
          : scope;
    const code = deviceCode();
    const res = await call('POST', BASE, cast.tokens.admin, { code, name: 'Gate', ...(body as object) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.children[field].errors).toEqual([message]);
    expect(await deviceCount(code)).toBe(0);
  });

  it.each([
    ['an unknown company', 'unknown company', 'company_id', ATTENDANCE_INTAKE_MESSAGES.companyUnknown],
    ['an unknown office', 'unknown office', 'office_id', ATTENDANCE_INTAKE_MESSAGES.officeUnknown],
    ['an office of another company', 'other office', 'office_id', MESSAGES.officeOtherCompany],
    ['another company, keeping its office', 'other company', 'office_id', MESSAGES.officeOtherCompany],
    ['a null company', 'null company', 'company_id', ATTENDANCE_INTAKE_MESSAGES.companyRequired],
  ])('changing a device to %s: 422 on the field, the device as it was', async (_, change, field, message) => {
    const device = await makeDevice(ctx, cast.tokens.admin, { office_id: home.officeId });
    const elsewhere = await makeCompany(ctx.db);
    const depot = await makeOffice(ctx.db, elsewhere.id);
    const body = {
      'unknown company': { company_id: 999_999, office_id: null },
      'unknown office': { office_id: 999_999 },
      'other office': { office_id: depot.id, name: 'Renamed' },
      'other company': { company_id: elsewhere.id },
      'null company': { company_id: null },
    }[change];
    const before = await stored(device.id);
    const res = await call('PATCH', `${BASE}/${device.id}`, cast.tokens.admin, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.children[field].errors).toEqual([message]);
    expect(await stored(device.id)).toEqual(before);
  });
});

describe('deleting a device', () => {
  it('deletes a device that never sent a punch ({ device_id } in the body)', async () => {
    const device = await makeDevice(ctx, cast.tokens.admin);
    const res = await call('DELETE', BASE, cast.tokens.admin, { device_id: device.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`${device.name} has been successfully deleted!`);
    expect(await ctx.db.select().from(attendanceDevices).where(eq(attendanceDevices.id, device.id))).toEqual(
      [],
    );
  });

  it('refuses (409) a device that sent punches: disable it instead', async () => {
    const device = await makeDevice(ctx, cast.tokens.admin, { name: 'Lobby reader' });
    await sendOk(ctx, device.key, { punches: [{ eid: cast.employee.eid, at: '2026-02-02 08:00:00' }] });
    const res = await call('DELETE', BASE, cast.tokens.admin, { device_id: device.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'reference_in_use',
      message: 'Lobby reader cannot be deleted: punches name it. Disable it instead.',
      params: { name: 'Lobby reader' },
    });
    expect((await stored(device.id)).code).toBe(device.code);
  });
});

describe('who may manage devices', () => {
  const others = ['employee', 'lm', 'oo', 'peer', 'stranger'] as const;

  it.each(others)('%s: 403 on every device call, and nothing changes', async (who) => {
    const device = await makeDevice(ctx, cast.tokens.admin, { office_id: home.officeId });
    const other = await makeCompany(ctx.db);
    const token = cast.tokens[who];
    const answers = [
      await call('GET', BASE, token),
      await call('POST', BASE, token, { code: deviceCode(), name: 'Forged', company_id: home.companyId }),
      await call('PATCH', `${BASE}/${device.id}`, token, { enabled: false }),
      await call('PATCH', `${BASE}/${device.id}`, token, { company_id: other.id, office_id: null }),
      await call('POST', `${BASE}/${device.id}/key`, token),
      await call('DELETE', BASE, token, { device_id: device.id }),
      await call('DELETE', `${BASE}/${device.id}`, token),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect(answers.every((a) => a.json().error === 'admin_only')).toBe(true);
    const row = await stored(device.id);
    expect(row.enabled).toBe(true);
    expect([row.companyId, row.officeId]).toEqual([home.companyId, home.officeId]);
    expect(row.keyHash).toBe(createHash('sha256').update(device.key).digest('hex'));
  });

  it('without a token: 401 on every device call', async () => {
    const answers = [
      await call('GET', BASE, null),
      await call('POST', BASE, null, { code: deviceCode(), name: 'Forged', company_id: home.companyId }),
      await call('PATCH', `${BASE}/1`, null, { enabled: false }),
      await call('PATCH', `${BASE}/1`, null, { company_id: home.companyId, office_id: null }),
      await call('POST', `${BASE}/1/key`, null),
      await call('DELETE', BASE, null, { device_id: 1 }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 401, 401, 401]);
  });
});
