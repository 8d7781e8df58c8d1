/**
 * Remote work's fixed numbers, without zod: the remote-work list reads them
 * on its first load (remote-work.ts re-exports them with its schemas).
 */

/** Remote-work type 1 is hours within one day; the others are whole days (SPEC.md §9). */
export const REMOTE_WORK_TYPE = { hourly: 1 } as const;
