import {
  ATTENDANCE_INTAKE_MESSAGES,
  PUNCH_AHEAD_MINUTES,
  PUNCH_BATCH_MAX,
} from '@hr/contracts/attendance-intake';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  makeDevice,
  punchCount,
  punchesOf,
  sendOk,
  sendPunches,
} from '../../../test/factories/attendance-intake';
import { makeCompany, makeOffice, setEmployee } from '../../../test/factories/directory';
import { type MadeEmployee, randomAddress, setupApi, type TestContext } from '../../../test/helper';
import { officeClockAt } from '../../../test/office-clock';
import { attendanceDevices } from '../../db/schema';
import { DEVICE_CALL_RULE, DEVICE_KEY_RULE } from './attendance-intake.service';

/**
 * The device API: `POST attendance/punches` with the device's key in
 * X-Device-Key. A batch keeps its good punches and refuses the others one by
 * one; the same batch again adds nothing; a missing, wrong or disabled key
 * writes nothing.
 */
let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await setupApi();
  adminToken = await ctx.factory.token(await ctx.factory.employee({ admin: true }));
});

const patchDevice = (id: number, payload: object) =>
  ctx.call({ method: 'PATCH', url: `/api/v1/attendance/devices/${id}`, token: adminToken, payload });

async function lastSeen(id: number): Promise<Date | null> {
  const [row] = await ctx.db
    .select({ at: attendanceDevices.lastSeenAt })
    .from(attendanceDevices)
    .where(eq(attendanceDevices.id, id));
  return row?.at ?? null;
}

async function people(n: number): Promise<MadeEmployee[]> {
  const out: MadeEmployee[] = [];
  for (let i = 0; i < n; i++) out.push(await ctx.factory.employee({ withUser: false }));
  return out;
}

describe('a device sends punches', () => {
  it('keeps each punch once, as the device and the office clock have it, and notes when the device was seen', async () => {
    const device = await makeDevice(ctx, adminToken);
    const [a, b] = await people(2);
    expect(await lastSeen(device.id)).toBeNull();
    const batch = {
      punches: [
        { eid: a!.eid, at: '2026-03-02 08:57:12' },
        { eid: b!.eid, at: '2026-03-02 09:03:00' },
        { eid: a!.eid, at: '2026-03-02 18:01:45' },
      ],
    };
    const before = Date.now();
    expect(await sendOk(ctx, device.key, batch)).toEqual({
      received: 3,
      added: 3,
      duplicates: 0,
      refused: [],
    });
    expect(await punchesOf(ctx.db, [a!.id, b!.id])).toEqual([
      {
        employeeId: a!.id,
        at: '2026-03-02 08:57:12',
        deviceCode: device.code,
        source: 'device',
        importId: null,
      },
      {
        employeeId: a!.id,
        at: '2026-03-02 18:01:45',
        deviceCode: device.code,
        source: 'device',
        importId: null,
      },
      {
        employeeId: b!.id,
        at: '2026-03-02 09:03:00',
        deviceCode: device.code,
        source: 'device',
        importId: null,
      },
    ]);
    expect((await lastSeen(device.id))!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('the same batch sent again adds nothing: every punch is a duplicate', async () => {
    const device = await makeDevice(ctx, adminToken);
    const [a] = await people(1);
    const batch = {
      punches: [
        { eid: a!.eid, at: '2026-03-03 08:50:00' },
        { eid: a!.eid, at: '2026-03-03 17:30:00' },
      ],
    };
    expect(await sendOk(ctx, device.key, batch)).toMatchObject({ added: 2, duplicates: 0 });
    expect(await sendOk(ctx, device.key, batch)).toEqual({
      received: 2,
      added: 0,
      duplicates: 2,
      refused: [],
    });
    expect(await punchCount(ctx.db, [a!.id])).toBe(2);
  });

  it('a punch twice in one batch is kept once; the same moment from two devices is two punches', async () => {
    const gate = await makeDevice(ctx, adminToken);
    const door = await makeDevice(ctx, adminToken);
    const [a] = await people(1);
    const punch = { eid: a!.eid, at: '2026-03-04 08:45:00' };
    expect(await sendOk(ctx, gate.key, { punches: [punch, punch] })).toEqual({
      received: 2,
      added: 1,
      duplicates: 1,
      refused: [],
    });
    expect(await sendOk(ctx, door.key, { punches: [punch] })).toMatchObject({ added: 1, duplicates: 0 });
    expect((await punchesOf(ctx.db, [a!.id])).map((p) => p.deviceCode).sort()).toEqual(
      [gate.code, door.code].sort(),
    );
  });

  it('refuses a punch with an unknown E-ID or a bad time by its index, and keeps the rest of the batch', async () => {
    const device = await makeDevice(ctx, adminToken);
    const [a, b] = await people(2);
    const res = await sendOk(ctx, device.key, {
      punches: [
        { eid: a!.eid, at: '2026-03-05 08:55:00' },
        { eid: 'NOBODY-999', at: '2026-03-05 08:56:00' },
        { eid: b!.eid, at: '2026-02-30 09:00:00' },
        { eid: b!.eid, at: '2026-03-05 9:00:00' },
        { eid: b!.eid, at: '05-03-2026 09:00:00' },
        { eid: b!.eid, at: '1999-12-31 23:59:59' },
        { eid: b!.eid, at: '2999-01-01 00:00:00' },
        { eid: '  ', at: '2026-03-05 09:01:00' },
        { eid: ` ${b!.eid} `, at: '2026-03-05 09:02:00' },
        { eid: a!.eid.toLowerCase(), at: '2026-03-05 09:03:00' },
      ],
    });
    expect(res).toEqual({
      received: 10,
      added: 2,
      duplicates: 0,
      refused: [
        { index: 1, reason: 'eid_unknown' },
        { index: 2, reason: 'time_invalid' },
        { index: 3, reason: 'time_invalid' },
        { index: 4, reason: 'time_invalid' },
        { index: 5, reason: 'time_out_of_range' },
        { index: 6, reason: 'time_ahead' },
        { index: 7, reason: 'eid_unknown' },
        { index: 9, reason: 'eid_unknown' },
      ],
    });
    expect((await punchesOf(ctx.db, [a!.id, b!.id])).map((p) => [p.employeeId, p.at])).toEqual([
      [a!.id, '2026-03-05 08:55:00'],
      [b!.id, '2026-03-05 09:02:00'],
    ]);
  });

  it('an empty batch is a heartbeat: nothing to keep, the device is seen', async () => {
    const device = await makeDevice(ctx, adminToken);
    expect(await sendOk(ctx, device.key, { punches: [] })).toEqual({
      received: 0,
      added: 0,
      duplicates: 0,
      refused: [],
    });
    expect(await lastSeen(device.id)).not.toBeNull();
  });

  it(`refuses a batch of more than ${PUNCH_BATCH_MAX} punches whole (422), and takes ${PUNCH_BATCH_MAX}`, async () => {
    const device = await makeDevice(ctx, adminToken);
    const [a] = await people(1);
    const punchAt = (i: number) => ({
      eid: a!.eid,
      at: `2026-01-${String(1 + Math.floor(i / 60)).padStart(2, '0')} 10:${String(i % 60).padStart(2, '0')}:00`,
    });
    const over = { punches: Array.from({ length: PUNCH_BATCH_MAX + 1 }, (_, i) => punchAt(i)) };
    const res = await sendPunches(ctx, device.key, over);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'validation_failed',
      errors: { children: { punches: { errors: [ATTENDANCE_INTAKE_MESSAGES.batchTooLarge] } } },
    });
    expect(await punchCount(ctx.db, [a!.id])).toBe(0);
    expect(await lastSeen(device.id)).toBeNull();

    const full = { punches: over.punches.slice(0, PUNCH_BATCH_MAX) };
    expect(await sendOk(ctx, device.key, full)).toMatchObject({
      received: PUNCH_BATCH_MAX,
      added: PUNCH_BATCH_MAX,
    });
    expect(await punchCount(ctx.db, [a!.id])).toBe(PUNCH_BATCH_MAX);
  });

  it('a malformed batch is a 422 naming the field', async () => {
    const device = await makeDevice(ctx, adminToken);
    const res = await sendPunches(ctx, device.key, { punches: [{ eid: 12, at: '2026-03-05 08:00:00' }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children.punches.children['0'].children.eid.errors).toEqual([
      ATTENDANCE_INTAKE_MESSAGES.punchEid,
    ]);
  });
});

describe('the device key', () => {
  const batchOf = (eid: string) => ({ punches: [{ eid, at: '2026-03-06 08:30:00' }] });

  it('a missing key, an unknown key or a user token instead is a 401 and writes nothing', async () => {
    const [a] = await people(1);
    const userToken = await ctx.factory.token(await ctx.factory.employee());
    const missing = await sendPunches(ctx, null, batchOf(a!.eid));
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 401, error: 'device_key_missing' });

    const unknown = await sendPunches(ctx, 'x'.repeat(43), batchOf(a!.eid));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 401, error: 'device_key_invalid' });

    const asUser = await ctx.call({
      method: 'POST',
      url: '/api/v1/attendance/punches',
      token: userToken,
      payload: batchOf(a!.eid),
    });
    expect(asUser.statusCode).toBe(401);
    expect(asUser.json()).toMatchObject({ error: 'device_key_missing' });
    expect(await punchCount(ctx.db, [a!.id])).toBe(0);
  });

  it('the key is checked before the body: a wrong key with a bad body is still a 401', async () => {
    const res = await sendPunches(ctx, 'wrong-key-wrong-key', { punches: 'nope' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'device_key_invalid' });
  });

  it("a disabled device's key is refused until it is enabled again", async () => {
    const device = await makeDevice(ctx, adminToken);
    const [a] = await people(1);
    expect((await patchDevice(device.id, { enabled: false })).statusCode).toBe(200);
    const refused = await sendPunches(ctx, device.key, batchOf(a!.eid));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'device_key_invalid' });
    expect(await punchCount(ctx.db, [a!.id])).toBe(0);
    expect(await lastSeen(device.id)).toBeNull();

    expect((await patchDevice(device.id, { enabled: true })).statusCode).toBe(200);
    expect(await sendOk(ctx, device.key, batchOf(a!.eid))).toMatchObject({ added: 1 });
  });

  it('a new key replaces the old one at once', async () => {
    const device = await makeDevice(ctx, adminToken);
    const [a] = await people(1);
    const res = await ctx.call({
      method: 'POST',
      url: `/api/v1/attendance/devices/${device.id}/key`,
      token: adminToken,
    });
    expect(res.statusCode).toBe(200);
    const renewed = res.json();
    expect(renewed.key).not.toBe(device.key);
    expect((await sendPunches(ctx, device.key, batchOf(a!.eid))).statusCode).toBe(401);
    expect(await sendOk(ctx, renewed.key, batchOf(a!.eid))).toMatchObject({ added: 1 });
  });

  it(`wrong keys from one address are limited (${DEVICE_KEY_RULE.limit} per 15 minutes); a good key there still gets in`, async () => {
    const device = await makeDevice(ctx, adminToken);
    const [a] = await people(1);
    const address = randomAddress();
    for (let i = 0; i < DEVICE_KEY_RULE.limit; i++) {
      const res = await sendPunches(ctx, `wrong-key-${i}`, batchOf(a!.eid), address);
      expect(res.statusCode).toBe(401);
    }
    const limited = await sendPunches(ctx, 'wrong-key-again', batchOf(a!.eid), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'too_many_requests' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not limited.
    expect((await sendPunches(ctx, 'wrong-key-again', batchOf(a!.eid), randomAddress())).statusCode).toBe(
      401,
    );
    // The device with its own key, behind the same address.
    const good = await sendPunches(ctx, device.key, batchOf(a!.eid), address);
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ added: 1 });
  });
});

describe("the office's clock", () => {
  let restore = () => {};
  afterEach(() => restore());

  // 10:00 UTC is midnight past in Kiritimati (UTC+14) and 23:00 the day before in Pago Pago (UTC-11).
  const instant = new Date('2026-06-15T10:00:00.000Z');

  it.each([
    ['Pacific/Kiritimati', '2026-06-16 00:00:00', '2026-06-16 00:05:00', '2026-06-16 00:05:01'],
    ['Pacific/Pago_Pago', '2026-06-14 23:00:00', '2026-06-14 23:05:00', '2026-06-14 23:05:01'],
  ])(
    `in %s (office clock %s): up to ${PUNCH_AHEAD_MINUTES} minutes ahead is taken, a second more is time_ahead`,
    async (zone, now, inside, outside) => {
      const device = await makeDevice(ctx, adminToken);
      const [a] = await people(1);
      restore = officeClockAt(zone, instant);
      const res = await sendOk(ctx, device.key, {
        punches: [
          { eid: a!.eid, at: now },
          { eid: a!.eid, at: inside },
          { eid: a!.eid, at: outside },
          // The server's clock (UTC) on the wall: 14 hours behind the office, or 11 hours ahead of it.
          { eid: a!.eid, at: '2026-06-15 10:00:00' },
          { eid: a!.eid, at: '2026-06-17 00:00:00' },
        ],
      });
      const utcAhead = zone === 'Pacific/Pago_Pago';
      expect(res).toEqual({
        received: 5,
        added: utcAhead ? 2 : 3,
        duplicates: 0,
        refused: [
          { index: 2, reason: 'time_ahead' },
          ...(utcAhead ? [{ index: 3, reason: 'time_ahead' }] : []),
          { index: 4, reason: 'time_ahead' },
        ],
      });
      expect((await punchesOf(ctx.db, [a!.id])).map((p) => p.at)).toEqual(
        utcAhead ? [now, inside] : ['2026-06-15 10:00:00', now, inside],
      );
    },
  );
});

describe('whose punches a device sends', () => {
  /** Company A with offices X and Y, company B with office Z, and a person in each; one of X disabled. */
  async function world() {
    const a = await makeCompany(ctx.db);
    const [x, y] = [await makeOffice(ctx.db, a.id), await makeOffice(ctx.db, a.id)];
    const b = await makeCompany(ctx.db);
    const z = await makeOffice(ctx.db, b.id);
    const [inX, inY, inZ, gone] = await people(4);
    await setEmployee(ctx.db, inX!.id, { companyId: a.id, officeId: x.id });
    await setEmployee(ctx.db, inY!.id, { companyId: a.id, officeId: y.id });
    await setEmployee(ctx.db, inZ!.id, { companyId: b.id, officeId: z.id });
    await setEmployee(ctx.db, gone!.id, { companyId: a.id, officeId: x.id, enabled: false });
    return { a, x, b, inX: inX!, inY: inY!, inZ: inZ!, gone: gone!, all: [inX!, inY!, inZ!, gone!] };
  }
  const at = '2026-03-09 08:30:00';

  it("an office's device: its office's enabled people only; the others are refused as unknown E-IDs, and nothing of theirs is kept", async () => {
    const w = await world();
    const device = await makeDevice(ctx, adminToken, { company_id: w.a.id, office_id: w.x.id });
    const res = await sendOk(ctx, device.key, {
      punches: [
        { eid: w.inX.eid, at },
        { eid: w.inY.eid, at },
        { eid: w.inZ.eid, at },
        { eid: w.gone.eid, at },
        { eid: 'NOBODY-404', at },
      ],
    });
    // An employee elsewhere reads exactly as an E-ID nobody has: the device learns nothing of them.
    expect(res).toEqual({
      received: 5,
      added: 1,
      duplicates: 0,
      refused: [1, 2, 3, 4].map((index) => ({ index, reason: 'eid_unknown' })),
    });
    expect(
      (
        await punchesOf(
          ctx.db,
          w.all.map((p) => p.id),
        )
      ).map((p) => p.employeeId),
    ).toEqual([w.inX.id]);
  });

  it("a company's device (no office): every office of its company, not another company's, not the disabled", async () => {
    const w = await world();
    const device = await makeDevice(ctx, adminToken, { company_id: w.a.id });
    expect(device).toMatchObject({ company: { id: w.a.id }, office: null });
    const res = await sendOk(ctx, device.key, {
      punches: [w.inX, w.inY, w.inZ, w.gone].map((p) => ({ eid: p.eid, at })),
    });
    expect(res).toMatchObject({
      added: 2,
      refused: [
        { index: 2, reason: 'eid_unknown' },
        { index: 3, reason: 'eid_unknown' },
      ],
    });
    expect(
      (
        await punchesOf(
          ctx.db,
          w.all.map((p) => p.id),
        )
      )
        .map((p) => p.employeeId)
        .sort(),
    ).toEqual([w.inX.id, w.inY.id].sort());
  });

  it('an employee disabled after the device was set up is refused from then on', async () => {
    const w = await world();
    const device = await makeDevice(ctx, adminToken, { company_id: w.a.id, office_id: w.x.id });
    expect(await sendOk(ctx, device.key, { punches: [{ eid: w.inX.eid, at }] })).toMatchObject({ added: 1 });
    await ctx.factory.setEnabled(w.inX.id, false);
    expect(
      await sendOk(ctx, device.key, { punches: [{ eid: w.inX.eid, at: '2026-03-09 18:00:00' }] }),
    ).toMatchObject({ added: 0, refused: [{ index: 0, reason: 'eid_unknown' }] });
    expect(await punchCount(ctx.db, [w.inX.id])).toBe(1);
  });

  it('a device with no company (made before scopes, none to take) punches for nobody', async () => {
    const w = await world();
    const device = await makeDevice(ctx, adminToken, { company_id: w.a.id });
    await ctx.db
      .update(attendanceDevices)
      .set({ companyId: null, officeId: null })
      .where(eq(attendanceDevices.id, device.id));
    const res = await sendOk(ctx, device.key, {
      punches: [w.inX, w.inY, w.inZ].map((p) => ({ eid: p.eid, at })),
    });
    expect(res).toEqual({
      received: 3,
      added: 0,
      duplicates: 0,
      refused: [0, 1, 2].map((index) => ({ index, reason: 'eid_unknown' })),
    });
    expect(
      await punchCount(
        ctx.db,
        w.all.map((p) => p.id),
      ),
    ).toBe(0);
    // Its key still works (a heartbeat), and the list shows it has no company.
    expect(await lastSeen(device.id)).not.toBeNull();
    const listed = await ctx.call({
      method: 'GET',
      url: `/api/v1/attendance/devices?search=${device.code}`,
      token: adminToken,
    });
    expect(listed.json().items).toEqual([
      expect.objectContaining({ id: device.id, company: null, office: null }),
    ]);
  });

  it("moved to another office, the device punches for that office's people from the next call", async () => {
    const w = await world();
    const y = await makeOffice(ctx.db, w.a.id);
    await setEmployee(ctx.db, w.inY.id, { officeId: y.id });
    const device = await makeDevice(ctx, adminToken, { company_id: w.a.id, office_id: w.x.id });
    expect((await patchDevice(device.id, { office_id: y.id })).statusCode).toBe(200);
    const res = await sendOk(ctx, device.key, { punches: [w.inX, w.inY].map((p) => ({ eid: p.eid, at })) });
    expect(res).toMatchObject({ added: 1, refused: [{ index: 0, reason: 'eid_unknown' }] });
  });
});

describe("a device key's own limit", () => {
  it(`${DEVICE_CALL_RULE.limit} calls a minute per device, then 429 with Retry-After; another device is not held up`, async () => {
    const device = await makeDevice(ctx, adminToken);
    const other = await makeDevice(ctx, adminToken);
    const [a] = await people(1);
    const address = randomAddress();
    for (let i = 0; i < DEVICE_CALL_RULE.limit; i++) {
      const res = await sendPunches(ctx, device.key, { punches: [] }, address);
      expect(res.statusCode, res.body).toBe(200);
    }
    const limited = await sendPunches(ctx, device.key, {
      punches: [{ eid: a!.eid, at: '2026-03-10 08:00:00' }],
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'too_many_requests' });
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(DEVICE_CALL_RULE.windowMs / 1000);
    // Nothing of the refused call was kept.
    expect(await punchCount(ctx.db, [a!.id])).toBe(0);
    // Another device behind the same address has a count of its own.
    expect((await sendPunches(ctx, other.key, { punches: [] }, address)).statusCode).toBe(200);
  });
});
