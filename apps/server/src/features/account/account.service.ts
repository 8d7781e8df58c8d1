import {
  type AccountSessions,
  type EndedSessions,
  type EndSessionsBody,
  type RecoveryCodesResponse,
  SECOND_FACTOR_SECONDS,
  SECOND_FACTOR_TRIES,
  type SecondFactorChallenge,
  type SecondFactorMethod,
  type TotpEnrolment,
  type TotpRemoveBody,
  type TotpStatus,
} from '@hr/contracts/account';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { endUserSessions } from '../../lib/session-end';
import { type Count, type ThrottleRule, throttle } from '../../lib/throttle';
import { newToken, sha256 } from '../../lib/tokens';
import { accountRepository as repo } from './account.repository';
import { deviceName } from './device-name';
import {
  decryptSecret,
  encryptSecret,
  newRecoveryCodes,
  newSecret,
  otpauthUri,
  recoveryCodeHash,
  stepOf,
} from './totp';

const MINUTE = 60_000;

/**
 * Wrong codes (authenticator app or recovery code) are counted per person
 * and per address before each is compared, so a burst of guesses sent at
 * once is cut at the limit; a right code takes its hits back.
 */
export const CODE_RULES = {
  wrongPerUser: {
    bucket: 'totp_wrong_user',
    limit: 5,
    windowMs: 15 * MINUTE,
    message: (m: number) => `Too many wrong codes. Please try again in ${m} minute(s).`,
  },
  wrongPerAddress: {
    bucket: 'totp_wrong_ip',
    limit: 30,
    windowMs: 15 * MINUTE,
    message: (m: number) => `Too many wrong codes from your address. Please try again in ${m} minute(s).`,
  },
} satisfies Record<string, ThrottleRule>;

export interface CodeMeta {
  ip: string;
}

/** Who signs in, as the password step found them. */
export interface SigningIn {
  userId: number;
  username: string;
  employeeId: number;
  isAdmin: boolean;
}

/** What a right second step hands back to the sign-in: who, and how the session opens. */
export interface SecondStepDone {
  user: { userId: number; username: string; employeeId: number };
  method: 'password';
  /** The recovery codes of an app set up during this sign-in, shown once. */
  recoveryCodes?: string[];
}

interface TicketData {
  method: 'password';
  enrol: boolean;
}

/**
 * The account's own security: the authenticator app (TOTP) and its recovery
 * codes, the second step of a sign-in, and the sessions a person holds.
 */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    /** The server secret: TOTP secrets are encrypted and recovery codes keyed with it. */
    private readonly secret: string,
  ) {}

  private requiredFor(isAdmin: boolean): boolean {
    return this.config.secondFactor === 'all' || (this.config.secondFactor === 'admins' && isAdmin);
  }

  private ownOnly(auth: AuthContext): void {
    if (auth.kind === 'impersonation') throw domainError('impersonation_no_security');
  }

  async status(auth: AuthContext): Promise<TotpStatus> {
    const factor = await repo.factor(this.db, auth.userId);
    const user = await repo.userOf(this.db, auth.userId);
    const confirmed = factor?.confirmedAt ?? null;
    return {
      enabled: confirmed !== null,
      confirmed_at: confirmed?.toISOString() ?? null,
      recovery_codes_left: confirmed ? await repo.recoveryCodesLeft(this.db, auth.userId) : 0,
      required: this.requiredFor(user?.isAdmin ?? false),
    };
  }

  /** A new secret for the app, not asked for until its first code confirms it. */
  private async newEnrolment(userId: number, username: string): Promise<TotpEnrolment> {
    const secret = newSecret();
    if (!(await repo.putPendingFactor(this.db, userId, encryptSecret(this.secret, secret))))
      throw domainError('totp_already_enabled');
    return { secret, uri: otpauthUri(secret, username) };
  }

  async enrol(auth: AuthContext): Promise<TotpEnrolment> {
    this.ownOnly(auth);
    return this.newEnrolment(auth.userId, auth.username);
  }

  /**
   * Counts a try of a code before it is compared, on the database itself
   * (never inside the transaction that checks it: a wrong code rolls that
   * back, and its count must stay).
   */
  private async countTry(userId: number, meta: CodeMeta): Promise<Count[]> {
    const counts = [
      { rule: CODE_RULES.wrongPerUser, key: String(userId) },
      { rule: CODE_RULES.wrongPerAddress, key: meta.ip },
    ];
    await throttle.take(this.db, counts);
    return counts;
  }

  /**
   * Checks a code of the person's app (or, when `recovery`, one of their
   * recovery codes) and takes it; a right one takes back the try `counts`
   * counted. `confirming` checks the unconfirmed secret and confirms it.
   */
  private async takeCode(
    db: Db,
    userId: number,
    code: string,
    counts: Count[],
    options: { confirming?: boolean; recovery?: boolean } = {},
  ): Promise<SecondFactorMethod> {
    const confirming = options.confirming ?? false;
    const factor = await repo.factor(db, userId);
    if (!factor) throw domainError(confirming ? 'totp_enrolment_missing' : 'totp_not_enabled');
    if (confirming && factor.confirmedAt) throw domainError('totp_already_enabled');
    if (!confirming && !factor.confirmedAt) throw domainError('totp_not_enabled');

    let method: SecondFactorMethod | null = null;
    if (/^\d{6}$/.test(code)) {
      const step = stepOf(decryptSecret(this.secret, factor.secret), code);
      if (step !== null && (await repo.takeStep(db, userId, step, confirming))) method = 'totp';
    } else if (options.recovery && !confirming) {
      if (await repo.useRecoveryCode(db, userId, recoveryCodeHash(this.secret, userId, code)))
        method = 'recovery_code';
    }
    if (!method) throw domainError('totp_code_invalid', {}, 'code');
    await throttle.undo(db, counts);
    return method;
  }

  private async makeRecoveryCodes(db: Db, userId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(
      db,
      userId,
      codes.map((c) => recoveryCodeHash(this.secret, userId, c)),
    );
    return codes;
  }

  async confirm(auth: AuthContext, code: string, meta: CodeMeta): Promise<RecoveryCodesResponse> {
    this.ownOnly(auth);
    const counts = await this.countTry(auth.userId, meta);
    const codes = await this.db.transaction(async (tx) => {
      await this.takeCode(tx, auth.userId, code, counts, { confirming: true });
      const made = await this.makeRecoveryCodes(tx, auth.userId);
      await audit(tx, auth, { action: 'totp_enabled', entity: 'user', entityId: auth.userId });
      return made;
    });
    return { recovery_codes: codes };
  }

  async regenerate(auth: AuthContext, code: string, meta: CodeMeta): Promise<RecoveryCodesResponse> {
    this.ownOnly(auth);
    const counts = await this.countTry(auth.userId, meta);
    const codes = await this.db.transaction(async (tx) => {
      await this.takeCode(tx, auth.userId, code, counts);
      const made = await this.makeRecoveryCodes(tx, auth.userId);
      await audit(tx, auth, { action: 'recovery_codes_regenerated', entity: 'user', entityId: auth.userId });
      return made;
    });
    return { recovery_codes: codes };
  }

  /** Removes the app (and its recovery codes) with a current code or the password. */
  async remove(auth: AuthContext, body: TotpRemoveBody, meta: CodeMeta): Promise<void> {
    this.ownOnly(auth);
    const counts = await this.countTry(auth.userId, meta);
    if (body.code === undefined) {
      const user = await repo.userOf(this.db, auth.userId);
      if (!(await verifyPassword(body.password ?? '', user?.passwordHash)))
        throw domainError('totp_proof_invalid', {}, 'password');
      await throttle.undo(this.db, counts);
    }
    await this.db.transaction(async (tx) => {
      const via = body.code === undefined ? 'password' : 'code';
      if (body.code !== undefined) await this.takeCode(tx, auth.userId, body.code, counts);
      if (!(await repo.deleteFactor(tx, auth.userId))) throw domainError('totp_not_enabled');
      await audit(tx, auth, { action: 'totp_removed', entity: 'user', entityId: auth.userId, data: { via } });
    });
  }

  // The second step of a sign-in

  /**
   * After a right password: null when the person signs in at once, else the
   * ticket of the second step (kept hashed, five minutes, a few tries). One
   * who must have an app and has none sets one up in this step (`enrol`).
   */
  async secondStepFor(user: SigningIn): Promise<SecondFactorChallenge | null> {
    const factor = await repo.factor(this.db, user.userId);
    const enabled = Boolean(factor?.confirmedAt);
    if (!enabled && !this.requiredFor(user.isAdmin)) return null;
    const ticket = newToken();
    const data: TicketData = { method: 'password', enrol: !enabled };
    await repo.insertChallenge(this.db, {
      userId: user.userId,
      tokenHash: sha256(ticket),
      data: { ...data },
      expiresAt: new Date(Date.now() + SECOND_FACTOR_SECONDS * 1000),
    });
    return {
      second_factor: {
        ticket,
        methods: enabled ? ['totp', 'recovery_code'] : ['totp'],
        enrol: !enabled,
        expires_in: SECOND_FACTOR_SECONDS,
      },
    };
  }

  /** POST login_check/totp: a new secret for one who must set up the app during this sign-in. */
  async enrolDuringSignIn(ticket: string): Promise<TotpEnrolment> {
    const challenge = await repo.openChallenge(this.db, sha256(ticket), SECOND_FACTOR_TRIES);
    const data = challenge?.data as Partial<TicketData> | undefined;
    if (!challenge?.userId) throw domainError('second_factor_invalid');
    if (!data?.enrol) throw domainError('totp_already_enabled');
    const user = await repo.userOf(this.db, challenge.userId);
    if (!user?.enabled) throw domainError('second_factor_invalid');
    return this.newEnrolment(user.userId, user.username);
  }

  /**
   * POST login_check/second_factor: a code of the app or a recovery code on
   * the ticket (each try counted on the ticket and by the code limits); an
   * app set up during the sign-in is confirmed by its first code. `open`
   * opens the session in the same transaction as the ticket's use.
   */
  async finishSecondStep<T>(
    ticket: string,
    code: string,
    meta: CodeMeta,
    open: (tx: Db, done: SecondStepDone) => Promise<T>,
  ): Promise<T> {
    const challenge = await repo.tryChallenge(this.db, sha256(ticket), SECOND_FACTOR_TRIES);
    if (!challenge?.userId) throw domainError('second_factor_invalid');
    const data = challenge.data as Partial<TicketData>;
    const user = await repo.userOf(this.db, challenge.userId);
    if (!user?.enabled) throw domainError('second_factor_invalid');
    const enrolling = Boolean(data.enrol);
    const counts = await this.countTry(user.userId, meta);
    return this.db.transaction(async (tx) => {
      const method = await this.takeCode(tx, user.userId, code, counts, {
        confirming: enrolling,
        recovery: !enrolling,
      });
      if (!(await repo.useChallenge(tx, challenge.id))) throw domainError('second_factor_invalid');
      const recoveryCodes = enrolling ? await this.makeRecoveryCodes(tx, user.userId) : undefined;
      if (enrolling)
        await audit(tx, null, {
          action: 'totp_enabled',
          entity: 'user',
          entityId: user.userId,
          data: { during: 'sign_in' },
        });
      if (method === 'recovery_code')
        await audit(tx, null, { action: 'recovery_code_used', entity: 'user', entityId: user.userId });
      const done: SecondStepDone = {
        user: { userId: user.userId, username: user.username, employeeId: user.employeeId },
        method: 'password',
        ...(recoveryCodes ? { recoveryCodes } : {}),
      };
      return open(tx, done);
    });
  }

  // Sessions

  async sessions(auth: AuthContext): Promise<AccountSessions> {
    const rows = await repo.openSessions(this.db, auth.userId);
    return {
      items: rows.map((r) => ({
        id: r.id,
        device: deviceName(r.userAgent),
        address: r.ip,
        last_seen: (r.lastSeenAt ?? r.createdAt).toISOString(),
        created_at: r.createdAt.toISOString(),
        method: r.method ?? (r.kind === 'impersonation' ? 'impersonation' : null),
        current: r.id === auth.sessionId,
        impersonated_by:
          r.kind === 'impersonation' && r.impersonatorEid
            ? { eid: r.impersonatorEid, name: r.impersonatorName ?? r.impersonatorEid }
            : null,
      })),
    };
  }

  /**
   * Ends one of the person's sessions, or all of them but the one asking
   * (docs/decisions.md): at once on every process. Another person's session
   * id is not found.
   */
  async endSessions(auth: AuthContext, body: EndSessionsBody): Promise<EndedSessions> {
    this.ownOnly(auth);
    const ended = await this.db.transaction(async (tx) => {
      const ids =
        'session_id' in body
          ? await endUserSessions(tx, auth.userId, { sessionId: body.session_id })
          : await endUserSessions(tx, auth.userId, { keep: auth.sessionId });
      if ('session_id' in body && ids.length === 0) throw domainError('account_session_not_found');
      if (ids.length > 0)
        await audit(tx, auth, {
          action: 'sessions_ended',
          entity: 'user',
          entityId: auth.userId,
          data: { session_ids: ids },
        });
      return ids;
    });
    return { ended: ended.length };
  }

  /** HR administrators: ends every session of an employee (audited), at once on every process. */
  async endEmployeeSessions(auth: AuthContext, employeeId: number): Promise<EndedSessions> {
    if (!auth.isAdmin) throw domainError('admin_only');
    const user = await repo.userOfEmployee(this.db, employeeId);
    if (!user) throw domainError('employee_not_found');
    const ended = await this.db.transaction(async (tx) => {
      const ids = await endUserSessions(tx, user.userId, { keep: null });
      await audit(tx, auth, {
        action: 'sessions_ended_by_hr',
        entity: 'employee',
        entityId: employeeId,
        data: { session_ids: ids },
      });
      return ids;
    });
    return { ended: ended.length };
  }
}
