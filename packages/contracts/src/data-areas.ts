/**
 * The areas of a person's data in the export and in an erasure's report, in
 * the order they are listed (without zod: the My data page lists them on its
 * first load; data-rights.ts re-exports them with its schemas).
 */
export const DATA_AREAS = [
  'account',
  'profile',
  'photo',
  'documents',
  'leave',
  'remote_work',
  'hr_services',
  'kpi',
  'comments',
  'epr',
  'attendance',
  'shifts',
  'compensation',
  'notifications',
  'delegations',
  'sessions',
  'messages',
  'audit',
] as const;
export type DataArea = (typeof DATA_AREAS)[number];
