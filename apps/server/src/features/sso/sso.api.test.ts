import { createServer } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomAddress, setupApi, type TestContext, whenClosing } from '../../../test/helper';
import { startTestProvider, type TestProvider } from '../../../test/oidc-provider';
import type { OidcConfig } from '../../config';
import { auditLog, authChallenges, employees, outbox, sessions, users } from '../../db/schema';
import { sha256 } from '../../lib/tokens';

const PORTAL = 'http://portal.test';
const REDIRECT = `${PORTAL}/api/v1/auth/oidc/callback`;

let idp: TestProvider;
/** The portal matching the provider's `preferred_username` to the E-ID. */
let ctx: TestContext;

const oidcConfig = (overrides: Partial<OidcConfig> = {}): OidcConfig => ({
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  claim: 'preferred_username',
  match: 'eid',
  label: 'Company account',
  ...overrides,
});

beforeAll(async () => {
  idp = await startTestProvider(REDIRECT);
  whenClosing(() => idp.close());
  ctx = await setupApi({ oidc: oidcConfig() });
});

let logins = 0;
/** An account at the provider with these claims; answers the login typed on its form. */
function account(claims: Record<string, unknown>): string {
  const login = `account-${++logins}-${Date.now()}`;
  idp.accounts.set(login, claims);
  return login;
}

/** The browser's round trip: the portal's start, the provider's forms, the portal's callback. */
async function roundTrip(on: TestContext, login: string, options: { deny?: boolean } = {}) {
  const start = await on.call({
    method: 'GET',
    url: '/api/v1/auth/oidc/start',
    remoteAddress: randomAddress(),
  });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(String(start.headers.location));
  const back = await idp.signIn(authorize.href, login, options);
  const callback = await on.call({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(callback.statusCode).toBe(302);
  return { authorize, back, location: new URL(String(callback.headers.location)) };
}

const ticketOf = (location: URL) => new URLSearchParams(location.hash.slice(1)).get('ticket');
const errorOf = (location: URL) =>
  location.pathname === '/signin' ? location.searchParams.get('sso_error') : `not refused: ${location.href}`;

const exchange = (on: TestContext, ticket: unknown) =>
  on.call({
    method: 'POST',
    url: '/api/v1/login_check/oidc',
    payload: { ticket },
    remoteAddress: randomAddress(),
  });

async function userCount(on: TestContext) {
  const [row] = await on.db.select({ n: count() }).from(users);
  return row!.n;
}

async function sessionsOf(on: TestContext, userId: number) {
  return on.db.select().from(sessions).where(eq(sessions.userId, userId));
}

describe('GET auth/oidc/start', () => {
  it('keeps state, nonce and the PKCE verifier in auth_challenges and sends the browser to the provider', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/v1/auth/oidc/start' });
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(url.origin).toBe(idp.issuer);
    const p = url.searchParams;
    expect(p.get('client_id')).toBe(idp.clientId);
    expect(p.get('redirect_uri')).toBe(REDIRECT);
    expect(p.get('response_type')).toBe('code');
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('nonce')).toBeTruthy();
    const state = p.get('state')!;
    // Kept in the database (found by the state's hash), not in the process: any process may take the callback.
    const [row] = await ctx.db
      .select()
      .from(authChallenges)
      .where(eq(authChallenges.tokenHash, sha256(state)));
    expect(row).toMatchObject({ purpose: 'oidc', usedAt: null, userId: null });
    expect(row!.data).toMatchObject({ kind: 'state', nonce: p.get('nonce'), verifier: expect.any(String) });
    expect(JSON.stringify(row!.data)).not.toContain(p.get('code_challenge')!);
  });
});

describe('the round trip', () => {
  it('signs an existing employee in by E-ID: a session of method oidc that works on /me, audited', async () => {
    const person = await ctx.factory.employee();
    const login = account({ preferred_username: person.eid, email: 'someone.else@example.test' });
    const { location } = await roundTrip(ctx, login);
    expect(`${location.origin}${location.pathname}`).toBe(`${PORTAL}/signin/sso`);
    const ticket = ticketOf(location);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const res = await exchange(ctx, ticket);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ username: person.eid, employee_id: person.id, impersonated_by: null });
    const me = await ctx.call({ method: 'GET', url: '/api/v1/me', token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().employee).toMatchObject({ id: person.id, eid: person.eid });
    const [session] = await sessionsOf(ctx, person.userId!);
    expect(session).toMatchObject({ method: 'oidc', kind: 'login' });
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign_in'), eq(auditLog.entityId, person.userId!)));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.data).toMatchObject({ method: 'oidc', session_id: session!.id, subject: login });

    // The ticket is used once.
    const again = await exchange(ctx, ticket);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'oidc_ticket_invalid' });
    expect(await sessionsOf(ctx, person.userId!)).toHaveLength(1);
  });

  it('refuses a replayed callback: the state is used once', async () => {
    const person = await ctx.factory.employee();
    const { back, location } = await roundTrip(ctx, account({ preferred_username: person.eid }));
    expect(ticketOf(location)).toBeTruthy();
    const replay = await ctx.call({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(replay.statusCode).toBe(302);
    expect(errorOf(new URL(String(replay.headers.location)))).toBe('oidc_state_invalid');
  });

  it('refuses a missing, forged or expired state, and changes nothing', async () => {
    const before = await ctx.db.select({ n: count() }).from(sessions);
    for (const query of ['', '?code=abc', `?state=${'x'.repeat(43)}&code=abc`, '?state=&code=abc']) {
      const res = await ctx.call({ method: 'GET', url: `/api/v1/auth/oidc/callback${query}` });
      expect(res.statusCode, query).toBe(302);
      expect(errorOf(new URL(String(res.headers.location))), query).toBe('oidc_state_invalid');
    }
    // A real state whose ten minutes have passed.
    const person = await ctx.factory.employee();
    const start = await ctx.call({ method: 'GET', url: '/api/v1/auth/oidc/start' });
    const authorize = new URL(String(start.headers.location));
    const back = await idp.signIn(authorize.href, account({ preferred_username: person.eid }));
    await ctx.db
      .update(authChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authChallenges.tokenHash, sha256(authorize.searchParams.get('state')!)));
    const late = await ctx.call({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(errorOf(new URL(String(late.headers.location)))).toBe('oidc_state_invalid');
    expect(await ctx.db.select({ n: count() }).from(sessions)).toEqual(before);
  });

  it('refuses a state used as a ticket, and a ticket used as a state', async () => {
    const start = await ctx.call({ method: 'GET', url: '/api/v1/auth/oidc/start' });
    const state = new URL(String(start.headers.location)).searchParams.get('state');
    expect((await exchange(ctx, state)).json()).toMatchObject({ error: 'oidc_ticket_invalid' });

    const person = await ctx.factory.employee();
    const { location } = await roundTrip(ctx, account({ preferred_username: person.eid }));
    const ticket = ticketOf(location);
    const res = await ctx.call({ method: 'GET', url: `/api/v1/auth/oidc/callback?state=${ticket}&code=abc` });
    expect(errorOf(new URL(String(res.headers.location)))).toBe('oidc_state_invalid');
    expect((await exchange(ctx, ticket)).statusCode).toBe(200);
  });

  it('refuses a person who is no employee, and makes no account', async () => {
    const before = await userCount(ctx);
    const { location } = await roundTrip(ctx, account({ preferred_username: 'NOSUCH404' }));
    expect(errorOf(location)).toBe('oidc_unknown_person');
    expect(await userCount(ctx)).toBe(before);
    // An ID token without the claim at all.
    const none = await roundTrip(ctx, account({}));
    expect(errorOf(none.location)).toBe('oidc_unknown_person');
    // An employee without a user account is not given one either.
    const noUser = await ctx.factory.employee({ withUser: false });
    const third = await roundTrip(ctx, account({ preferred_username: noUser.eid }));
    expect(errorOf(third.location)).toBe('oidc_unknown_person');
    expect(await userCount(ctx)).toBe(before);
  });

  it('refuses a disabled employee', async () => {
    const person = await ctx.factory.employee({ enabled: false });
    const { location } = await roundTrip(ctx, account({ preferred_username: person.eid }));
    expect(errorOf(location)).toBe('account_disabled');
    expect(await sessionsOf(ctx, person.userId!)).toHaveLength(0);
  });

  it('refuses a ticket whose employee was disabled meanwhile, and an expired ticket', async () => {
    const person = await ctx.factory.employee();
    const first = ticketOf((await roundTrip(ctx, account({ preferred_username: person.eid }))).location);
    const second = ticketOf((await roundTrip(ctx, account({ preferred_username: person.eid }))).location);
    await ctx.db
      .update(authChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authChallenges.tokenHash, sha256(second!)));
    expect((await exchange(ctx, second)).json()).toMatchObject({ error: 'oidc_ticket_invalid' });
    await ctx.factory.setEnabled(person.id, false);
    const res = await exchange(ctx, first);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'account_disabled' });
    expect(await sessionsOf(ctx, person.userId!)).toHaveLength(0);
  });

  it('answers 422 for a missing or oversized ticket', async () => {
    expect(
      (await ctx.call({ method: 'POST', url: '/api/v1/login_check/oidc', payload: {} })).statusCode,
    ).toBe(422);
    expect((await exchange(ctx, 'x'.repeat(201))).statusCode).toBe(422);
    expect((await exchange(ctx, 42)).statusCode).toBe(422);
  });

  it('tells the sign-in page when the person declines at the provider', async () => {
    const person = await ctx.factory.employee();
    const { location } = await roundTrip(ctx, account({ preferred_username: person.eid }), { deny: true });
    expect(errorOf(location)).toBe('oidc_provider_error');
    expect(await sessionsOf(ctx, person.userId!)).toHaveLength(0);
  });
});

describe('the ID token is checked', () => {
  /**
   * Each case changes the token answer of the real provider (test/oidc-provider.ts):
   * an ID token signed with the provider's own published key but made out to
   * another client (wrong audience); one signed with a key the provider never
   * published; and one issued while the provider's clock ran two hours behind,
   * so that its one hour of validity ended an hour before the portal reads it
   * (openid-client allows 30 seconds of skew).
   */
  it.each([
    ['another audience', { claims: { aud: 'another-client' } }],
    ['another issuer', { claims: { iss: 'http://127.0.0.1:1' } }],
    ['a key the provider never published', { foreignKey: true }],
    ['an expired ID token', { clockBehindMs: 2 * 3_600_000 }],
  ])('refuses %s', async (_label, tamper) => {
    const person = await ctx.factory.employee();
    const login = account({ preferred_username: person.eid });
    Object.assign(idp.tamper, tamper);
    try {
      const { location } = await roundTrip(ctx, login);
      expect(errorOf(location)).toBe('oidc_provider_error');
    } finally {
      for (const key of Object.keys(idp.tamper)) delete idp.tamper[key as keyof typeof idp.tamper];
    }
    expect(await sessionsOf(ctx, person.userId!)).toHaveLength(0);
    // The same person is let in by an untouched token.
    expect(ticketOf((await roundTrip(ctx, login)).location)).toBeTruthy();
  });
});

describe('matching by e-mail', () => {
  let byEmail: TestContext;
  beforeAll(async () => {
    byEmail = await setupApi({ oidc: oidcConfig({ claim: 'email', match: 'email' }) });
  });

  it('signs in the employee whose address the claim is, in any case, and makes no account', async () => {
    const person = await byEmail.factory.employee({ email: `Mixed.Case.${Date.now()}@Portal.test` });
    const before = await userCount(byEmail);
    const address = (await emailOf(byEmail, person.id)).toUpperCase();
    const { location } = await roundTrip(byEmail, account({ email: address, email_verified: true }));
    const res = await exchange(byEmail, ticketOf(location));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ employee_id: person.id, username: person.eid });
    const stranger = await roundTrip(byEmail, account({ email: 'nobody@elsewhere.test' }));
    expect(errorOf(stranger.location)).toBe('oidc_unknown_person');
    expect(await userCount(byEmail)).toBe(before);
  });

  it('refuses an address the provider says is not verified, and an address two employees share', async () => {
    const person = await byEmail.factory.employee();
    const address = await emailOf(byEmail, person.id);
    const unverified = await roundTrip(byEmail, account({ email: address, email_verified: false }));
    expect(errorOf(unverified.location)).toBe('oidc_unknown_person');
    const shared = `shared.${Date.now()}@portal.test`;
    await byEmail.factory.employee({ email: shared });
    await byEmail.factory.employee({ email: shared });
    const twice = await roundTrip(byEmail, account({ email: shared }));
    expect(errorOf(twice.location)).toBe('oidc_unknown_person');
  });

  it('does not match the E-ID there', async () => {
    const person = await byEmail.factory.employee();
    const { location } = await roundTrip(
      byEmail,
      account({ email: person.eid, preferred_username: person.eid }),
    );
    expect(errorOf(location)).toBe('oidc_unknown_person');
  });
});

async function emailOf(on: TestContext, employeeId: number): Promise<string> {
  const [row] = await on.db
    .select({ email: employees.email })
    .from(employees)
    .where(eq(employees.id, employeeId));
  return row!.email!;
}

describe('a provider that sends the claims at its userinfo endpoint only', () => {
  it('reads the claim there, for the ID token’s subject', async () => {
    const strict = await startTestProvider(REDIRECT, { claimsInIdToken: false });
    whenClosing(() => strict.close());
    const on = await setupApi({
      oidc: {
        ...oidcConfig(),
        issuer: strict.issuer,
        clientId: strict.clientId,
        clientSecret: strict.clientSecret,
      },
    });
    const person = await on.factory.employee();
    const login = `strict-${Date.now()}`;
    strict.accounts.set(login, { preferred_username: person.eid });
    const start = await on.call({ method: 'GET', url: '/api/v1/auth/oidc/start' });
    const back = await strict.signIn(String(start.headers.location), login);
    const callback = await on.call({ method: 'GET', url: `${back.pathname}${back.search}` });
    const location = new URL(String(callback.headers.location));
    const res = await exchange(on, ticketOf(location));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ employee_id: person.id });
  });
});

describe('password sign-in off, except break-glass', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await setupApi({ oidc: oidcConfig(), passwordSignIn: false, breakGlassEids: [] });
  });

  it('refuses everyone else with password_sign_in_off, right password or not; lets break-glass in', async () => {
    const admin = await off.factory.employee({ admin: true });
    const person = await off.factory.employee();
    off.config.breakGlassEids.push(admin.eid.toLowerCase());
    for (const password of [person.password, 'wrong-pass']) {
      const res = await off.call({
        method: 'POST',
        url: '/api/v1/login_check',
        payload: { username: person.eid, password, app_id: 3 },
        remoteAddress: randomAddress(),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'password_sign_in_off' });
    }
    expect(await sessionsOf(off, person.userId!)).toHaveLength(0);
    const ok = await off.call({
      method: 'POST',
      url: '/api/v1/login_check',
      payload: { username: admin.eid, password: admin.password, app_id: 3 },
      remoteAddress: randomAddress(),
    });
    expect(ok.statusCode).toBe(200);
    // The company account still signs the others in.
    const { location } = await roundTrip(off, account({ preferred_username: person.eid }));
    expect((await exchange(off, ticketOf(location))).statusCode).toBe(200);
  });

  it('sends no reset code or link to the others (answered alike), and still to break-glass', async () => {
    const admin = await off.factory.employee({ admin: true });
    const person = await off.factory.employee();
    off.config.breakGlassEids.push(admin.eid);
    const sent = async (employeeId: number) =>
      (await off.db.select({ n: count() }).from(outbox).where(eq(outbox.employeeId, employeeId)))[0]!.n;
    const other = await off.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp/request',
      payload: { eid: person.eid },
      remoteAddress: randomAddress(),
    });
    const glass = await off.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp/request',
      payload: { eid: admin.eid },
      remoteAddress: randomAddress(),
    });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual(glass.json());
    expect(await sent(person.id)).toBe(0);
    expect(await sent(admin.id)).toBeGreaterThan(0);
  });

  it('tells the sign-in page that password sign-in is off and what the button says', async () => {
    const res = await off.call({ method: 'GET', url: '/api/v1/config' });
    expect(res.json()).toMatchObject({ sso: { label: 'Company account' }, password_sign_in: false });
    const on = await ctx.call({ method: 'GET', url: '/api/v1/config' });
    expect(on.json()).toMatchObject({ sso: { label: 'Company account' }, password_sign_in: true });
  });
});

describe('without OpenID Connect, or with the provider down', () => {
  it('answers the sign-in page with the code, and the config says so', async () => {
    const plain = await setupApi();
    const config = await plain.call({ method: 'GET', url: '/api/v1/config' });
    expect(config.json()).toMatchObject({ sso: null, password_sign_in: true });
    const start = await plain.call({ method: 'GET', url: '/api/v1/auth/oidc/start' });
    expect(start.statusCode).toBe(302);
    expect(errorOf(new URL(String(start.headers.location)))).toBe('oidc_not_configured');
    const res = await exchange(plain, 'x'.repeat(43));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'oidc_not_configured' });
  });

  it('starts without the provider, discovers it at the first sign-in, and tries again after a failure', async () => {
    // A port nobody listens on (taken and given back).
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as { port: number };
        probe.close(() => resolve(p));
      });
    });
    const down = await setupApi({ oidc: oidcConfig({ issuer: `http://127.0.0.1:${port}` }) });
    const res = await down.call({ method: 'GET', url: '/api/v1/auth/oidc/start' });
    expect(res.statusCode).toBe(302);
    expect(errorOf(new URL(String(res.headers.location)))).toBe('oidc_provider_error');
    // The failed discovery is not kept: the configured provider is asked again on the next start.
    down.config.oidc = oidcConfig();
    const next = await down.call({ method: 'GET', url: '/api/v1/auth/oidc/start' });
    expect(new URL(String(next.headers.location)).origin).toBe(idp.issuer);
  });
});
