import { useSyncExternalStore } from 'react';
import { matchesMedia } from './media-query';
import type { UiSettings } from './ui-settings-query';

export type { LayoutType, NavStyle, ThemeName, UiSettings } from './ui-settings-query';
export { settingsFromQuery } from './ui-settings-query';

/** The shell's look-and-feel settings, remembered in local storage. */
const KEY = 'hr.ui';
const DEFAULTS: UiSettings = { theme: 'light', navStyle: 'fixed', layoutType: 'full' };

function load(): UiSettings {
  try {
    const raw = localStorage.getItem(KEY);
    if (raw) return { ...DEFAULTS, ...(JSON.parse(raw) as Partial<UiSettings>) };
  } catch {
    // fall back to defaults
  }
  return { ...DEFAULTS, theme: matchesMedia('(prefers-color-scheme: dark)') ? 'dark' : 'light' };
}

let current = load();
const listeners = new Set<() => void>();

export function setUiSettings(patch: Partial<UiSettings>) {
  const next = { ...current, ...patch };
  if (
    next.theme === current.theme &&
    next.navStyle === current.navStyle &&
    next.layoutType === current.layoutType
  )
    return;
  current = next;
  localStorage.setItem(KEY, JSON.stringify(current));
  for (const l of listeners) l();
}

export function useUiSettings(): UiSettings {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
