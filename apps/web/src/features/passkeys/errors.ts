import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/http';
import { serverErrorText } from '../../lib/notify';

/**
 * What to tell the person when a passkey ceremony failed: the server's
 * error by its code, or the browser's (WebAuthnError of
 * @simplewebauthn/browser, or the DOMException itself) by its name.
 */
export function passkeyErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return serverErrorText(error);
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: unknown } | null)?.code;
  // Cancelled by the person, timed out, or no passkey chosen.
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return t('passkeys.errors.cancelled');
  if (name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return t('passkeys.errors.exists');
  if (name === 'SecurityError') return t('passkeys.errors.insecure');
  return t('passkeys.errors.failed');
}
