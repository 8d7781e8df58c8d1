import KeyOutlined from '@ant-design/icons-svg/es/asn/KeyOutlined';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useTranslation } from 'react-i18next';
import { PlainAlert } from '../../../components/PlainAlert';
import { PlainIcon } from '../../../components/PlainIcon';
import { usePasskeySignIn } from '../api';
import { passkeyErrorText } from '../errors';

/** Whether this page's address is under the relying party's domain, where a browser offers its passkeys. */
function underRelyingParty(rpId: string | null): boolean {
  const host = window.location.hostname.toLowerCase();
  return rpId !== null && (host === rpId || host.endsWith(`.${rpId}`));
}

/**
 * The sign-in page's "Sign in with a passkey": no E-ID is typed, the
 * browser offers the passkeys it holds for the portal. Shown only where the
 * browser can use passkeys and the page is at an address under the portal's
 * relying party (`rpId`, from the public settings; null: passkeys are off).
 * Plain elements: the sign-in page loads no Ant Design. `remember` is the
 * form's "Remember me".
 */
export function PasskeySignIn({ rpId, remember }: { rpId: string | null; remember: boolean }) {
  const { t } = useTranslation();
  const signIn = usePasskeySignIn();
  if (!underRelyingParty(rpId) || !browserSupportsWebAuthn()) return null;
  return (
    <div className="passkey-sign-in">
      <p className="passkey-sign-in__or">
        <span>{t('passkeys.or')}</span>
      </p>
      {signIn.error ? (
        <PlainAlert
          type="error"
          role="alert"
          title={passkeyErrorText(signIn.error, t)}
          className="auth-notice"
        />
      ) : null}
      <button
        type="button"
        className="plain-button plain-button--large plain-button--block"
        aria-busy={signIn.isPending || undefined}
        disabled={signIn.isPending}
        onClick={() => signIn.mutate(remember)}
      >
        {signIn.isPending ? (
          <span className="plain-spinner plain-spinner--small" aria-hidden="true" />
        ) : (
          <PlainIcon icon={KeyOutlined} />
        )}
        {t('passkeys.signIn')}
      </button>
    </div>
  );
}
