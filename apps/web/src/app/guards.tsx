import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { LazyFrame, loadFrame } from '../components/frame/load';
import { PageLoading } from '../components/PageLoading';
import { onNotifierWanted, showLoginFailed } from '../lib/notify';
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
 * Draws the toast host beside the pages once one is wanted: it outlives them,
 * so a toast or the 'Login Failed' popup shown before going to another page
 * (back to sign-in) is still seen.
 */
export function RootEffects() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const host = useSyncExternalStore(onHostWanted, () => hostWanted);

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
  useEffect(() => onNotifierWanted(wantHost), []);
  return (
    <>
      <Framed>
        <Outlet />
      </Framed>
      {host ? (
        <Suspense fallback={null}>
          <LazyFrame binds />
        </Suspense>
      ) : null}
    </>
  );
}

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

let hostWanted = false;
const hostListeners = new Set<() => void>();
function onHostWanted(listener: () => void) {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}
function wantHost() {
  if (hostWanted) return;
  hostWanted = true;
  for (const listener of hostListeners) listener();
}

/** Ant Design's frame (theme, direction, language) around a page, loaded with the first page that needs it. */
export function InFrame({ children }: { children: ReactNode }) {
  // Its pages may toast: the host comes with the frame (the same file).
  useEffect(wantHost, []);
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
