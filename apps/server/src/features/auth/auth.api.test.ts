import { createHash } from 'node:crypto';
import { IMPERSONATION_MS, SESSION_MS } from '@hr/contracts/limits';
import { MESSAGES, NOTICES } from '@hr/contracts/messages';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type MadeEmployee, randomAddress, setupApi, type TestContext } from '../../../test/helper';
import { auditLog, outbox, passwordOtps, resetTokens, sessions, users } from '../../db/schema';
import { TEXT } from './auth.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

const login = (username: unknown, password: unknown, remoteAddress = randomAddress(), extra: object = {}) =>
  ctx.call({
    method: 'POST',
    url: '/api/v1/login_check',
    payload: { username, password, app_id: 3, ...extra },
    remoteAddress,
  });

async function lastOtpMessage(employeeId: number) {
  const [row] = await ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.employeeId, employeeId), eq(outbox.topic, 'password-otp')))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row;
}

async function requestCode(eid: string, remoteAddress = randomAddress()) {
  return ctx.call({
    method: 'POST',
    url: '/api/v1/reset/password/otp/request',
    payload: { eid },
    remoteAddress,
  });
}

async function codeFor(person: MadeEmployee): Promise<string> {
  const res = await requestCode(person.eid);
  expect(res.statusCode).toBe(200);
  const msg = await lastOtpMessage(person.id);
  const code = /code is (\d{4})/.exec(msg?.body ?? '')?.[1];
  if (!code) throw new Error('no code in the outbox');
  return code;
}

async function passwordHashOf(userId: number) {
  const [u] = await ctx.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, userId));
  return u?.h;
}

describe('POST /api/v1/login_check', () => {
  it('signs in with E-ID and password and answers the session user', async () => {
    const person = await ctx.factory.employee();
    const before = Date.now();
    const res = await login(person.eid, person.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ username: person.eid, employee_id: person.id });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.expiry).toBeGreaterThanOrEqual(before + SESSION_MS);
    expect(body.expiry).toBeLessThanOrEqual(Date.now() + SESSION_MS);
    expect(body.expires_in).toBeLessThanOrEqual(SESSION_MS);
    expect(body.expires_in).toBeGreaterThan(SESSION_MS - 10_000);
    // The token is stored hashed only.
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, person.userId!));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(body.token);
  });

  it.each([
    ['a wrong password', async (p: MadeEmployee) => [p.eid, 'not-the-password']],
    ['an unknown E-ID', async () => ['NOSUCH1', 'whatever1']],
  ])('refuses %s with 401 and one message', async (_label, args) => {
    const person = await ctx.factory.employee();
    const [u, pw] = await args(person);
    const res = await login(u, pw);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, message: TEXT.invalidCredentials });
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, person.userId!))).toHaveLength(0);
  });

  it('refuses a disabled employee even with the right password', async () => {
    const person = await ctx.factory.employee({ enabled: false });
    const res = await login(person.eid, person.password);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(TEXT.disabled);
  });

  it('refuses an employee whose user has no password yet', async () => {
    const person = await ctx.factory.employee();
    await ctx.db.update(users).set({ passwordHash: null }).where(eq(users.id, person.userId!));
    const res = await login(person.eid, person.password);
    expect(res.statusCode).toBe(401);
  });

  it('answers 422 with the sign-in messages for missing fields', async () => {
    const res = await ctx.call({ method: 'POST', url: '/api/v1/login_check', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 422,
      errors: {
        children: {
          username: { errors: [MESSAGES.eidInvalid] },
          password: { errors: [MESSAGES.passwordRequiredSignIn] },
        },
      },
    });
  });

  it('answers 422 for wrong types, a bad E-ID and a wrong app id', async () => {
    const res = await login(12345, ['x']);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children.username.errors).toEqual([MESSAGES.eidInvalid]);
    const bad = await login('10 01; drop table', 'secret123');
    expect(bad.statusCode).toBe(422);
    const app = await login('1001', 'secret123', randomAddress(), { app_id: 7 });
    expect(app.statusCode).toBe(422);
    expect(app.json().errors.children.app_id.errors[0]).toMatch(/app id/);
  });

  it('answers 400 for malformed JSON and 413 for an oversized body', async () => {
    const malformed = await ctx.call({
      method: 'POST',
      url: '/api/v1/login_check',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "1001", "password": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 400, error: 'invalid_json' });

    const huge = await ctx.call({
      method: 'POST',
      url: '/api/v1/login_check',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: '1001', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 413, error: 'body_too_large' });
  });

  // The limits on failed sign-ins are in sign-in-limits.api.test.ts.
  it('a success clears the failures counted for the E-ID', async () => {
    const person = await ctx.factory.employee();
    for (let i = 0; i < 4; i++) await login(person.eid, 'wrong-pass');
    expect((await login(person.eid, person.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(person.eid, 'wrong-pass')).statusCode).toBe(401);
    expect((await login(person.eid, person.password)).statusCode).toBe(200);
  });
});

describe('tokens and sessions', () => {
  it('a valid token reaches /me; no token, an unknown token and a malformed header get 401', async () => {
    const person = await ctx.factory.employee();
    const { token } = await ctx.factory.login(person);
    const me = await ctx.call({ method: 'GET', url: '/api/v1/me', token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { username: person.eid, is_admin: false },
      employee: { id: person.id, eid: person.eid, name: person.name },
      session: { impersonated_by: null },
    });
    expect((await ctx.call({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
    const unknown = await ctx.call({ method: 'GET', url: '/api/v1/me', token: 'A'.repeat(43) });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 401, error: 'session_invalid' });
    const malformed = await ctx.call({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: 'Basic abc' },
    });
    expect(malformed.statusCode).toBe(401);
  });

  it('logout revokes the token on the server', async () => {
    const person = await ctx.factory.employee();
    const { token } = await ctx.factory.login(person);
    const out = await ctx.call({ method: 'POST', url: '/api/v1/logout', token });
    expect(out.statusCode).toBe(200);
    expect((await ctx.call({ method: 'GET', url: '/api/v1/me', token })).statusCode).toBe(401);
    expect((await ctx.call({ method: 'POST', url: '/api/v1/logout', token })).statusCode).toBe(401);
  });

  it('an expired token gets 401', async () => {
    const person = await ctx.factory.employee();
    const { token } = await ctx.factory.login(person);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, person.userId!));
    const res = await ctx.call({ method: 'GET', url: '/api/v1/me', token });
    expect(res.statusCode).toBe(401);
  });

  it('disabling the employee ends the session', async () => {
    const person = await ctx.factory.employee();
    const { token } = await ctx.factory.login(person);
    await ctx.factory.setEnabled(person.id, false);
    expect((await ctx.call({ method: 'GET', url: '/api/v1/me', token })).statusCode).toBe(401);
  });

  it('/me says whether the employee has reports', async () => {
    const { lm, employee } = await ctx.factory.chain();
    const lmMe = await ctx.call({ method: 'GET', url: '/api/v1/me', token: await ctx.factory.token(lm) });
    expect(lmMe.json().employee.has_reports).toBe(true);
    const empMe = await ctx.call({
      method: 'GET',
      url: '/api/v1/me',
      token: await ctx.factory.token(employee),
    });
    expect(empMe.json().employee.has_reports).toBe(false);
  });
});

describe('password recovery by code', () => {
  it('sends a 4-digit code through the outbox, and a link by e-mail', async () => {
    const person = await ctx.factory.employee({ mobile: '01811112222', email: 'someone@portal.test' });
    const res = await requestCode(person.eid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: TEXT.otpSent });
    const rows = await ctx.db.select().from(outbox).where(eq(outbox.employeeId, person.id));
    const sms = rows.find((r) => r.channel === 'sms');
    const mail = rows.find((r) => r.channel === 'email');
    expect(sms).toMatchObject({ recipient: '01811112222', topic: 'password-otp' });
    expect(sms!.body).toMatch(/\b\d{4}\b/);
    expect(mail).toMatchObject({ recipient: 'someone@portal.test', topic: 'password-link' });
    expect(mail!.body).toContain('http://portal.test/resetpassword/');
    // Only a keyed hash of the code is stored: neither the code nor its plain hash.
    const code = /\d{4}/.exec(sms!.body)![0];
    const [otp] = await ctx.db.select().from(passwordOtps).where(eq(passwordOtps.userId, person.userId!));
    expect(otp!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    for (const plain of [code, `${person.userId}:${code}`])
      expect(otp!.codeHash).not.toBe(createHash('sha256').update(plain).digest('hex'));
  });

  it('answers an unknown E-ID exactly like a known one, and sends nothing', async () => {
    const before = await ctx.db.select().from(outbox);
    const res = await requestCode('UNKNOWN42');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: TEXT.otpSent });
    expect(await ctx.db.select().from(outbox)).toHaveLength(before.length);
  });

  it('validates and resets with the code; the code is single use; old sessions end', async () => {
    const person = await ctx.factory.employee();
    const { token: oldToken } = await ctx.factory.login(person);
    const code = await codeFor(person);
    const check = await ctx.call({
      method: 'GET',
      url: `/api/v1/reset/password/otp/validate/${code}?eid=${person.eid}`,
    });
    expect(check.statusCode).toBe(200);
    const reset = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp',
      payload: { eid: person.eid, otp: Number(code), password: 'newpass1' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: NOTICES.passwordUpdated });
    expect((await login(person.eid, 'newpass1')).statusCode).toBe(200);
    expect((await login(person.eid, person.password)).statusCode).toBe(401);
    expect((await ctx.call({ method: 'GET', url: '/api/v1/me', token: oldToken })).statusCode).toBe(401);

    const again = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp',
      payload: { eid: person.eid, otp: code, password: 'another1' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TEXT.otpWrong);
    expect((await login(person.eid, 'newpass1')).statusCode).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password_reset'), eq(auditLog.entityId, person.userId!)));
    expect(row).toBeDefined();
  });

  it('locks the code after five wrong tries', async () => {
    const person = await ctx.factory.employee();
    const code = await codeFor(person);
    const wrong = code === '0000' ? '1111' : '0000';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await ctx.call({
        method: 'POST',
        url: '/api/v1/reset/password/otp',
        payload: { eid: person.eid, otp: wrong, password: 'newpass1' },
        remoteAddress: randomAddress(),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const right = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp',
      payload: { eid: person.eid, otp: code, password: 'newpass1' },
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('Too many wrong codes. Please request a new code.');
    const [otp] = await ctx.db.select().from(passwordOtps).where(eq(passwordOtps.userId, person.userId!));
    expect(otp!.attempts).toBe(5);
    expect(otp!.lockedAt).not.toBeNull();
    expect((await login(person.eid, person.password)).statusCode).toBe(200);

    // A new code works again.
    const fresh = await codeFor(person);
    const ok = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp',
      payload: { eid: person.eid, otp: fresh, password: 'newpass1' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('answers wrong codes for an unknown E-ID exactly like for a known one', async () => {
    await requestCode('GHOST77');
    const statuses: number[] = [];
    const messages: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await ctx.call({
        method: 'POST',
        url: '/api/v1/reset/password/otp',
        payload: { eid: 'GHOST77', otp: '1234', password: 'newpass1' },
        remoteAddress: randomAddress(),
      });
      statuses.push(res.statusCode);
      messages.push(res.json().message);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(messages[0]).toBe(TEXT.otpWrong);
  });

  it('refuses an expired code', async () => {
    const person = await ctx.factory.employee();
    const code = await codeFor(person);
    await ctx.db
      .update(passwordOtps)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordOtps.userId, person.userId!));
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp',
      payload: { eid: person.eid, otp: code, password: 'newpass1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TEXT.otpWrong);
    expect((await login(person.eid, person.password)).statusCode).toBe(200);
  });

  it('a new request replaces the previous code', async () => {
    const person = await ctx.factory.employee();
    const first = await codeFor(person);
    const second = await codeFor(person);
    if (first !== second) {
      const old = await ctx.call({
        method: 'GET',
        url: `/api/v1/reset/password/otp/validate/${first}?eid=${person.eid}`,
      });
      expect(old.statusCode).toBe(400);
    }
    const cur = await ctx.call({
      method: 'GET',
      url: `/api/v1/reset/password/otp/validate/${second}?eid=${person.eid}`,
    });
    expect(cur.statusCode).toBe(200);
  });

  it('limits code requests per E-ID', async () => {
    const person = await ctx.factory.employee();
    for (let i = 0; i < 5; i++) expect((await requestCode(person.eid)).statusCode).toBe(200);
    const res = await requestCode(person.eid);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many code requests for this E-ID/);
    // The same for an E-ID that does not exist.
    for (let i = 0; i < 5; i++) expect((await requestCode('NOPE999')).statusCode).toBe(200);
    expect((await requestCode('NOPE999')).statusCode).toBe(429);
  });

  it('checks each field with the exact messages and changes nothing', async () => {
    const person = await ctx.factory.employee();
    const hash = await passwordHashOf(person.userId!);
    const cases: [object, string, string][] = [
      [{ otp: '1234', password: 'newpass1' }, 'eid', MESSAGES.eidRequired],
      [{ eid: person.eid, password: 'newpass1' }, 'otp', MESSAGES.otpRequired],
      [{ eid: person.eid, otp: '123', password: 'newpass1' }, 'otp', MESSAGES.otpLength],
      [{ eid: person.eid, otp: '1234' }, 'password', MESSAGES.passwordRequired],
      [{ eid: person.eid, otp: '1234', password: '12345' }, 'password', MESSAGES.passwordLength],
      [{ eid: person.eid, otp: '1234', password: 'x'.repeat(21) }, 'password', MESSAGES.passwordLength],
    ];
    for (const [payload, field, message] of cases) {
      const res = await ctx.call({ method: 'POST', url: '/api/v1/reset/password/otp', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors.children[field].errors).toEqual([message]);
    }
    const empty = await ctx.call({ method: 'POST', url: '/api/v1/reset/password/otp/request', payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.children.eid.errors).toEqual([MESSAGES.eidRequired]);
    expect(await passwordHashOf(person.userId!)).toBe(hash);
  });
});

describe('password reset by link', () => {
  async function linkFor(person: MadeEmployee): Promise<string> {
    await requestCode(person.eid);
    const [mail] = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.employeeId, person.id), eq(outbox.topic, 'password-link')))
      .orderBy(desc(outbox.id))
      .limit(1);
    const token = /resetpassword\/([A-Za-z0-9_-]+)/.exec(mail!.body)?.[1];
    if (!token) throw new Error('no link in the outbox');
    return token;
  }

  it('validates, resets once, and refuses a reused link', async () => {
    const person = await ctx.factory.employee();
    const token = await linkFor(person);
    expect(
      (await ctx.call({ method: 'GET', url: `/api/v1/reset/password/otp/validate/${token}` })).statusCode,
    ).toBe(200);
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp',
      payload: { token, plain_password: 'linkpass1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your password has been successfully updated.');
    expect((await login(person.eid, 'linkpass1')).statusCode).toBe(200);

    const reuse = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp',
      payload: { token, plain_password: 'otherpass1' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(TEXT.linkInvalid);
    expect(
      (await ctx.call({ method: 'GET', url: `/api/v1/reset/password/otp/validate/${token}` })).statusCode,
    ).toBe(400);
    expect((await login(person.eid, 'linkpass1')).statusCode).toBe(200);
  });

  it('refuses an expired link and an unknown one', async () => {
    const person = await ctx.factory.employee();
    const token = await linkFor(person);
    await ctx.db
      .update(resetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(resetTokens.userId, person.userId!));
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp',
      payload: { token, plain_password: 'linkpass1' },
    });
    expect(res.statusCode).toBe(400);
    const unknown = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp',
      payload: { token: 'x'.repeat(43), plain_password: 'linkpass1' },
    });
    expect(unknown.statusCode).toBe(400);
    expect((await login(person.eid, person.password)).statusCode).toBe(200);
  });

  it('uses the password rules for plain_password', async () => {
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp',
      payload: { token: 'x'.repeat(43), plain_password: '123' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children.plain_password.errors).toEqual([MESSAGES.passwordLength]);
  });
});

describe('POST /api/v1/impersonate', () => {
  it('gives an admin a 24-hour session as another employee, audited', async () => {
    const admin = await ctx.factory.employee({ admin: true });
    const target = await ctx.factory.employee();
    const token = await ctx.factory.token(admin);
    const before = Date.now();
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/impersonate',
      token,
      payload: { employee_id: target.id },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ username: target.eid, employee_id: target.id, impersonated_by: admin.eid });
    expect(body.expiry).toBeGreaterThanOrEqual(before + IMPERSONATION_MS);
    const me = await ctx.call({ method: 'GET', url: '/api/v1/me', token: body.token });
    expect(me.json()).toMatchObject({ employee: { id: target.id }, session: { impersonated_by: admin.eid } });
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'impersonate'), eq(auditLog.entityId, target.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorUserId).toBe(admin.userId);
    // An impersonation session cannot impersonate further.
    const chained = await ctx.call({
      method: 'POST',
      url: '/api/v1/impersonate',
      token: body.token,
      payload: { employee_id: admin.id },
    });
    expect(chained.statusCode).toBe(403);
  });

  it('refuses a non-admin with 403 and creates no session', async () => {
    const person = await ctx.factory.employee();
    const target = await ctx.factory.employee();
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/impersonate',
      token: await ctx.factory.token(person),
      payload: { employee_id: target.id },
    });
    expect(res.statusCode).toBe(403);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, target.userId!))).toHaveLength(0);
  });

  it('answers 401 without a token, 404 for an unknown or user-less employee, 422 for a bad body', async () => {
    const admin = await ctx.factory.employee({ admin: true });
    const token = await ctx.factory.token(admin);
    expect(
      (await ctx.call({ method: 'POST', url: '/api/v1/impersonate', payload: { employee_id: 1 } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await ctx.call({
          method: 'POST',
          url: '/api/v1/impersonate',
          token,
          payload: { employee_id: 99999999 },
        })
      ).statusCode,
    ).toBe(404);
    const noUser = await ctx.factory.employee({ withUser: false });
    expect(
      (
        await ctx.call({
          method: 'POST',
          url: '/api/v1/impersonate',
          token,
          payload: { employee_id: noUser.id },
        })
      ).statusCode,
    ).toBe(404);
    const bad = await ctx.call({
      method: 'POST',
      url: '/api/v1/impersonate',
      token,
      payload: { employee_id: 'abc' },
    });
    expect(bad.statusCode).toBe(422);
    const disabled = await ctx.factory.employee({ enabled: false });
    expect(
      (
        await ctx.call({
          method: 'POST',
          url: '/api/v1/impersonate',
          token,
          payload: { employee_id: disabled.id },
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe('discovery, config, health and errors', () => {
  it('GET discovery/employee answers the realtime settings for a signed-in user only', async () => {
    const person = await ctx.factory.employee();
    const res = await ctx.call({
      method: 'GET',
      url: '/api/v1/discovery/employee',
      token: await ctx.factory.token(person),
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['api_key', 'project_id', 'ref', 'token', 'url']);
    // Bound to the caller's session (its id, an expiry, a signature): comments.api.test.ts.
    expect(res.json().token).toMatch(/^\d+\.\d+\.[0-9a-f]{64}$/);
    expect((await ctx.call({ method: 'GET', url: '/api/v1/discovery/employee' })).statusCode).toBe(401);
  });

  it('GET config lists demo accounts only in demo mode', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/v1/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().demo_accounts.map((a: { eid: string }) => a.eid)).toEqual([
      '1001',
      '1002',
      '1003',
      '1004',
    ]);
  });

  it('GET /api/health answers 200 with the database kind', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: dbKind, version: expect.any(String) });
  });

  it('unknown API routes answer a JSON 404', async () => {
    for (const url of ['/api/v1/nope', '/api/nothing', '/api']) {
      const res = await ctx.call({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ code: 404, error: 'route_not_found' });
    }
    const post = await ctx.call({ method: 'DELETE', url: '/api/v1/login_check' });
    expect(post.statusCode).toBe(404);
  });

  it('sends the security headers on every answer', async () => {
    for (const url of ['/api/health', '/api/v1/me', '/api/v1/nope']) {
      const res = await ctx.call({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('serves the OpenAPI document built from the route schemas', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/login_check',
        '/api/v1/reset/password/otp',
        '/api/v1/impersonate',
        '/api/health',
      ]),
    );
    expect(
      doc.paths['/api/v1/login_check'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['username', 'password']));
    const ui = await ctx.call({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
