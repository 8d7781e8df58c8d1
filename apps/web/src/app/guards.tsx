import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { showLoginFailed } from '../lib/notify';
import { lastEndReason, onSessionEnd, useSession } from '../lib/session';
import { settingsFromQuery, setUiSettings } from '../lib/ui-settings';

/** Signed-in routes: an unsigned visit goes to /signin, remembering where it was going. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    // After a sign-out the next user starts on their own profile, not on the page left behind.
    const from = lastEndReason() === 'logout' ? undefined : `${location.pathname}${location.search}`;
    return <Navigate to="/signin" replace state={from ? { from } : null} />;
  }
  return <Outlet />;
}

/**
 * Sign-in and recovery: a signed-in user goes through /impersonate to
 * /profile, or back to the page that sent them to sign in.
 */
export function PublicOnly() {
  const session = useSession();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  if (session) return <Navigate to={from?.startsWith('/') ? from : '/impersonate'} replace />;
  return <Outlet />;
}

/**
 * Watches the whole app: applies the look-and-feel query parameters, and when
 * the session expires or a call answers 401 shows 'Login Failed / Try again'.
 */
export function RootEffects() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  useEffect(() => {
    const patch = settingsFromQuery(location.search);
    if (Object.keys(patch).length > 0) setUiSettings(patch);
  }, [location.search]);

  useEffect(
    () =>
      onSessionEnd((reason) => {
        queryClient.clear();
        if (reason === 'logout') return;
        showLoginFailed(() => navigate('/signin', { replace: true }));
      }),
    [navigate, queryClient],
  );
  return <Outlet />;
}
