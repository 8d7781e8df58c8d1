/**
 * PostgreSQL's errors as the code reads them: the SQLSTATE of a failed query
 * and the states the portal answers for itself (a name taken, a record still
 * in use, writes that met in another order).
 */

/** A unique index refused the row (a name or a key already taken). */
export const UNIQUE_VIOLATION = '23505';
/** A foreign key refused the change (a record another still points at). */
export const FOREIGN_KEY_VIOLATION = '23503';
/** Two transactions waited on each other; PostgreSQL rolled one back. */
export const DEADLOCK_DETECTED = '40P01';

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error). */
export function pgCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
