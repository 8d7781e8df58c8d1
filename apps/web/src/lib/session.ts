import type { SessionUser } from '@hr/contracts/auth';
import { useSyncExternalStore } from 'react';

/**
 * The signed-in user (SPEC.md §3 session user), kept in local storage when
 * "Remember me" is on and in session storage otherwise. The session ends at
 * its expiry, on logout and on any 401.
 */
const KEY = 'hr.session';

export type EndReason = 'logout' | 'expired' | 'unauthorized';

type Listener = () => void;
const listeners = new Set<Listener>();
const endListeners = new Set<(reason: EndReason) => void>();
let current: SessionUser | null = null;
/** Where the current user is kept: local storage (remember me) or this tab's session storage. */
let currentStore: Storage | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | null = null;
/** Why the last session ended, until the next one starts. */
let lastEnd: EndReason | null = null;
/** An expiry or 401 the user has not been told of yet (it came before the app could show it). */
let untold: EndReason | null = null;

/** This tab's session storage comes first: an impersonation tab keeps its own user. */
function read(): { user: SessionUser; store: Storage } | null {
  for (const store of [sessionStorage, localStorage]) {
    const raw = store.getItem(KEY);
    if (!raw) continue;
    try {
      const user = JSON.parse(raw) as SessionUser;
      if (typeof user.token === 'string' && typeof user.expiry === 'number' && user.expiry > Date.now()) {
        return { user, store };
      }
    } catch {
      // a damaged entry is dropped below
    }
    store.removeItem(KEY);
  }
  return null;
}

function emit() {
  for (const l of listeners) l();
}

function scheduleExpiry() {
  if (expiryTimer) clearTimeout(expiryTimer);
  expiryTimer = null;
  if (!current) return;
  // setTimeout holds at most about 24.8 days; sessions are at most 24 hours.
  const wait = Math.max(0, current.expiry - Date.now());
  expiryTimer = setTimeout(() => endSession('expired'), wait);
}

export function getSession(): SessionUser | null {
  if (current && current.expiry <= Date.now()) {
    endSession('expired');
    return null;
  }
  return current;
}

export function startSession(user: SessionUser, remember = true) {
  sessionStorage.removeItem(KEY);
  currentStore = remember ? localStorage : sessionStorage;
  currentStore.setItem(KEY, JSON.stringify(user));
  current = user;
  lastEnd = null;
  untold = null;
  scheduleExpiry();
  emit();
}

/** Removes the stored user and tells listeners why (the shell shows the popup for expiry and 401). */
export function endSession(reason: EndReason) {
  const had = current !== null;
  if (had) lastEnd = reason;
  current = null;
  currentStore?.removeItem(KEY);
  currentStore = null;
  if (expiryTimer) clearTimeout(expiryTimer);
  expiryTimer = null;
  emit();
  if (!had) return;
  untold = reason === 'logout' ? null : reason;
  for (const l of endListeners) l(reason);
}

/**
 * The expiry or 401 the user has not been told of, once: the app tells it as
 * it happens, or on starting when it happened first (a page reloaded on a
 * revoked session: its first call answers 401 before the app is drawn).
 */
export function takeUntoldEnd(): EndReason | null {
  const reason = untold;
  untold = null;
  return reason;
}

/**
 * Leaves this tab's own session (an impersonation, kept in the tab's session
 * storage) for the one this browser keeps in local storage: the
 * administrator's. True when that one is resumed; otherwise the session ends.
 */
export function resumeStoredSession(): boolean {
  const leaving = current;
  sessionStorage.removeItem(KEY);
  const next = read();
  if (!next || next.user.token === leaving?.token) {
    endSession('logout');
    return false;
  }
  current = next.user;
  currentStore = next.store;
  lastEnd = null;
  scheduleExpiry();
  emit();
  return true;
}

/** Why the last session ended ('logout', 'expired', 'unauthorized'), or null while one runs or none ended. */
export function lastEndReason(): EndReason | null {
  return lastEnd;
}

export function onSessionEnd(listener: (reason: EndReason) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionUser | null {
  return useSyncExternalStore(subscribe, () => current);
}

// Another tab signing out (or in) is followed here.
window.addEventListener('storage', (event) => {
  if (event.key !== KEY && event.key !== null) return;
  // The administrator signed out in another tab: the server has ended the impersonation of this one too.
  if (event.storageArea === localStorage && event.newValue === null && current?.impersonated_by) {
    endSession('logout');
    return;
  }
  const next = read();
  if (next?.user.token !== current?.token) {
    if (!next && current) endSession('logout');
    else {
      current = next?.user ?? null;
      currentStore = next?.store ?? null;
      scheduleExpiry();
      emit();
    }
  }
});

const initial = read();
current = initial?.user ?? null;
currentStore = initial?.store ?? null;
scheduleExpiry();
