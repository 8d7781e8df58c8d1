import { DEFAULT_STATUS_TEXT, NON_JSON_ERROR_TEXT } from '@hr/contracts/errors';
import { describe, expect, it } from 'vitest';
import { buildUrl, errorMessage } from './http';

describe('errorMessage (SPEC.md §8)', () => {
  it("prefers the server's message, then its detail, then the default text", () => {
    expect(errorMessage(400, { message: 'Bad dates', detail: 'x' })).toBe('Bad dates');
    expect(errorMessage(400, { message: '', detail: 'Only the detail' })).toBe('Only the detail');
    expect(errorMessage(403, {})).toBe(DEFAULT_STATUS_TEXT[403]);
    expect(errorMessage(504, { code: 504 })).toBe('gateway timeout');
  });

  it('answers the non-JSON text when the body could not be read', () => {
    expect(errorMessage(502, null)).toBe(NON_JSON_ERROR_TEXT);
    expect(errorMessage(418, {})).toBe(NON_JSON_ERROR_TEXT);
  });
});

describe('buildUrl', () => {
  it('puts the path under /api/v1 and drops empty query values', () => {
    expect(buildUrl('leave', { page: 1, limit: 10, type_id: undefined, q: '', sort: 'id,desc' })).toBe(
      '/api/v1/leave?page=1&limit=10&sort=id%2Cdesc',
    );
    expect(buildUrl('/me')).toBe('/api/v1/me');
    expect(buildUrl('x', { ids: [1, 2] })).toBe('/api/v1/x?ids=1&ids=2');
  });
});
