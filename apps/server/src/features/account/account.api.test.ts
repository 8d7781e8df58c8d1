import { ACCOUNT_MESSAGES, RECOVERY_CODE_COUNT, SECOND_FACTOR_TRIES } from '@hr/contracts/account';
import { and, desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  appBeside,
  type MadeEmployee,
  randomAddress,
  setupApi,
  statementsDuring,
  type TestContext,
  whenClosing,
} from '../../../test/helper';
import { openStream } from '../../../test/sse';
import { buildApp } from '../../app';
import { auditLog, authChallenges, outbox, recoveryCodes, sessions, totpFactors } from '../../db/schema';
import { CODE_RULES } from './account.service';

/** The file's app asks for the second step only of those who set up an app (SECOND_FACTOR=optional). */
let ctx: TestContext;
/** HR administrators must make the second step (SECOND_FACTOR=admins), on the same database. */
let admins: TestContext;
/** Everyone must (SECOND_FACTOR=all). */
let all: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
  admins = { ...ctx, app: await appWith('admins') };
  admins.call = callOf(admins.app);
  all = { ...ctx, app: await appWith('all') };
  all.call = callOf(all.app);
});

const appWith = (secondFactor: 'admins' | 'all') => appBeside(ctx, { secondFactor });

function callOf(app: TestContext['app']): TestContext['call'] {
  return ({ token, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
}

afterEach(() => {
  vi.useRealTimers();
});

/** The code an authenticator app shows for `secret` at the (test's) current time, `steps` periods on. */
function codeOf(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });
}

/** Moves the test's clock on by whole 30-second steps (the next code of the app). */
function nextStep(steps = 1) {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + steps * 30_000 });
}

const api = (
  c: TestContext,
  method: string,
  url: string,
  token: string | null,
  payload?: unknown,
  ip?: string,
) =>
  c.call({
    method: method as 'GET',
    url: `/api/v1/${url}`,
    token,
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: ip ?? randomAddress(),
  });

function signIn(c: TestContext, who: MadeEmployee, ip = randomAddress(), userAgent?: string) {
  return c.call({
    method: 'POST',
    url: '/api/v1/login_check',
    payload: { username: who.eid, password: who.password, app_id: 3 },
    remoteAddress: ip,
    ...(userAgent ? { headers: { 'user-agent': userAgent } } : {}),
  });
}

/** Sets up an authenticator app for `who` through the API; answers its secret and the recovery codes. */
async function enrolled(who: MadeEmployee) {
  const token = await ctx.factory.token(who);
  const made = await api(ctx, 'POST', 'account/totp', token);
  expect(made.statusCode, made.body).toBe(200);
  const secret = made.json().secret as string;
  const confirmed = await api(ctx, 'POST', 'account/totp/confirm', token, { code: codeOf(secret) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { token, secret, codes: confirmed.json().recovery_codes as string[] };
}

const factorOf = async (userId: number) =>
  (await ctx.db.select().from(totpFactors).where(eq(totpFactors.userId, userId)))[0] ?? null;
const auditsOf = async (action: string, entityId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id));

describe('the authenticator app', () => {
  it('is set up with a secret and its URI, confirmed by a first code, with ten recovery codes shown once', async () => {
    const person = await ctx.factory.employee();
    const token = await ctx.factory.token(person);
    const before = await api(ctx, 'GET', 'account/totp', token);
    expect(before.json()).toEqual({
      enabled: false,
      confirmed_at: null,
      recovery_codes_left: 0,
      required: false,
    });

    const made = await api(ctx, 'POST', 'account/totp', token);
    expect(made.statusCode).toBe(200);
    const { secret, uri } = made.json() as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain('otpauth://totp/HR%20Portal:');
    expect(uri).toContain(`secret=${secret}`);
    // Stored encrypted, never as the secret itself.
    const stored = await factorOf(person.userId!);
    expect(stored!.secret).not.toContain(secret);
    expect(stored!.confirmedAt).toBeNull();
    // Not yet asked for at sign-in.
    expect((await signIn(ctx, person)).json().token).toBeTruthy();

    const wrong = await api(ctx, 'POST', 'account/totp/confirm', token, { code: codeOf(secret, 5) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('totp_code_invalid');
    const bad = await api(ctx, 'POST', 'account/totp/confirm', token, { code: '12ab' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.children.code.errors).toEqual([ACCOUNT_MESSAGES.totpFormat]);

    const confirmed = await api(ctx, 'POST', 'account/totp/confirm', token, { code: codeOf(secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = confirmed.json().recovery_codes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hashes = await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, person.userId!));
    expect(hashes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const h of hashes) expect(codes.some((c) => h.codeHash.includes(c.replace('-', '')))).toBe(false);
    expect(await auditsOf('totp_enabled', person.userId!)).toHaveLength(1);

    const after = (await api(ctx, 'GET', 'account/totp', token)).json();
    expect(after).toMatchObject({ enabled: true, recovery_codes_left: 10, required: false });
    // A second app is refused while one is set up.
    expect((await api(ctx, 'POST', 'account/totp', token)).json().error).toBe('totp_already_enabled');
  });

  it('accepts a code once (replay refused), allows one step of drift, and makes new recovery codes', async () => {
    const person = await ctx.factory.employee();
    const { token, secret, codes } = await enrolled(person);
    // The code that confirmed is not taken again.
    const replay = await api(ctx, 'POST', 'account/totp/recovery_codes', token, { code: codeOf(secret) });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('totp_code_invalid');

    // The next step's code (a phone's clock 30 s ahead) is accepted.
    const ahead = await api(ctx, 'POST', 'account/totp/recovery_codes', token, { code: codeOf(secret, 1) });
    expect(ahead.statusCode, ahead.body).toBe(200);
    const fresh = ahead.json().recovery_codes as string[];
    expect(fresh.some((c) => codes.includes(c))).toBe(false);
    expect(await auditsOf('recovery_codes_regenerated', person.userId!)).toHaveLength(1);
    // Two steps away is refused.
    nextStep(1);
    expect(
      (await api(ctx, 'POST', 'account/totp/recovery_codes', token, { code: codeOf(secret, 2) })).statusCode,
    ).toBe(400);
    // Without a code: 422, nothing changed.
    const missing = await api(ctx, 'POST', 'account/totp/recovery_codes', token, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.children.code.errors).toEqual([ACCOUNT_MESSAGES.codeRequired]);
  });

  it('is removed with a current code or the password (audited); a wrong password changes nothing', async () => {
    const person = await ctx.factory.employee();
    const { token } = await enrolled(person);
    const wrong = await api(ctx, 'DELETE', 'account/totp', token, { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('totp_proof_invalid');
    expect(await factorOf(person.userId!)).not.toBeNull();
    const neither = await api(ctx, 'DELETE', 'account/totp', token, {});
    expect(neither.statusCode).toBe(422);

    expect((await api(ctx, 'DELETE', 'account/totp', token, { password: person.password })).statusCode).toBe(
      204,
    );
    expect(await factorOf(person.userId!)).toBeNull();
    expect(
      await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, person.userId!)),
    ).toHaveLength(0);
    expect((await auditsOf('totp_removed', person.userId!))[0]!.data).toMatchObject({ via: 'password' });
    expect(
      (await api(ctx, 'DELETE', 'account/totp', token, { password: person.password })).json().error,
    ).toBe('totp_not_enabled');

    const again = await enrolled(person);
    nextStep();
    const byCode = await api(ctx, 'DELETE', 'account/totp', again.token, { code: codeOf(again.secret) });
    expect(byCode.statusCode, byCode.body).toBe(204);
    expect((await auditsOf('totp_removed', person.userId!))[0]!.data).toMatchObject({ via: 'code' });
  });

  it('counts every wrong code per person: past the limit even the right code is refused', async () => {
    const person = await ctx.factory.employee();
    const { token, secret } = await enrolled(person);
    nextStep();
    for (let i = 0; i < CODE_RULES.wrongPerUser.limit; i++)
      expect(
        (await api(ctx, 'POST', 'account/totp/recovery_codes', token, { code: '000000' })).statusCode,
      ).toBe(400);
    const limited = await api(ctx, 'POST', 'account/totp/recovery_codes', token, { code: codeOf(secret) });
    expect(limited.statusCode).toBe(429);
  });

  it('is the caller’s own: no token is 401, an administrator as someone else is refused', async () => {
    expect((await api(ctx, 'GET', 'account/totp', null)).statusCode).toBe(401);
    expect((await api(ctx, 'POST', 'account/totp', null)).statusCode).toBe(401);
    const c = await ctx.factory.cast();
    const as = await api(ctx, 'POST', 'impersonate', c.tokens.admin, { employee_id: c.employee.id });
    expect(as.statusCode, as.body).toBe(200);
    const refused = await api(ctx, 'POST', 'account/totp', as.json().token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('impersonation_no_security');
    expect(await factorOf(c.employee.userId!)).toBeNull();
  });
});

describe('the second step at sign-in', () => {
  async function second(c: TestContext, ticket: string, code: string, ip = randomAddress()) {
    return c.call({
      method: 'POST',
      url: '/api/v1/login_check/second_factor',
      payload: { ticket, code },
      remoteAddress: ip,
    });
  }

  it('with SECOND_FACTOR=optional, only those with an app are asked; the session opens after a right code', async () => {
    const plain = await ctx.factory.employee({ admin: true });
    const direct = await signIn(ctx, plain);
    expect(direct.json().token).toBeTruthy();

    const person = await ctx.factory.employee();
    const { secret, codes } = await enrolled(person);
    const first = await signIn(ctx, person);
    expect(first.statusCode).toBe(200);
    const step = first.json().second_factor;
    expect(step).toMatchObject({ methods: ['totp', 'recovery_code'], enrol: false, expires_in: 300 });
    expect(first.json().token).toBeUndefined();
    // The ticket is kept hashed.
    const tickets = await ctx.db
      .select()
      .from(authChallenges)
      .where(eq(authChallenges.userId, person.userId!));
    expect(tickets.some((t) => t.tokenHash === step.ticket)).toBe(false);

    nextStep();
    const done = await second(ctx, step.ticket, codeOf(secret));
    expect(done.statusCode, done.body).toBe(200);
    const session = done.json();
    expect(session.token).toBeTruthy();
    expect(session.recovery_codes).toBeUndefined();
    expect((await api(ctx, 'GET', 'me', session.token)).statusCode).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, person.userId!))
      .orderBy(desc(sessions.id))
      .limit(1);
    expect(row!.method).toBe('password');

    // Single use: the same ticket again is refused.
    nextStep();
    expect((await second(ctx, step.ticket, codeOf(secret))).json().error).toBe('second_factor_invalid');

    // A recovery code works once.
    const again = (await signIn(ctx, person)).json().second_factor;
    const byRecovery = await second(ctx, again.ticket, codes[0]!.toUpperCase());
    expect(byRecovery.statusCode, byRecovery.body).toBe(200);
    expect(await auditsOf('recovery_code_used', person.userId!)).toHaveLength(1);
    const third = (await signIn(ctx, person)).json().second_factor;
    const reused = await second(ctx, third.ticket, codes[0]!);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('totp_code_invalid');
    expect((await api(ctx, 'GET', 'account/totp', session.token)).json().recovery_codes_left).toBe(9);
  });

  it('with SECOND_FACTOR=admins, an administrator without an app sets one up while signing in; others sign in at once', async () => {
    const employee = await ctx.factory.employee();
    expect((await signIn(admins, employee)).json().token).toBeTruthy();

    const admin = await ctx.factory.employee({ admin: true });
    const first = await signIn(admins, admin);
    const step = first.json().second_factor;
    expect(step).toMatchObject({ methods: ['totp'], enrol: true });
    // No code without an app: a ticket is not a session.
    expect((await api(admins, 'GET', 'me', step.ticket)).statusCode).toBe(401);

    const made = await admins.call({
      method: 'POST',
      url: '/api/v1/login_check/totp',
      payload: { ticket: step.ticket },
    });
    expect(made.statusCode, made.body).toBe(200);
    const { secret } = made.json();
    const wrongTicket = await admins.call({
      method: 'POST',
      url: '/api/v1/login_check/totp',
      payload: { ticket: 'x'.repeat(43) },
    });
    expect(wrongTicket.statusCode).toBe(401);

    const done = await second(admins, step.ticket, codeOf(secret));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await api(admins, 'GET', 'me', done.json().token)).statusCode).toBe(200);
    expect((await factorOf(admin.userId!))!.confirmedAt).not.toBeNull();
    expect((await api(admins, 'GET', 'account/totp', done.json().token)).json()).toMatchObject({
      enabled: true,
      required: true,
    });

    // The next sign-in asks for the app's code.
    const next = (await signIn(admins, admin)).json().second_factor;
    expect(next).toMatchObject({ enrol: false, methods: ['totp', 'recovery_code'] });
    const enrolAgain = await admins.call({
      method: 'POST',
      url: '/api/v1/login_check/totp',
      payload: { ticket: next.ticket },
    });
    expect(enrolAgain.json().error).toBe('totp_already_enabled');
  });

  it('with SECOND_FACTOR=all, everyone is asked', async () => {
    const employee = await ctx.factory.employee();
    expect((await signIn(all, employee)).json().second_factor).toMatchObject({ enrol: true });
  });

  it('a ticket expires after five minutes and ends after its tries', async () => {
    const person = await ctx.factory.employee();
    const { secret } = await enrolled(person);
    const old = (await signIn(ctx, person)).json().second_factor;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1000 });
    const late = await second(ctx, old.ticket, codeOf(secret));
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toBe('second_factor_invalid');

    const step = (await signIn(ctx, person)).json().second_factor;
    for (let i = 0; i < SECOND_FACTOR_TRIES; i++) {
      const res = await second(ctx, step.ticket, '000000');
      expect(res.statusCode).toBe(i < CODE_RULES.wrongPerUser.limit ? 400 : 429);
    }
    const spent = await second(ctx, step.ticket, codeOf(secret));
    expect(spent.statusCode).toBe(401);
    expect(spent.json().error).toBe('second_factor_invalid');
    // Bad input: 422.
    const bad = await ctx.call({
      method: 'POST',
      url: '/api/v1/login_check/second_factor',
      payload: { ticket: step.ticket },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('a password reset opens no session and does not skip the second step', async () => {
    const person = await ctx.factory.employee();
    const { secret } = await enrolled(person);
    const asked = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp/request',
      payload: { eid: person.eid },
      remoteAddress: randomAddress(),
    });
    expect(asked.statusCode).toBe(200);
    const [mail] = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.employeeId, person.id), eq(outbox.topic, 'password-link')))
      .orderBy(desc(outbox.id))
      .limit(1);
    const link = /resetpassword\/([A-Za-z0-9_-]+)/.exec(mail!.body)?.[1];
    const reset = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp',
      payload: { token: link, plain_password: 'brand-new-pass1' },
      remoteAddress: randomAddress(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().token).toBeUndefined();
    const after = await signIn(ctx, { ...person, password: 'brand-new-pass1' });
    expect(after.json().token).toBeUndefined();
    expect(after.json().second_factor).toMatchObject({ enrol: false });
    nextStep();
    expect((await second(ctx, after.json().second_factor.ticket, codeOf(secret))).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
  const SAFARI =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

  async function twoSessions(person: MadeEmployee) {
    const a = (await signIn(ctx, person, '10.1.2.3', FIREFOX)).json().token as string;
    const b = (await signIn(ctx, person, '10.4.5.6', SAFARI)).json().token as string;
    return { a, b };
  }
  const list = async (token: string) => {
    const res = await api(ctx, 'GET', 'account/sessions', token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as {
      id: number;
      device: string | null;
      address: string | null;
      current: boolean;
      method: string | null;
      last_seen: string;
      impersonated_by: { eid: string; name: string } | null;
    }[];
  };

  it('lists the caller’s sessions with device, address, method and which is this one', async () => {
    const person = await ctx.factory.employee();
    const { a } = await twoSessions(person);
    const items = await list(a);
    expect(items).toHaveLength(2);
    const mine = items.find((i) => i.current)!;
    expect(mine).toMatchObject({ device: 'Firefox on Windows', address: '10.1.2.3', method: 'password' });
    expect(items.find((i) => !i.current)).toMatchObject({ device: 'Safari on iPhone', address: '10.4.5.6' });
    // The lookup of the bearer token keeps the last use (without a statement of its own).
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, mine.id));
    expect(row!.lastSeenAt).not.toBeNull();
  });

  it('moves the last use at most once a minute, inside the lookup of the token', async () => {
    const person = await ctx.factory.employee();
    const token = await ctx.factory.token(person);
    const seen = async () =>
      (
        await ctx.db.select().from(sessions).where(eq(sessions.userId, person.userId!))
      )[0]!.lastSeenAt!.getTime();
    const me = () => api(ctx, 'GET', 'me', token);
    expect((await me()).statusCode).toBe(200);
    const first = await seen();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30_000 });
    expect((await me()).statusCode).toBe(200);
    expect(await seen()).toBe(first);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    const sent = await statementsDuring(ctx, () => me());
    expect(await seen()).toBeGreaterThan(first);
    // No statement of its own: no separate update of the session.
    expect(sent.filter((q) => /^\s*update\s+"sessions"/i.test(q))).toEqual([]);
  });

  it('marks a session an HR administrator opened as the person, with who opened it', async () => {
    const c = await ctx.factory.cast();
    const as = await api(ctx, 'POST', 'impersonate', c.tokens.admin, { employee_id: c.employee.id });
    const items = await list(c.tokens.employee);
    const theirs = items.find((i) => i.impersonated_by);
    expect(theirs).toMatchObject({
      method: 'impersonation',
      impersonated_by: { eid: c.admin.eid, name: c.admin.name },
    });
    // Signed in as them, the administrator may not end their sessions.
    const refused = await api(ctx, 'DELETE', 'account/sessions', as.json().token, { all: true });
    expect(refused.statusCode).toBe(403);
    expect((await api(ctx, 'GET', 'me', c.tokens.employee)).statusCode).toBe(200);
  });

  it('ends one session, then all but this one, at once; audited', async () => {
    const person = await ctx.factory.employee();
    const { a, b } = await twoSessions(person);
    const third = (await signIn(ctx, person)).json().token as string;
    const other = (await list(a)).find((i) => i.current === false && i.address === '10.4.5.6')!;
    const one = await api(ctx, 'DELETE', 'account/sessions', a, { session_id: other.id });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ ended: 1 });
    expect((await api(ctx, 'GET', 'me', b)).statusCode).toBe(401);
    expect((await api(ctx, 'GET', 'me', third)).statusCode).toBe(200);
    // An ended session is not found again.
    expect((await api(ctx, 'DELETE', 'account/sessions', a, { session_id: other.id })).statusCode).toBe(404);

    const rest = await api(ctx, 'DELETE', 'account/sessions', a, { all: true });
    expect(rest.json()).toEqual({ ended: 1 });
    expect((await api(ctx, 'GET', 'me', third)).statusCode).toBe(401);
    // The one asking stays signed in.
    expect((await api(ctx, 'GET', 'me', a)).statusCode).toBe(200);
    expect(await auditsOf('sessions_ended', person.userId!)).toHaveLength(2);
  });

  it('refuses another person’s session id (404, nothing changed) and bad bodies (422)', async () => {
    const person = await ctx.factory.employee();
    const stranger = await ctx.factory.employee();
    const theirs = await ctx.factory.token(stranger);
    const [theirRow] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, stranger.userId!))
      .orderBy(desc(sessions.id))
      .limit(1);
    const token = await ctx.factory.token(person);
    const res = await api(ctx, 'DELETE', 'account/sessions', token, { session_id: theirRow!.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('account_session_not_found');
    expect((await api(ctx, 'GET', 'me', theirs)).statusCode).toBe(200);
    for (const body of [{}, { all: false }, { session_id: 'x' }, { session_id: 1, all: true }])
      expect(
        (await api(ctx, 'DELETE', 'account/sessions', token, body)).statusCode,
        JSON.stringify(body),
      ).toBe(422);
    expect((await api(ctx, 'DELETE', 'account/sessions', null, { all: true })).statusCode).toBe(401);
  });

  it('HR administrators end all of an employee’s sessions (audited); others may not', async () => {
    const c = await ctx.factory.cast();
    const second = await ctx.factory.token(c.employee);
    for (const who of ['employee', 'lm', 'oo', 'peer', 'stranger'] as const) {
      const res = await api(ctx, 'DELETE', `employees/${c.employee.id}/sessions`, c.tokens[who]);
      expect(res.statusCode, who).toBe(403);
    }
    expect((await api(ctx, 'DELETE', `employees/${c.employee.id}/sessions`, null)).statusCode).toBe(401);
    expect((await api(ctx, 'GET', 'me', c.tokens.employee)).statusCode).toBe(200);
    expect((await api(ctx, 'DELETE', 'employees/99999999/sessions', c.tokens.admin)).statusCode).toBe(404);

    const ended = await api(ctx, 'DELETE', `employees/${c.employee.id}/sessions`, c.tokens.admin);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ended: 2 });
    expect((await api(ctx, 'GET', 'me', c.tokens.employee)).statusCode).toBe(401);
    expect((await api(ctx, 'GET', 'me', second)).statusCode).toBe(401);
    expect((await api(ctx, 'GET', 'me', c.tokens.admin)).statusCode).toBe(200);
    const [entry] = await auditsOf('sessions_ended_by_hr', c.employee.id);
    expect(entry!.actorUserId).toBe(c.admin.userId);
  });

  it('an ended session’s live stream on another process closes at once, not at its next check', async () => {
    // The stream on an app of its own whose periodic check would come only after a minute.
    const streams = await buildApp({
      config: ctx.config,
      database: ctx.database,
      realtime: { checkEveryMs: 60_000 },
    });
    whenClosing(() => streams.close());
    const base = await streams.listen({ port: 0, host: '127.0.0.1' });
    const person = await ctx.factory.employee();
    const { a, b } = await twoSessions(person);
    const discovery = await api(ctx, 'GET', 'discovery/employee', b);
    const stream = await openStream(`${base}/api/v1/notifications/stream?token=${discovery.json().token}`);
    expect((await stream.next(3000)).event).toBe('unread');
    const other = (await list(a)).find((i) => !i.current)!;
    const at = Date.now();
    expect((await api(ctx, 'DELETE', 'account/sessions', a, { session_id: other.id })).statusCode).toBe(200);
    const { events, ended } = await stream.rest(5000);
    expect(events.at(-1)?.event).toBe('end');
    expect(JSON.parse(events.at(-1)!.data).code).toBe('session_invalid');
    expect(ended - at).toBeLessThan(2000);
  });
});
