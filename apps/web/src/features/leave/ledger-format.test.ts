import { describe, expect, test } from 'vitest';
import { changeLanguage, i18n, loadSignedInTexts } from '../../lib/i18n';
import { daysText, signedDays } from './ledger-format';

/** The text without its isolates, its no-break spaces as spaces. */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '').replace(/\u00a0/g, ' ');

describe('days in the ledger and the forecast', () => {
  test('carry their sign, a true minus, in the reader’s number format', () => {
    expect(signedDays(18)).toBe('+18');
    expect(signedDays(-3)).toBe('−3');
    expect(signedDays(0)).toBe('0');
    expect(signedDays(7.5, 'fr')).toBe('+7,5');
  });

  test('read as days in a sentence, plural by the count, the number isolated', async () => {
    await loadSignedInTexts();
    await changeLanguage('en');
    expect(plain(daysText(i18n.t, 1))).toBe('1 day');
    expect(plain(daysText(i18n.t, 7.5))).toBe('7.5 days');
    expect(plain(daysText(i18n.t, -2))).toBe('−2 days');
    expect(daysText(i18n.t, 3)).toContain('\u20663\u2069');
  });
});
