import type { SessionUser } from '@hr/contracts/auth';
import { SESSION_MS } from '@hr/contracts/limits';
import { OIDC_STATE_MS, OIDC_TICKET_MS, SSO_ERROR_PARAM, type SsoError } from '@hr/contracts/sso';
import * as oidc from 'openid-client';
import type { Config, OidcConfig } from '../../config';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError, domainError } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { type ThrottleRule, throttle } from '../../lib/throttle';
import { newToken, sha256 } from '../../lib/tokens';
import { ssoRepository as repo } from './sso.repository';

const MINUTE = 60_000;

export const RULES = {
  /** Round trips begun from one address (each writes a row until it expires). */
  startPerAddress: {
    bucket: 'oidc_start_ip',
    limit: 100,
    windowMs: 15 * MINUTE,
    message: (m: number) => `Too many sign-ins from your address. Please try again in ${m} minute(s).`,
  },
  /** Wrong or used tickets from one address. */
  ticketFailPerAddress: {
    bucket: 'oidc_ticket_fail_ip',
    limit: 30,
    windowMs: 60 * MINUTE,
    message: (m: number) => `Too many failed attempts from your address. Please try again in ${m} minute(s).`,
  },
} satisfies Record<string, ThrottleRule>;

/** The scopes asked for: the E-ID a provider sends is usually `preferred_username` (profile), the address `email`. */
const SCOPES = 'openid email profile';

/** Where the browser is sent next; `problem` says, for the server's log, why a round trip failed. */
export interface Redirect {
  location: string;
  problem?: string;
}

class Refused extends Error {
  constructor(
    readonly code: SsoError,
    readonly problem: string,
  ) {
    super(problem);
  }
}

/**
 * Signing in with the company's OpenID Connect provider (authorization code
 * with PKCE, state and nonce). openid-client checks the ID token's
 * signature (the provider's published keys), issuer, audience, expiry and
 * nonce; nothing here turns a check off. The person is the existing,
 * enabled employee whose E-ID or e-mail address is the configured claim: no
 * account is made. Every step of the round trip is kept in auth_challenges
 * (any process may serve the next one); only the provider's discovery
 * document is kept in this process.
 */
export class SsoService {
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  private get settings(): OidcConfig {
    if (!this.config.oidc) throw new Refused('oidc_not_configured', 'OpenID Connect is not configured');
    return this.config.oidc;
  }

  private get redirectUri(): string {
    return `${this.config.publicUrl}/api/v1/auth/oidc/callback`;
  }

  private signInPage(code: SsoError): string {
    return `${this.config.publicUrl}/signin?${SSO_ERROR_PARAM}=${code}`;
  }

  /**
   * The provider's settings, discovered at the first use (the provider need
   * not be up when the portal starts) and kept for this process; a failed
   * discovery is tried again next time.
   */
  private provider(settings: OidcConfig): Promise<oidc.Configuration> {
    this.discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        oidc.ClientSecretBasic(settings.clientSecret),
        {
          execute: [
            // The ID token's signature is checked against the provider's published keys too (by
            // default openid-client trusts the TLS connection to the token endpoint instead).
            oidc.enableNonRepudiationChecks,
            // Plain http only for a provider on this machine (config.ts allows no other).
            ...(new URL(settings.issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : []),
          ],
        },
      )
      .catch((err: unknown) => {
        this.discovered = null;
        throw err;
      });
    return this.discovered;
  }

  /** GET auth/oidc/start: keeps the round trip's state, nonce and PKCE verifier, and sends the browser to the provider. */
  async start(meta: RequestMeta): Promise<Redirect> {
    try {
      const settings = this.settings;
      await throttle.take(this.db, [{ rule: RULES.startPerAddress, key: meta.ip }]);
      const provider = await this.provider(settings).catch((err: unknown) => {
        throw new Refused('oidc_provider_error', `discovery failed: ${reason(err)}`);
      });
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const verifier = oidc.randomPKCECodeVerifier();
      const now = Date.now();
      await repo.deleteOldChallenges(this.db, new Date(now - 24 * 60 * MINUTE));
      await repo.insertChallenge(this.db, {
        tokenHash: sha256(state),
        kind: 'state',
        data: { nonce, verifier },
        expiresAt: new Date(now + OIDC_STATE_MS),
      });
      const url = oidc.buildAuthorizationUrl(provider, {
        redirect_uri: this.redirectUri,
        scope: SCOPES,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { location: url.href };
    } catch (err) {
      return this.failed(err);
    }
  }

  /**
   * GET auth/oidc/callback: uses the state once, exchanges the code, lets
   * openid-client check the ID token, finds the person, and hands the
   * browser a one-time ticket for the sign-in page.
   */
  async callback(query: URLSearchParams, meta: RequestMeta): Promise<Redirect> {
    try {
      const settings = this.settings;
      const state = query.get('state');
      const now = new Date();
      const round = state ? await repo.takeChallenge(this.db, sha256(state), 'state', now) : null;
      if (!state || !round)
        throw new Refused('oidc_state_invalid', 'state missing, unknown, used or expired');
      const { nonce, verifier } = round.data as { nonce: string; verifier: string };
      if (query.has('error')) {
        throw new Refused('oidc_provider_error', `provider answered ${query.get('error')}`.slice(0, 200));
      }
      const provider = await this.provider(settings).catch((err: unknown) => {
        throw new Refused('oidc_provider_error', `discovery failed: ${reason(err)}`);
      });
      const current = new URL(this.redirectUri);
      current.search = query.toString();
      const tokens = await oidc
        .authorizationCodeGrant(provider, current, {
          pkceCodeVerifier: verifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        })
        .catch((err: unknown) => {
          throw new Refused('oidc_provider_error', `code exchange or ID token refused: ${reason(err)}`);
        });
      const claims = tokens.claims();
      if (!claims) throw new Refused('oidc_provider_error', 'no ID token');
      // A provider that keeps the scopes' claims out of the ID token (as OpenID Connect Core has it
      // for the code flow) answers them at its userinfo endpoint, for the same subject.
      let value = claims[settings.claim];
      if (value === undefined) {
        const info = await oidc
          .fetchUserInfo(provider, tokens.access_token, claims.sub)
          .catch((err: unknown) => {
            throw new Refused('oidc_provider_error', `userinfo refused: ${reason(err)}`);
          });
        value = info[settings.claim];
        if (settings.match === 'email' && info.email_verified === false)
          throw new Refused('oidc_unknown_person', 'the e-mail address is not verified by the provider');
      }
      if (typeof value !== 'string' || value.trim() === '')
        throw new Refused('oidc_unknown_person', `the ID token has no ${settings.claim}`);
      if (settings.match === 'email' && claims.email_verified === false)
        throw new Refused('oidc_unknown_person', 'the e-mail address is not verified by the provider');
      const people = await repo.findPeople(this.db, settings.match, value.trim());
      const person = people.length === 1 ? people[0]! : null;
      if (!person)
        throw new Refused(
          'oidc_unknown_person',
          `${people.length === 0 ? 'no' : 'more than one'} employee with this ${settings.match} (sub ${claims.sub})`,
        );
      if (!person.enabled) throw new Refused('account_disabled', `employee ${person.employeeId} is disabled`);

      const ticket = newToken();
      await repo.insertChallenge(this.db, {
        tokenHash: sha256(ticket),
        kind: 'ticket',
        userId: person.userId,
        data: { sub: claims.sub, ip: meta.ip },
        expiresAt: new Date(Date.now() + OIDC_TICKET_MS),
      });
      return { location: `${this.config.publicUrl}/signin/sso#ticket=${ticket}` };
    } catch (err) {
      return this.failed(err);
    }
  }

  private failed(err: unknown): Redirect {
    if (err instanceof Refused) return { location: this.signInPage(err.code), problem: err.problem };
    // A limit reached (429) is told on the sign-in page too; anything else is the server's error.
    if (err instanceof AppError && err.code === 'too_many_requests')
      return { location: this.signInPage('too_many_requests'), problem: err.message };
    throw err;
  }

  /**
   * POST login_check/oidc: the ticket, once and within its minute, for a
   * session like the password's (method `oidc`, no second factor: the
   * provider asks its own; docs/decisions.md). Audited.
   */
  async signIn(ticket: string, meta: RequestMeta): Promise<SessionUser> {
    if (!this.config.oidc) throw domainError('oidc_not_configured');
    const counts = [{ rule: RULES.ticketFailPerAddress, key: meta.ip }];
    await throttle.take(this.db, counts);
    const row = await repo.takeChallenge(this.db, sha256(ticket), 'ticket', new Date());
    const user = row?.userId ? await repo.findUser(this.db, row.userId) : null;
    if (!row || !user) throw domainError('oidc_ticket_invalid');
    if (!user.enabled) throw domainError('account_disabled');
    await throttle.undo(this.db, counts);

    const token = newToken();
    const expiresAt = new Date(Date.now() + SESSION_MS);
    await this.db.transaction(async (tx) => {
      const sessionId = await repo.insertSession(tx, {
        userId: user.userId,
        tokenHash: sha256(token),
        expiresAt,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 256) ?? null,
      });
      await audit(tx, null, {
        action: 'sign_in',
        entity: 'user',
        entityId: user.userId,
        data: { method: 'oidc', session_id: sessionId, subject: row.data.sub ?? null },
      });
    });
    return {
      token,
      username: user.username,
      employee_id: user.employeeId,
      expiry: expiresAt.getTime(),
      expires_in: expiresAt.getTime() - Date.now(),
      impersonated_by: null,
    };
  }
}

function reason(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = 'code' in err && typeof err.code === 'string' ? `${err.code}: ` : '';
  return `${code}${err.message}`.slice(0, 300);
}
