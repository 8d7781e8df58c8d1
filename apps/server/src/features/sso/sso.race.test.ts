import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext, whenClosing } from '../../../test/helper';
import { startTestProvider, type TestProvider } from '../../../test/oidc-provider';
import { burst, secondProcess, statusList, withStatus } from '../../../test/races';

/**
 * The company-account round trip on two API processes (PostgreSQL): the
 * round trip begun on one is finished on the other (nothing of it lives in a
 * process), and a callback or a ticket sent many times at once, half to each
 * process, is taken once.
 */
const REDIRECT = 'http://portal.test/api/v1/auth/oidc/callback';
let idp: TestProvider;
let ctx: TestContext;
let second: FastifyInstance;

beforeAll(async () => {
  idp = await startTestProvider(REDIRECT);
  whenClosing(() => idp.close());
  ctx = await setupApi(
    {
      oidc: {
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        claim: 'preferred_username',
        match: 'eid',
        label: null,
      },
    },
    { poolSize: 10 },
  );
  second = await secondProcess(ctx);
});

const locationOf = (reply: LightMyRequestResponse) => new URL(String(reply.headers.location));

describe('the round trip across processes', () => {
  it('takes a callback sent eight times at once once, and its ticket once', async () => {
    const person = await ctx.factory.employee();
    const login = `race-${Date.now()}`;
    idp.accounts.set(login, { preferred_username: person.eid });
    // Begun on the first process...
    const start = await ctx.call({ method: 'GET', url: '/api/v1/auth/oidc/start' });
    const back = await idp.signIn(String(start.headers.location), login);
    // ...the provider's answer reaches both at once.
    const callbacks = await burst([ctx.app, second], 8, () => ({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
    }));
    const places = callbacks.map((r) => locationOf(r));
    const tickets = places.filter((u) => u.pathname === '/signin/sso');
    expect(tickets, places.map(String).join('\n')).toHaveLength(1);
    expect(places.filter((u) => u.searchParams.get('sso_error') === 'oidc_state_invalid')).toHaveLength(7);

    const ticket = new URLSearchParams(tickets[0]!.hash.slice(1)).get('ticket');
    const exchanges = await burst([ctx.app, second], 8, (i) => ({
      method: 'POST',
      url: '/api/v1/login_check/oidc',
      payload: { ticket },
      remoteAddress: `10.9.0.${i + 1}`,
    }));
    expect(withStatus(exchanges, 200), statusList(exchanges)).toBe(1);
    expect(withStatus(exchanges, 400), statusList(exchanges)).toBe(7);
  });
});
