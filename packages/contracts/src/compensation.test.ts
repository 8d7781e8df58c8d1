import { describe, expect, it } from 'vitest';
import { amount, firstPayIndexFrom, hasCents, installmentPlan, payDayAt, payDaysFrom } from './compensation';

describe('pay days', () => {
  it.each<[string, number, string, string[]]>([
    [
      'monthly on the last day keeps to month ends',
      12,
      '2026-01-31',
      ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30'],
    ],
    [
      'monthly over a leap February',
      12,
      '2028-01-31',
      ['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30'],
    ],
    ['quarterly', 4, '2026-03-25', ['2026-03-25', '2026-06-25', '2026-09-25', '2026-12-25']],
    ['bi-weekly', 26, '2026-01-02', ['2026-01-02', '2026-01-16', '2026-01-30', '2026-02-13']],
    ['weekly', 52, '2026-01-02', ['2026-01-02', '2026-01-09', '2026-01-16', '2026-01-23']],
    ['semi-monthly', 24, '2026-01-01', ['2026-01-01', '2026-01-16', '2026-02-01', '2026-02-16']],
    ['ten a year, every 37 days', 10, '2026-01-01', ['2026-01-01', '2026-02-07', '2026-03-16', '2026-04-22']],
  ])('%s', (_label, periods, first, days) => {
    expect([0, 1, 2, 3].map((k) => payDayAt(periods, first, k))).toEqual(days);
  });

  it('finds the first pay day on or after a day, whatever the kind', () => {
    for (const periods of [1, 2, 4, 6, 10, 12, 13, 24, 26, 52, 100, 365]) {
      for (const from of ['2025-12-31', '2026-01-01', '2026-05-17', '2031-02-28']) {
        const k = firstPayIndexFrom(periods, '2026-01-01', from);
        expect(payDayAt(periods, '2026-01-01', k) >= from, `${periods} ${from}`).toBe(true);
        if (k > 0) expect(payDayAt(periods, '2026-01-01', k - 1) < from, `${periods} ${from}`).toBe(true);
      }
    }
    expect(payDaysFrom(12, '2026-01-31', '2026-03-01', 2)).toEqual(['2026-03-31', '2026-04-30']);
    expect(payDaysFrom(12, '2026-01-31', '2026-03-31', 1)).toEqual(['2026-03-31']);
  });
});

describe('amounts', () => {
  it.each<[number, boolean]>([
    [1, true],
    [0.1 + 0.2, false],
    [0.3, true],
    [99_999_999.99, true],
    [10.005, false],
    [1e-7, false],
  ])('%d has at most two decimals: %s', (value, ok) => {
    expect(hasCents(value)).toBe(ok);
  });

  it('refuses zero, negatives, text and more than the maximum', () => {
    for (const bad of [0, -1, '5', 100_000_000.01, null]) expect(amount.safeParse(bad).success).toBe(false);
    expect(amount.safeParse(100_000_000).success).toBe(true);
  });

  it('splits a loan into installments to the cent and counts the ones paid', () => {
    expect(installmentPlan(1_000_000, 3, 0)).toEqual({ each: 333_333, paid: 0, left: 3 });
    expect(installmentPlan(1_000_000, 3, 666_666)).toEqual({ each: 333_333, paid: 2, left: 1 });
    // Short of the last cent: the last installment is still open.
    expect(installmentPlan(1_000_000, 3, 999_999)).toEqual({ each: 333_333, paid: 2, left: 1 });
    expect(installmentPlan(1_000_000, 3, 1_000_000)).toEqual({ each: 333_333, paid: 3, left: 0 });
  });
});
