/**
 * Leave's fixed numbers, without zod: the leave list reads them on its first
 * load (leave.ts re-exports them with its schemas).
 */

/** Leave formats (SPEC.md §3). */
export const LEAVE_FORMAT = { fullDay: 1, short: 2 } as const;
/** Leave types without a balance (SPEC.md §9). */
export const NO_BALANCE_LEAVE_TYPES = [5, 6, 7, 9] as const;
