import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http';
import { changeLanguage, i18n } from '../../lib/i18n';
import { passkeyErrorText } from './errors';

/** The browser's refusal as the WebAuthn call throws it. */
const dom = (name: string) => Object.assign(new Error('refused'), { name });

describe('what a failed passkey ceremony tells the person', () => {
  it('names the browser’s refusals by their name or the library’s code', () => {
    const t = i18n.t;
    expect(passkeyErrorText(dom('NotAllowedError'), t)).toBe(
      'The passkey request was cancelled or timed out.',
    );
    expect(passkeyErrorText(dom('AbortError'), t)).toBe('The passkey request was cancelled or timed out.');
    expect(
      passkeyErrorText(
        new WebAuthnError({
          message: 'already registered',
          code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
          cause: dom('InvalidStateError'),
        }),
        t,
      ),
    ).toBe('This device already holds a passkey for your account.');
    expect(passkeyErrorText(dom('SecurityError'), t)).toBe("Passkeys work only at the portal's own address.");
    expect(passkeyErrorText(new Error('odd'), t)).toBe('The passkey could not be used. Please try again.');
  });

  it('shows the server’s error by its code, in the reader’s language', async () => {
    const error = new ApiError(401, 'This passkey is not recognised.', {
      code: 401,
      error: 'passkey_not_recognised',
      message: 'This passkey is not recognised.',
    });
    expect(passkeyErrorText(error, i18n.t)).toBe('This passkey is not recognised.');
    await changeLanguage('fr');
    try {
      expect(passkeyErrorText(error, i18n.t)).toBe("Cette clé d'accès n'est pas reconnue.");
      expect(passkeyErrorText(dom('NotAllowedError'), i18n.t)).toBe(
        "La demande de clé d'accès a été annulée ou a expiré.",
      );
    } finally {
      await changeLanguage('en');
    }
  });
});
