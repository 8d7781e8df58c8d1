import { describe, expect, test } from 'vitest';
import { parseDayMonth } from './DayMonthField';

describe('a typed day of the year (the birthday filter)', () => {
  test('DD-MM, or with / or ., is the API’s MM-DD', () => {
    expect(parseDayMonth('05-03')).toBe('03-05');
    expect(parseDayMonth(' 5/3 ')).toBe('03-05');
    expect(parseDayMonth('31.12')).toBe('12-31');
  });

  test('29 February is a birthday; a day its month does not have is none', () => {
    expect(parseDayMonth('29-02')).toBe('02-29');
    expect(parseDayMonth('30-02')).toBeNull();
    expect(parseDayMonth('31-04')).toBeNull();
    expect(parseDayMonth('00-01')).toBeNull();
    expect(parseDayMonth('01-13')).toBeNull();
  });

  test('anything else is none', () => {
    expect(parseDayMonth('')).toBeNull();
    expect(parseDayMonth('05-03-2024')).toBeNull();
    expect(parseDayMonth('March 5')).toBeNull();
  });
});
