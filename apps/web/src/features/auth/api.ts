import type { MessageResponse, PublicConfig, SessionUser } from '@hr/contracts/auth';
import { APP_ID } from '@hr/contracts/limits';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { queryClient } from '../../lib/query';
import { endSession, getSession, resumeStoredSession, startSession } from '../../lib/session';
import { authKeys } from './keys';

export function usePublicConfig() {
  return useQuery({
    queryKey: authKeys.config,
    queryFn: () => api.get<PublicConfig>('config', { auth: false }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: async (input: { username: string; password: string; remember: boolean }) => {
      const user = await api.post<SessionUser>(
        'login_check',
        { username: input.username, password: input.password, app_id: APP_ID },
        { auth: false },
      );
      return { user, remember: input.remember };
    },
    onSuccess: ({ user, remember }) => startSession(user, remember),
    // The sign-in form shows its own error.
    meta: { silent: true },
  });
}

/**
 * Ends the session here at once, then revokes its token on the server. The
 * screen never waits on the network to sign out, and no call still on its way
 * can turn the sign-out into a 'Login Failed' popup.
 */
export async function logout() {
  const token = getSession()?.token;
  endSession('logout');
  if (!token) return;
  try {
    await api.post<MessageResponse>('logout', undefined, { token });
  } catch {
    // The local session has ended anyway; the token expires on its own.
  }
}

/**
 * Ends this tab's impersonation: the tab goes back to the administrator's
 * own session where this browser keeps one (true), and the impersonation's
 * token is revoked on the server.
 */
export async function stopImpersonating(): Promise<boolean> {
  const session = getSession();
  if (!session) return false;
  queryClient.clear();
  const resumed = resumeStoredSession();
  try {
    await api.post<MessageResponse>('logout', undefined, { token: session.token });
  } catch {
    // The tab has left the session anyway; the administrator's logout or expiry ends it too.
  }
  return resumed;
}

export function useRequestOtp() {
  return useMutation({
    mutationFn: (eid: string) =>
      api.post<MessageResponse>('reset/password/otp/request', { eid }, { auth: false }),
    meta: { silent: true },
  });
}

export function useValidateReset() {
  return useMutation({
    mutationFn: ({ token, eid }: { token: string; eid?: string }) =>
      api.get<MessageResponse>(`reset/password/otp/validate/${encodeURIComponent(token)}`, {
        auth: false,
        query: { eid },
      }),
    meta: { silent: true },
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (
      body: { eid: string; otp: string; password: string } | { token: string; plain_password: string },
    ) => api.post<MessageResponse>('reset/password/otp', body, { auth: false }),
    meta: { silent: true },
  });
}

export function useValidateLink(token: string) {
  return useQuery({
    queryKey: authKeys.resetLink(token),
    queryFn: () =>
      api.get<MessageResponse>(`reset/password/otp/validate/${encodeURIComponent(token)}`, { auth: false }),
    retry: false,
    meta: { silent: true },
  });
}
