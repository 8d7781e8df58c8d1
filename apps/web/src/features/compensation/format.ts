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
