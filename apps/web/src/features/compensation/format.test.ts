import { describe, expect, it } from 'vitest';
import { isolate, moneyFormat, repaidPercent } from './format';

/** Spaces of any kind as one plain space (Intl puts no-break spaces between the code and the number). */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('amounts', () => {
  it.each([
    ['en', '55000.5', 'BDT 55,000.50'],
    ['en', 1200, 'BDT 1,200.00'],
    ['it', '55000.5', '55.000,50 BDT'],
    ['fr', '55000.5', '55 000,50 BDT'],
  ])('%s shows %s as %s', (language, amount, shown) => {
    expect(plain(moneyFormat(language)(amount))).toBe(shown);
  });

  it('keeps Latin digits in Arabic, as the dates are', () => {
    const shown = moneyFormat('ar')('76500');
    expect(shown).toMatch(/76,500\.00|76٬500٫00/);
    expect(shown).not.toMatch(/[٠-٩]/);
  });

  it('isolates a figure put into a sentence', () => {
    expect(isolate('01-01-2027')).toBe('\u206801-01-2027\u2069');
  });
});

describe('repaid percent', () => {
  it.each([
    ['41660', '100000', 41.7],
    ['41640', '100000', 41.6],
    ['0', '100000', 0],
    ['99960', '100000', 99.9],
    ['100000', '100000', 100],
    ['5', '0', 0],
  ])('%s of %s is %s %%', (repaid, amount, percent) => {
    expect(repaidPercent(repaid, amount)).toBe(percent);
  });
});
