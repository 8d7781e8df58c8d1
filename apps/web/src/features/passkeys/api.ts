import type { SessionUser } from '@hr/contracts/auth';
import type { Passkey, PasskeyList, PasskeyOptions } from '@hr/contracts/passkeys';
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { startSession } from '../../lib/session';
import { passkeyKeys } from './keys';

/** The caller's passkeys, with what they may do. */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeyKeys.all,
    queryFn: ({ signal }) => api.get<PasskeyList>('account/passkeys', { signal }),
  });
}

/**
 * Adds a passkey: the server's options, the browser's ceremony (the person
 * chooses where the passkey lives and unlocks it), then the answer with its name.
 */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { ticket, options } = await api.post<PasskeyOptions>('account/passkeys/options');
      const response = await startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      });
      return api.post<Passkey>('account/passkeys', { ticket, name, response });
    },
    onSettled: () => client.invalidateQueries({ queryKey: passkeyKeys.all }),
    // The dialog shows its own error.
    meta: { silent: true },
  });
}

export function useRenamePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api.patch<Passkey>(`account/passkeys/${id}`, { name }),
    onSuccess: () => client.invalidateQueries({ queryKey: passkeyKeys.all }),
    meta: { silent: true },
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<undefined>(`account/passkeys/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}

/**
 * Signs in with a passkey: no E-ID is typed, the browser offers the
 * portal's passkeys it holds; the session starts as a password sign-in's does.
 */
export function usePasskeySignIn() {
  return useMutation({
    mutationFn: async (remember: boolean) => {
      const { ticket, options } = await api.post<PasskeyOptions>('login_check/passkey/options', undefined, {
        auth: false,
      });
      const response = await startAuthentication({
        optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
      });
      const user = await api.post<SessionUser>('login_check/passkey', { ticket, response }, { auth: false });
      return { user, remember };
    },
    onSuccess: ({ user, remember }) => startSession(user, remember),
    meta: { silent: true },
  });
}
