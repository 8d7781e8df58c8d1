import { AsyncLocalStorage } from 'node:async_hooks';
import { LANGUAGES, type Language } from '@hr/contracts/limits';
import { type AnyColumn, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * The language a call is answered in. Reference names that HR types in
 * (leave types, categories, perspectives, values...) are stored with their
 * translations and read in this language.
 *
 * It is the ambient locale of a call, like a time zone: the request hook sets
 * it from `Accept-Language`, else from the caller's saved choice, once the
 * session is known; everything else (a service called from a script or a
 * test) reads English. Services stay callable without HTTP; `inLanguage`
 * runs a piece of work in a given language.
 */
interface LanguageScope {
  language: Language;
  /** Named by the call itself (`Accept-Language`): a saved choice does not override it. */
  explicit: boolean;
}

const storage = new AsyncLocalStorage<LanguageScope>();

export function requestLanguage(): Language {
  return storage.getStore()?.language ?? 'en';
}

/** Runs `work` in `language` (a request, a letter about an employee). */
export function inLanguage<T>(language: Language, work: () => T, explicit = true): T {
  return storage.run({ language, explicit }, work);
}

/** The caller's saved choice, for a call that did not name one. */
export function preferSavedLanguage(saved: string | null | undefined): void {
  const scope = storage.getStore();
  if (scope && !scope.explicit && isLanguage(saved)) scope.language = saved;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first supported language of an `Accept-Language` header, by its
 * weights (`ar-EG,ar;q=0.9,en;q=0.5` → `ar`; `zh-CN` → `zh`); null when it
 * names none the portal speaks.
 */
export function acceptedLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.tag !== '' && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/**
 * A reference name in the call's language: its translation, or the English
 * name where HR left that language empty. In English it is the column itself.
 * Prepared statements are kept per language (`preparedOnce`), so the language
 * bound here is that of the statement's own key.
 */
export function localName(
  name: AnyColumn | SQL,
  translations: AnyColumn | SQL,
  language: Language = requestLanguage(),
): SQL<string> {
  if (language === 'en') return sql<string>`${name}`;
  return sql<string>`coalesce(nullif(${translations} ->> ${language}, ''), ${name})`;
}

/**
 * `localName` for SQL kept in a constant (a profile section's items): the
 * language is the one of the call that builds the statement, not of the one
 * that made the constant. Inside a prepared statement that is the
 * statement's own key, as with `localName`.
 */
export function localNameWhenBuilt(name: AnyColumn | SQL, translations: AnyColumn | SQL): SQL<string> {
  const chosen: SQLWrapper & { shouldOmitSQLParens(): boolean } = {
    getSQL: () => localName(name, translations),
    shouldOmitSQLParens: () => true,
  };
  return sql<string>`${chosen}`;
}

/** The same choice in memory, for a record already read with its translations. */
export function pickName(
  name: string,
  translations: Partial<Record<Language, string>> | null | undefined,
  language: Language = requestLanguage(),
): string {
  if (language === 'en') return name;
  const translated = translations?.[language]?.trim();
  return translated ? translated : name;
}
