import { describe, expect, it } from 'vitest';
import {
  type AuditContent,
  canonicalContent,
  canonicalJson,
  contentHash,
  ERASED,
  GENESIS_HASH,
  linkHash,
  redactData,
  redactionDigest,
  sha256,
} from './audit-chain';

const row: AuditContent = {
  id: 42,
  createdAt: '2026-03-01T08:15:30.123456Z',
  actorUserId: 7,
  actorEmployeeId: 9,
  impersonatorUserId: null,
  onBehalfOfEmployeeId: null,
  action: 'profile_update',
  entity: 'employee',
  entityId: 9,
  fromStatus: null,
  toStatus: 2,
  data: { b: 1, a: { y: [3, { d: true, c: null }], x: 'é"\n' } },
};

describe('canonical JSON', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { y: [3, { d: true, c: null }], x: 'z' } })).toBe(
      '{"a":{"x":"z","y":[3,{"c":null,"d":true}]},"b":1}',
    );
  });

  it('gives one text for equal values whatever the key order', () => {
    expect(canonicalJson({ a: 1, b: [1, 2] })).toBe(canonicalJson({ b: [1, 2], a: 1 }));
    expect(canonicalJson({ a: 1, b: [1, 2] })).not.toBe(canonicalJson({ a: 1, b: [2, 1] }));
  });

  it('drops undefined members as JSON does, and writes numbers, null and text as JSON', () => {
    expect(canonicalJson({ a: undefined, b: null, c: 1.5, d: 'x"y' })).toBe('{"b":null,"c":1.5,"d":"x\\"y"}');
    expect(canonicalJson(Number.NaN)).toBe('null');
    expect(canonicalJson(null)).toBe('null');
  });
});

describe('a row content and its hashes', () => {
  it('covers every column of the content: changing any one changes the hash', () => {
    const base = contentHash(row);
    const changes: Partial<AuditContent>[] = [
      { id: 43 },
      { createdAt: '2026-03-01T08:15:30.123457Z' },
      { actorUserId: 8 },
      { actorEmployeeId: null },
      { impersonatorUserId: 1 },
      { onBehalfOfEmployeeId: 1 },
      { action: 'profile_updatE' },
      { entity: 'user' },
      { entityId: 10 },
      { fromStatus: 1 },
      { toStatus: 3 },
      { data: { b: 1, a: { y: [3, { d: false, c: null }], x: 'é"\n' } } },
      { data: null },
    ];
    for (const change of changes)
      expect(contentHash({ ...row, ...change }), JSON.stringify(change)).not.toBe(base);
  });

  it('tells an absent column (null) from a zero or empty text', () => {
    expect(contentHash({ ...row, entityId: null })).not.toBe(contentHash({ ...row, entityId: 0 }));
    expect(contentHash({ ...row, data: null })).not.toBe(contentHash({ ...row, data: {} }));
  });

  it('is stable: the same row in another key order hashes the same', () => {
    const reordered = { ...row, data: { a: { x: 'é"\n', y: [3, { c: null, d: true }] }, b: 1 } };
    expect(canonicalContent(reordered)).toBe(canonicalContent(row));
    expect(canonicalContent(row)).toMatch(/^audit-v1\n\{"action":"profile_update","actor_employee_id":9,/);
  });

  it('links a row to the one before: hash = SHA-256(prev_hash || content_hash)', () => {
    const c = contentHash(row);
    expect(linkHash(GENESIS_HASH, c)).toBe(sha256(GENESIS_HASH + c));
    expect(linkHash(GENESIS_HASH, c)).not.toBe(linkHash('1'.repeat(64), c));
    expect(GENESIS_HASH).toMatch(/^0{64}$/);
  });

  it('digests the redacted rows by id, whatever order they come in', () => {
    const rows = [
      { id: 2, contentHash: 'b' },
      { id: 1, contentHash: 'a' },
    ];
    expect(redactionDigest(rows)).toBe(redactionDigest([...rows].reverse()));
    expect(redactionDigest(rows)).toBe(sha256('1:a\n2:b\n'));
    expect(redactionDigest(rows)).not.toBe(redactionDigest([{ id: 1, contentHash: 'a' }]));
  });
});

describe('redacting a row', () => {
  it('replaces each secret anywhere in the text, whatever its case, and exact numbers', () => {
    const data = {
      note: 'Asked by RAHIM Uddin (E-1004), rahim uddin again',
      list: ['x rahim uddin', 5],
      code: 1004,
    };
    expect(redactData(data, ['Rahim Uddin', '1004', ' '], false)).toEqual({
      note: `Asked by ${ERASED} (E-${ERASED}), ${ERASED} again`,
      list: [`x ${ERASED}`, 5],
      code: ERASED,
    });
  });

  it('treats secrets as text, not patterns', () => {
    expect(redactData({ a: 'a.b and axb' }, ['a.b'], false)).toEqual({ a: `${ERASED} and axb` });
  });

  it('erases every before and after of a row about the person, keeping the field names', () => {
    const data = {
      section: 'contact',
      changes: { mobile: { before: '017', after: '018' }, city: { before: null, after: 'Dhaka' } },
      fields: ['mobile', 'city'],
    };
    expect(redactData(data, [], true)).toEqual({
      section: 'contact',
      changes: { mobile: { before: ERASED, after: ERASED }, city: { before: ERASED, after: ERASED } },
      fields: ['mobile', 'city'],
    });
    expect(redactData(data, [], false)).toEqual(data);
  });
});
