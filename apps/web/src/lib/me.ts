import type { MeResponse } from '@hr/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './http';
import { meKeys } from './keys';
import { saveLanguageIfNew } from './language-choice';
import { queryClient } from './query';
import { getSession, useSession } from './session';

/**
 * Who is signed in (GET me): the session's user and employee, which every
 * screen reads (the shell, the pages, the 403 of the administration screens).
 */
/** The signed-in user and employee of a session; only asked while there is one. */
export const meQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: meKeys.of(token),
    queryFn: async () => {
      const me = await api.get<MeResponse>('me');
      saveLanguageIfNew(me.user.language);
      return me;
    },
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });

export function useMe() {
  const session = useSession();
  return useQuery(meQuery(session?.token));
}

/** Asks who is signed in as soon as a signed-in address is opened, beside the shell's code (not waited for). */
export function prefetchMe(): null {
  const token = getSession()?.token;
  if (token) void queryClient.prefetchQuery(meQuery(token));
  return null;
}
