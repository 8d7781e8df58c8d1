import { z } from 'zod';
import type { Language } from './limits';
import { lineText } from './text';

/** The languages a reference name may be translated into (English is the name itself). */
export const TRANSLATED_LANGUAGES = ['zh', 'ar', 'it', 'es', 'fr'] as const satisfies readonly Exclude<
  Language,
  'en'
>[];
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];
export type NameTranslations = Partial<Record<TranslatedLanguage, string>>;

/**
 * A reference record's names in the other languages, as HR types them on the
 * admin screens. Each is one line of at most `max` characters, like the
 * English name; a blank one is dropped, and the English name shows in that
 * language.
 */
export function nameTranslations(max: number, tooLong: string) {
  const one = lineText(z.string({ error: 'Must be text' }).trim())
    .max(max, tooLong)
    .optional();
  return z
    .strictObject({ zh: one, ar: one, it: one, es: one, fr: one }, { error: 'Must be an object of names' })
    .transform((names): NameTranslations => {
      const kept: NameTranslations = {};
      for (const language of TRANSLATED_LANGUAGES) {
        const value = names[language];
        if (value) kept[language] = value;
      }
      return kept;
    });
}

/** The translations as an answer carries them (for the admin form). */
export const nameTranslationsAnswer = z.partialRecord(z.enum(TRANSLATED_LANGUAGES), z.string());
