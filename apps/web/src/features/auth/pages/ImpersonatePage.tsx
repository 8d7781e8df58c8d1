import type { sessionUser } from '@hr/contracts/auth';
import { useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/PageLoading';
import { queryClient } from '../../../lib/query';
import { startSession, useSession } from '../../../lib/session';

/**
 * Reads a session user from `?user=` (base64url JSON or JSON) with the
 * contract's schema, which the page loads (and zod with it) only when it has
 * a user to read: the way through after signing in stays light.
 */
export function parseUserParam(value: string, schema: typeof sessionUser) {
  const attempts = [value];
  try {
    const b64 = value.replace(/-/g, '+').replace(/_/g, '/');
    attempts.push(new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))));
  } catch {
    // not base64
  }
  for (const text of attempts) {
    try {
      const parsed = schema.safeParse(JSON.parse(text));
      if (parsed.success && parsed.data.expiry > Date.now()) return parsed.data;
    } catch {
      // try the next form
    }
  }
  return null;
}

/** /impersonate: with `user`, signs in as that user; then (or without it) goes to /profile. */
export function ImpersonatePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const raw = params.get('user');

  useEffect(() => {
    if (!raw) return;
    let gone = false;
    void import('@hr/contracts/auth').then(({ sessionUser }) => {
      if (gone) return;
      const user = parseUserParam(raw, sessionUser);
      if (user) {
        queryClient.clear();
        // Kept in this tab only, so the administrator's own session stays in the others.
        startSession(user, false);
      }
      navigate('/profile', { replace: true });
    });
    return () => {
      gone = true;
    };
  }, [raw, navigate]);

  if (raw) return <PageLoading />;
  return <Navigate to={session ? '/profile' : '/signin'} replace />;
}

export { ImpersonatePage as Component };
