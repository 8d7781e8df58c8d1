import type { PublicConfig } from '@hr/contracts/auth';
import { SSO_ERROR_PARAM, SSO_ERRORS, type SsoError } from '@hr/contracts/sso';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PlainAlert } from '../../../components/PlainAlert';
import { SSO_START_URL } from '../api';

const isSsoError = (value: string | null): value is SsoError =>
  (SSO_ERRORS as readonly string[]).includes(value ?? '');

/**
 * The sign-in page's company-account part: why the last round trip failed
 * (`?sso_error=`), and the button that starts one. When password sign-in is
 * off, it says the form below is the administrators' emergency access.
 * Plain elements and no schema: the sign-in page stays light.
 */
export function SsoSignIn({ config }: { config: PublicConfig | undefined }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get(SSO_ERROR_PARAM);
  const error = isSsoError(code) ? t(`serverErrors.${code}`) : null;
  const sso = config?.sso;
  return (
    <>
      {error ? <PlainAlert type="error" role="alert" title={error} className="auth-notice" /> : null}
      {sso ? (
        <div className="sso-sign-in">
          {/* The one primary button of the page: this one when password sign-in is off, else the form's. */}
          <a
            className={`plain-button plain-button--large plain-button--block${
              config?.password_sign_in ? '' : ' plain-button--primary'
            }`}
            href={SSO_START_URL}
          >
            {sso.label ? t('sso.signInWith', { name: sso.label }) : t('sso.companyAccount')}
          </a>
          {config?.password_sign_in ? (
            <p className="sso-sign-in__or">
              <span>{t('sso.orPassword')}</span>
            </p>
          ) : (
            <p className="sso-sign-in__note">{t('sso.breakGlass')}</p>
          )}
        </div>
      ) : null}
    </>
  );
}
