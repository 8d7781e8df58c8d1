import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext } from '../../../test/helper';

/**
 * WebAuthn takes no IP address as relying party: a portal whose PUBLIC_URL
 * is one, without PASSKEY_RP_ID, has passkeys off (docs/decisions.md, "Passkeys").
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi({
    publicUrl: 'http://10.0.0.5:3000',
    passkeys: { rpId: null, origins: ['http://10.0.0.5:3000'] },
  });
});

describe('passkeys on a portal at an IP address', () => {
  it('hands out no options, offers no adding, and tells the sign-in page', async () => {
    const person = await ctx.factory.employee();
    const token = await ctx.factory.token(person);
    const list = await ctx.call({ method: 'GET', url: '/api/v1/account/passkeys', token });
    expect(list.json()).toEqual({ items: [], can_add: false });
    for (const url of ['/api/v1/account/passkeys/options', '/api/v1/login_check/passkey/options']) {
      const res = await ctx.call({ method: 'POST', url, token });
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toMatchObject({ error: 'passkeys_unavailable' });
    }
    const config = await ctx.call({ method: 'GET', url: '/api/v1/config' });
    expect(config.json()).toMatchObject({ passkey_rp_id: null });
  });
});
