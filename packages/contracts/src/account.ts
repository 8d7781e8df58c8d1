import { z } from 'zod';
import { sessionUser } from './auth';
import { defineMessages } from './messages';

/**
 * The account's own security (DESIGN.md §13): the authenticator app (TOTP,
 * RFC 6238) with its recovery codes, the second step at sign-in, and the
 * sessions a person holds. Texts under `auth.codes` (auth.json), so the
 * sign-in page shows them before the signed-in texts load.
 */
export const ACCOUNT_MESSAGES = defineMessages('auth.codes', {
  codeRequired: 'Enter the code',
  totpFormat: 'Enter the 6 digits your authenticator app shows',
  codeFormat: 'Enter the 6 digits of your authenticator app or one of your recovery codes',
  proofRequired: 'Enter a code from your authenticator app or your password',
  ticketRequired: 'The sign-in step is missing: sign in again',
  sessionRequired: 'Name a session, or all of them',
});

/** Digits of a TOTP code, and the step in seconds (RFC 6238 defaults, what every app shows). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** How many recovery codes are made at a time. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in may wait. */
export const SECOND_FACTOR_SECONDS = 300;
/** Wrong codes one second step's ticket takes before it ends. */
export const SECOND_FACTOR_TRIES = 5;

const trimmed = (required: string) =>
  z.string({ error: required }).trim().min(1, { error: required, abort: true });

/** A code from the authenticator app: six digits (spaces allowed, as some apps show them). */
export const totpCode = trimmed(ACCOUNT_MESSAGES.codeRequired)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, ACCOUNT_MESSAGES.totpFormat));

/**
 * A code at the second step: six digits from the app, or a recovery code
 * (ten letters and digits, written with or without its dash).
 */
export const secondFactorCode = trimmed(ACCOUNT_MESSAGES.codeRequired)
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^(\d{6}|[a-z0-9]{10})$/, ACCOUNT_MESSAGES.codeFormat));

const ticket = z
  .string({ error: ACCOUNT_MESSAGES.ticketRequired })
  .min(16, ACCOUNT_MESSAGES.ticketRequired)
  .max(200, ACCOUNT_MESSAGES.ticketRequired);

/** GET account/totp: whether the app is set up, and how many recovery codes are left. */
export const totpStatus = z.object({
  enabled: z.boolean(),
  confirmed_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  /** The portal asks this person for a second step whether or not they set one up. */
  required: z.boolean(),
});
export type TotpStatus = z.infer<typeof totpStatus>;

/** POST account/totp and POST login_check/totp: a new secret to put in the app, not yet confirmed. */
export const totpEnrolment = z.object({
  secret: z.string(),
  /** The otpauth:// URI (what a QR code would carry), to paste into the app. */
  uri: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

/** POST account/totp/confirm, POST account/totp/recovery_codes: a current code. */
export const totpCodeBody = z.object({ code: totpCode });
export type TotpCodeBody = z.infer<typeof totpCodeBody>;

/** Ten one-time recovery codes, shown once. */
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

/** DELETE account/totp: a current code, or the password. */
export const totpRemoveBody = z
  .object({
    code: totpCode.optional(),
    password: z.string().min(1, ACCOUNT_MESSAGES.proofRequired).max(200).optional(),
  })
  .refine((b) => b.code !== undefined || b.password !== undefined, {
    message: ACCOUNT_MESSAGES.proofRequired,
    path: ['code'],
  });
export type TotpRemoveBody = z.infer<typeof totpRemoveBody>;

/** How a sign-in's second step may be made. */
export const secondFactorMethods = ['totp', 'recovery_code'] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

/** POST login_check when a second step is needed: no session yet, a ticket for the step. */
export const secondFactorChallenge = z.object({
  second_factor: z.object({
    ticket: z.string(),
    methods: z.array(z.enum(secondFactorMethods)),
    /** The person has no authenticator app yet and must set one up now. */
    enrol: z.boolean(),
    /** Seconds the ticket holds. */
    expires_in: z.number().int(),
  }),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallenge>;

/** What POST login_check answers: the session, or the second step. */
export const loginAnswer = z.union([sessionUser, secondFactorChallenge]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** POST login_check/totp: a new secret for a person who must set up the app while signing in. */
export const secondFactorTicket = z.object({ ticket });

/** POST login_check/second_factor */
export const secondFactorRequest = z.object({ ticket, code: secondFactorCode });
export type SecondFactorRequest = z.infer<typeof secondFactorRequest>;

/** The session, with the recovery codes of an app set up during this sign-in (shown once). */
export const secondFactorSession = sessionUser.extend({
  recovery_codes: z.array(z.string()).optional(),
});
export type SecondFactorSession = z.infer<typeof secondFactorSession>;

export const sessionMethods = ['password', 'passkey', 'oidc', 'impersonation'] as const;

/** GET account/sessions: the places the person is signed in. */
export const accountSession = z.object({
  id: z.number().int(),
  /** A readable name of the browser and system ("Firefox on Windows"), or null when unknown. */
  device: z.string().nullable(),
  address: z.string().nullable(),
  last_seen: z.string(),
  created_at: z.string(),
  method: z.enum(sessionMethods).nullable(),
  current: z.boolean(),
  /** An HR administrator's session as this person, and who opened it. */
  impersonated_by: z.object({ eid: z.string(), name: z.string() }).nullable(),
});
export type AccountSession = z.infer<typeof accountSession>;
export const accountSessions = z.object({ items: z.array(accountSession) });
export type AccountSessions = z.infer<typeof accountSessions>;

/** DELETE account/sessions: one session, or all but the current one. */
export const endSessionsBody = z.union(
  [
    z
      .object({
        session_id: z
          .number()
          .int()
          .positive()
          .max(2 ** 53 - 1),
      })
      .strict(),
    z.object({ all: z.literal(true) }).strict(),
  ],
  { error: ACCOUNT_MESSAGES.sessionRequired },
);
export type EndSessionsBody = z.infer<typeof endSessionsBody>;

/** How many sessions an ending ended. */
export const endedSessions = z.object({ ended: z.number().int() });
export type EndedSessions = z.infer<typeof endedSessions>;
