import { MESSAGES } from '@hr/contracts/messages';
import { describe, expect, test } from 'vitest';
import ar from './ar';
import en from './en';
import es from './es';
import fr from './fr';
import it from './it';
import zh from './zh';

const LOCALES: Record<string, unknown> = { zh, ar, it, es, fr };

/** Every leaf of a locale tree by its dotted key. */
function leaves(tree: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (tree !== null && typeof tree === 'object' && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree)) leaves(value, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, tree);
  }
  return out;
}

/** The sorted, distinct names of the `{{placeholder}}`s in a text. */
function placeholders(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)].map((m) => m[1]!.split(',')[0]!.trim());
  return [...new Set(names)].sort();
}

const english = leaves(en);

/** i18next's plural suffixes (JSON v4): `<key>_<category>`, the categories of Intl.PluralRules. */
const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;
/** The error codes are the catalog's ids (`shift_in_use_one` is a code of its own), chosen by the server. */
const NOT_PLURAL = /^serverErrors\./;

/** The bases of the plural families of English: every key with an `_other` form. */
const families = new Set(
  [...english.keys()].flatMap((key) => {
    const m = PLURAL.exec(key);
    return m && m[2] === 'other' && !NOT_PLURAL.test(key) ? [m[1]!] : [];
  }),
);

/** A key's plural family and category, or null for a key of its own. */
function pluralOf(key: string): { base: string; category: string } | null {
  const m = PLURAL.exec(key);
  return m && families.has(m[1]!) ? { base: m[1]!, category: m[2]! } : null;
}

/** The plural categories a language needs, as i18next asks Intl.PluralRules for them. */
const categories = (lang: string) =>
  [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();

/** Each family's categories in a locale's keys. */
function familyForms(keys: Iterable<string>): Map<string, string[]> {
  const out = new Map<string, string[]>([...families].map((base) => [base, []]));
  for (const key of keys) {
    const plural = pluralOf(key);
    if (plural) out.get(plural.base)!.push(plural.category);
  }
  for (const forms of out.values()) forms.sort();
  return out;
}

/** The placeholders a plural form must keep: the English `_other` form's, the count aside (Arabic says "two days" in one word). */
const pluralPlaceholders = (text: string) => placeholders(text).filter((name) => name !== 'count');

describe('English', () => {
  test('has only non-empty string texts', () => {
    for (const [key, value] of english) {
      expect(typeof value === 'string' && value.trim().length > 0, `en: ${key}`).toBe(true);
    }
  });

  test('has the exact MESSAGES text for every validation id', () => {
    const validation: Record<string, unknown> = en.validation;
    const missing = Object.keys(MESSAGES).filter((id) => !(id in validation));
    expect(missing, `en.json lacks validation keys: ${missing.join(', ')}`).toEqual([]);
    for (const [id, text] of Object.entries(MESSAGES)) {
      expect(validation[id], `en: validation.${id}`).toBe(text);
    }
  });

  test('has plural families with the forms English needs', () => {
    expect(families.size).toBeGreaterThan(0);
    const wrong = [...familyForms(english.keys())].filter(
      ([, forms]) => forms.join() !== categories('en').join(),
    );
    expect(wrong, 'en: plural families').toEqual([]);
  });

  test('has no plural form beside a bare key of the same name (i18next would mix the two)', () => {
    const mixed = [...english.keys()].filter((key) => {
      const m = PLURAL.exec(key);
      return m && !NOT_PLURAL.test(key) && english.has(m[1]!);
    });
    expect(mixed, 'en: use <key>_one and <key>_other, not <key> and <key>_one').toEqual([]);
  });
});

describe.each(Object.entries(LOCALES))('%s.json', (lang, locale) => {
  const texts = leaves(locale);

  test('has exactly the leaf keys of en.json, plural families aside', () => {
    const own = (keys: Iterable<string>) => [...keys].filter((key) => !pluralOf(key));
    const missing = own(english.keys()).filter((key) => !texts.has(key));
    const extra = own(texts.keys()).filter((key) => !english.has(key));
    expect(
      { missing, extra },
      `${lang}: missing keys [${missing.join(', ')}], extra keys [${extra.join(', ')}]`,
    ).toEqual({ missing: [], extra: [] });
  });

  test(`has exactly the plural forms Intl.PluralRules('${lang}') names in every family`, () => {
    const needed = categories(lang).join();
    const wrong = [...familyForms(texts.keys())]
      .filter(([, forms]) => forms.join() !== needed)
      .map(([base, forms]) => `${base}: [${forms.join(', ')}], needs [${needed}]`);
    expect(wrong, `${lang}: plural families`).toEqual([]);
  });

  test('has only non-empty string texts', () => {
    const bad = [...texts].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
    expect(
      bad.map(([key]) => key),
      `${lang}: empty or non-string values`,
    ).toEqual([]);
  });

  test('keeps the placeholders of every English text', () => {
    for (const [key, value] of texts) {
      if (typeof value !== 'string') continue;
      const plural = pluralOf(key);
      if (plural) {
        const source = english.get(`${plural.base}_other`) as string;
        expect(pluralPlaceholders(value), `${lang}: placeholders of ${key}`).toEqual(
          pluralPlaceholders(source),
        );
        continue;
      }
      const source = english.get(key);
      if (typeof source !== 'string') continue;
      expect(placeholders(value), `${lang}: placeholders of ${key}`).toEqual(placeholders(source));
    }
  });
});

/**
 * Texts that read the same as the English one on purpose. Anything else equal
 * to English is an untranslated copy. Texts without letters outside their
 * placeholders (`{{min}}–{{max}}`, `, `) need no entry.
 */
const SAME_EVERYWHERE: Record<string, string> = {
  KPI: 'abbreviation the portal keeps in every language (SPEC.md module name)',
  EPR: 'abbreviation the portal keeps in every language (SPEC.md module name)',
  'O&O': 'abbreviation of the one-over-one manager, a role name of the portal',
  'E-ID': "the employees' identifier, written as in SPEC.md",
  'E-Id': "the employees' identifier, written as in SPEC.md",
  ID: 'identifier, the same abbreviation in every language',
  'HR Portal': "the product's name, kept as in the copyright line (docs/decisions.md)",
};

const SAME_IN: Record<string, Record<string, string>> = {
  zh: {},
  ar: {},
  it: {
    'Chat...': 'Italian uses the loanword chat',
    Password: 'the Italian word for a password',
    No: 'the Italian word',
    OK: 'used as it is in Italian interfaces',
    Team: 'Italian uses the loanword team',
    File: 'Italian uses the loanword file',
    Account: 'Italian uses the loanword account',
    Budget: 'Italian uses the loanword budget',
    'E-mail': 'the Italian word',
    '{{minutes}} min': 'min is the Italian abbreviation of minuti',
    '{{group}} in {{company}}': 'in is the Italian preposition',
  },
  es: {
    'Chat...': 'Spanish uses the loanword chat',
    No: 'the Spanish word',
    Personal: 'the Spanish adjective',
    General: 'the Spanish word',
    Provisional: 'the Spanish word',
    Superior: 'the Spanish word for a superior',
    'Total: {{count, number}}': 'the Spanish word',
    '{{minutes}} min': 'min is the Spanish abbreviation of minutos',
  },
  fr: {
    Absent: 'the French word',
    Action: 'the French word',
    Actions: 'the French word',
    Administration: 'the French word',
    Budget: 'the French word',
    Code: 'the French word',
    Date: 'the French word',
    Description: 'the French word',
    Document: 'the French word',
    Documents: 'the French word',
    'E-mail': 'the French word',
    Excellent: 'the French word',
    Format: 'the French word',
    Grades: 'the French word',
    Initiative: 'the French word',
    Messages: 'the French word',
    Minutes: 'the French word',
    Mobile: 'the French word',
    Modules: 'the French word',
    Notification: 'the French word',
    Notifications: 'the French word',
    OK: 'used as it is in French interfaces',
    Organisation: 'the French word',
    Performance: 'the French word',
    Perspective: 'the French word',
    Perspectives: 'the French word',
    perspective: 'the French word',
    Photo: 'the French word',
    'Photo (version)': 'the French words',
    Religion: 'the French word',
    'Section A (KPI)': 'the French words',
    Service: 'the French word',
    Services: 'the French word',
    Type: 'the French word',
    '{{minutes}} min': 'min is the French abbreviation of minutes',
  },
};

/** Letters outside the `{{placeholders}}`: a text without them reads the same in any language. */
const hasWords = (text: string) =>
  /\p{L}/u.test(text.replace(/\{\{[^{}]*\}\}/g, '').replace(/<\/?\w+>/g, ''));

describe.each(Object.entries(LOCALES))('%s texts', (lang, locale) => {
  const texts = leaves(locale);
  const copies = [...texts]
    .filter(([key, value]) => typeof value === 'string' && english.get(key) === value && hasWords(value))
    .map(([key, value]) => ({ key, value: value as string }));

  test('are translated, not copied from English (apart from the allowed ones)', () => {
    const allowed = { ...SAME_EVERYWHERE, ...SAME_IN[lang] };
    const untranslated = copies.filter(({ value }) => !Object.hasOwn(allowed, value));
    expect(
      untranslated.map(({ key, value }) => `${key}: ${value}`),
      `${lang}: texts equal to English`,
    ).toEqual([]);
  });

  test('name only allowed copies that still occur', () => {
    const stale = Object.keys(SAME_IN[lang] ?? {}).filter((value) => !copies.some((c) => c.value === value));
    expect(stale, `${lang}: allowed copies no text uses any more`).toEqual([]);
  });
});
