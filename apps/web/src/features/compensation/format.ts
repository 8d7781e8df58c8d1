import { PAY_CURRENCY } from '@hr/contracts/compensation';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Amounts in a language: its grouping and decimal marks, with the
 * currency's code, in the digits the dates are shown in.
 */
export function moneyFormat(language: string): (amount: string | number) => string {
  const money = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: PAY_CURRENCY,
    currencyDisplay: 'code',
    numberingSystem: 'latn',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (amount) => money.format(Number(amount));
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
