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
});

describe.each(Object.entries(LOCALES))('%s.json', (lang, locale) => {
  const texts = leaves(locale);

  test('has exactly the leaf keys of en.json', () => {
    const missing = [...english.keys()].filter((key) => !texts.has(key));
    const extra = [...texts.keys()].filter((key) => !english.has(key));
    expect(
      { missing, extra },
      `${lang}: missing keys [${missing.join(', ')}], extra keys [${extra.join(', ')}]`,
    ).toEqual({ missing: [], extra: [] });
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
      const source = english.get(key);
      if (typeof source !== 'string' || typeof value !== 'string') continue;
      expect(placeholders(value), `${lang}: placeholders of ${key}`).toEqual(placeholders(source));
    }
  });
});
