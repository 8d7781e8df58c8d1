import { describe, expect, test } from 'vitest';
import { classOfField, mayRead, STANDINGS } from './privacy';

describe('who reads which class of data (DESIGN.md §9)', () => {
  // standing, directory, personal, compensation
  test.each([
    ['self', true, true, true],
    ['line_manager', true, true, false],
    ['one_over_one', true, true, false],
    ['above', true, true, false],
    ['other', true, false, false],
  ] as const)('%s', (standing, directory, personal, compensation) => {
    expect([
      mayRead(standing, false, 'directory'),
      mayRead(standing, false, 'personal'),
      mayRead(standing, false, 'compensation'),
    ]).toEqual([directory, personal, compensation]);
  });

  test('HR administrators read every class, whatever their standing', () => {
    for (const standing of STANDINGS)
      for (const cls of ['directory', 'personal', 'compensation'] as const)
        expect(mayRead(standing, true, cls)).toBe(true);
  });
});

describe('the class of a field of the record', () => {
  test.each([
    ['basic', 'name', 'directory'],
    ['basic', 'blood_group', 'personal'],
    ['basic', 'status', 'personal'],
    ['general', 'religion', 'personal'],
    ['general', 'joining_date', 'directory'],
    ['address', 'present', 'personal'],
    ['company', 'office', 'directory'],
    ['salary', 'basic', 'compensation'],
    ['something new', 'field', 'compensation'],
  ] as const)('%s.%s is %s', (section, field, cls) => {
    expect(classOfField(section, field)).toBe(cls);
  });
});
