import type { SessionUser } from '@hr/contracts/auth';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type RequestOptions, SoftAuthenticator } from '../../../test/factories/authenticator';
import { randomAddress, setupApi, type TestContext } from '../../../test/helper';
import { passkeys, sessions } from '../../db/schema';
import { sha256 } from '../../lib/tokens';

/**
 * A passkey verifies its user, so it counts as both factors
 * (docs/decisions.md, "Passkeys"): where HR administrators must give an
 * authenticator app's code after the password (SECOND_FACTOR=admins), an
 * administrator's passkey opens the session at once.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi({ secondFactor: 'admins' });
});

const ORIGIN = 'http://portal.test';

describe('a passkey where administrators need a second step', () => {
  it('signs an HR administrator in without the app’s code, where the password asks for it', async () => {
    const admin = await ctx.factory.employee({ admin: true });
    const password = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login_check',
      payload: { username: admin.eid, password: admin.password, app_id: 3 },
      remoteAddress: randomAddress(),
    });
    expect(password.statusCode, password.body).toBe(200);
    expect(password.json()).toHaveProperty('second_factor');
    expect(password.json()).not.toHaveProperty('token');

    // The administrator's passkey, kept as a registration keeps it.
    const authenticator = new SoftAuthenticator(ORIGIN);
    const { credential } = authenticator.register({
      challenge: 'unused',
      rp: { name: 'HR Portal', id: 'portal.test' },
      user: { id: 'unused', name: admin.eid, displayName: admin.name },
    });
    await ctx.db.insert(passkeys).values({
      userId: admin.userId!,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.cose).toString('base64url'),
      transports: ['internal'],
      deviceType: 'singleDevice',
      name: 'Laptop',
    });

    const options = await ctx.app.inject({ method: 'POST', url: '/api/v1/login_check/passkey/options' });
    const { ticket, options: requestOptions } = options.json() as { ticket: string; options: RequestOptions };
    const answer = authenticator.assert(requestOptions);
    // A security key may leave the user handle out; the credential id alone names the passkey.
    const { userHandle: _, ...withoutHandle } = answer.response;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login_check/passkey',
      payload: { ticket, response: { ...answer, response: withoutHandle } },
      remoteAddress: randomAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json() as SessionUser;
    expect(session).toMatchObject({ username: admin.eid, employee_id: admin.id });
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(session.token)));
    expect(row).toMatchObject({ method: 'passkey', kind: 'login' });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(me.json().user).toMatchObject({ username: admin.eid, is_admin: true });
  });
});
