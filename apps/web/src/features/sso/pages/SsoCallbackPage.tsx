import { SSO_ERROR_PARAM, SSO_ERRORS } from '@hr/contracts/sso';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/AuthLayout';
import { ApiError } from '../../../lib/http';
import { startSession } from '../../../lib/session';
import { useSsoSignIn } from '../api';

/** The ticket of the address's fragment, which never reaches a server's log; removed from the address at once. */
function takeTicket(): string | null {
  const ticket = new URLSearchParams(window.location.hash.slice(1)).get('ticket');
  window.history.replaceState(window.history.state, '', window.location.pathname);
  return ticket;
}

/**
 * /signin/sso: where the company-account sign-in comes back. Exchanges the
 * one-time ticket for a session and opens the dashboard; a failure goes back
 * to the sign-in page, which says why.
 */
export function SsoCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSsoSignIn();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const ticket = takeTicket();
    const fail = (code: string) => navigate(`/signin?${SSO_ERROR_PARAM}=${code}`, { replace: true });
    if (!ticket) {
      fail('oidc_ticket_invalid');
      return;
    }
    signIn.mutate(ticket, {
      // Signed in: the public-only guard moves on to the dashboard (the page it is told it came from).
      onSuccess: (user) => {
        navigate(window.location.pathname, { replace: true, state: { from: '/dashboard' } });
        startSession(user, true);
      },
      onError: (error) => {
        const code = error instanceof ApiError ? error.body?.error : undefined;
        fail(code && (SSO_ERRORS as readonly string[]).includes(code) ? code : 'oidc_provider_error');
      },
    });
  }, [navigate, signIn]);

  return (
    <AuthLayout title={t('sso.signingIn')}>
      <p className="sso-sign-in__wait" role="status">
        <span className="plain-spinner plain-spinner--small" aria-hidden="true" />
        {t('sso.wait')}
      </p>
    </AuthLayout>
  );
}

export { SsoCallbackPage as Component };
