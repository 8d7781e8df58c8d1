import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './http';
import { meKeys } from './keys';
import { reportError } from './notify';
import { getSession, onSessionEnd } from './session';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** One query client: failed calls toast once here unless a call says `meta.silent` (forms report their own). */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.silent) reportError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      if (!mutation.meta?.silent) reportError(error);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    },
  },
});

/**
 * Every query read again, in a language just switched to (names HR types in
 * come in the caller's language). Invalidating alone joins a first read still
 * on its way in the old language, whose answer then counts as fresh: a reference
 * list stayed in English for its ten minutes. Cancelling first makes it ask again.
 */
export async function readAgainInNewLanguage(client: QueryClient): Promise<void> {
  await client.cancelQueries();
  await client.invalidateQueries();
}

/** Reference lists (companies, groups, categories) change rarely: kept fresh for ten minutes. */
export const REFERENCE_STALE_MS = 10 * 60_000;

/*
 * The dashboard's last answers, kept in local storage for the signed-in user,
 * so that the dashboard opened offline shows what this device last saw (with
 * the offline notice). Only these queries are kept; the keeping ends with the
 * session (sign-out, expiry, 401) and is dropped for anyone else.
 */
const OFFLINE_PREFIX = 'hr.offline.';
/**
 * The queries kept for offline use, by the start of their keys (the user's
 * own where a key names the employee); of each, the latest answer is kept.
 * The dashboard names them (keepOffline): lib/ knows no feature's keys.
 */
let keptStarts: (employeeId: number) => readonly QueryKey[] = () => [];
const kept = (employeeId: number): readonly QueryKey[] => [meKeys.all, ...keptStarts(employeeId)];

/** Names the queries whose latest answers are kept for offline use (the dashboard's). */
export function keepOffline(starts: (employeeId: number) => readonly QueryKey[]): void {
  keptStarts = starts;
}

interface KeptQuery {
  key: QueryKey;
  data: unknown;
  at: number;
}

const startsWith = (key: QueryKey, start: QueryKey) =>
  start.every((part, i) => JSON.stringify(key[i]) === JSON.stringify(part));

function clearKept() {
  for (const name of Object.keys(localStorage)) {
    if (name.startsWith(OFFLINE_PREFIX)) localStorage.removeItem(name);
  }
}

function keep() {
  const session = getSession();
  if (!session) return;
  const answered = queryClient.getQueryCache().findAll({ predicate: (q) => q.state.status === 'success' });
  const queries: KeptQuery[] = kept(session.employee_id).flatMap((start) => {
    const latest = answered
      .filter((q) => startsWith(q.queryKey, start))
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)[0];
    return latest ? [{ key: latest.queryKey, data: latest.state.data, at: latest.state.dataUpdatedAt }] : [];
  });
  try {
    localStorage.setItem(`${OFFLINE_PREFIX}${session.employee_id}`, JSON.stringify(queries));
  } catch {
    // Storage full or refused: the dashboard simply is not kept.
  }
}

/**
 * Puts the signed-in user's kept answers back into the cache, marked out of
 * date: a screen shows them while it reads them again (offline, it keeps them).
 */
function restoreKept() {
  const session = getSession();
  const mine = session ? `${OFFLINE_PREFIX}${session.employee_id}` : null;
  for (const name of Object.keys(localStorage)) {
    if (name.startsWith(OFFLINE_PREFIX) && name !== mine) localStorage.removeItem(name);
  }
  if (!mine) return;
  try {
    const kept = JSON.parse(localStorage.getItem(mine) ?? '[]') as KeptQuery[];
    for (const q of kept) {
      queryClient.setQueryData(q.key, q.data, { updatedAt: q.at });
      // Shown at once, but never taken as fresh: the first screen that reads it asks again.
      void queryClient.invalidateQueries({ queryKey: q.key, exact: true, refetchType: 'none' });
    }
  } catch {
    localStorage.removeItem(mine);
  }
}

restoreKept();
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated' || event.action.type !== 'success') return;
  const session = getSession();
  if (session && kept(session.employee_id).some((start) => startsWith(event.query.queryKey, start))) keep();
});
onSessionEnd(clearKept);
