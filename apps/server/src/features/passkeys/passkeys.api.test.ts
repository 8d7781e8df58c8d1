import type { SessionUser } from '@hr/contracts/auth';
import type { Passkey, PasskeyList } from '@hr/contracts/passkeys';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type CreationOptions,
  type RequestOptions,
  SoftAuthenticator,
} from '../../../test/factories/authenticator';
import { CAST_ROLES, randomAddress, setupApi, type TestContext } from '../../../test/helper';
import { auditLog, authChallenges, passkeys, sessions } from '../../db/schema';
import { sha256 } from '../../lib/tokens';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

/** The portal's address in the tests (testConfig's PUBLIC_URL): the passkeys' origin and RP ID. */
const ORIGIN = 'http://portal.test';

const url = '/api/v1/account/passkeys';

async function registrationOptions(token: string) {
  const res = await ctx.call({ method: 'POST', url: `${url}/options`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ticket: string; options: CreationOptions };
}

async function signInOptions(remoteAddress = randomAddress()) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/login_check/passkey/options',
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ticket: string; options: RequestOptions };
}

const signIn = (payload: object, remoteAddress = randomAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/login_check/passkey', payload, remoteAddress });

/** Registers a passkey on the authenticator for the signed-in person. */
async function register(token: string, authenticator: SoftAuthenticator, name: string): Promise<Passkey> {
  const { ticket, options } = await registrationOptions(token);
  const { response } = authenticator.register(options);
  const res = await ctx.call({ method: 'POST', url, token, payload: { ticket, name, response } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function listOf(token: string): Promise<PasskeyList> {
  const res = await ctx.call({ method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const storedOf = (userId: number) => ctx.db.select().from(passkeys).where(eq(passkeys.userId, userId));

/** An employee with a passkey on their own authenticator. */
async function personWithPasskey() {
  const person = await ctx.factory.employee();
  const token = await ctx.factory.token(person);
  const authenticator = new SoftAuthenticator(ORIGIN);
  const key = await register(token, authenticator, 'Laptop');
  return { person, token, authenticator, key };
}

async function signInWith(authenticator: SoftAuthenticator, tweaks = {}) {
  const { ticket, options } = await signInOptions();
  return signIn({ ticket, response: authenticator.assert(options, tweaks) });
}

describe('registering passkeys', () => {
  it('registers two, the second excluding the first, lists them and audits each', async () => {
    const person = await ctx.factory.employee({ name: 'Rahima Khatun' });
    const token = await ctx.factory.token(person);
    expect(await listOf(token)).toEqual({ items: [], can_add: true });

    const phone = new SoftAuthenticator(ORIGIN);
    const first = await registrationOptions(token);
    expect(first.options.rp).toEqual({ name: 'HR Portal', id: 'portal.test' });
    expect(first.options.user).toMatchObject({ name: person.eid, displayName: 'Rahima Khatun' });
    expect(first.options.excludeCredentials).toEqual([]);
    expect(first.options.authenticatorSelection).toMatchObject({
      residentKey: 'preferred',
      userVerification: 'required',
    });
    // The challenge is kept in the database, by the ticket's hash, for five minutes.
    const [kept] = await ctx.db
      .select()
      .from(authChallenges)
      .where(eq(authChallenges.tokenHash, sha256(first.ticket)));
    expect(kept).toMatchObject({ purpose: 'passkey_register', userId: person.userId, usedAt: null });
    expect(kept!.data).toEqual({ challenge: first.options.challenge });
    expect(kept!.expiresAt.getTime() - kept!.createdAt.getTime()).toBeGreaterThan(4 * 60_000);

    const { response } = phone.register(first.options);
    const added = await ctx.call({
      method: 'POST',
      url,
      token,
      payload: { ticket: first.ticket, name: ' Phone ', response },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      name: 'Phone',
      last_used_at: null,
      device_type: 'singleDevice',
      backed_up: false,
      actions: ['rename', 'remove'],
    });

    const second = await registrationOptions(token);
    expect(second.options.excludeCredentials).toEqual([
      { id: response.id, type: 'public-key', transports: ['internal'] },
    ]);
    // The same authenticator does not make a second passkey for the same person.
    expect(() => phone.register(second.options)).toThrow(/InvalidStateError/);
    const laptop = new SoftAuthenticator(ORIGIN);
    const { response: other } = laptop.register(second.options);
    const res = await ctx.call({
      method: 'POST',
      url,
      token,
      payload: { ticket: second.ticket, name: 'Laptop', response: other },
    });
    expect(res.statusCode, res.body).toBe(201);

    const list = await listOf(token);
    expect(list.can_add).toBe(true);
    expect(list.items.map((k) => k.name)).toEqual(['Phone', 'Laptop']);
    const stored = await storedOf(person.userId!);
    expect(stored.map((k) => k.credentialId)).toEqual([response.id, other.id]);
    expect(stored[0]).toMatchObject({ counter: 0, transports: ['internal'] });

    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'passkey_add'), eq(auditLog.entityId, person.userId!)));
    expect(audits.map((a) => a.data)).toEqual([
      { passkey_id: stored[0]!.id, name: 'Phone', device_type: 'singleDevice' },
      { passkey_id: stored[1]!.id, name: 'Laptop', device_type: 'singleDevice' },
    ]);
  });

  it('refuses a used, expired, wrong or another person’s ticket, and an answer to other options', async () => {
    const person = await ctx.factory.employee();
    const token = await ctx.factory.token(person);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const post = (payload: object, as = token) => ctx.call({ method: 'POST', url, token: as, payload });

    // An answer to other options (its challenge is not the ticket's).
    const one = await registrationOptions(token);
    const two = await registrationOptions(token);
    const crossed = authenticator.register(two.options).response;
    const wrong = await post({ ticket: one.ticket, name: 'Key', response: crossed });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'passkey_not_verified' });
    // The ticket was used by that try: once only.
    const again = await post({
      ticket: one.ticket,
      name: 'Key',
      response: authenticator.register(one.options).response,
    });
    expect(again.json()).toMatchObject({ error: 'passkey_ticket_invalid' });
    expect(again.statusCode).toBe(400);

    // Another person's ticket is not the caller's.
    const someone = await ctx.factory.employee();
    const theirs = await registrationOptions(await ctx.factory.token(someone));
    const stolen = await post({
      ticket: theirs.ticket,
      name: 'Key',
      response: new SoftAuthenticator(ORIGIN).register(theirs.options).response,
    });
    expect(stolen.json()).toMatchObject({ error: 'passkey_ticket_invalid' });

    // An unknown ticket.
    const unknown = await post({ ticket: 'A'.repeat(43), name: 'Key', response: crossed });
    expect(unknown.json()).toMatchObject({ error: 'passkey_ticket_invalid' });

    // Answered after five minutes.
    const late = await registrationOptions(token);
    const lateAnswer = new SoftAuthenticator(ORIGIN).register(late.options).response;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1000 });
    try {
      const expired = await post({ ticket: late.ticket, name: 'Key', response: lateAnswer });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ error: 'passkey_ticket_invalid' });
    } finally {
      vi.useRealTimers();
    }

    // From another origin, or without user verification.
    const elsewhere = await registrationOptions(token);
    const phished = await post({
      ticket: elsewhere.ticket,
      name: 'Key',
      response: new SoftAuthenticator(ORIGIN).register(elsewhere.options, {
        origin: 'https://portal.test.evil.example',
      }).response,
    });
    expect(phished.json()).toMatchObject({ error: 'passkey_not_verified' });
    const unverified = await registrationOptions(token);
    const noUv = await post({
      ticket: unverified.ticket,
      name: 'Key',
      response: new SoftAuthenticator(ORIGIN).register(unverified.options, { noUserVerification: true })
        .response,
    });
    expect(noUv.json()).toMatchObject({ error: 'passkey_not_verified' });

    expect(await storedOf(person.userId!)).toEqual([]);
    expect(await storedOf(someone.userId!)).toEqual([]);
  });

  it('answers bad input with field errors and keeps nothing', async () => {
    const person = await ctx.factory.employee();
    const token = await ctx.factory.token(person);
    const { ticket, options } = await registrationOptions(token);
    const { response } = new SoftAuthenticator(ORIGIN).register(options);
    const post = (payload: unknown) => ctx.call({ method: 'POST', url, token, payload: payload as object });

    const noName = await post({ ticket, response });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors.children.name.errors).toEqual(['Please give the passkey a name']);
    const blank = await post({ ticket, name: '   ', response });
    expect(blank.json().errors.children.name.errors).toEqual(['Please give the passkey a name']);
    const long = await post({ ticket, name: 'x'.repeat(61), response });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.children.name.errors).toEqual(['A passkey’s name is at most 60 characters']);
    const twoLines = await post({ ticket, name: 'Work\nlaptop', response });
    expect(twoLines.json().errors.children.name.errors).toEqual([
      'Must be on one line, without line breaks or tabs',
    ]);
    const reversed = await post({ ticket, name: 'Laptop \u202Egnp.exe', response });
    expect(reversed.json().errors.children.name.errors).toEqual([
      'Must not contain characters that override the text direction',
    ]);
    const number = await post({ ticket, name: 42, response });
    expect(number.statusCode).toBe(422);
    const noTicket = await post({ name: 'Key', response });
    expect(noTicket.json().errors.children.ticket.errors).toEqual(['The ticket is missing or not valid']);
    const noResponse = await post({ ticket, name: 'Key' });
    expect(noResponse.statusCode).toBe(422);
    expect(noResponse.json().errors.children.response.errors).toEqual([
      'The answer of the authenticator is missing or not valid',
    ]);
    const badType = await post({ ticket, name: 'Key', response: { ...response, type: 'password' } });
    expect(badType.statusCode).toBe(422);
    const huge = await post({
      ticket,
      name: 'Key',
      response: { ...response, response: { ...response.response, attestationObject: 'A'.repeat(20_000) } },
    });
    expect(huge.statusCode).toBe(422);

    expect(await storedOf(person.userId!)).toEqual([]);
    // The ticket was never taken: the right answer still goes through.
    const ok = await post({ ticket, name: 'Key', response });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses a credential registered already, to someone else', async () => {
    const { person, authenticator } = await personWithPasskey();
    const other = await ctx.factory.employee();
    const token = await ctx.factory.token(other);
    const { ticket, options } = await registrationOptions(token);
    const cloned = new SoftAuthenticator(ORIGIN).register(options, { reuse: authenticator.credentials[0]! });
    const res = await ctx.call({
      method: 'POST',
      url,
      token,
      payload: { ticket, name: 'Copy', response: cloned.response },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: 'passkey_already_registered' });
    expect(await storedOf(other.userId!)).toEqual([]);
    expect(await storedOf(person.userId!)).toHaveLength(1);
  });

  it('keeps at most ten passkeys a person', async () => {
    const person = await ctx.factory.employee();
    const token = await ctx.factory.token(person);
    for (let i = 1; i <= 10; i++) await register(token, new SoftAuthenticator(ORIGIN), `Key ${i}`);
    expect((await listOf(token)).can_add).toBe(false);
    const res = await ctx.call({ method: 'POST', url: `${url}/options`, token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'passkeys_limit', params: { max: 10 } });
  });

  it('refuses every account call without a token', async () => {
    for (const [method, path] of [
      ['GET', url],
      ['POST', `${url}/options`],
      ['POST', url],
      ['PATCH', `${url}/1`],
      ['DELETE', `${url}/1`],
    ] as const) {
      const res = await ctx.call({
        method,
        url: path,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
  });
});

describe('renaming and removing', () => {
  it('renames and removes the caller’s own passkey only, audited', async () => {
    const cast = await ctx.factory.cast();
    const authenticator = new SoftAuthenticator(ORIGIN);
    const mine = await register(cast.tokens.employee, authenticator, 'Phone');
    const kept = await register(cast.tokens.employee, new SoftAuthenticator(ORIGIN), 'Laptop');

    // Nobody else (their manager, O&O, an HR administrator, a peer, a stranger) reaches it.
    for (const role of CAST_ROLES.filter((r) => r !== 'employee')) {
      const token = cast.tokens[role];
      const rename = await ctx.call({
        method: 'PATCH',
        url: `${url}/${mine.id}`,
        token,
        payload: { name: 'Mine now' },
      });
      expect(rename.statusCode, role).toBe(404);
      expect(rename.json()).toMatchObject({ error: 'passkey_not_found' });
      const remove = await ctx.call({ method: 'DELETE', url: `${url}/${mine.id}`, token });
      expect(remove.statusCode, role).toBe(404);
      expect((await listOf(token)).items).toEqual([]);
    }
    expect((await listOf(cast.tokens.employee)).items.map((k) => k.name)).toEqual(['Phone', 'Laptop']);

    const token = cast.tokens.employee;
    for (const bad of ['0', '-1', 'abc', '99999999999'])
      expect((await ctx.call({ method: 'DELETE', url: `${url}/${bad}`, token })).statusCode, bad).toBe(400);
    expect((await ctx.call({ method: 'DELETE', url: `${url}/2147483647`, token })).statusCode).toBe(404);
    const longName = await ctx.call({
      method: 'PATCH',
      url: `${url}/${mine.id}`,
      token,
      payload: { name: 'x'.repeat(61) },
    });
    expect(longName.statusCode).toBe(422);

    const renamed = await ctx.call({
      method: 'PATCH',
      url: `${url}/${mine.id}`,
      token,
      payload: { name: 'Work phone' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: mine.id, name: 'Work phone' });

    const removed = await ctx.call({ method: 'DELETE', url: `${url}/${mine.id}`, token });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await listOf(token)).items.map((k) => k.id)).toEqual([kept.id]);
    const again = await ctx.call({ method: 'DELETE', url: `${url}/${mine.id}`, token });
    expect(again.statusCode).toBe(404);

    const audits = await ctx.db
      .select({ action: auditLog.action, data: auditLog.data })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, cast.employee.userId!),
          inArray(auditLog.action, ['passkey_rename', 'passkey_remove']),
        ),
      )
      .orderBy(auditLog.id);
    expect(audits).toEqual([
      { action: 'passkey_rename', data: { passkey_id: mine.id, name: 'Work phone' } },
      { action: 'passkey_remove', data: { passkey_id: mine.id, name: 'Work phone' } },
    ]);

    // A removed passkey signs nobody in.
    const refused = await signInWith(authenticator);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'passkey_not_recognised' });
  });

  it('lets an HR administrator signed in as someone see their passkeys but not add or remove any', async () => {
    const { person, key } = await personWithPasskey();
    const admin = await ctx.factory.employee({ admin: true });
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/impersonate',
      token: await ctx.factory.token(admin),
      payload: { employee_id: person.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const asPerson = res.json().token as string;

    const list = await listOf(asPerson);
    expect(list).toMatchObject({ can_add: false, items: [{ id: key.id, actions: [] }] });
    for (const call of [
      { method: 'POST' as const, url: `${url}/options` },
      { method: 'DELETE' as const, url: `${url}/${key.id}` },
      { method: 'PATCH' as const, url: `${url}/${key.id}`, payload: { name: 'Renamed' } },
    ]) {
      const refused = await ctx.call({ ...call, token: asPerson });
      expect(refused.statusCode, call.method).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'impersonation_no_passkey' });
    }
    expect((await storedOf(person.userId!)).map((k) => k.name)).toEqual(['Laptop']);
  });
});

describe('signing in with a passkey', () => {
  it('signs in without an E-ID: a session of method passkey, the counter and last use moved', async () => {
    const { person, authenticator, key } = await personWithPasskey();
    const options = await signInOptions();
    // Discoverable: no credentials named, user verification required.
    expect(options.options).toMatchObject({ rpId: 'portal.test', userVerification: 'required' });
    expect(options.options.allowCredentials ?? []).toEqual([]);

    const res = await signIn({ ticket: options.ticket, response: authenticator.assert(options.options) });
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json() as SessionUser;
    expect(session).toMatchObject({ username: person.eid, employee_id: person.id, impersonated_by: null });
    expect(session.expires_in).toBeGreaterThan(0);

    const me = await ctx.call({ method: 'GET', url: '/api/v1/me', token: session.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().employee.id).toBe(person.id);
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(session.token)));
    expect(row).toMatchObject({ method: 'passkey', kind: 'login', userId: person.userId });

    const [stored] = await storedOf(person.userId!);
    expect(stored!.counter).toBe(1);
    expect(stored!.lastUsedAt).not.toBeNull();
    const listed = (await listOf(session.token)).items.find((k) => k.id === key.id);
    expect(listed!.last_used_at).toBe(stored!.lastUsedAt!.toISOString());

    // The ticket was used: the same answer again is refused.
    const replay = await signIn({ ticket: options.ticket, response: authenticator.assert(options.options) });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'passkey_ticket_invalid' });

    // A second sign-in moves the counter on.
    expect((await signInWith(authenticator)).statusCode).toBe(200);
    expect((await storedOf(person.userId!))[0]!.counter).toBe(3);
  });

  it('signs in with the other of two passkeys after one was removed', async () => {
    const person = await ctx.factory.employee();
    const token = await ctx.factory.token(person);
    const phone = new SoftAuthenticator(ORIGIN);
    const laptop = new SoftAuthenticator(ORIGIN);
    const first = await register(token, phone, 'Phone');
    await register(token, laptop, 'Laptop');
    expect((await ctx.call({ method: 'DELETE', url: `${url}/${first.id}`, token })).statusCode).toBe(204);

    expect((await signInWith(phone)).json()).toMatchObject({ error: 'passkey_not_recognised' });
    const res = await signInWith(laptop);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ employee_id: person.id });
  });

  it('refuses a counter that does not move forward (a cloned authenticator)', async () => {
    const { person, authenticator } = await personWithPasskey();
    expect((await signInWith(authenticator, { counter: 5 })).statusCode).toBe(200);
    for (const counter of [5, 4]) {
      const res = await signInWith(authenticator, { counter });
      expect(res.statusCode, String(counter)).toBe(401);
      expect(res.json()).toMatchObject({ error: 'passkey_not_recognised' });
    }
    expect((await storedOf(person.userId!))[0]!.counter).toBe(5);
    expect((await signInWith(authenticator, { counter: 6 })).statusCode).toBe(200);
  });

  it('refuses a wrong challenge, an expired ticket, another origin and no user verification', async () => {
    const { authenticator } = await personWithPasskey();
    const one = await signInOptions();
    const two = await signInOptions();
    const crossed = await signIn({ ticket: one.ticket, response: authenticator.assert(two.options) });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json()).toMatchObject({ error: 'passkey_not_recognised' });
    // That try used the ticket.
    const after = await signIn({ ticket: one.ticket, response: authenticator.assert(one.options) });
    expect(after.json()).toMatchObject({ error: 'passkey_ticket_invalid' });

    const late = await signInOptions();
    const answer = authenticator.assert(late.options);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1000 });
    try {
      const expired = await signIn({ ticket: late.ticket, response: answer });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ error: 'passkey_ticket_invalid' });
    } finally {
      vi.useRealTimers();
    }

    expect((await signInWith(authenticator, { origin: 'https://evil.example' })).statusCode).toBe(401);
    expect((await signInWith(authenticator, { noUserVerification: true })).statusCode).toBe(401);
    // A registration ticket is not a sign-in ticket.
    const person = await ctx.factory.employee();
    const registering = await registrationOptions(await ctx.factory.token(person));
    const wrongKind = await signIn({
      ticket: registering.ticket,
      response: authenticator.assert(one.options),
    });
    expect(wrongKind.json()).toMatchObject({ error: 'passkey_ticket_invalid' });
  });

  it('refuses an unknown passkey, a signature by another key and a user handle of someone else', async () => {
    const { authenticator, key } = await personWithPasskey();
    const other = await personWithPasskey();
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.register({
      challenge: 'x',
      rp: { name: 'HR Portal', id: 'portal.test' },
      user: { id: 'AAAA', name: 'x', displayName: 'x' },
    });
    expect((await signInWith(stranger)).json()).toMatchObject({ error: 'passkey_not_recognised' });

    // Another's key signing in the name of this passkey's credential id.
    const options = await signInOptions();
    const forged = other.authenticator.assert(options.options);
    const res = await signIn({
      ticket: options.ticket,
      response: { ...forged, id: authenticator.credentials[0]!.id, rawId: authenticator.credentials[0]!.id },
    });
    expect(res.statusCode).toBe(401);
    expect(key.id).toBeGreaterThan(0);

    // The right key, but naming another user.
    const handle = await signInOptions();
    const answer = authenticator.assert(handle.options);
    const swapped = await signIn({
      ticket: handle.ticket,
      response: {
        ...answer,
        response: { ...answer.response, userHandle: other.authenticator.credentials[0]!.userHandle },
      },
    });
    expect(swapped.statusCode).toBe(401);
    expect(swapped.json()).toMatchObject({ error: 'passkey_not_recognised' });
  });

  it('refuses a disabled employee, and lets them in again once enabled', async () => {
    const { person, authenticator } = await personWithPasskey();
    await ctx.factory.setEnabled(person.id, false);
    const res = await signInWith(authenticator);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'account_disabled' });
    expect(
      await ctx.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, person.userId!), eq(sessions.method, 'passkey'))),
    ).toEqual([]);
    await ctx.factory.setEnabled(person.id, true);
    expect((await signInWith(authenticator)).statusCode).toBe(200);
  });

  it('answers bad input with field errors', async () => {
    const { ticket } = await signInOptions();
    const missing = await signIn({ ticket });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.children.response.errors).toEqual([
      'The answer of the authenticator is missing or not valid',
    ]);
    const badTicket = await signIn({ ticket: 'short', response: {} });
    expect(badTicket.statusCode).toBe(422);
    expect(badTicket.json().errors.children.ticket.errors).toEqual(['The ticket is missing or not valid']);
    const notJsonShape = await signIn({ ticket, response: 'a string' });
    expect(notJsonShape.statusCode).toBe(422);
  });

  it('counts failed tries per address: the 31st in 15 minutes is refused before it is checked', async () => {
    const { authenticator } = await personWithPasskey();
    const address = randomAddress();
    const wrong = { ticket: 'B'.repeat(43), response: authenticator.assert((await signInOptions()).options) };
    for (let i = 1; i <= 30; i++) expect((await signIn(wrong, address)).statusCode, String(i)).toBe(400);
    const refused = await signIn(wrong, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Even a right answer waits, from that address only.
    const { ticket, options } = await signInOptions();
    const right = { ticket, response: authenticator.assert(options) };
    expect((await signIn(right, address)).statusCode).toBe(429);
    expect((await signIn(right, randomAddress())).statusCode).toBe(200);
  });

  it('does not count a right sign-in against the address', async () => {
    const { authenticator } = await personWithPasskey();
    const address = randomAddress();
    for (let i = 0; i < 32; i++) {
      const { ticket, options } = await signInOptions();
      expect((await signIn({ ticket, response: authenticator.assert(options) }, address)).statusCode).toBe(
        200,
      );
    }
  });
});
