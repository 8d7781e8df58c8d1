import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type MadeEmployee, randomAddress, setupApi, type TestContext } from '../../../test/helper';
import { burst as burstOver, secondProcess, statusList, withStatus } from '../../../test/races';
import { outbox, passwordOtps, users } from '../../db/schema';
import { RULES } from './auth.service';

/**
 * Guessing in bursts (PostgreSQL, two API processes): every limit on
 * attempts is counted and read in one step, so a burst of guesses sent at
 * once, half to each process, gets at most the limit tried. Each process has
 * its own pool of connections, as two server processes would.
 */
let ctx: TestContext;
let second: FastifyInstance;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
  second = await secondProcess(ctx);
});

/** Sends `n` calls at once, half to each process. */
const burst = (n: number, options: (i: number) => InjectOptions): Promise<LightMyRequestResponse[]> =>
  burstOver([ctx.app, second], n, options);
const count = withStatus;
const summary = statusList;

const signIn = (eid: string, password: string, remoteAddress: string): InjectOptions => ({
  method: 'POST',
  url: '/api/v1/login_check',
  payload: { username: eid, password, app_id: 3 },
  remoteAddress,
});

async function codeFor(person: MadeEmployee, remoteAddress = randomAddress()): Promise<string> {
  const res = await ctx.call({
    method: 'POST',
    url: '/api/v1/reset/password/otp/request',
    payload: { eid: person.eid },
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  const [msg] = await ctx.db
    .select({ body: outbox.body })
    .from(outbox)
    .where(and(eq(outbox.employeeId, person.id), eq(outbox.topic, 'password-otp')))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = /code is (\d{4})/.exec(msg?.body ?? '')?.[1];
  if (!code) throw new Error('no code in the outbox');
  return code;
}

/** A 4-digit code other than `code`, different for each i. */
const wrongCode = (code: string, i: number) => String((Number(code) + 1 + i) % 10_000).padStart(4, '0');

const validate = (eid: string, code: string, remoteAddress: string): InjectOptions => ({
  method: 'GET',
  url: `/api/v1/reset/password/otp/validate/${code}?eid=${encodeURIComponent(eid)}`,
  remoteAddress,
});

const resetWith = (eid: string, otp: string, remoteAddress: string): InjectOptions => ({
  method: 'POST',
  url: '/api/v1/reset/password/otp',
  payload: { eid, otp, password: 'brand-new-1' },
  remoteAddress,
});

async function passwordHashOf(userId: number | null) {
  const [u] = await ctx.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, userId!));
  return u?.h;
}

describe('sign-in limits under bursts', () => {
  it(`40 wrong passwords at once for one E-ID from one address: ${RULES.loginPerEidAndAddress.limit} are tried, the rest refused, and then the right one too`, async () => {
    const person = await ctx.factory.employee();
    const address = randomAddress();
    const replies = await burst(40, () => signIn(person.eid, 'wrong-pass', address));
    const limit = RULES.loginPerEidAndAddress.limit;
    expect(count(replies, 401), summary(replies)).toBe(limit);
    expect(count(replies, 429), summary(replies)).toBe(40 - limit);
    const right = await ctx.app.inject(signIn(person.eid, person.password, address));
    expect(right.statusCode).toBe(429);
  });

  it(`wrong passwords from many addresses at once: at most ${RULES.loginPerEid.limit} a day are tried for the E-ID`, async () => {
    const person = await ctx.factory.employee();
    const replies = await burst(70, () => signIn(person.eid, 'wrong-pass', randomAddress()));
    expect(count(replies, 401), summary(replies)).toBe(RULES.loginPerEid.limit);
    expect(count(replies, 429), summary(replies)).toBe(70 - RULES.loginPerEid.limit);
  });

  it('one address trying many E-IDs at once: at most its limit are tried', async () => {
    const address = randomAddress();
    const n = RULES.loginPerAddress.limit + 20;
    const replies = await burst(n, (i) => signIn(`NOBODY-${address}-${i}`, 'wrong-pass', address));
    expect(count(replies, 401), summary(replies)).toBe(RULES.loginPerAddress.limit);
    expect(count(replies, 429), summary(replies)).toBe(20);
  });

  it('the refused attempts of a burst do not hold the owner back once the count is cleared', async () => {
    const person = await ctx.factory.employee();
    const home = randomAddress();
    // Guessing from elsewhere uses up the E-ID's count; the owner at home is refused too.
    await burst(RULES.loginPerEid.limit, () => signIn(person.eid, 'wrong-pass', randomAddress()));
    const refused = await burst(RULES.loginPerEidAndAddress.limit + 3, () =>
      signIn(person.eid, person.password, home),
    );
    expect(count(refused, 429), summary(refused)).toBe(refused.length);
    // A reset proves the owner; their refused tries at home were never tried and are not counted.
    const code = await codeFor(person);
    expect((await ctx.app.inject(resetWith(person.eid, code, randomAddress()))).statusCode).toBe(200);
    expect((await ctx.app.inject(signIn(person.eid, 'brand-new-1', home))).statusCode).toBe(200);
  });
});

describe('reset codes under bursts', () => {
  it(`40 wrong codes at once, half to each process: ${RULES.otpWrongPerEid.limit} are checked; the right code after them is refused`, async () => {
    const person = await ctx.factory.employee();
    const code = await codeFor(person);
    const replies = await burst(40, (i) => validate(person.eid, wrongCode(code, i), randomAddress()));
    const limit = RULES.otpWrongPerEid.limit;
    expect(count(replies, 400), summary(replies)).toBe(limit);
    expect(count(replies, 429), summary(replies)).toBe(40 - limit);
    const right = await ctx.app.inject(validate(person.eid, code, randomAddress()));
    expect(right.statusCode).toBe(429);
    const reset = await second.inject(resetWith(person.eid, code, randomAddress()));
    expect(reset.statusCode).toBe(429);
    // The code took every wrong try it was checked against, and is locked.
    const [otp] = await ctx.db
      .select()
      .from(passwordOtps)
      .where(eq(passwordOtps.userId, person.userId!))
      .orderBy(desc(passwordOtps.id))
      .limit(1);
    expect(otp?.attempts).toBe(limit);
    expect(otp?.lockedAt).not.toBeNull();
  });

  it('the right code inside a burst sent after the limit is refused, and the password stays', async () => {
    const person = await ctx.factory.employee();
    const code = await codeFor(person);
    const before = await passwordHashOf(person.userId);
    const limit = RULES.otpWrongPerEid.limit;
    const first = await burst(limit, (i) => resetWith(person.eid, wrongCode(code, i), randomAddress()));
    expect(count(first, 400), summary(first)).toBe(limit);
    // Twelve at once, the right code seventh.
    const replies = await burst(12, (i) =>
      resetWith(person.eid, i === 6 ? code : wrongCode(code, i + 100), randomAddress()),
    );
    expect(count(replies, 429), summary(replies)).toBe(12);
    expect(await passwordHashOf(person.userId)).toBe(before);
  });

  it('a burst of wrong codes for an E-ID that does not exist is limited the same way', async () => {
    const replies = await burst(20, (i) => validate('NO-SUCH-EID', String(1000 + i), randomAddress()));
    expect(count(replies, 400), summary(replies)).toBe(RULES.otpWrongPerEid.limit);
    expect(count(replies, 429), summary(replies)).toBe(20 - RULES.otpWrongPerEid.limit);
  });

  it(`code requests at once for one E-ID: ${RULES.otpRequestPerEid.limit} are sent`, async () => {
    const person = await ctx.factory.employee();
    const replies = await burst(16, () => ({
      method: 'POST',
      url: '/api/v1/reset/password/otp/request',
      payload: { eid: person.eid },
      remoteAddress: randomAddress(),
    }));
    expect(count(replies, 200), summary(replies)).toBe(RULES.otpRequestPerEid.limit);
    expect(count(replies, 429), summary(replies)).toBe(16 - RULES.otpRequestPerEid.limit);
    const sms = await ctx.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.employeeId, person.id), eq(outbox.topic, 'password-otp')));
    expect(sms).toHaveLength(RULES.otpRequestPerEid.limit);
  });

  it(`wrong reset links from one address at once: ${RULES.resetFailPerAddress.limit} are checked`, async () => {
    const address = randomAddress();
    const n = RULES.resetFailPerAddress.limit + 15;
    const replies = await burst(n, (i) => ({
      method: 'GET',
      url: `/api/v1/reset/password/otp/validate/not-a-real-link-token-${i}-abcdefghijklmnop`,
      remoteAddress: address,
    }));
    expect(count(replies, 400), summary(replies)).toBe(RULES.resetFailPerAddress.limit);
    expect(count(replies, 429), summary(replies)).toBe(15);
  });
});
