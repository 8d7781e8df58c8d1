/**
 * The office's clock: the wall clock of the server process's time zone
 * (`TZ`, README: Asia/Dhaka). Punches, leave times and shift times are
 * wall-clock text on it with no time zone, and "today" is its date. Every
 * place that needs the office's now or today asks here; a test moves the
 * clock with vitest's fake timers (`Date`) and the zone with `process.env.TZ`
 * (Node reads it again when it is set).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The office's wall clock at `at` (default: now), as `YYYY-MM-DD HH:mm:ss`. */
export function officeNow(at: Date = new Date()): string {
  return (
    `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ` +
    `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`
  );
}

/** Today on the office's clock, as the API writes dates (`YYYY-MM-DD`). */
export function officeToday(at: Date = new Date()): string {
  return officeNow(at).slice(0, 10);
}
