import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type MadeEmployee, randomAddress, setupApi, type TestContext } from '../../../test/helper';
import { outbox, sessions } from '../../db/schema';
import { RULES } from './auth.service';

/**
 * The limits on failed sign-ins (docs/decisions.md, Sign-in and recovery):
 * per E-ID and address, per E-ID from anywhere, per address.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

function signIn(
  app: TestContext,
  eid: string,
  password: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  return app.call({
    method: 'POST',
    url: '/api/v1/login_check',
    payload: { username: eid, password, app_id: 3 },
    remoteAddress,
    headers,
  });
}

const WRONG = 'wrong-pass';

/** Runs the calls ten at a time (each sign-in hashes a password) and answers their statuses in order. */
async function statuses(calls: (() => Promise<{ statusCode: number }>)[]): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < calls.length; i += 10)
    out.push(...(await Promise.all(calls.slice(i, i + 10).map((call) => call()))).map((r) => r.statusCode));
  return out;
}

describe('failed sign-ins per E-ID and address', () => {
  it("an attacker's wrong passwords from one address do not lock out the owner at another", async () => {
    const owner = await ctx.factory.employee();
    const attacker = randomAddress();
    const home = randomAddress();
    for (let i = 0; i < RULES.loginPerEidAndAddress.limit; i++)
      expect((await signIn(ctx, owner.eid, WRONG, attacker)).statusCode).toBe(401);

    // The attacker's address is stopped, even with the right password...
    const blocked = await signIn(ctx, owner.eid, owner.password, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/for this E-ID from your address/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    // ...while the owner signs in from their own.
    expect((await signIn(ctx, owner.eid, owner.password, home)).statusCode).toBe(200);
    // Their success does not open the attacker's address again.
    expect((await signIn(ctx, owner.eid, WRONG, attacker)).statusCode).toBe(429);
  });

  it('many people behind one address are not all locked out by their mistakes', async () => {
    const office = randomAddress();
    const people: MadeEmployee[] = [];
    for (let i = 0; i < 25; i++) people.push(await ctx.factory.employee());
    // 25 failures from the one address, more than the old limit of 20 for everyone behind it.
    expect(await statuses(people.map((p) => () => signIn(ctx, p.eid, WRONG, office)))).toEqual(
      people.map(() => 401),
    );
    expect(await statuses(people.map((p) => () => signIn(ctx, p.eid, p.password, office)))).toEqual(
      people.map(() => 200),
    );
  });

  it('one address trying many E-IDs is stopped, but not the people who signed in from it before', async () => {
    const office = randomAddress();
    const regular = await ctx.factory.employee();
    const newcomer = await ctx.factory.employee();
    expect((await signIn(ctx, regular.eid, regular.password, office)).statusCode).toBe(200);

    const spray = Array.from(
      { length: RULES.loginPerAddress.limit },
      (_, i) => () => signIn(ctx, `NOBODY${i}X`, WRONG, office),
    );
    expect(new Set(await statuses(spray))).toEqual(new Set([401]));

    const stopped = await signIn(ctx, newcomer.eid, newcomer.password, office);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().message).toMatch(/from your address/);
    expect((await signIn(ctx, `NOBODY-NEXT`, WRONG, office)).statusCode).toBe(429);
    // Someone who signed in from this address lately still gets in...
    expect((await signIn(ctx, regular.eid, regular.password, office)).statusCode).toBe(200);
    // ...and the newcomer does from anywhere else.
    expect((await signIn(ctx, newcomer.eid, newcomer.password, randomAddress())).statusCode).toBe(200);
  });
});

describe('failed sign-ins per E-ID from anywhere', () => {
  it('holds across addresses until the owner proves themself with a reset', async () => {
    const person = await ctx.factory.employee({ mobile: '01855556666' });
    const perAddress = RULES.loginPerEidAndAddress.limit;
    const addresses = RULES.loginPerEid.limit / perAddress;
    for (let a = 0; a < addresses; a++) {
      const address = randomAddress();
      for (let i = 0; i < perAddress; i++)
        expect((await signIn(ctx, person.eid, WRONG, address)).statusCode).toBe(401);
    }

    const blocked = await signIn(ctx, person.eid, person.password, randomAddress());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/for this E-ID\. .*reset your password/);
    // The count is over a day: the wait is most of one.
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(23 * 3600);

    // A password reset by code opens the E-ID again.
    const requested = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp/request',
      payload: { eid: person.eid },
      remoteAddress: randomAddress(),
    });
    expect(requested.statusCode).toBe(200);
    const [sms] = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.employeeId, person.id), eq(outbox.topic, 'password-otp')))
      .orderBy(desc(outbox.id))
      .limit(1);
    const code = /code is (\d{4})/.exec(sms!.body)![1];
    const reset = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp',
      payload: { eid: person.eid, otp: code, password: 'newpass9' },
      remoteAddress: randomAddress(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn(ctx, person.eid, 'newpass9', randomAddress())).statusCode).toBe(200);
  });
});

describe('the address a request is counted by', () => {
  it('X-Forwarded-For is ignored when no proxy is trusted', async () => {
    const person = await ctx.factory.employee();
    const socket = randomAddress();
    for (let i = 0; i < RULES.loginPerEidAndAddress.limit; i++) {
      const res = await signIn(ctx, person.eid, WRONG, socket, { 'x-forwarded-for': randomAddress() });
      expect(res.statusCode).toBe(401);
    }
    // A new X-Forwarded-For each time made no new address.
    const blocked = await signIn(ctx, person.eid, person.password, socket, {
      'x-forwarded-for': randomAddress(),
    });
    expect(blocked.statusCode).toBe(429);

    const other = await ctx.factory.employee();
    const ok = await signIn(ctx, other.eid, other.password, socket, { 'x-forwarded-for': '203.0.113.9' });
    expect(ok.statusCode).toBe(200);
    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.userId, other.userId!));
    expect(session!.ip).toBe(socket);
  });

  describe('behind a trusted proxy', () => {
    const proxy = '10.250.0.1';
    let behind: TestContext;
    beforeAll(async () => {
      behind = await setupApi({ trustProxy: [proxy] });
    });

    it("counts the client's address the proxy forwards, and only the proxy's", async () => {
      const person = await behind.factory.employee();
      // Five clients behind the proxy, five failures each: none of them stops another.
      for (let i = 0; i < RULES.loginPerEidAndAddress.limit + 1; i++) {
        const res = await signIn(behind, person.eid, WRONG, proxy, { 'x-forwarded-for': randomAddress() });
        expect(res.statusCode).toBe(401);
      }
      const ok = await signIn(behind, person.eid, person.password, proxy, {
        'x-forwarded-for': '198.51.100.23',
      });
      expect(ok.statusCode).toBe(200);
      const [viaProxy] = await behind.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, person.userId!))
        .orderBy(desc(sessions.id));
      expect(viaProxy!.ip).toBe('198.51.100.23');

      // A client reaching the server directly cannot choose its address.
      const direct = randomAddress();
      const other = await behind.factory.employee();
      const res = await signIn(behind, other.eid, other.password, direct, {
        'x-forwarded-for': '198.51.100.24',
      });
      expect(res.statusCode).toBe(200);
      const [own] = await behind.db.select().from(sessions).where(eq(sessions.userId, other.userId!));
      expect(own!.ip).toBe(direct);
    });
  });
});
