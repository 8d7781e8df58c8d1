import { z } from 'zod';
import { APP_ID, EID_MAX, LANGUAGES, OTP_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from './limits';
import { MESSAGES } from './messages';

/** An E-ID: letters, digits, dot, dash or underscore, at most 32 characters. */
const EID_PATTERN = /^[A-Za-z0-9._-]+$/;

function eid(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(EID_MAX, message)
    .regex(EID_PATTERN, message);
}

/** A new password as SPEC.md §5 sets it: required, 6 to 20 characters. */
export const newPassword = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, { error: MESSAGES.passwordRequired, abort: true })
  .min(PASSWORD_MIN, MESSAGES.passwordLength)
  .max(PASSWORD_MAX, MESSAGES.passwordLength);

/** POST login_check */
export const loginRequest = z.object({
  username: eid(MESSAGES.eidInvalid),
  password: z
    .string({ error: MESSAGES.passwordRequiredSignIn })
    .min(1, { error: MESSAGES.passwordRequiredSignIn, abort: true })
    // Bounds the hashing work a single request can cause.
    .max(128, 'Password is too long'),
  app_id: z.coerce
    .number()
    .refine((v) => v === APP_ID, `Unknown application (app id must be ${APP_ID})`)
    .optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** POST login_check/oidc: the one-time ticket a company-account sign-in came back with (sso.ts). */
export const oidcTicket = z.object({
  ticket: z.string({ error: 'The ticket is missing' }).min(1, 'The ticket is missing').max(200),
});
export type OidcTicket = z.infer<typeof oidcTicket>;

/** The session user of SPEC.md §3. `expiry` is the end of the session in epoch milliseconds. */
export const sessionUser = z.object({
  token: z.string(),
  username: z.string(),
  employee_id: z.number().int(),
  expiry: z.number().int(),
  /** Milliseconds the session lasts from now. */
  expires_in: z.number().int(),
  impersonated_by: z.string().nullable().optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** POST reset/password/otp/request */
export const otpRequest = z.object({
  eid: eid(MESSAGES.eidRequired),
});
export type OtpRequest = z.infer<typeof otpRequest>;

/** The code as the form or a client sends it: a string, or an integer (SPEC.md §7 says integer). */
export const otpCode = z
  .union([z.string(), z.number().int().nonnegative()], { error: MESSAGES.otpRequired })
  .transform((v) => (typeof v === 'number' ? String(v).padStart(OTP_LENGTH, '0') : v.trim()))
  .pipe(
    z.string().min(1, { error: MESSAGES.otpRequired, abort: true }).length(OTP_LENGTH, MESSAGES.otpLength),
  );

/** GET reset/password/otp/validate/{token}?eid= (a 4-digit code needs its E-ID) */
export const otpValidateQuery = z.object({
  eid: eid(MESSAGES.eidRequired).optional(),
});

/** POST reset/password/otp with a code: the E-ID, the code and the new password. */
export const otpReset = z.object({
  eid: eid(MESSAGES.eidRequired),
  otp: otpCode,
  password: newPassword,
});
export type OtpReset = z.infer<typeof otpReset>;

/** POST reset/password/otp with a link token. */
export const linkReset = z.object({
  token: z.string({ error: 'The reset link is invalid or has expired.' }).min(16).max(200),
  plain_password: newPassword,
});
export type LinkReset = z.infer<typeof linkReset>;

/** The body of POST reset/password/otp: either form; the server picks by the presence of `token`. */
export const passwordResetBody = z.union([otpReset, linkReset]);

/** The forms' password step: a new password and its confirmation. */
export const newPasswordForm = z
  .object({
    password: newPassword,
    confirm: z
      .string({ error: MESSAGES.confirmRequired })
      .min(1, { error: MESSAGES.confirmRequired, abort: true }),
  })
  .refine((v) => v.password === v.confirm, {
    path: ['confirm'],
    message: MESSAGES.passwordsMismatch,
  });
export type NewPasswordForm = z.infer<typeof newPasswordForm>;

/** The forms' sign-in step (the server adds app_id). */
export const signInForm = loginRequest.pick({ username: true, password: true }).extend({
  remember: z.boolean().optional(),
});

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** POST impersonate (admin only). */
export const impersonateRequest = z.object({
  employee_id: z.number({ error: 'Employee must not be empty' }).int().positive(),
});

const photo = z.object({ small: z.string(), medium: z.string(), big: z.string() }).nullable();

/** GET me: who is signed in, with what the shell needs. */
export const meResponse = z.object({
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    is_admin: z.boolean(),
    /** The language the user chose; null until they choose one. */
    language: z.enum(LANGUAGES).nullable(),
  }),
  employee: z.object({
    id: z.number().int(),
    eid: z.string(),
    name: z.string(),
    designation: z.string().nullable(),
    company: z.string().nullable(),
    office: z.string().nullable(),
    photo,
    has_reports: z.boolean(),
  }),
  session: z.object({
    expiry: z.number().int(),
    /** The E-ID of the administrator acting as this employee, in an impersonation session. */
    impersonated_by: z.string().nullable(),
    /** That administrator, for the banner naming both people. */
    impersonator: z.object({ eid: z.string(), name: z.string() }).nullable(),
  }),
});
export type MeResponse = z.infer<typeof meResponse>;

/**
 * GET session: whether the bearer token's session holds, and nothing else
 * (no other read): 204 with no body while it does, 401 once it has ended,
 * expired or was never valid. A client can ask it before resuming work.
 */
export const sessionLive = z.null();

/** PUT me/language: the user's choice of language (letters and review PDFs about them come in it). */
export const languageChoice = z.object({
  language: z.enum(LANGUAGES, { error: `Must be one of: ${LANGUAGES.join(', ')}` }),
});
export type LanguageChoice = z.infer<typeof languageChoice>;

/** GET config: what an unsigned page needs. */
export const publicConfig = z.object({
  demo: z.boolean(),
  demo_accounts: z.array(
    z.object({ eid: z.string(), name: z.string(), role: z.string(), password: z.string() }),
  ),
  otp_seconds: z.number().int(),
  tile_url: z.string(),
  /** Sign-in with the company's OpenID Connect provider, when configured; `label` names its button. */
  sso: z.object({ label: z.string().nullable() }).nullable(),
  /** Whether everyone may sign in with E-ID and password (when false, only break-glass administrators). */
  password_sign_in: z.boolean(),
  /**
   * The passkeys' relying party ID (a domain): a browser offers passkeys only
   * at an address under it, so the sign-in page offers them only there; null
   * when passkeys are off (the portal's address is an IP address).
   */
  passkey_rp_id: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

/** `GET /api/health/live`: the process answers (nothing else is asked). */
export const liveResponse = z.object({ status: z.literal('live') });

/**
 * `GET /api/health/ready`: 200 when the process should be sent calls (its
 * database answers, every committed migration is applied, it is not
 * shutting down); 503 with the reason otherwise.
 */
export const readyResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  reason: z.enum(['database', 'migrations', 'shutting_down']).nullable(),
});
