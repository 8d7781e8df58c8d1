import type {
  AccountSessions,
  EndedSessions,
  EndSessionsBody,
  RecoveryCodesResponse,
  TotpEnrolment,
  TotpRemoveBody,
  TotpStatus,
} from '@hr/contracts/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { accountKeys } from './keys';

/** Whether the caller set up an authenticator app, and how many recovery codes are left. */
export function useTotpStatus() {
  return useQuery({
    queryKey: accountKeys.totp,
    queryFn: ({ signal }) => api.get<TotpStatus>('account/totp', { signal }),
  });
}

/** A new secret to put in the app (not asked for until a first code confirms it). */
export function useEnrolTotp() {
  return useMutation({
    mutationFn: () => api.post<TotpEnrolment>('account/totp'),
    // The section shows its own error.
    meta: { silent: true },
  });
}

/** Confirms the new secret with a first code: answers the recovery codes, shown once. */
export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodesResponse>('account/totp/confirm', { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.totp }),
    meta: { silent: true },
  });
}

/** Ten new recovery codes for a current code. */
export function useRegenerateRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodesResponse>('account/totp/recovery_codes', { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.totp }),
    meta: { silent: true },
  });
}

/** Removes the app with a current code or the password. */
export function useRemoveTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TotpRemoveBody) => api.delete<undefined>('account/totp', body),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.totp }),
    meta: { silent: true },
  });
}

/** Where the caller is signed in. */
export function useAccountSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: ({ signal }) => api.get<AccountSessions>('account/sessions', { signal }),
  });
}

/** Ends one session, or all but this one. */
export function useEndSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndSessionsBody) => api.delete<EndedSessions>('account/sessions', body),
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** HR administrators: ends every session of an employee. */
export function useEndEmployeeSessions() {
  return useMutation({
    mutationFn: (employeeId: number) => api.delete<EndedSessions>(`employees/${employeeId}/sessions`),
  });
}
