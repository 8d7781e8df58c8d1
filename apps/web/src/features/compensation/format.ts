import { PAY_CURRENCY } from '@hr/contracts/compensation';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';

/**
 * Amounts in a language: its grouping and decimal marks, with the
 * currency's code, in the digits the dates are shown in.
 */
export function moneyFormat(language: string): (amount: string | number) => string {
  return (amount) => formatMoney(amount, PAY_CURRENCY, language);
}

/** Amounts in the reader's language. */
export function useMoney() {
  const { i18n } = useTranslation();
  return useMemo(() => moneyFormat(i18n.language), [i18n.language]);
}

/**
 * A date or an amount put into a sentence, kept in its own direction: in
 * Arabic, 01-01-2027 inside a right-to-left sentence would otherwise read
 * 2027-01-01 (first-strong isolate and pop directional isolate).
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * How much of a loan is repaid, in percent to one decimal, rounded (41.66 →
 * 41.7); a loan not yet fully repaid never shows 100 (99.96 → 99.9).
 */
export function repaidPercent(repaid: string | number, amount: string | number): number {
  const whole = Number(amount);
  const paid = Number(repaid);
  if (!(whole > 0)) return 0;
  const percent = Math.round((paid / whole) * 1000) / 10;
  return percent >= 100 && paid < whole ? 99.9 : Math.min(percent, 100);
}
