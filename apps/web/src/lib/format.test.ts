import { afterAll, describe, expect, test } from 'vitest';
import { formatDate, formatDateTime } from './dates';
import {
  formatDecimal,
  formatFileSize,
  formatMoney,
  formatMonth,
  formatNumber,
  weekdayName,
  weekdayOf,
} from './format';
import { changeLanguage } from './i18n';

/** Spaces of any kind as one plain space (Intl writes no-break and narrow no-break spaces). */
const plain = (text: string) => text.replace(/\s/g, ' ');
/** Any Arabic-Indic or Persian digit. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/;

describe('numbers', () => {
  test.each([
    ['en', 1234567, '1,234,567'],
    ['fr', 1234567, '1 234 567'],
    ['it', 1234567, '1.234.567'],
    ['es', 1234567, '1.234.567'],
    ['zh', 1234567, '1,234,567'],
    ['ar', 1234567, '1,234,567'],
    ['en', 0.5, '0.5'],
  ])('%s writes %d as %s', (language, value, shown) => {
    expect(plain(formatNumber(value, language))).toBe(shown);
  });

  test.each([
    ['en', 12.5, '12.50'],
    ['fr', 12.5, '12,50'],
    ['it', 100, '100,00'],
    ['ar', 33.333, '33.33'],
  ])('%s shows %d with two decimals as %s', (language, value, shown) => {
    expect(formatDecimal(value, 2, language)).toBe(shown);
  });

  test('shows a missing number as the empty mark', () => {
    expect(formatDecimal(null, 2, 'en')).toBe('—');
    expect(formatDecimal(undefined, 2, 'fr', '')).toBe('');
  });

  test('keeps Latin digits in Arabic, as the dates are', () => {
    for (const text of [
      formatNumber(9876543, 'ar'),
      formatDecimal(12.5, 2, 'ar'),
      formatMoney('76500', 'BDT', 'ar'),
      formatFileSize(5_000_000, 'ar'),
      formatMonth('2026-03', 'ar'),
    ]) {
      expect(text, text).not.toMatch(EASTERN_DIGITS);
    }
  });

  test.each([
    ['en', 'BDT 55,000.50'],
    ['fr', '55 000,50 BDT'],
    ['es', '55.000,50 BDT'],
  ])('%s writes an amount as %s', (language, shown) => {
    expect(plain(formatMoney('55000.5', 'BDT', language))).toBe(shown);
  });

  test.each([
    ['en', 1_258_291, '1.2 MB'],
    ['en', 860_160, '840 kB'],
    ['en', 12, '12 byte'],
    ['fr', 1_258_291, '1,2 Mo'],
    ['fr', 860_160, '840 ko'],
  ])('%s writes a file of %d bytes as %s', (language, bytes, shown) => {
    expect(plain(formatFileSize(bytes, language))).toBe(shown);
  });
});

describe('weekdays and months', () => {
  test.each([
    ['en', 'Thursday'],
    ['fr', 'jeudi'],
    ['es', 'jueves'],
    ['it', 'giovedì'],
    ['zh', '星期四'],
    ['ar', 'الخميس'],
  ])('%s names the weekday of 2026-01-01 %s', (language, name) => {
    expect(weekdayOf('2026-01-01', language)).toBe(name);
    // The weekday of a date is that of its calendar day, whatever the time zone.
    expect(weekdayOf('2026-01-01T23:30:00', language)).toBe(name);
  });

  test('names a weekday by its number, 0 being Sunday', () => {
    expect(weekdayName(0, 'en')).toBe('Sunday');
    expect(weekdayName(5, 'fr')).toBe('vendredi');
    expect(weekdayName(6, 'ar', 'short')).toBe('السبت');
  });

  test.each([
    ['en', 'January 2026'],
    ['fr', 'janvier 2026'],
    ['es', 'enero de 2026'],
    ['it', 'gennaio 2026'],
    ['zh', '2026年1月'],
    ['ar', 'يناير 2026'],
  ])('%s names the month 2026-01 %s', (language, name) => {
    expect(formatMonth('2026-01', language)).toBe(name);
    expect(formatMonth('2026-01-31', language)).toBe(name);
  });

  test('shows a missing or unreadable date as the empty mark', () => {
    expect(weekdayOf(null, 'en')).toBe('—');
    expect(weekdayOf('not a date', 'en')).toBe('—');
    expect(formatMonth(undefined, 'en', '')).toBe('');
  });
});

describe('the current language', () => {
  afterAll(async () => {
    await changeLanguage('en');
  });

  test('leaves the dates of SPEC.md §9 as they are, in Latin digits', async () => {
    for (const language of ['ar', 'zh', 'fr'] as const) {
      await changeLanguage(language);
      expect(formatDate('2026-01-05')).toBe('05-01-2026');
      expect(formatDateTime('2026-01-05T08:59:00')).toBe('05-01-2026 08:59');
    }
  });

  test('is the default', async () => {
    await changeLanguage('en');
    expect(formatDecimal(1234.5)).toBe('1,234.50');
    await changeLanguage('fr');
    expect(plain(formatDecimal(1234.5))).toBe('1 234,50');
    expect(weekdayName(1)).toBe('lundi');
    expect(formatMonth('2026-05')).toBe('mai 2026');
  });
});
