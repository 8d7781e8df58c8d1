import { LANGUAGES, type Language, RTL_LANGUAGES } from '@hr/contracts/limits';
import { messageKey } from '@hr/contracts/messages';
import dayjs from 'dayjs';
import { initReactI18next } from 'react-i18next';
// The public pages' texts (sign-in, recovery, errors); all of English loads with the signed-in shell.
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enPasskeys from '../locales/en/passkeys.json';
import enServerErrors from '../locales/en/server-errors.json';
import enSso from '../locales/en/sso.json';
import { formatNumber } from './format';
import { i18n } from './i18n-instance';

const STORAGE_KEY = 'hr.language';

/**
 * Other languages load when chosen, so the first page carries English only,
 * and of English the public pages' part: the rest loads with the shell.
 */
const loaders: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../locales/en'),
  zh: () => import('../locales/zh'),
  ar: () => import('../locales/ar'),
  it: () => import('../locales/it'),
  es: () => import('../locales/es'),
  fr: () => import('../locales/fr'),
};

const dayjsLocales: Record<Exclude<Language, 'en'>, () => Promise<unknown>> = {
  zh: () => import('dayjs/locale/zh-cn'),
  ar: () => import('dayjs/locale/ar'),
  it: () => import('dayjs/locale/it'),
  es: () => import('dayjs/locale/es'),
  fr: () => import('dayjs/locale/fr'),
};
/**
 * A web font for the scripts a machine may lack: Chinese glyphs on a system
 * without a CJK font (a bare Linux, the test browser). Its @font-face rules
 * name each subset's characters, so the browser fetches only the subsets a
 * page shows (one variable font for every weight); loaded with the language,
 * so other pages carry nothing.
 */
const fonts: Partial<Record<Language, () => Promise<unknown>>> = {
  zh: () => import('@fontsource-variable/noto-sans-sc/index.css'),
};

/**
 * The web font of a language's script, for a name written in it on a page in
 * another language (中文 in the language menu): its rules come last in that
 * name's fonts, so only a machine with no font of its own for the script
 * fetches any of it.
 */
export function loadFontFor(language: Language): Promise<unknown> | undefined {
  return fonts[language]?.();
}

const dayjsName: Record<Language, string> = { en: 'en', zh: 'zh-cn', ar: 'ar', it: 'it', es: 'es', fr: 'fr' };

export { i18n };

void i18n.use(initReactI18next).init({
  resources: { en: { translation: { ...enCommon, ...enAuth, ...enServerErrors, ...enSso, ...enPasskeys } } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

// `{{total, number}}` in a text: the number as lib/format.ts writes it in the text's language
// (its grouping, Latin digits in Arabic too). Plural forms (`_one`, `_few` ...) come from
// Intl.PluralRules of the language, so each language lists the forms it needs.
i18n.services.formatter?.add('number', (value: unknown, lng: string | undefined) =>
  typeof value === 'number' ? formatNumber(value, lng) : String(value),
);

export function isLanguage(value: string | null | undefined): value is Language {
  return Boolean(value && (LANGUAGES as readonly string[]).includes(value));
}

export function isRtl(language: string): boolean {
  return (RTL_LANGUAGES as readonly string[]).includes(language);
}

function applyDocument(language: Language) {
  document.documentElement.lang = language;
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
}

const loaded = new Set<Language>();

/** All of a language's texts, loaded once. */
async function loadTexts(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const mod = await loaders[language]();
  i18n.addResourceBundle(language, 'translation', mod.default, true, true);
  loaded.add(language);
}

/** All of English (the fallback), the signed-in screens' texts included: loaded beside the shell. */
export function loadSignedInTexts(): Promise<void> {
  return loadTexts('en');
}

/** Loads a language's texts (once), switches to it and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  if (language !== 'en') {
    await loadTexts(language);
    await dayjsLocales[language]();
    await loadFontFor(language);
  }
  dayjs.locale(dayjsName[language]);
  await i18n.changeLanguage(language);
  localStorage.setItem(STORAGE_KEY, language);
  applyDocument(language);
}

/** The remembered language, else the browser's, else English. */
export function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const browser = navigator.language?.slice(0, 2).toLowerCase();
  return isLanguage(browser) ? browser : 'en';
}

/** A validation text in the current language (by its key), or the text itself. */
export function translateValidation(text: string): string {
  const key = messageKey(text);
  return key ? i18n.t(key as 'validation.eidInvalid', { defaultValue: text }) : text;
}
