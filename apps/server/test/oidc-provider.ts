import { createPrivateKey, generateKeyPairSync, type JsonWebKey, type KeyObject, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { vi } from 'vitest';

/**
 * A real OpenID provider for the API tests: the certified oidc-provider
 * package on a random port of this machine, with a client registered for the
 * portal and accounts whose claims each test sets. The browser's side of the
 * round trip is driven with plain HTTP through the provider's own
 * (development) login and consent forms: `signIn`.
 */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The claims of an account, by the login typed on the provider's form (its `sub`). */
  accounts: Map<string, Record<string, unknown>>;
  /**
   * How the next token answers are changed, to test the portal's checks of
   * the ID token: `clockBehindMs` issues them with the provider's clock that
   * much behind (so they expire before the portal reads them);
   * `claims` signs them again with the provider's own key and these claims
   * changed (an audience for another client); `foreignKey` signs them with a
   * key the provider never published.
   */
  tamper: { clockBehindMs?: number; claims?: Record<string, unknown>; foreignKey?: boolean };
  /** Follows the round trip from the portal's redirect to the provider until it comes back to `redirectUri`. */
  signIn(authorizationUrl: string, login: string, options?: { deny?: boolean }): Promise<URL>;
  close(): Promise<void>;
}

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** Signs a JWT (RS256) with a private key: what the provider itself does with its key. */
function signJwt(header: Record<string, unknown>, claims: Record<string, unknown>, key: KeyObject): string {
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  return `${input}.${b64url(sign('sha256', Buffer.from(input), key))}`;
}

function decodeJwt(jwt: string): { header: Record<string, unknown>; claims: Record<string, unknown> } {
  const [header, claims] = jwt.split('.');
  return {
    header: JSON.parse(Buffer.from(header ?? '', 'base64url').toString('utf8')),
    claims: JSON.parse(Buffer.from(claims ?? '', 'base64url').toString('utf8')),
  };
}

export async function startTestProvider(
  redirectUri: string,
  options: { claimsInIdToken?: boolean } = {},
): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk: JsonWebKey = {
    ...privateKey.export({ format: 'jwk' }),
    kid: 'test-key',
    alg: 'RS256',
    use: 'sig',
  };
  const signingKey = createPrivateKey({ key: jwk, format: 'jwk' });
  const foreignKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

  const accounts = new Map<string, Record<string, unknown>>();
  const tamper: TestProvider['tamper'] = {};
  const clientId = 'portal';
  const clientSecret = 'portal-test-secret-0123456789abcdef';

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-provider-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username', 'name'],
    },
    // The claims of the scopes asked for go into the ID token too (as most company providers do);
    // `claimsInIdToken: false` keeps them for the userinfo endpoint, as OpenID Connect Core has it.
    conformIdTokenClaims: options.claimsInIdToken === false,
    features: { devInteractions: { enabled: true } },
    ttl: { Session: 3600, Grant: 3600, AccessToken: 3600, IdToken: 3600, Interaction: 600 },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, ...accounts.get(sub) }),
    }),
  });

  provider.use(async (ctx, next) => {
    if (ctx.path !== '/token') return next();
    // The provider's clock runs behind only while it issues the tokens; Date alone is faked.
    if (tamper.clockBehindMs) vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - tamper.clockBehindMs });
    try {
      await next();
    } finally {
      if (tamper.clockBehindMs) vi.useRealTimers();
    }
    const body = ctx.body as { id_token?: string } | undefined;
    if (body?.id_token && (tamper.claims || tamper.foreignKey)) {
      const { header, claims } = decodeJwt(body.id_token);
      body.id_token = signJwt(
        header,
        { ...claims, ...tamper.claims },
        tamper.foreignKey ? foreignKey : signingKey,
      );
    }
  });
  server.on('request', provider.callback());

  async function signIn(authorizationUrl: string, login: string, options: { deny?: boolean } = {}) {
    const cookies = new Map<string, string>();
    let url = new URL(authorizationUrl);
    let init: RequestInit = {};
    for (let step = 0; step < 20; step++) {
      const res = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: {
          ...(init.headers as Record<string, string> | undefined),
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      if (res.status >= 300 && res.status < 400) {
        const next = new URL(res.headers.get('location')!, url);
        if (next.href.startsWith(redirectUri)) return next;
        url = next;
        init = {};
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
      if (!action || !prompt) throw new Error(`the provider answered ${res.status}: ${html.slice(0, 300)}`);
      url = new URL(action.replaceAll('&amp;', '&'), url);
      // Leaving the consent form unanswered: the provider's abort link.
      const abort = /href="([^"]*abort[^"]*)"/.exec(html)?.[1];
      if (prompt === 'consent' && options.deny && abort) {
        url = new URL(abort.replaceAll('&amp;', '&'), url);
        init = {};
        continue;
      }
      const form: Record<string, string> =
        prompt === 'login' ? { prompt, login, password: 'any' } : { prompt };
      init = {
        method: 'POST',
        body: new URLSearchParams(form).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    }
    throw new Error('the round trip did not come back to the portal');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    tamper,
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
