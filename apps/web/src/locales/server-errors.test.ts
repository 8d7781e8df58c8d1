import { ERRORS, RECORD_KINDS } from '@hr/contracts/error-codes';
import { ACTION_DONE } from '@hr/contracts/workflow';
import { describe, expect, test } from 'vitest';
import { WORKFLOW_ACTIONS } from '../lib/server-errors';
import ar from './ar';
import en from './en';
import es from './es';
import fr from './fr';
import it from './it';
import zh from './zh';

/** The error catalog (packages/contracts error-codes.ts) against the `serverErrors` of every locale. */

const OTHERS = { zh, ar, it, es, fr };
const CODES = Object.keys(ERRORS).sort();

function params(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] as string))].sort();
}

function texts(locale: unknown, section: string): Record<string, unknown> {
  return ((locale as Record<string, unknown>)[section] ?? {}) as Record<string, unknown>;
}

describe('English serverErrors', () => {
  const english = texts(en, 'serverErrors');

  test('has exactly the codes of the catalog', () => {
    expect(Object.keys(english).sort()).toEqual(CODES);
  });

  test("is the catalog's English text of every code", () => {
    for (const [code, { message }] of Object.entries(ERRORS)) {
      expect(english[code], `en: serverErrors.${code}`).toBe(message);
    }
  });

  test('names every record kind as the catalog does', () => {
    expect(texts(en, 'records')).toEqual(RECORD_KINDS);
    expect(texts(en, 'workflowDone')).toEqual(ACTION_DONE);
  });
});

describe.each(Object.entries(OTHERS))('%s serverErrors', (lang, locale) => {
  const translated = texts(locale, 'serverErrors');

  test('has exactly the codes of the catalog', () => {
    const missing = CODES.filter((code) => !(code in translated));
    const extra = Object.keys(translated).filter((code) => !Object.hasOwn(ERRORS, code));
    expect({ missing, extra }, `${lang}: serverErrors`).toEqual({ missing: [], extra: [] });
  });

  test('uses only the parameters of the English text, and all of them', () => {
    for (const [code, { message }] of Object.entries(ERRORS)) {
      const text = translated[code];
      expect(typeof text, `${lang}: serverErrors.${code}`).toBe('string');
      const own = params(text as string);
      const english = params(message);
      expect(
        own.filter((name) => !english.includes(name)),
        `${lang}: serverErrors.${code} uses parameters the English text has not`,
      ).toEqual([]);
      expect(own, `${lang}: serverErrors.${code}`).toEqual(english);
    }
  });

  test('is translated, not the English text', () => {
    // Texts made only of parameters and technical words could match; none does today.
    const same = CODES.filter((code) => translated[code] === ERRORS[code as keyof typeof ERRORS].message);
    expect(same, `${lang}: English copies`).toEqual([]);
  });

  test('has a translated name for every record kind and action', () => {
    const records = texts(locale, 'records');
    for (const kind of Object.keys(RECORD_KINDS)) {
      expect(records[kind], `${lang}: records.${kind}`).toBeTruthy();
      expect(records[kind], `${lang}: records.${kind}`).not.toBe(
        RECORD_KINDS[kind as keyof typeof RECORD_KINDS],
      );
    }
    for (const section of ['workflowActions', 'workflowDone']) {
      const words = texts(locale, section);
      for (const action of WORKFLOW_ACTIONS)
        expect(words[action], `${lang}: ${section}.${action}`).toBeTruthy();
    }
  });
});
