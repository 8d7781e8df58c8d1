import type { PunchBatchResult, PunchImport } from '@hr/contracts/attendance-intake';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  csvFile,
  importFile,
  makeDevice,
  punchCount,
  punchesOf,
  sendPunches,
} from '../../../test/factories/attendance-intake';
import { type MadeEmployee, randomAddress, setupApi, type TestContext } from '../../../test/helper';
import { burst, secondProcess, statusList, withStatus } from '../../../test/races';
import { DEVICE_CALL_RULE } from './attendance-intake.service';

/**
 * Punches arriving twice at the same moment, on PostgreSQL where the
 * requests really run side by side on several connections: the unique index
 * (employee, time, device) keeps each punch once whoever writes it first.
 */
let ctx: TestContext;
let second: FastifyInstance;
let adminToken: string;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
  second = await secondProcess(ctx);
  adminToken = await ctx.factory.token(await ctx.factory.employee({ admin: true }));
});

async function people(n: number): Promise<MadeEmployee[]> {
  const out: MadeEmployee[] = [];
  for (let i = 0; i < n; i++) out.push(await ctx.factory.employee({ withUser: false }));
  return out;
}

/** Every minute from 08:00 for each person, on one day. */
function punchesFor(staff: MadeEmployee[], perPerson: number, day: string) {
  return staff.flatMap((p) =>
    Array.from({ length: perPerson }, (_, i) => ({
      eid: p.eid,
      at: `${day} ${String(8 + Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`,
    })),
  );
}

describe('the same punches written at once (PostgreSQL)', () => {
  it('one batch sent by four requests at once: each punch is added once, the others are duplicates', async () => {
    const device = await makeDevice(ctx, adminToken);
    const staff = await people(5);
    const batch = { punches: punchesFor(staff, 200, '2026-06-01') };
    const answers = await Promise.all(Array.from({ length: 4 }, () => sendPunches(ctx, device.key, batch)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const results = answers.map((a) => a.json() as PunchBatchResult);
    expect(results.reduce((sum, r) => sum + r.added, 0)).toBe(batch.punches.length);
    for (const r of results) expect(r.added + r.duplicates).toBe(batch.punches.length);
    expect(
      await punchCount(
        ctx.db,
        staff.map((p) => p.id),
      ),
    ).toBe(batch.punches.length);
  });

  it('batches overlapping in opposite orders do not deadlock, and keep each punch once', async () => {
    const device = await makeDevice(ctx, adminToken);
    const staff = await people(8);
    const all = punchesFor(staff, 200, '2026-06-02');
    // Four pairs, each two full batches meeting in the middle from opposite ends.
    const pairs = [0, 1, 2, 3].map((k) => all.slice(k * 400, k * 400 + 400));
    const batches = pairs.flatMap((rows) => [
      { punches: [...rows, ...rows].slice(0, 1000) },
      { punches: [...rows].reverse() },
    ]);
    const answers = await Promise.all(batches.map((b) => sendPunches(ctx, device.key, b)));
    expect(answers.map((a) => a.statusCode)).toEqual(batches.map(() => 200));
    const added = answers.reduce((sum, a) => sum + (a.json() as PunchBatchResult).added, 0);
    expect(added).toBe(all.length);
    expect(
      await punchCount(
        ctx.db,
        staff.map((p) => p.id),
      ),
    ).toBe(all.length);
  });

  it('a file imported twice at once and a device sending its punches meanwhile: each punch once', async () => {
    const device = await makeDevice(ctx, adminToken);
    const staff = await people(3);
    const rows = punchesFor(staff, 400, '2026-06-03');
    const file = csvFile(rows.map((r) => `${r.eid},${r.at},${device.code}`));
    const [first, second, sent] = await Promise.all([
      importFile(ctx, adminToken, file, { fileName: 'race-a.csv' }),
      importFile(ctx, adminToken, file, { fileName: 'race-b.csv' }),
      sendPunches(ctx, device.key, { punches: rows.slice(0, 500) }),
    ]);
    expect([first.status, second.status, sent.statusCode]).toEqual([201, 201, 200]);
    const imports = [first.body, second.body] as PunchImport[];
    for (const i of imports) expect(i).toMatchObject({ status: 'done', total: rows.length });
    const added = imports.reduce((sum, i) => sum + i.added, 0) + (sent.json() as PunchBatchResult).added;
    expect(added).toBe(rows.length);
    const kept = await punchesOf(
      ctx.db,
      staff.map((p) => p.id),
    );
    expect(kept).toHaveLength(rows.length);
  });
});

describe("a device's own limit under a burst (PostgreSQL, two API processes)", () => {
  it(`${DEVICE_CALL_RULE.limit + 30} calls of one device at once, split over two processes: ${DEVICE_CALL_RULE.limit} are taken, the rest 429`, async () => {
    const device = await makeDevice(ctx, adminToken);
    const [person] = await people(1);
    const n = DEVICE_CALL_RULE.limit + 30;
    // Each call a punch of its own (a minute of the day), from addresses of their own.
    const replies = await burst([ctx.app, second], n, (i) => ({
      method: 'POST',
      url: '/api/v1/attendance/punches',
      headers: { 'x-device-key': device.key },
      payload: {
        punches: [
          {
            eid: person!.eid,
            at: `2026-06-04 ${String(8 + Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`,
          },
        ],
      },
      remoteAddress: randomAddress(),
    }));
    expect(withStatus(replies, 200), statusList(replies)).toBe(DEVICE_CALL_RULE.limit);
    expect(withStatus(replies, 429), statusList(replies)).toBe(30);
    for (const r of replies.filter((x) => x.statusCode === 429))
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    // What was let through is all that was kept.
    expect(await punchCount(ctx.db, [person!.id])).toBe(DEVICE_CALL_RULE.limit);
  });
});
