import { LANGUAGES, type Language, RTL_LANGUAGES } from '@hr/contracts/limits';
import { messageKey } from '@hr/contracts/messages';
import dayjs from 'dayjs';
import { initReactI18next } from 'react-i18next';
// The start areas' English (lib/text-areas.ts): the public pages' texts and the shared ones, with the app itself.
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enPasskeys from '../locales/en/passkeys.json';
import enServerErrors from '../locales/en/server-errors.json';
import enSso from '../locales/en/sso.json';
import enWorkflow from '../locales/en/workflow.json';
import { formatNumber } from './format';
import { i18n } from './i18n-instance';
import { type Area, areaOfKey, START_AREAS } from './text-areas';

const STORAGE_KEY = 'hr.language';

type Texts = Record<string, unknown>;

/**
 * Where the texts beyond the start areas are: English's of the shell and the
 * dashboard come with the shell (lib/text-files-en.ts); every other is a file
 * per language and area (there and in lib/text-files.ts), loaded when a page
 * (or the shell) asks for its area.
 */
interface TextFiles {
  shellTexts: Partial<Record<Area, Texts>>;
  textFiles: Record<string, () => Promise<Texts>>;
}
const englishFiles = (): Promise<TextFiles> => import('./text-files-en');
const otherFiles = (): Promise<TextFiles> =>
  import('./text-files').then((m) => ({ shellTexts: {}, textFiles: m.textFiles }));

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

/** Told when the safety net has loaded an area a screen showed before it was there: the screens draw again. */
const TEXTS_LOADED = 'textsLoaded';

void i18n.use(initReactI18next).init({
  resources: {
    en: {
      translation: { ...enCommon, ...enAuth, ...enServerErrors, ...enSso, ...enPasskeys, ...enWorkflow },
    },
  },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
  // A key whose area is not loaded yet never shows as itself: nothing until its area is there.
  parseMissingKeyHandler: (key: string, defaultValue?: string, options?: { lng?: unknown }) =>
    missingText(key, defaultValue, typeof options?.lng === 'string' ? options.lng : undefined),
  react: { bindI18n: `languageChanged ${TEXTS_LOADED}` },
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

/** Each language's areas loaded (or loading), by `<language>/<area>`. */
const loading = new Map<string, Promise<void>>();
/** The same, once there. */
const loaded = new Set<string>();
for (const area of START_AREAS) {
  loading.set(`en/${area}`, Promise.resolve());
  loaded.add(`en/${area}`);
}
/** Every area asked for so far: a language change loads them all in the new language. */
const wanted = new Set<Area>(START_AREAS);
/** The language being changed to (changeLanguage), or shown. */
let target: string = 'en';

function loadArea(language: string, area: Area): Promise<void> {
  const name = `${language}/${area}`;
  const known = loading.get(name);
  if (known) return known;
  const path = `../locales/${name}.json`;
  const files = language === 'en' ? englishFiles() : otherFiles();
  const load = files
    .then(({ shellTexts, textFiles }) => shellTexts[area] ?? textFiles[path]?.())
    .then((texts) => {
      if (texts) i18n.addResourceBundle(language, 'translation', texts, true, true);
      loaded.add(name);
    })
    .catch((error: unknown) => {
      // Offline, say: the next page (or the safety net) asks again.
      loading.delete(name);
      throw error;
    });
  loading.set(name, load);
  return load;
}

/** The languages an area loads in: the one shown (and the one being changed to), English beside as fallback. */
function languagesNow(): string[] {
  return [...new Set([i18n.language || 'en', target, 'en'])];
}

/** Loads areas' texts (once each) in the language shown, and in English as its fallback. */
export function loadTexts(areas: readonly Area[]): Promise<void> {
  for (const area of areas) wanted.add(area);
  const languages = languagesNow();
  return Promise.all(languages.flatMap((language) => areas.map((area) => loadArea(language, area)))).then(
    () => undefined,
  );
}

/**
 * A route's `lazy`: its page's code and its areas' texts, asked for at once
 * (one wait, not two after another).
 */
export const withTexts =
  <T>(areas: readonly Area[], load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([load(), loadTexts(areas)]).then(([page]) => page);

/** Areas the safety net is loading. */
const late = new Set<Area>();

/**
 * The text of a key i18next did not find: while its area is not loaded in the
 * language asked for (a page that forgot to name it, or a text shown before
 * its page's texts came), nothing, and the area loads and the screens draw
 * again; otherwise what i18next shows for a missing key.
 */
function missingText(key: string, defaultValue: string | undefined, lng: string | undefined): string {
  const area = areaOfKey(key) as Area;
  const language = lng ?? (i18n.language || 'en');
  // A key of no area (or a start area's) is loaded as far as it can be: i18next's own answer.
  if (loaded.has(`${language}/${area}`) && loaded.has(`en/${area}`)) return defaultValue ?? key;
  if (!late.has(area)) {
    late.add(area);
    void Promise.all([loadTexts([area]), loadArea(language, area)])
      .then(() => i18n.emit(TEXTS_LOADED))
      .catch(() => undefined)
      .finally(() => late.delete(area));
  }
  return defaultValue ?? '';
}

/** Every area's texts, English's and the language shown (tests of texts from anywhere in the app). */
export function loadSignedInTexts(): Promise<void> {
  return englishFiles().then(({ shellTexts, textFiles }) =>
    loadTexts([
      ...(Object.keys(shellTexts) as Area[]),
      ...Object.keys(textFiles).map((path) => path.replace(/^.*\/|\.json$/g, '') as Area),
    ]),
  );
}

/** Loads the texts of every area asked for so far in a language (once), switches to it and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  target = language;
  if (language !== 'en') {
    await Promise.all([
      Promise.all([...wanted].map((area) => loadArea(language, area))),
      dayjsLocales[language](),
      loadFontFor(language),
    ]);
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
