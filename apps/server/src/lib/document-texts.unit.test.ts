import { LANGUAGES } from '@hr/contracts/limits';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TEXTS, type DocumentTextKey, documentTexts, placeholdersOf } from './document-texts';

const english = DOCUMENT_TEXTS.en;
const keys = Object.keys(english).sort() as DocumentTextKey[];

/** Texts that read the same in every language: codes, abbreviations and formats without words. */
const SAME_EVERYWHERE = new Set<string>([
  'epr.a.kpi',
  'epr.a.title',
  'epr.oo',
  'epr.person',
  'epr.personLine',
  'epr.type',
  'letter.field.eid',
  'letter.label',
]);

describe('the documents catalog', () => {
  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key, and no other', (language) => {
    expect(Object.keys(DOCUMENT_TEXTS[language]).sort()).toEqual(keys);
  });

  it.each(LANGUAGES)('%s keeps the placeholders of every text, and no text is empty', (language) => {
    for (const key of keys) {
      const text = DOCUMENT_TEXTS[language][key];
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      expect(placeholdersOf(text), `${language} ${key}`).toEqual(placeholdersOf(english[key]));
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s is translated, not English copied', (language) => {
    const copied = keys.filter((k) => DOCUMENT_TEXTS[language][k] === english[k] && !SAME_EVERYWHERE.has(k));
    expect(copied).toEqual([]);
  });

  it('fills placeholders, and knows Arabic is right to left', () => {
    const fr = documentTexts('fr');
    expect(fr.t('epr.page', { page: 2, count: 5 })).toBe('Page 2 sur 5');
    expect(fr.known('epr.statusName.4', 'Completed')).toBe('Terminée');
    expect(fr.known('epr.statusName.99', 'Archived')).toBe('Archived');
    expect(fr.rtl).toBe(false);
    expect(documentTexts('ar').rtl).toBe(true);
    expect(documentTexts('en').t('letter.ref', { ref: 'HR/X/2027/000001' })).toBe('Ref: HR/X/2027/000001');
  });
});
