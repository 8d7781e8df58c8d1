import { DATE_FORMAT, DATE_TIME_FORMAT, PROFILE_TIMESTAMP_FORMAT, TIME_FORMAT } from '@hr/contracts/limits';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Dates as SPEC.md §9 shows them: DD-MM-YYYY, DD-MM-YYYY HH:mm, profile
 * timestamps DD-MM-YYYY - HH:mm, times HH:mm. The API sends dates as
 * YYYY-MM-DD and timestamps as ISO 8601.
 */
type Input = string | number | Date | Dayjs | null | undefined;

function valid(value: Input): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
}

export const formatDate = (value: Input, empty = '—') => valid(value)?.format(DATE_FORMAT) ?? empty;
export const formatDateTime = (value: Input, empty = '—') => valid(value)?.format(DATE_TIME_FORMAT) ?? empty;
export const formatTimestamp = (value: Input, empty = '—') =>
  valid(value)?.format(PROFILE_TIMESTAMP_FORMAT) ?? empty;

/** A time of day: `HH:mm` or `HH:mm:ss` from the API, shown as HH:mm. */
export function formatTime(value: string | null | undefined, empty = '—'): string {
  if (!value) return empty;
  const d = dayjs(`2000-01-01T${value}`);
  return d.isValid() ? d.format(TIME_FORMAT) : empty;
}

/** The API's date form (YYYY-MM-DD) of a picker value. */
export const toApiDate = (value: Dayjs | null | undefined) =>
  value ? value.format('YYYY-MM-DD') : undefined;
