import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAST_ROLES, setupApi, statementsDuring, type TestContext } from '../../../test/helper';
import { sessions } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

const check = (token?: string, headers?: Record<string, string>) =>
  ctx.call({
    method: 'GET',
    url: '/api/v1/session',
    ...(token ? { token } : {}),
    ...(headers ? { headers } : {}),
  });

describe('GET session: the session check and nothing else', () => {
  it('answers 204 without a body to everyone signed in, sending the session statement only', async () => {
    const cast = await ctx.factory.cast();
    for (const role of CAST_ROLES) {
      const token = cast.tokens[role];
      // The first call may move the session's last use on; it is the same statement either way.
      expect((await check(token)).statusCode, role).toBe(204);
      let res: Awaited<ReturnType<typeof check>> | undefined;
      const sent = await statementsDuring(ctx, async () => {
        res = await check(token);
      });
      expect(res?.statusCode, role).toBe(204);
      expect(res?.body, role).toBe('');
      expect(res?.headers['cache-control'], role).toBe('no-store');
      expect(sent, role).toHaveLength(1);
    }
  });

  it("holds in an administrator's session as someone else, and ends with the administrator's logout", async () => {
    const admin = await ctx.factory.employee({ admin: true });
    const person = await ctx.factory.employee();
    const adminToken = await ctx.factory.token(admin);
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/impersonate',
      token: adminToken,
      payload: { employee_id: person.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const asPerson: string = res.json().token;
    expect((await check(asPerson)).statusCode).toBe(204);
    expect((await ctx.call({ method: 'POST', url: '/api/v1/logout', token: adminToken })).statusCode).toBe(
      200,
    );
    expect((await check(adminToken)).statusCode).toBe(401);
    expect((await check(asPerson)).statusCode).toBe(401);
  });

  it('answers 401 without a token, with a malformed header, an unknown token, or a session ended, expired or disabled', async () => {
    const none = await check();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 401, error: 'unauthorized' });
    expect((await check(undefined, { authorization: 'Basic abc' })).statusCode).toBe(401);
    const unknown = await check('A'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 401, error: 'session_invalid' });

    const loggedOut = await ctx.factory.employee();
    const outToken = await ctx.factory.token(loggedOut);
    expect((await check(outToken)).statusCode).toBe(204);
    expect((await ctx.call({ method: 'POST', url: '/api/v1/logout', token: outToken })).statusCode).toBe(200);
    expect((await check(outToken)).json()).toMatchObject({ code: 401, error: 'session_invalid' });

    const expired = await ctx.factory.employee();
    const expiredToken = await ctx.factory.token(expired);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired.userId!));
    expect((await check(expiredToken)).statusCode).toBe(401);

    const disabled = await ctx.factory.employee();
    const disabledToken = await ctx.factory.token(disabled);
    expect((await check(disabledToken)).statusCode).toBe(204);
    await ctx.factory.setEnabled(disabled.id, false);
    expect((await check(disabledToken)).statusCode).toBe(401);
  });
});
