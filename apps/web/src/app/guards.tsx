import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { LazyFrame, loadFrame } from '../components/frame/load';
import { PageLoading } from '../components/PageLoading';
import { Toasts } from '../components/plain/Toasts';
import { currentQuestions, subscribeNotices } from '../lib/notices';
import { showLoginFailed } from '../lib/notify';
import { lastEndReason, onSessionEnd, takeUntoldEnd, useSession } from '../lib/session';
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
 * Draws the toasts and questions of lib/notify.ts beside the pages, without
 * Ant Design: they outlive a page, so a toast or the 'Login Failed' popup
 * shown before going to another page (back to sign-in) is still seen. The
 * questions' dialogs (and the controls' styles) load with the first question.
 */
export function RootEffects() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const asking = useSyncExternalStore(subscribeNotices, () => currentQuestions().length > 0);

  useEffect(() => {
    const patch = settingsFromQuery(location.search);
    if (Object.keys(patch).length > 0) setUiSettings(patch);
  }, [location.search]);

  useEffect(() => {
    const tell = () => {
      if (!takeUntoldEnd()) return;
      showLoginFailed(() => navigate('/signin', { replace: true }));
    };
    // A session that ended before the app was drawn is told now.
    tell();
    return onSessionEnd(() => {
      queryClient.clear();
      tell();
    });
  }, [navigate, queryClient]);
  return (
    <>
      <Framed>
        <Outlet />
      </Framed>
      <Toasts />
      {asking ? (
        <Suspense fallback={null}>
          <Confirms />
        </Suspense>
      ) : null}
    </>
  );
}

const Confirms = lazy(() => import('../components/plain/Confirms').then((m) => ({ default: m.Confirms })));

/**
 * The handle of a route: `plain`, a page drawn without Ant Design (sign-in,
 * the dashboard); `shell`, the signed-in shell, which puts the frame around
 * its pages itself (the shell is drawn without Ant Design).
 */
export interface RouteLook {
  plain?: true;
  shell?: true;
}

/** A route's `lazy` that also brings Ant Design's frame, in one wait rather than two after another. */
export const withFrame =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), loadFrame()]).then(([page]) => page);

/** Ant Design's frame (theme, direction, language) around a page, loaded with the first page that needs it. */
export function InFrame({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <LazyFrame>{children}</LazyFrame>
    </Suspense>
  );
}

/**
 * The frame around the page unless the page says it is plain (`handle: {
 * plain: true }`). A plain page loads the frame as soon as the user starts
 * using it (the first focus), ready for the next page. `inShell`: the frame
 * of the shell's page area; outside it, the shell's pages are left to it.
 */
export function Framed({ children, inShell = false }: { children: ReactNode; inShell?: boolean }) {
  const matches = useMatches();
  const look = (m: (typeof matches)[number]) => (m.handle as RouteLook | undefined) ?? {};
  const plain = matches.some((m) => look(m).plain);
  const shell = !inShell && matches.some((m) => look(m).shell);
  useEffect(() => {
    if (!plain) return;
    const preload = () => void loadFrame();
    document.addEventListener('focusin', preload, { once: true });
    return () => document.removeEventListener('focusin', preload);
  }, [plain]);
  if (plain || shell) return children;
  return <InFrame>{children}</InFrame>;
}
