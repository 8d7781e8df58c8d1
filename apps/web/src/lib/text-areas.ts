/**
 * The areas of the texts: each language keeps one file per area
 * (locales/<lang>/<area>.json), and a page loads only the areas it shows
 * (router.tsx names them route by route). Read by lib/i18n.ts and by
 * vite.config.ts (the shell's English comes in the signed-in start's file),
 * so this module imports nothing.
 */
export const AREAS = [
  'account',
  'admin',
  'approvals',
  'attendance',
  'attendance-admin',
  'audit',
  'auth',
  'calendar-feeds',
  'comments',
  'common',
  'compensation',
  'dashboard',
  'data-rights',
  'delegations',
  'employee-import',
  'employees',
  'epr',
  'epr-calibration',
  'epr-cycles',
  'epr-list',
  'hr-services',
  'imports',
  'kpi',
  'leave',
  'leave-calendar',
  'leave-policies',
  'lists',
  'notifications',
  'org-chart',
  'organisation',
  'passkeys',
  'profile',
  'reference',
  'remote-work',
  'server-errors',
  'shifts',
  'sso',
  'team',
  'workflow',
] as const;

export type Area = (typeof AREAS)[number];

/**
 * What every page may show: the public pages' texts (sign-in, recovery,
 * company accounts, passkeys), the shared ones (menus, buttons, errors) and
 * the server's error texts with the workflow's names they read. Their
 * English comes with the app itself; another language loads them first.
 */
export const START_AREAS = [
  'auth',
  'common',
  'passkeys',
  'server-errors',
  'sso',
  'workflow',
] as const satisfies readonly Area[];

/**
 * What the signed-in shell draws besides: the sidebar's entries (the
 * administration's headings and screens are named in their own areas), the
 * user menu and the notifications bell.
 */
export const SHELL_AREAS = [
  'approvals',
  'attendance-admin',
  'audit',
  'data-rights',
  'epr-calibration',
  'epr-cycles',
  'leave-policies',
  'notifications',
  'reference',
  'shifts',
] as const satisfies readonly Area[];

/** The dashboard's: the first page after signing in, whose English comes with the shell's. */
export const DASHBOARD_AREAS = ['dashboard', 'leave', 'lists'] as const satisfies readonly Area[];

/**
 * The area a text's key would be in: an area's file holds one top-level key,
 * its name in camel case (`leavePolicies.…` is in leave-policies.json). The
 * start areas hold several each, and are always there.
 */
export function areaOfKey(key: string): string {
  const top = key.split('.', 1)[0] ?? '';
  return top.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
