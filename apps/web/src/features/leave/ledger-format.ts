import type { TFunction } from 'i18next';
import { formatNumber } from '../../lib/format';

/** A value inside a sentence keeps its own left-to-right order in a right-to-left one (Unicode isolates). */
export const isolated = (text: string) => `\u2066${text}\u2069`;

/** A text someone wrote (a name), isolated in the direction of its first letter. */
export const ownDirection = (text: string) => `\u2068${text}\u2069`;

/** A number of days with its sign, in the reader's language: `+18`, `−3`, `0.25` (a true minus sign). */
export function signedDays(days: number, language?: string): string {
  const text = formatNumber(Math.abs(days), language);
  return days > 0 ? `+${text}` : days < 0 ? `−${text}` : text;
}

/** Days in a sentence, "7.5 days", "−2 days": the number isolated, so it keeps its sign in Arabic. */
export function daysText(t: TFunction, days: number): string {
  const n = days < 0 ? `−${formatNumber(-days)}` : formatNumber(days);
  return t('leavePolicies.days', { count: days, n: isolated(n) });
}
