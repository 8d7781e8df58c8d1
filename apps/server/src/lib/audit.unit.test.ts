import { describe, expect, test } from 'vitest';
import { diffFields } from './audit';

describe('diffFields', () => {
  test('names the fields that changed, with the values before and after', () => {
    expect(
      diffFields(
        { present: 'Banani', permanent: 'Sylhet', father_name: null },
        { present: 'Gulshan', permanent: 'Sylhet', father_name: 'Abdul' },
      ),
    ).toEqual({
      present: { before: 'Banani', after: 'Gulshan' },
      father_name: { before: null, after: 'Abdul' },
    });
  });

  test('an item added or removed changes every field that holds a value', () => {
    expect(diffFields(null, { name: 'TypeScript', efficiency: 4, type: null })).toEqual({
      name: { before: null, after: 'TypeScript' },
      efficiency: { before: null, after: 4 },
    });
    expect(diffFields({ name: 'TypeScript', emergency: false }, null)).toEqual({
      name: { before: 'TypeScript', after: null },
      emergency: { before: false, after: null },
    });
  });

  test('treats missing, undefined and empty text alike, and keeps false and 0 apart from them', () => {
    expect(diffFields({ a: '', b: undefined, c: 0, d: false }, { a: null, c: 0, d: false })).toEqual({});
    expect(diffFields({ c: null, d: null }, { c: 0, d: false })).toEqual({
      c: { before: null, after: 0 },
      d: { before: null, after: false },
    });
  });

  test('keeps dates as ISO text and other values as JSON', () => {
    expect(diffFields({ at: null, x: null }, { at: new Date('2026-01-02T03:04:05Z'), x: { k: 1 } })).toEqual({
      at: { before: null, after: '2026-01-02T03:04:05.000Z' },
      x: { before: null, after: '{"k":1}' },
    });
  });
});
