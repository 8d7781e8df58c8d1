import type { SessionUser } from '@hr/contracts/auth';
import {
  PASSKEY_CHALLENGE_MS,
  PASSKEYS_MAX,
  type Passkey,
  type PasskeyList,
  type PasskeyOptions,
  type PasskeyRegistration,
  type PasskeySignIn,
} from '@hr/contracts/passkeys';
import {
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { type AuthContext, asSomeoneElse } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { type ThrottleRule, throttle } from '../../lib/throttle';
import { hmac, newToken, sha256 } from '../../lib/tokens';
import type { AuthService } from '../auth';
import { type PasskeyRow, passkeysRepository as repo } from './passkeys.repository';

const MINUTE = 60_000;

/**
 * Passkey sign-ins are counted per address before the answer is checked (a
 * right one takes its hit back), and so are the sign-in options a public
 * call hands out (each is a row until it ends). Numbers in docs/decisions.md.
 */
export const PASSKEY_RULES = {
  signInPerAddress: {
    bucket: 'passkey_fail_ip',
    limit: 30,
    windowMs: 15 * MINUTE,
    message: (m: number) =>
      `Too many failed passkey sign-ins from your address. Please try again in ${m} minute(s).`,
  },
  optionsPerAddress: {
    bucket: 'passkey_options_ip',
    limit: 120,
    windowMs: 15 * MINUTE,
    message: (m: number) =>
      `Too many passkey sign-ins started from your address. Please try again in ${m} minute(s).`,
  },
} satisfies Record<string, ThrottleRule>;

/** The name the portal goes by in a passkey manager. */
const RP_NAME = 'HR Portal';

/** How a transport list stored as text goes back to the library. */
const transportsOf = (stored: string[]) => stored as AuthenticatorTransportFuture[];

/**
 * Passkeys (WebAuthn, docs/decisions.md "Passkeys"): a person registers
 * several and signs in with one instead of the E-ID and password. Every
 * ceremony's challenge is kept in `auth_challenges` (purpose
 * `passkey_register` or `passkey_sign_in`), found by the SHA-256 of the
 * ticket handed out with the options, for five minutes and once: any
 * process may take the answer. User verification is required both ways, so
 * a passkey sign-in counts as both factors.
 */
export class PasskeysService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly secret: string,
    private readonly auth: AuthService,
  ) {}

  /** The relying party, or the error that passkeys are off (PUBLIC_URL is an IP address). */
  private rp(): { rpID: string; origins: string[] } {
    const { rpId, origins } = this.config.passkeys;
    if (!rpId) throw domainError('passkeys_unavailable');
    return { rpID: rpId, origins };
  }

  /**
   * The WebAuthn user handle of a user: opaque, stable and the same from
   * every process (an HMAC of the user id with the server secret), so no
   * column holds it and it tells nothing about the person.
   */
  private userHandle(userId: number): Uint8Array<ArrayBuffer> {
    return new Uint8Array(Buffer.from(hmac(this.secret, `webauthn-user:${userId}`), 'hex'));
  }

  private answer(auth: AuthContext, row: PasskeyRow): Passkey {
    return {
      id: row.id,
      name: row.name,
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt?.toISOString() ?? null,
      device_type: row.deviceType,
      backed_up: row.backedUp,
      actions: asSomeoneElse(auth) ? [] : ['rename', 'remove'],
    };
  }

  /** A ticket for a new challenge of this purpose, kept five minutes; ended ones are dropped meanwhile. */
  private async keepChallenge(
    userId: number | null,
    purpose: 'passkey_register' | 'passkey_sign_in',
    challenge: string,
  ): Promise<string> {
    const ticket = newToken();
    const now = Date.now();
    await repo.pruneChallenges(this.db, new Date(now - PASSKEY_CHALLENGE_MS));
    await repo.insertChallenge(this.db, {
      userId,
      purpose,
      tokenHash: sha256(ticket),
      data: { challenge },
      expiresAt: new Date(now + PASSKEY_CHALLENGE_MS),
    });
    return ticket;
  }

  async list(auth: AuthContext): Promise<PasskeyList> {
    const rows = await repo.list(this.db, auth.userId);
    return {
      items: rows.map((row) => this.answer(auth, row)),
      can_add: !asSomeoneElse(auth) && rows.length < PASSKEYS_MAX && this.config.passkeys.rpId !== null,
    };
  }

  /** Options to register one more passkey, without the ones the person has (an authenticator makes one each). */
  async registrationOptions(auth: AuthContext): Promise<PasskeyOptions> {
    if (asSomeoneElse(auth)) throw domainError('impersonation_no_passkey');
    const { rpID } = this.rp();
    const existing = await repo.credentialsOf(this.db, auth.userId);
    if (existing.length >= PASSKEYS_MAX) throw domainError('passkeys_limit', { max: PASSKEYS_MAX });
    const card = await repo.userCard(this.db, auth.userId);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userName: auth.username,
      userDisplayName: card?.name ?? auth.username,
      userID: this.userHandle(auth.userId),
      attestationType: 'none',
      timeout: PASSKEY_CHALLENGE_MS,
      excludeCredentials: existing.map((c) => ({
        id: c.credentialId,
        transports: transportsOf(c.transports),
      })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    });
    const ticket = await this.keepChallenge(auth.userId, 'passkey_register', options.challenge);
    return { ticket, options: { ...options } };
  }

  /** Checks the authenticator's answer to the caller's own options and keeps the passkey. */
  async register(auth: AuthContext, input: PasskeyRegistration): Promise<Passkey> {
    if (asSomeoneElse(auth)) throw domainError('impersonation_no_passkey');
    const { rpID, origins } = this.rp();
    const taken = await repo.takeChallenge(this.db, sha256(input.ticket), 'passkey_register', auth.userId);
    if (!taken) throw domainError('passkey_ticket_invalid');

    const { transports, ...answer } = input.response.response;
    const verification = await verifyRegistrationResponse({
      response: {
        ...input.response,
        response: { ...answer, ...(transports ? { transports: transportsOf(transports) } : {}) },
      },
      expectedChallenge: taken.challenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      requireUserVerification: true,
    }).catch(() => null);
    if (!verification?.verified) throw domainError('passkey_not_verified');
    const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;

    return this.db.transaction(async (tx) => {
      if ((await repo.countOf(tx, auth.userId)) >= PASSKEYS_MAX)
        throw domainError('passkeys_limit', { max: PASSKEYS_MAX });
      const row = await repo.insert(tx, {
        userId: auth.userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name: input.name,
      });
      if (!row) throw domainError('passkey_already_registered');
      await audit(tx, auth, {
        action: 'passkey_add',
        entity: 'user',
        entityId: auth.userId,
        data: { passkey_id: row.id, name: row.name, device_type: credentialDeviceType },
      });
      return this.answer(auth, row);
    });
  }

  async rename(auth: AuthContext, id: number, name: string): Promise<Passkey> {
    if (asSomeoneElse(auth)) throw domainError('impersonation_no_passkey');
    return this.db.transaction(async (tx) => {
      const row = await repo.rename(tx, auth.userId, id, name);
      if (!row) throw domainError('passkey_not_found');
      await audit(tx, auth, {
        action: 'passkey_rename',
        entity: 'user',
        entityId: auth.userId,
        data: { passkey_id: id, name },
      });
      return this.answer(auth, row);
    });
  }

  /** Removes one of the caller's own passkeys (another person's id is not found). */
  async remove(auth: AuthContext, id: number): Promise<void> {
    if (asSomeoneElse(auth)) throw domainError('impersonation_no_passkey');
    await this.db.transaction(async (tx) => {
      const row = await repo.remove(tx, auth.userId, id);
      if (!row) throw domainError('passkey_not_found');
      await audit(tx, auth, {
        action: 'passkey_remove',
        entity: 'user',
        entityId: auth.userId,
        data: { passkey_id: id, name: row.name },
      });
    });
  }

  /** Options to sign in with any passkey of this portal (discoverable: no E-ID asked first). */
  async signInOptions(meta: RequestMeta): Promise<PasskeyOptions> {
    const { rpID } = this.rp();
    await throttle.take(this.db, [{ rule: PASSKEY_RULES.optionsPerAddress, key: meta.ip }]);
    const options = await generateAuthenticationOptions({
      rpID,
      userVerification: 'required',
      timeout: PASSKEY_CHALLENGE_MS,
    });
    const ticket = await this.keepChallenge(null, 'passkey_sign_in', options.challenge);
    return { ticket, options: { ...options } };
  }

  /**
   * Signs in with a passkey's answer to sign-in options: the ticket is
   * taken (once, whatever follows), the passkey found by its credential id,
   * the signature checked with user verification, and the signature counter
   * must move forward (a cloned authenticator shows as a counter going back).
   * Every try is counted per address first; a right one takes its hit back.
   */
  async signIn(input: PasskeySignIn, meta: RequestMeta): Promise<SessionUser> {
    const { rpID, origins } = this.rp();
    const counts = [{ rule: PASSKEY_RULES.signInPerAddress, key: meta.ip }];
    await throttle.take(this.db, counts);

    const taken = await repo.takeChallenge(this.db, sha256(input.ticket), 'passkey_sign_in', null);
    if (!taken) throw domainError('passkey_ticket_invalid');
    const key = await repo.findForSignIn(this.db, input.response.id);
    if (!key) throw domainError('passkey_not_recognised');
    // A discoverable credential names its user: it must be the passkey's owner.
    const handle = input.response.response.userHandle;
    if (handle && handle !== Buffer.from(this.userHandle(key.userId)).toString('base64url'))
      throw domainError('passkey_not_recognised');

    const verification = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: taken.challenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
        counter: key.counter,
        transports: transportsOf(key.transports),
      },
      requireUserVerification: true,
    }).catch(() => null);
    if (!verification?.verified) throw domainError('passkey_not_recognised');
    if (!key.enabled) throw domainError('account_disabled');

    const session = await this.db.transaction(async (tx) => {
      if (!(await repo.recordUse(tx, key.id, verification.authenticationInfo.newCounter)))
        throw domainError('passkey_not_recognised');
      return this.auth.openSession(tx, key, 'passkey', meta);
    });
    await throttle.undo(this.db, counts);
    return session;
  }
}
