import { SECOND_FACTOR_TRIES } from '@hr/contracts/account';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomAddress, setupApi, type TestContext } from '../../../test/helper';
import { CODE_RULES } from './account.service';

/**
 * Codes sent at the same moment on several connections (PostgreSQL only):
 * the limit on wrong codes holds for a burst, and one code is taken once.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 12 });
});

const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

async function enrolled() {
  const person = await ctx.factory.employee();
  const token = await ctx.factory.token(person);
  const secret = (await ctx.call({ method: 'POST', url: '/api/v1/account/totp', token })).json()
    .secret as string;
  const confirmed = await ctx.call({
    method: 'POST',
    url: '/api/v1/account/totp/confirm',
    token,
    payload: { code: codeOf(secret) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { person, token, secret };
}

describe('codes at once', () => {
  it('a burst of wrong codes cannot pass the limit', async () => {
    const { token } = await enrolled();
    const burst = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.call({
          method: 'POST',
          url: '/api/v1/account/totp/recovery_codes',
          token,
          payload: { code: '000000' },
          remoteAddress: randomAddress(),
        }),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(CODE_RULES.wrongPerUser.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - CODE_RULES.wrongPerUser.limit);
  });

  it('one code sent twice at once is accepted once', async () => {
    const { token, secret } = await enrolled();
    const code = codeOf(secret, 1);
    const both = await Promise.all(
      [0, 1].map(() =>
        ctx.call({ method: 'POST', url: '/api/v1/account/totp/recovery_codes', token, payload: { code } }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('a second step’s ticket opens one session, however many right codes come at once', async () => {
    const { person, secret } = await enrolled();
    const step = await ctx.call({
      method: 'POST',
      url: '/api/v1/login_check',
      payload: { username: person.eid, password: person.password, app_id: 3 },
    });
    const ticket = step.json().second_factor.ticket as string;
    const code = codeOf(secret, 1);
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        ctx.call({ method: 'POST', url: '/api/v1/login_check/second_factor', payload: { ticket, code } }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('a burst of codes on one ticket gets no more tries than the ticket holds', async () => {
    const { person } = await enrolled();
    const step = await ctx.call({
      method: 'POST',
      url: '/api/v1/login_check',
      payload: { username: person.eid, password: person.password, app_id: 3 },
    });
    const ticket = step.json().second_factor.ticket as string;
    const burst = await Promise.all(
      Array.from({ length: 12 }, () =>
        ctx.call({
          method: 'POST',
          url: '/api/v1/login_check/second_factor',
          payload: { ticket, code: '000000' },
          remoteAddress: randomAddress(),
        }),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    // Only the ticket's tries reach a code check (400, or 429 past the person's limit); the rest find it spent.
    expect(statuses.filter((s) => s !== 401)).toHaveLength(SECOND_FACTOR_TRIES);
    expect(statuses.filter((s) => s === 401)).toHaveLength(12 - SECOND_FACTOR_TRIES);
  });
});
