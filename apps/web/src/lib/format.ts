import { i18n } from './i18n-instance';

/**
 * Numbers, amounts, sizes, weekdays and months in the reader's language:
 * its decimal and grouping marks, its words for days and months. Digits are
 * Latin in every language, Arabic too, as in the dates (SPEC.md §9 formats),
 * E-IDs, mobile numbers and what people type into number fields
 * (docs/decisions.md, "Languages"). Day-month-year dates stay in lib/dates.ts.
 *
 * Each function takes the language, by default the current one, so code
 * outside React reads the language of the screen it is drawn for.
 */

type DayInput = string | Date;

const current = () => i18n.language || 'en';

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { numberingSystem: 'latn', ...options });
    numberFormats.set(key, format);
  }
  return format;
}

function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    // Calendar days, not moments: read and written in UTC, so no time zone moves them.
    format = new Intl.DateTimeFormat(language, { numberingSystem: 'latn', timeZone: 'UTC', ...options });
    dateFormats.set(key, format);
  }
  return format;
}

/** A count or any number: `12,345` (en), `12 345` (fr), `12.345` (es, it). */
export function formatNumber(value: number, language = current()): string {
  return numberFormat(language, { maximumFractionDigits: 20 }).format(value);
}

/**
 * A number with a fixed count of decimals (weights and marks show 2,
 * SPEC.md §9): `12.50` (en), `12,50` (fr); `empty` when there is none.
 */
export function formatDecimal(
  value: number | null | undefined,
  digits = 2,
  language = current(),
  empty = '—',
): string {
  if (value === null || value === undefined || Number.isNaN(value)) return empty;
  return numberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    value,
  );
}

/** An amount with its currency's code and two decimals: `BDT 1,234.50` (en), `1 234,50 BDT` (fr). */
export function formatMoney(amount: string | number, currency: string, language = current()): string {
  return numberFormat(language, {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(amount));
}

/** A file size as people read it: `1.2 MB`, `840 kB`, `12 byte` (`1,2 Mo`, `840 ko` in French). */
export function formatFileSize(bytes: number, language = current()): string {
  const [unit, value, digits] =
    bytes >= 1024 * 1024
      ? (['megabyte', bytes / 1024 / 1024, 1] as const)
      : bytes >= 1024
        ? (['kilobyte', bytes / 1024, 0] as const)
        : (['byte', bytes, 0] as const);
  return numberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: digits,
  }).format(value);
}

/** `YYYY-MM-DD` (or a longer API date or timestamp starting so) as a UTC day; a Date as its local day. */
function utcDay(value: DayInput): Date | null {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime())
      ? null
      : new Date(Date.UTC(value.getFullYear(), value.getMonth(), value.getDate()));
  }
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(value);
  if (!m) return null;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, m[3] ? Number(m[3]) : 1));
  return Number.isNaN(day.getTime()) ? null : day;
}

/** A day of the week by its number (0 Sunday .. 6 Saturday): 1 January 2023 was a Sunday. */
export function weekdayName(
  day: number,
  language = current(),
  width: 'long' | 'short' | 'narrow' = 'long',
): string {
  return dateFormat(language, { weekday: width }).format(new Date(Date.UTC(2023, 0, 1 + day)));
}

/** The weekday of a date (`YYYY-MM-DD` or a Date): `Thursday`, `jeudi`, `الخميس`; `empty` for none. */
export function weekdayOf(
  value: DayInput | null | undefined,
  language = current(),
  width: 'long' | 'short' = 'long',
  empty = '—',
): string {
  const day = value ? utcDay(value) : null;
  return day ? dateFormat(language, { weekday: width }).format(day) : empty;
}

/** A month with its year (`YYYY-MM`, a date in it, or a Date): `January 2026`, `2026年1月`, `janvier 2026`. */
export function formatMonth(value: DayInput | null | undefined, language = current(), empty = '—'): string {
  const day = value ? utcDay(value) : null;
  return day ? dateFormat(language, { month: 'long', year: 'numeric' }).format(day) : empty;
}
