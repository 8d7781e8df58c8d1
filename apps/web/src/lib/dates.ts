import { isCalendarDate } from '@hr/contracts/dates';
import { DATE_FORMAT, DATE_TIME_FORMAT, PROFILE_TIMESTAMP_FORMAT, TIME_FORMAT } from '@hr/contracts/limits';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Dates as SPEC.md §9 shows them: DD-MM-YYYY, DD-MM-YYYY HH:mm, profile
 * timestamps DD-MM-YYYY - HH:mm, times HH:mm. The API sends dates as
 * YYYY-MM-DD and timestamps as ISO 8601, except the HR service dates, which
 * travel as DD-MM-YYYY; every one of them is shown through this file.
 */
type Input = string | number | Date | Dayjs | null | undefined;

/** The display formats, also for the `format` of date and time pickers. */
export { DATE_FORMAT, DATE_TIME_FORMAT, PROFILE_TIMESTAMP_FORMAT, TIME_FORMAT };
/** A day of the year without its year (birthdays): DD-MM. */
export const DAY_MONTH_FORMAT = 'DD-MM';

/** `DD-MM-YYYY`, optionally with `HH:mm` or `HH:mm:ss`. */
const DMY = /^(\d{2})-(\d{2})-(\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
/** `YYYY-MM-DD` at the start of an API date, date-time or timestamp. */
const YMD = /^(\d{4}-\d{2}-\d{2})(?:$|[ T])/;

function parseText(text: string): Dayjs | null {
  const dmy = DMY.exec(text);
  if (dmy) {
    const [, d, m, y, hh = '00', mm = '00', ss = '00'] = dmy;
    const iso = `${y}-${m}-${d}`;
    return isCalendarDate(iso) ? dayjs(`${iso}T${hh}:${mm}:${ss}`) : null;
  }
  // day.js would roll 2024-02-30 over to 1 March: a day that does not exist shows as missing.
  const ymd = YMD.exec(text);
  if (ymd && !isCalendarDate(ymd[1]!)) return null;
  return dayjs(text);
}

function valid(value: Input): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const d = typeof value === 'string' ? parseText(value.trim()) : dayjs(value);
  return d?.isValid() ? d : null;
}

/** A day: DD-MM-YYYY (of a date, a date-time or a timestamp, in local time). */
export const formatDate = (value: Input, empty = '—') => valid(value)?.format(DATE_FORMAT) ?? empty;
/** A moment: DD-MM-YYYY HH:mm (local time). */
export const formatDateTime = (value: Input, empty = '—') => valid(value)?.format(DATE_TIME_FORMAT) ?? empty;
/** A moment on the profile: DD-MM-YYYY - HH:mm (local time). */
export const formatTimestamp = (value: Input, empty = '—') =>
  valid(value)?.format(PROFILE_TIMESTAMP_FORMAT) ?? empty;
/** A day of the year: DD-MM. */
export const formatDayMonth = (value: Input, empty = '—') => valid(value)?.format(DAY_MONTH_FORMAT) ?? empty;

/** A time of day: `HH:mm` or `HH:mm:ss` from the API, shown as HH:mm. */
export function formatTime(value: string | null | undefined, empty = '—'): string {
  if (!value) return empty;
  const d = dayjs(`2000-01-01T${value}`);
  return d.isValid() ? d.format(TIME_FORMAT) : empty;
}

/** The API's date form (YYYY-MM-DD) of a picker value. */
export const toApiDate = (value: Dayjs | null | undefined) =>
  value ? value.format('YYYY-MM-DD') : undefined;
