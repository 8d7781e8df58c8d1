import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  DAY_MONTH_FORMAT,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatTime,
  formatTimestamp,
  TIME_FORMAT,
  toApiDate,
} from './dates';

/** 1 May 2024, 09:30 local time, as an ISO 8601 timestamp (what the API sends for created/updated). */
const localIso = new Date(2024, 4, 1, 9, 30, 15).toISOString();

describe('SPEC.md §9 formats', () => {
  it('are DD-MM-YYYY, DD-MM-YYYY HH:mm and HH:mm', () => {
    expect(DATE_FORMAT).toBe('DD-MM-YYYY');
    expect(DATE_TIME_FORMAT).toBe('DD-MM-YYYY HH:mm');
    expect(TIME_FORMAT).toBe('HH:mm');
    expect(DAY_MONTH_FORMAT).toBe('DD-MM');
  });
});

describe('formatDate', () => {
  it.each<[string, unknown, string]>([
    ['an API date (YYYY-MM-DD)', '2024-05-01', '01-05-2024'],
    ['an HR service date (DD-MM-YYYY)', '01-05-2024', '01-05-2024'],
    ['a short leave moment (YYYY-MM-DD HH:mm:ss)', '2024-05-01 09:30:00', '01-05-2024'],
    ['an ISO timestamp, in local time', localIso, '01-05-2024'],
    ['a Date', new Date(2024, 11, 31), '31-12-2024'],
    ['a day.js value', dayjs('2028-02-29'), '29-02-2028'],
    ['a leap day', '2028-02-29', '29-02-2028'],
    ['the turn of the year', '2023-12-31', '31-12-2023'],
  ])('shows %s as DD-MM-YYYY', (_label, value, expected) => {
    expect(formatDate(value as string)).toBe(expected);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['an empty text', ''],
    ['text that is no date', 'soon'],
    ['a day that does not exist (YYYY-MM-DD)', '2024-02-30'],
    ['a day that does not exist (DD-MM-YYYY)', '30-02-2024'],
    ['month 13', '01-13-2024'],
  ])('shows %s as the empty mark', (_label, value) => {
    expect(formatDate(value as string)).toBe('—');
    expect(formatDate(value as string, '')).toBe('');
  });

  it('never shows the API form YYYY-MM-DD', () => {
    for (const value of ['2024-05-01', '2024-05-01 09:30:00', localIso, '01-05-2024'])
      expect(formatDate(value)).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  });
});

describe('formatDateTime', () => {
  it.each<[string, unknown, string]>([
    ['an ISO timestamp, in local time', localIso, '01-05-2024 09:30'],
    ['a short leave moment (YYYY-MM-DD HH:mm:ss)', '2024-05-01 17:45:00', '01-05-2024 17:45'],
    ['a DD-MM-YYYY HH:mm moment', '01-05-2024 08:05', '01-05-2024 08:05'],
    ['a date alone, at midnight', '2024-05-01', '01-05-2024 00:00'],
  ])('shows %s as DD-MM-YYYY HH:mm', (_label, value, expected) => {
    expect(formatDateTime(value as string)).toBe(expected);
  });

  it('shows a missing or invalid moment as the empty mark', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('2024-13-01 10:00:00')).toBe('—');
  });
});

describe('formatTimestamp (profile)', () => {
  it('shows DD-MM-YYYY - HH:mm', () => {
    expect(formatTimestamp(localIso)).toBe('01-05-2024 - 09:30');
    expect(formatTimestamp(undefined)).toBe('—');
  });
});

describe('formatDayMonth (birthdays)', () => {
  it('shows DD-MM', () => {
    expect(formatDayMonth(dayjs('2000-12-25'))).toBe('25-12');
    expect(formatDayMonth('1990-01-05')).toBe('05-01');
  });
});

describe('formatTime', () => {
  it.each([
    ['09:30', '09:30'],
    ['17:05:59', '17:05'],
    [null, '—'],
    ['', '—'],
    ['later', '—'],
  ])('shows %s as %s', (value, expected) => {
    expect(formatTime(value)).toBe(expected);
  });
});

describe('toApiDate', () => {
  it('keeps the value sent to the API as YYYY-MM-DD', () => {
    expect(toApiDate(dayjs('2024-05-01'))).toBe('2024-05-01');
    expect(toApiDate(null)).toBeUndefined();
  });
});
