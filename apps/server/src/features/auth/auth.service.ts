import type {
  LoginAnswer,
  SecondFactorRequest,
  SecondFactorSession,
  TotpEnrolment,
} from '@hr/contracts/account';
import type { LanguageChoice, LinkReset, LoginRequest, OtpReset, SessionUser } from '@hr/contracts/auth';
import type { Language } from '@hr/contracts/limits';
import {
  IMPERSONATION_MS,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_SECONDS,
  RESET_LINK_MS,
  SESSION_MS,
} from '@hr/contracts/limits';
import { NOTICES } from '@hr/contracts/messages';
import { type Config, passwordSignInAllowed } from '../../config';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import { isLanguage } from '../../lib/language';
import { enqueueMessage } from '../../lib/outbox';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { RequestMeta } from '../../lib/request-meta';
import { endUserSessions } from '../../lib/session-end';
import { photoUrls } from '../../lib/signed-urls';
import { type Hit, type ThrottleRule, throttle } from '../../lib/throttle';
import { hmac, newOtp, newToken, safeEqualHex, sha256 } from '../../lib/tokens';
import { AccountService } from '../account';
import { authRepository as repo } from './auth.repository';

const MINUTE = 60_000;

/**
 * Sign-in failures are counted three ways (NIST SP 800-63B §5.2.2: limit the
 * failed attempts on an account, without letting anyone lock its owner out):
 * per E-ID and address, so a stranger guessing from elsewhere does not stop
 * the owner; per E-ID from anywhere, higher and over a day, so guessing from
 * many addresses still ends (well under the guideline's 100); and per
 * address, high enough for an office behind one address, against one
 * address trying many E-IDs. Numbers in docs/decisions.md.
 */
export const RULES = {
  loginPerEidAndAddress: {
    bucket: 'login_fail_pair',
    limit: 5,
    windowMs: 15 * MINUTE,
    message: (m: number) =>
      `Too many failed sign-in attempts for this E-ID from your address. Please try again in ${m} minute(s).`,
  },
  loginPerEid: {
    bucket: 'login_fail_eid',
    limit: 50,
    windowMs: 24 * 60 * MINUTE,
    message: (m: number) =>
      `Too many failed sign-in attempts for this E-ID. Please try again in ${m} minute(s), or reset your password.`,
  },
  loginPerAddress: {
    bucket: 'login_fail_ip',
    limit: 100,
    windowMs: 15 * MINUTE,
    message: (m: number) =>
      `Too many failed sign-in attempts from your address. Please try again in ${m} minute(s).`,
  },
  otpRequestPerEid: {
    bucket: 'otp_request_eid',
    limit: 5,
    windowMs: 15 * MINUTE,
    message: (m: number) => `Too many code requests for this E-ID. Please try again in ${m} minute(s).`,
  },
  otpRequestPerAddress: {
    bucket: 'otp_request_ip',
    limit: 20,
    windowMs: 60 * MINUTE,
    message: (m: number) => `Too many code requests from your address. Please try again in ${m} minute(s).`,
  },
  /** Wrong codes per E-ID since its last code request: the same count whether or not the E-ID exists. */
  otpWrongPerEid: {
    bucket: 'otp_wrong_eid',
    limit: OTP_MAX_ATTEMPTS,
    windowMs: OTP_SECONDS * 1000,
    message: () => 'Too many wrong codes. Please request a new code.',
  },
  resetFailPerAddress: {
    bucket: 'reset_fail_ip',
    limit: 30,
    windowMs: 60 * MINUTE,
    message: (m: number) => `Too many failed attempts from your address. Please try again in ${m} minute(s).`,
  },
} satisfies Record<string, ThrottleRule>;

/** An address over its limit still lets in the E-IDs that signed in from it this recently. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * MINUTE;

export const TEXT = {
  invalidCredentials: 'Invalid E-ID or password.',
  disabled: 'This account is disabled. Please contact HR.',
  otpSent: 'If this E-ID is registered, a 4-digit code has been sent to its registered mobile number.',
  otpWrong: 'The code is wrong or has expired.',
  otpValid: 'The code is valid.',
  linkInvalid: 'The reset link is invalid, has expired or has already been used.',
  linkValid: 'The reset link is valid.',
  passwordUpdated: NOTICES.passwordUpdated,
  loggedOut: 'You have been signed out.',
};

const eidKey = (eid: string) => eid.trim().toLowerCase();
/** The key of an E-ID tried from one address. */
const pairKey = (eid: string, ip: string) => `${eidKey(eid)}@${ip}`;

export class AuthService {
  /** The second step after the password (the authenticator app). */
  private readonly account: AccountService;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly secret: string,
    private readonly onMessageQueued: () => void = () => {},
  ) {
    this.account = new AccountService(db, config, secret);
  }

  private sessionUser(
    token: string,
    username: string,
    employeeId: number,
    expiresAt: Date,
    impersonatedBy: string | null,
  ): SessionUser {
    return {
      token,
      username,
      employee_id: employeeId,
      expiry: expiresAt.getTime(),
      expires_in: expiresAt.getTime() - Date.now(),
      impersonated_by: impersonatedBy,
    };
  }

  /**
   * Every attempt is counted before its password is checked (the three
   * counts in one statement): of a burst of guesses sent at once, only those
   * within the limits are tried. The owner's success starts the E-ID's counts
   * again and takes back its hit on the address.
   */
  async login(input: LoginRequest, meta: RequestMeta): Promise<LoginAnswer> {
    const key = eidKey(input.username);
    const pair = pairKey(input.username, meta.ip);
    const user = await repo.findUserByUsername(this.db, input.username);
    const address = { rule: RULES.loginPerAddress, key: meta.ip };
    await throttle.take(
      this.db,
      [{ rule: RULES.loginPerEidAndAddress, key: pair }, { rule: RULES.loginPerEid, key }, address],
      (hit) => this.knownAddress(hit, user?.userId ?? null, meta.ip),
    );
    // With password sign-in off, only break-glass administrators try a password (docs/decisions.md).
    if (!passwordSignInAllowed(this.config, input.username)) throw domainError('password_sign_in_off');

    const ok = await verifyPassword(input.password, user?.passwordHash);
    if (!user || !ok) throw domainError('invalid_credentials');
    if (!user.enabled) throw domainError('account_disabled');

    // One who set up an authenticator app (or must have one) gets no session yet: a ticket for the
    // second step. The password was right, so its failure counts start again.
    const secondStep = await this.account.secondStepFor(user);
    if (secondStep) {
      await throttle.clear(this.db, RULES.loginPerEidAndAddress.bucket, pair);
      await throttle.clear(this.db, RULES.loginPerEid.bucket, key);
      await throttle.undo(this.db, [address]);
      return secondStep;
    }

    const token = newToken();
    const expiresAt = new Date(Date.now() + SESSION_MS);
    await this.db.transaction(async (tx) => {
      await repo.insertSession(tx, {
        userId: user.userId,
        tokenHash: sha256(token),
        kind: 'login',
        method: 'password',
        expiresAt,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 256) ?? null,
      });
      // The owner is in: the failures counted against the E-ID start again.
      await throttle.clear(tx, RULES.loginPerEidAndAddress.bucket, pair);
      await throttle.clear(tx, RULES.loginPerEid.bucket, key);
      await throttle.undo(tx, [address]);
    });
    return this.sessionUser(token, user.username, user.employeeId, expiresAt, null);
  }

  /**
   * Opens a session for someone who proved who they are another way than
   * the password (a passkey...), in the caller's transaction, and answers it
   * as a sign-in does. The failures counted against the E-ID start again.
   */
  async openSession(
    db: Db,
    user: { userId: number; username: string; employeeId: number },
    method: 'password' | 'passkey' | 'oidc',
    meta: RequestMeta,
  ): Promise<SessionUser> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + SESSION_MS);
    await repo.insertSession(db, {
      userId: user.userId,
      tokenHash: sha256(token),
      kind: 'login',
      method,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 256) ?? null,
    });
    await throttle.clear(db, RULES.loginPerEidAndAddress.bucket, pairKey(user.username, meta.ip));
    await throttle.clear(db, RULES.loginPerEid.bucket, eidKey(user.username));
    return this.sessionUser(token, user.username, user.employeeId, expiresAt, null);
  }

  /** POST login_check/totp: the secret of an app set up during a sign-in that requires one. */
  async enrolDuringSignIn(ticket: string): Promise<TotpEnrolment> {
    return this.account.enrolDuringSignIn(ticket);
  }

  /**
   * POST login_check/second_factor: the second step's code opens the session
   * (with the recovery codes of an app set up in this step), in the
   * transaction that uses the ticket.
   */
  async secondFactor(input: SecondFactorRequest, meta: RequestMeta): Promise<SecondFactorSession> {
    return this.account.finishSecondStep(input.ticket, input.code, meta, async (tx, done) => {
      const session = await this.openSession(tx, done.user, done.method, meta);
      return done.recoveryCodes ? { ...session, recovery_codes: done.recoveryCodes } : session;
    });
  }

  /**
   * The limit per address does not stop people who signed in from it
   * before: someone guessing behind an office's one address does not lock
   * out everyone else there.
   */
  private async knownAddress(hit: Hit, userId: number | null, ip: string): Promise<boolean> {
    if (hit.rule !== RULES.loginPerAddress || userId === null) return false;
    return repo.signedInFrom(this.db, userId, ip, new Date(Date.now() - KNOWN_ADDRESS_MS));
  }

  /**
   * Ends the session. An administrator's logout also ends every session
   * they opened as someone else; each ending is audited with both people.
   */
  async logout(auth: AuthContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.revokeSession(tx, auth.sessionId);
      if (auth.kind === 'impersonation') {
        await audit(tx, auth, {
          action: 'impersonate_end',
          entity: 'employee',
          entityId: auth.employeeId,
          data: { session_id: auth.sessionId, reason: 'stopped' },
        });
        return;
      }
      for (const ended of await repo.revokeImpersonationsBy(tx, auth.userId)) {
        await audit(tx, auth, {
          action: 'impersonate_end',
          entity: 'employee',
          entityId: ended.employeeId,
          data: { session_id: ended.id, reason: 'administrator_logout' },
        });
      }
    });
  }

  /** Sends a code by SMS (and a link by e-mail where there is one); answers alike whether or not the E-ID exists. */
  async requestOtp(eid: string, meta: RequestMeta): Promise<{ message: string }> {
    const key = eidKey(eid);
    await throttle.take(this.db, [
      { rule: RULES.otpRequestPerEid, key },
      { rule: RULES.otpRequestPerAddress, key: meta.ip },
    ]);

    const user = await repo.findUserByUsername(this.db, eid);
    await this.db.transaction(async (tx) => {
      // A new code starts a new count of wrong tries.
      await throttle.clear(tx, RULES.otpWrongPerEid.bucket, key);
      // No code or link for a password that could not sign in (answered alike, sent nothing).
      if (!user?.enabled || !passwordSignInAllowed(this.config, user.username)) return;

      await repo.retireOtps(tx, user.userId);
      if (user.mobile) {
        const code = newOtp(OTP_LENGTH);
        const expiresAt = new Date(Date.now() + OTP_SECONDS * 1000);
        await repo.insertOtp(tx, {
          userId: user.userId,
          codeHash: hmac(this.secret, `${user.userId}:${code}`),
          expiresAt,
        });
        await enqueueMessage(tx, {
          channel: 'sms',
          recipient: user.mobile,
          topic: 'password-otp',
          employeeId: user.employeeId,
          body: `Your HR Portal password reset code is ${code}. It expires in ${OTP_SECONDS / 60} minutes.`,
          secrets: [code],
          expiresAt,
        });
      }
      if (user.email) {
        const link = await this.createLink(tx, user.userId, 'reset');
        await enqueueMessage(tx, {
          channel: 'email',
          recipient: user.email,
          topic: 'password-link',
          employeeId: user.employeeId,
          subject: 'Reset your HR Portal password',
          body: `Hello ${user.name},\n\nTo choose a new password, open ${link} within one hour.\nIf you did not ask for this, ignore this message.`,
          secrets: [link],
          expiresAt: new Date(Date.now() + RESET_LINK_MS),
        });
      }
    });
    this.onMessageQueued();
    return { message: TEXT.otpSent };
  }

  /** Makes a single-use link token and returns the link to the reset page. */
  async createLink(db: Db, userId: number, purpose: 'reset' | 'invite'): Promise<string> {
    const token = newToken();
    const lifetime = purpose === 'invite' ? 7 * 24 * 3_600_000 : RESET_LINK_MS;
    await repo.insertResetToken(db, {
      userId,
      tokenHash: sha256(token),
      purpose,
      expiresAt: new Date(Date.now() + lifetime),
    });
    return `${this.config.publicUrl}/resetpassword/${token}`;
  }

  /**
   * Checks a code against the E-ID's open code. Every try is counted before
   * the code is compared, per E-ID (the same count whether or not the E-ID
   * exists) and per address; a right code takes its hits back. The code
   * itself counts its wrong tries too and locks at the fifth.
   */
  private async checkOtp(
    eid: string,
    code: string,
    meta: RequestMeta,
  ): Promise<{ userId: number; otpId: number }> {
    const counts = [
      { rule: RULES.resetFailPerAddress, key: meta.ip },
      { rule: RULES.otpWrongPerEid, key: eidKey(eid) },
    ];
    await throttle.take(this.db, counts);

    const user = await repo.findUserByUsername(this.db, eid);
    const otp = user?.enabled ? await repo.openOtp(this.db, user.userId) : null;
    if (!user || !otp || !safeEqualHex(otp.codeHash, hmac(this.secret, `${user.userId}:${code}`))) {
      if (otp) await repo.countOtpFailure(this.db, otp.id, OTP_MAX_ATTEMPTS);
      throw domainError('otp_invalid');
    }
    await throttle.undo(this.db, counts);
    return { userId: user.userId, otpId: otp.id };
  }

  private async checkLink(token: string, meta: RequestMeta): Promise<{ userId: number; tokenId: number }> {
    const counts = [{ rule: RULES.resetFailPerAddress, key: meta.ip }];
    await throttle.take(this.db, counts);
    const row = await repo.findResetToken(this.db, sha256(token));
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now() || !row.enabled)
      throw domainError('reset_link_invalid');
    await throttle.undo(this.db, counts);
    return { userId: row.userId, tokenId: row.id };
  }

  /** GET reset/password/otp/validate/{token}: a 4-digit code (with `eid`) or a link token. */
  async validate(token: string, eid: string | undefined, meta: RequestMeta): Promise<{ message: string }> {
    if (/^\d{4}$/.test(token)) {
      if (!eid) throw domainError('otp_eid_required');
      await this.checkOtp(eid, token, meta);
      return { message: TEXT.otpValid };
    }
    await this.checkLink(token, meta);
    return { message: TEXT.linkValid };
  }

  async resetWithOtp(input: OtpReset, meta: RequestMeta): Promise<{ message: string }> {
    const { userId, otpId } = await this.checkOtp(input.eid, input.otp, meta);
    const hash = await hashPassword(input.password);
    await this.db.transaction(async (tx) => {
      // Single use: only the first of two racing resets gets the code.
      if (!(await repo.useOtp(tx, otpId))) throw domainError('otp_invalid');
      await this.finishReset(tx, userId, hash, 'otp');
    });
    return { message: TEXT.passwordUpdated };
  }

  async resetWithLink(input: LinkReset, meta: RequestMeta): Promise<{ message: string }> {
    const { userId, tokenId } = await this.checkLink(input.token, meta);
    const hash = await hashPassword(input.plain_password);
    await this.db.transaction(async (tx) => {
      if (!(await repo.useResetToken(tx, tokenId))) throw domainError('reset_link_invalid');
      await this.finishReset(tx, userId, hash, 'link');
    });
    return { message: TEXT.passwordUpdated };
  }

  private async finishReset(db: Db, userId: number, hash: string, via: string) {
    await repo.setPassword(db, userId, hash);
    // A new password ends every session that the old one opened.
    await endUserSessions(db, userId, { keep: null });
    const user = await repo.usernameOf(db, userId);
    // Whoever proved to own the E-ID may sign in again at once.
    if (user) await throttle.clear(db, RULES.loginPerEid.bucket, eidKey(user));
    await audit(db, null, {
      action: 'password_reset',
      entity: 'user',
      entityId: userId,
      data: { via, username: user },
    });
  }

  async impersonate(admin: AuthContext, employeeId: number, meta: RequestMeta): Promise<SessionUser> {
    if (!admin.isAdmin) throw domainError('impersonation_admin_only');
    if (admin.kind === 'impersonation') throw domainError('impersonation_nested');
    const target = await repo.findUserByEmployee(this.db, employeeId);
    if (!target) throw domainError('no_user_account');
    if (!target.enabled) throw domainError('employee_disabled');
    if (target.userId === admin.userId) throw domainError('impersonation_self');

    const token = newToken();
    const expiresAt = new Date(Date.now() + IMPERSONATION_MS);
    await this.db.transaction(async (tx) => {
      const sessionId = await repo.insertSession(tx, {
        userId: target.userId,
        tokenHash: sha256(token),
        kind: 'impersonation',
        method: 'impersonation',
        impersonatorUserId: admin.userId,
        parentSessionId: admin.sessionId,
        expiresAt,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 256) ?? null,
      });
      await audit(tx, admin, {
        action: 'impersonate',
        entity: 'employee',
        entityId: employeeId,
        data: { session_id: sessionId, target_user_id: target.userId },
      });
    });
    return this.sessionUser(token, target.username, employeeId, expiresAt, admin.username);
  }

  async me(auth: AuthContext) {
    const card = await repo.employeeCard(this.db, auth.employeeId);
    if (!card) throw domainError('unauthorized');
    const impersonator = auth.impersonatorUserId
      ? await repo.userCard(this.db, auth.impersonatorUserId)
      : null;
    return {
      user: {
        id: auth.userId,
        username: auth.username,
        is_admin: auth.isAdmin,
        language: isLanguage(auth.language) ? auth.language : null,
      },
      employee: {
        id: card.id,
        eid: card.eid,
        name: card.name,
        designation: card.designation,
        company: card.company,
        office: card.office,
        photo: photoUrls(this.secret, card.id, card.photoVersion),
        has_reports: card.hasReports,
      },
      session: {
        expiry: auth.expiresAt.getTime(),
        impersonated_by: impersonator?.username ?? null,
        impersonator: impersonator ? { eid: impersonator.username, name: impersonator.name } : null,
      },
    };
  }

  /**
   * Saves the user's choice of language. An administrator acting as someone
   * reads the portal in their own language without changing the employee's.
   */
  async setLanguage(auth: AuthContext, language: Language): Promise<LanguageChoice> {
    if (auth.kind === 'login') await repo.setLanguage(this.db, auth.userId, language);
    return { language };
  }
}
