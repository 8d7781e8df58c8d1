import type { SessionUser } from '@hr/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { API_BASE, api } from '../../lib/http';

/** Where the browser goes to sign in with the company account (the server sends it on to the provider). */
export const SSO_START_URL = `${API_BASE}/auth/oidc/start`;

/** Exchanges the round trip's one-time ticket for a session (the page starts it, kept like a remembered sign-in). */
export function useSsoSignIn() {
  return useMutation({
    mutationFn: (ticket: string) => api.post<SessionUser>('login_check/oidc', { ticket }, { auth: false }),
    // The page shows the error on the sign-in page.
    meta: { silent: true },
  });
}
