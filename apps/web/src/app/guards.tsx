import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { showLoginFailed } from '../lib/notify';
import { lastEndReason, onSessionEnd, useSession } from '../lib/session';
import { settingsFromQuery, setUiSettings } from '../lib/ui-settings';
import { loadAntdStyles } from './antd-styles';

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
  return (
    <Framed>
      <Outlet />
    </Framed>
  );
}

/** The handle of a route drawn without Ant Design (the sign-in page). */
export interface RouteLook {
  plain?: true;
}

/** Ant Design's frame and its styles, loaded once; the signed-in shell asks for it beside its own code. */
export const loadFrame = () =>
  Promise.all([import('./AntdFrame'), loadAntdStyles()]).then(([frame]) => frame);
const LazyFrame = lazy(loadFrame);
/** Once drawn, the frame stays around every page: going back to sign-in keeps its toasts. */
let frameDrawn = false;

/** Ant Design's frame (theme, direction, toasts) around a page, loaded with the first page that needs it. */
export function InFrame({ children }: { children: ReactNode }) {
  frameDrawn = true;
  return (
    <Suspense fallback={<PageLoading />}>
      <LazyFrame>{children}</LazyFrame>
    </Suspense>
  );
}

/**
 * A page that says it is plain (`handle: { plain: true }`) is drawn without
 * the frame until the frame was needed once; meanwhile the frame loads as
 * soon as the user starts filling the page in, ready for the next page.
 */
function Framed({ children }: { children: ReactNode }) {
  const plain = useMatches().some((m) => (m.handle as RouteLook | undefined)?.plain);
  useEffect(() => {
    if (!plain || frameDrawn) return;
    const preload = () => void loadFrame();
    document.addEventListener('focusin', preload, { once: true });
    return () => document.removeEventListener('focusin', preload);
  }, [plain]);
  if (plain && !frameDrawn) return children;
  return <InFrame>{children}</InFrame>;
}
