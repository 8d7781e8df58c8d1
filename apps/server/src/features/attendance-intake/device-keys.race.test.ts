import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomAddress, setupApi, type TestContext } from '../../../test/helper';
import { burst, secondProcess, statusList, withStatus } from '../../../test/races';
import { DEVICE_KEY_RULE } from './attendance-intake.service';

/**
 * Wrong device keys in a burst (PostgreSQL, two API processes): each is
 * counted and its count read in one step, so the limit per address holds
 * however many arrive at once.
 */
let ctx: TestContext;
let second: FastifyInstance;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
  second = await secondProcess(ctx);
});

describe('device keys under bursts', () => {
  it(`wrong device keys at once from one address: ${DEVICE_KEY_RULE.limit} are answered 401, the rest 429`, async () => {
    const person = await ctx.factory.employee();
    const address = randomAddress();
    const n = DEVICE_KEY_RULE.limit + 20;
    const replies = await burst([ctx.app, second], n, (i) => ({
      method: 'POST',
      url: '/api/v1/attendance/punches',
      headers: { 'x-device-key': `wrong-key-${i}-0123456789abcdefghijklmnopqrstu` },
      payload: { punches: [{ eid: person.eid, at: '2026-03-06 08:30:00' }] },
      remoteAddress: address,
    }));
    expect(withStatus(replies, 401), statusList(replies)).toBe(DEVICE_KEY_RULE.limit);
    expect(withStatus(replies, 429), statusList(replies)).toBe(20);
  });
});
