/** Whether `YYYY-MM-DD` names a real calendar day (not 2027-06-31). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Whether `YYYY-MM-DD HH:mm:ss` names a real moment. */
export function isCalendarDateTime(value: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  return Boolean(m && isCalendarDate(m[1]!) && Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4]) < 60);
}

/** A day as the portal shows it in its sentences and titles: `YYYY-MM-DD` → `DD-MM-YYYY`. */
export function displayDay(day: string): string {
  return `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
}
