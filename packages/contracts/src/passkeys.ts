import { z } from 'zod';
import { defineMessages } from './messages';
import { lineText } from './text';

/**
 * Passkeys (WebAuthn credentials): a person registers several on the
 * Security page and signs in with one instead of the E-ID and password.
 * Each ceremony is two calls: the server hands out `options` with a
 * `ticket` (the challenge is kept on the server, found by the ticket's
 * SHA-256, for five minutes, once), then the browser's answer comes back
 * with the ticket.
 */
export const PASSKEY_MESSAGES = defineMessages('passkeys.validation', {
  nameRequired: 'Please give the passkey a name',
  nameLength: 'A passkey’s name is at most 60 characters',
  ticketInvalid: 'The ticket is missing or not valid',
  responseInvalid: 'The answer of the authenticator is missing or not valid',
});

/** The longest name a passkey may have (the column's width). */
export const PASSKEY_NAME_MAX = 60;
/** How many passkeys one person may hold. */
export const PASSKEYS_MAX = 10;
/** How long the options of a ceremony may be answered, in milliseconds. */
export const PASSKEY_CHALLENGE_MS = 5 * 60_000;

/** A passkey's name: one line, without control characters or direction overrides. */
export const passkeyName = lineText(
  z
    .string({ error: PASSKEY_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: PASSKEY_MESSAGES.nameRequired, abort: true })
    .max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameLength),
);

/** A ticket as the server hands it out: 32 random bytes, base64url. */
const ticket = z
  .string({ error: PASSKEY_MESSAGES.ticketInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, PASSKEY_MESSAGES.ticketInvalid);

/** A base64url field of an authenticator's answer, bounded. */
const b64url = (max: number) =>
  z
    .string({ error: PASSKEY_MESSAGES.responseInvalid })
    .max(max, PASSKEY_MESSAGES.responseInvalid)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, PASSKEY_MESSAGES.responseInvalid);

const credentialFields = {
  id: b64url(1400).min(1, PASSKEY_MESSAGES.responseInvalid),
  rawId: b64url(1400).min(1, PASSKEY_MESSAGES.responseInvalid),
  type: z.literal('public-key', { error: PASSKEY_MESSAGES.responseInvalid }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** The browser's answer to registration options (`startRegistration`'s result). */
export const registrationResponse = z.object(
  {
    ...credentialFields,
    response: z.object(
      {
        clientDataJSON: b64url(4096),
        attestationObject: b64url(16_384),
        authenticatorData: b64url(4096).optional(),
        transports: z.array(z.string().max(32)).max(8).optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: b64url(4096).optional(),
      },
      { error: PASSKEY_MESSAGES.responseInvalid },
    ),
  },
  { error: PASSKEY_MESSAGES.responseInvalid },
);

/** The browser's answer to sign-in options (`startAuthentication`'s result). */
export const authenticationResponse = z.object(
  {
    ...credentialFields,
    response: z.object(
      {
        clientDataJSON: b64url(4096),
        authenticatorData: b64url(4096),
        signature: b64url(2048),
        userHandle: b64url(256).optional(),
      },
      { error: PASSKEY_MESSAGES.responseInvalid },
    ),
  },
  { error: PASSKEY_MESSAGES.responseInvalid },
);

/**
 * The options of a ceremony, as the browser's WebAuthn call takes them
 * (PublicKeyCredentialCreationOptionsJSON or ...RequestOptionsJSON), and the
 * ticket to send back with the answer.
 */
export const passkeyOptions = z.object({
  ticket: z.string(),
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptions = z.infer<typeof passkeyOptions>;

/** POST account/passkeys: the registration's answer and the name the person gives the passkey. */
export const passkeyRegistration = z.object({
  ticket,
  name: passkeyName,
  response: registrationResponse,
});
export type PasskeyRegistration = z.infer<typeof passkeyRegistration>;

/** PATCH account/passkeys/{id} */
export const passkeyRename = z.object({ name: passkeyName });
export type PasskeyRename = z.infer<typeof passkeyRename>;

/** POST login_check/passkey */
export const passkeySignIn = z.object({
  ticket,
  response: authenticationResponse,
});
export type PasskeySignIn = z.infer<typeof passkeySignIn>;

export const PASSKEY_ACTIONS = ['rename', 'remove'] as const;
export type PasskeyAction = (typeof PASSKEY_ACTIONS)[number];

/** One of the caller's passkeys. */
export const passkey = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** 'singleDevice' or 'multiDevice' (synced), as the authenticator said. */
  device_type: z.string().nullable(),
  /** Whether the passkey is backed up (synced to the person's other devices). */
  backed_up: z.boolean(),
  /** What the caller may do with it (none while signed in as someone else). */
  actions: z.array(z.enum(PASSKEY_ACTIONS)),
});
export type Passkey = z.infer<typeof passkey>;

export const passkeyList = z.object({
  items: z.array(passkey),
  /** Whether the caller may add one (not while signed in as someone else, nor past the most). */
  can_add: z.boolean(),
});
export type PasskeyList = z.infer<typeof passkeyList>;

/** A passkey's id in a path. */
export const passkeyIdParams = z.object({
  id: z.coerce
    .number({ error: 'id must be a passkey id' })
    .int('id must be a passkey id')
    .positive('id must be a passkey id')
    .max(2_147_483_647, 'id must be a passkey id'),
});
