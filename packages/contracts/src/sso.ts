import type { ErrorCode } from './error-codes';

/**
 * Signing in with the company's OpenID Connect provider. The round trip
 * ends on the web route `/signin/sso` with a one-time ticket in the address's
 * fragment, which the page exchanges for a session with POST login_check/oidc
 * (its body: `oidcTicket` of auth.ts). No zod here: the sign-in page reads
 * these constants and stays light.
 */

/**
 * The codes a failed round trip brings back to the sign-in page
 * (`/signin?sso_error=<code>`); the page shows only these.
 */
export const SSO_ERRORS = [
  'oidc_state_invalid',
  'oidc_unknown_person',
  'account_disabled',
  'oidc_provider_error',
  'oidc_not_configured',
  'oidc_ticket_invalid',
  'too_many_requests',
] as const satisfies readonly ErrorCode[];
export type SsoError = (typeof SSO_ERRORS)[number];

/** The query parameter of the sign-in page that carries a failed round trip's code. */
export const SSO_ERROR_PARAM = 'sso_error';

/** How long the round trip at the provider may take, and how long its ticket holds, in milliseconds. */
export const OIDC_STATE_MS = 10 * 60_000;
export const OIDC_TICKET_MS = 60_000;
