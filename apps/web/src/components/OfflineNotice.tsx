import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/http';
import { queryClient } from '../lib/query';
import { PlainAlert } from './PlainAlert';

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the portal answers at all (any answer will do: only a network error counts as offline). */
const reachable = () =>
  fetch('/api/health', { cache: 'no-store' }).then(
    // The answer is read to its end, so the call is over (an unread body keeps it open).
    async (res) => {
      await res.arrayBuffer().catch(() => undefined);
      return true;
    },
    () => false,
  );

/** How often the portal is asked again while it cannot be reached. */
const RETRY_MS = 10_000;

/**
 * Offline: the browser says so, or the portal cannot be reached (asked once
 * when the page opens, and again every few seconds until it answers), or the
 * last call to it failed on the network (`lib/http.ts` answers status 0) and
 * none has succeeded since.
 */
export function useOffline(): boolean {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const [unreachable, setUnreachable] = useState(false);
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated') return;
        if (event.action.type === 'success') setUnreachable(false);
        else if (event.action.type === 'error') {
          const { error } = event.action;
          if (error instanceof ApiError && error.status === 0) setUnreachable(true);
        }
      }),
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the portal is asked again when the browser's state changes
  useEffect(() => {
    let cancelled = false;
    void reachable().then((ok) => {
      if (!cancelled) setUnreachable(!ok);
    });
    return () => {
      cancelled = true;
    };
  }, [online]);
  useEffect(() => {
    if (!unreachable) return;
    const timer = setInterval(() => {
      void reachable().then((ok) => ok && setUnreachable(false));
    }, RETRY_MS);
    return () => clearInterval(timer);
  }, [unreachable]);
  return !online || unreachable;
}

/**
 * A banner while the portal cannot be reached: in the shell (the page shows
 * what this device last loaded) and on the sign-in and recovery pages.
 */
export function OfflineNotice({ where }: { where: 'shell' | 'signin' }) {
  const { t } = useTranslation();
  const offline = useOffline();
  if (!offline) return null;
  return (
    <PlainAlert
      role="status"
      type="warning"
      className={`offline-notice offline-notice--${where}`}
      title={t('offline.title')}
      description={where === 'shell' ? t('offline.shell') : t('offline.signin')}
    />
  );
}
