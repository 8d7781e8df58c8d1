// The company's OpenID provider for the browser tests: the certified
// oidc-provider package with a client registered for the portal. Its own
// (development) login form takes any login and password: the login becomes
// the account's `sub` and `preferred_username`, which the portal matches to
// an E-ID (so "1004" signs in the demo employee and "nobody" is no one).
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_PORT ?? 3350);
const portal = process.env.PORTAL_URL ?? 'http://127.0.0.1:3170';
const issuer = `http://127.0.0.1:${port}`;

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'e2e', alg: 'RS256', use: 'sig' };

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.OIDC_CLIENT_ID ?? 'hr-portal',
      client_secret: process.env.OIDC_CLIENT_SECRET ?? 'e2e-client-secret',
      redirect_uris: [`${portal}/api/v1/auth/oidc/callback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  jwks: { keys: [jwk] },
  cookies: { keys: ['e2e-provider-cookie-key'] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'name'] },
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: true } },
  ttl: { Session: 3600, Grant: 3600, AccessToken: 3600, IdToken: 3600, Interaction: 600 },
  findAccount: async (_ctx, sub) => ({
    accountId: sub,
    claims: async () => ({ sub, preferred_username: sub, name: `Person ${sub}` }),
  }),
});

http.createServer(provider.callback()).listen(port, '127.0.0.1', () => {
  process.stdout.write(`OpenID provider at ${issuer}\n`);
});
