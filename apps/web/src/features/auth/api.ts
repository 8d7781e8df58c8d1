import type { LoginAnswer, SecondFactorSession, TotpEnrolment } from '@hr/contracts/account';
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

/**
 * Signs in with E-ID and password: the session starts at once, or the answer
 * carries the ticket of the second step (`second_factor`), shown by the page.
 */
export function useLogin() {
  return useMutation({
    mutationFn: async (input: { username: string; password: string; remember: boolean }) => {
      const answer = await api.post<LoginAnswer>(
        'login_check',
        { username: input.username, password: input.password, app_id: APP_ID },
        { auth: false },
      );
      return { answer, remember: input.remember };
    },
    onSuccess: ({ answer, remember }) => {
      if ('token' in answer) startSession(answer, remember);
    },
    // The sign-in form shows its own error.
    meta: { silent: true },
  });
}

/** The session without what is shown once (the recovery codes of an app just set up). */
function sessionOf(answer: SecondFactorSession): SessionUser {
  const { recovery_codes: _shownOnce, ...session } = answer;
  return session;
}

/** Starts the session a second step answered (after its recovery codes were shown, if any). */
export function startSecondFactorSession(answer: SecondFactorSession, remember: boolean) {
  startSession(sessionOf(answer), remember);
}

/** The second step: an authenticator app's code or a recovery code on the ticket. */
export function useSecondFactor() {
  return useMutation({
    mutationFn: (body: { ticket: string; code: string }) =>
      api.post<SecondFactorSession>('login_check/second_factor', body, { auth: false }),
    meta: { silent: true },
  });
}

/** A new authenticator app secret, for one who must set one up while signing in. */
export function useEnrolAtSignIn() {
  return useMutation({
    mutationFn: (ticket: string) => api.post<TotpEnrolment>('login_check/totp', { ticket }, { auth: false }),
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
