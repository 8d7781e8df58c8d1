import { describe, expect, it } from 'vitest';
import { INPUT_MESSAGES, idIssues, MAX_ID, textIssues } from './input-check';

describe('the input check', () => {
  it('finds NUL and lone surrogates in text at any depth, naming the field', () => {
    expect(
      textIssues({
        name: 'a\u0000b',
        members: [{ note: 'fine' }, { note: '\ud800' }],
        tail: 'x\udfff',
        swapped: '\udc00\ud800',
      }),
    ).toEqual([
      { path: ['name'], message: INPUT_MESSAGES.nul },
      { path: ['members', 1, 'note'], message: INPUT_MESSAGES.surrogate },
      { path: ['tail'], message: INPUT_MESSAGES.surrogate },
      { path: ['swapped'], message: INPUT_MESSAGES.surrogate },
    ]);
    expect(textIssues('\u0000')).toEqual([{ path: [], message: INPUT_MESSAGES.nul }]);
    // Fastify's query and path parameters have no Object.prototype.
    const query = Object.assign(Object.create(Object.create(null)), { search: ['ok', 'a\u0000'] });
    expect(textIssues(query)).toEqual([{ path: ['search', 1], message: INPUT_MESSAGES.nul }]);
  });

  it('lets any other Unicode through: pairs, emoji, marks, right-to-left, line breaks', () => {
    expect(
      textIssues({
        emoji: '😀 👩‍👩‍👧‍👦',
        marks: 'e\u0301\u0302 Z̴̧a̶l̷g̷o',
        rtl: 'مرحبا\u200f \u200e123 عربي\u061c',
        joiners: 'نام\u200cخانوادگی क्\u200dष',
        bom: '\ufeff\uffff',
        lines: '\u2028\t\n\r\n',
      }),
    ).toEqual([]);
  });

  it('refuses the direction overrides and isolates in any value but a password', () => {
    const marks = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
    for (const mark of marks)
      expect(textIssues({ name: `RTL${mark}eman` }), mark).toEqual([
        { path: ['name'], message: INPUT_MESSAGES.direction },
      ]);
    expect(
      textIssues({
        comment: 'line one\nline \u2067two\u2069',
        filter: { full_text: ['ok', '\u202dx'] },
        password: 'pass\u202eword',
        plain_password: '\u2066secret',
      }),
    ).toEqual([
      { path: ['comment'], message: INPUT_MESSAGES.direction },
      { path: ['filter', 'full_text', 1], message: INPUT_MESSAGES.direction },
    ]);
    // Query parameters (no Object.prototype) too.
    const query = Object.assign(Object.create(null), { search: '\u202eabc' });
    expect(textIssues(query)).toEqual([{ path: ['search'], message: INPUT_MESSAGES.direction }]);
  });

  it('refuses ids outside 1 to 2^31-1 under id names, and no other number', () => {
    expect(textIssues({ employee_id: 2 ** 40 })).toEqual([]);
    expect(
      idIssues({
        id: MAX_ID,
        employee_id: MAX_ID + 1,
        itemId: 2 ** 53,
        ids: [1, 0, 2.5],
        filter: { office_ids: [-1] },
        limit: 2 ** 40,
        year: 1e308,
      }),
    ).toEqual([
      { path: ['employee_id'], message: INPUT_MESSAGES.id },
      { path: ['itemId'], message: INPUT_MESSAGES.id },
      { path: ['ids', 1], message: INPUT_MESSAGES.id },
      { path: ['ids', 2], message: INPUT_MESSAGES.id },
      { path: ['filter', 'office_ids', 0], message: INPUT_MESSAGES.id },
    ]);
  });

  it('checks field names, and leaves other objects (dates, buffers) alone', () => {
    expect(textIssues({ outer: { 'a\u0000': 1 } })).toEqual([
      { path: ['outer'], message: INPUT_MESSAGES.key },
    ]);
    const odd = { when: new Date(0), data: Buffer.from([0]), none: null, flag: true };
    expect(textIssues(odd)).toEqual([]);
    expect(idIssues({ ...odd, id: new Date(0), ids: ['2147483648'] })).toEqual([]);
  });
});
