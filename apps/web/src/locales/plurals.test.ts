import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { changeLanguage, i18n, loadSignedInTexts } from '../lib/i18n';

/**
 * Plural forms through the portal's own i18n instance: i18next asks
 * Intl.PluralRules of the language for the form of a count, and each
 * language's locale files hold the forms it names.
 */

// Keys built at run time; the cast names one existing plural key for the typed `t`.
const t = (key: string, options: Record<string, unknown>) =>
  i18n.t(key as 'leave.days', options as { count: number });
const resource = (lang: string, key: string) =>
  i18n.getResource(lang, 'translation', key) as string | undefined;
const fill = (text: string, values: Record<string, unknown>) =>
  text.replace(/\{\{\s*(\w+)[^}]*\}\}/g, (_, name: string) => String(values[name]));

/** Arabic: 0 zero, 1 one, 2 two, 3–10 few, 11–99 many, 100 other. */
const ARABIC: [number, string][] = [
  [0, 'zero'],
  [1, 'one'],
  [2, 'two'],
  [3, 'few'],
  [11, 'many'],
  [100, 'other'],
];

describe('plural forms', () => {
  beforeAll(async () => {
    await loadSignedInTexts();
    await changeLanguage('ar');
  });
  afterAll(async () => {
    await changeLanguage('en');
  });

  test.each(ARABIC)('Arabic picks its own form for %i (%s)', (count, category) => {
    expect(new Intl.PluralRules('ar').select(count)).toBe(category);
    for (const key of ['leave.days', 'dashboard.waiting.epr', 'dashboard.attendance.minutesInAll']) {
      const form = resource('ar', `${key}_${category}`);
      expect(form, `ar: ${key}_${category}`).toBeTruthy();
      expect(t(key, { count }), `${key} with ${count}`).toBe(fill(form!, { count }));
    }
  });

  test('Arabic words the six counts in six different ways', () => {
    const shown = ARABIC.map(([count]) => t('dashboard.waiting.epr', { count }));
    expect(new Set(shown).size).toBe(6);
    expect(t('leave.days', { count: 1 })).toBe('يوم واحد');
    expect(t('leave.days', { count: 2 })).toBe('يومان');
    expect(t('leave.days', { count: 3 })).toBe('3 أيام');
    expect(t('leave.days', { count: 11 })).toBe('11 يومًا');
    expect(t('leave.days', { count: 100 })).toBe('100 يوم');
  });

  test.each([
    ['en', 1, '1 day'],
    ['en', 0, '0 days'],
    ['fr', 0, '0 jour'],
    ['fr', 1, '1 jour'],
    ['fr', 2, '2 jours'],
    ['fr', 1_000_000, '1000000 de jours'],
    ['es', 1_000_000, '1000000 de días'],
    ['it', 1, '1 giorno'],
    ['zh', 1, '1 天'],
  ])('%s: %i reads "%s"', async (lang, count, text) => {
    if (!i18n.hasResourceBundle(lang, 'translation')) await changeLanguage(lang as 'fr');
    expect(i18n.t('leave.days', { count, lng: lang })).toBe(text);
  });

  test('a count in a text takes the number format of the language, in Latin digits', () => {
    expect(i18n.t('team.total', { count: 12345, lng: 'en' })).toBe('People: 12,345');
    expect(i18n.t('team.total', { count: 12345, lng: 'ar' })).toBe('الأشخاص: 12,345');
  });
});
