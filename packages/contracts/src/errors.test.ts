import { describe, expect, it } from 'vitest';
import { flattenChildrenErrors, toChildrenErrors } from './errors';

describe('errors.children', () => {
  it('nests issues by path, lists as numbered children, without repeating a message', () => {
    const tree = toChildrenErrors([
      { path: ['name'], message: 'Name must not be empty' },
      { path: ['name'], message: 'Name must not be empty' },
      { path: ['members', 1, 'name'], message: 'too short' },
      { path: [], message: 'form-level' },
    ]);
    expect(tree).toEqual({
      errors: ['form-level'],
      children: {
        name: { errors: ['Name must not be empty'] },
        members: { children: { 1: { children: { name: { errors: ['too short'] } } } } },
      },
    });
  });

  it('keeps fields named like Object.prototype members as fields, polluting nothing', () => {
    const tree = toChildrenErrors([
      { path: ['__proto__'], message: 'odd' },
      { path: ['constructor', 'name'], message: 'odder' },
    ]);
    expect(JSON.stringify(tree)).toBe(
      '{"children":{"__proto__":{"errors":["odd"]},"constructor":{"children":{"name":{"errors":["odder"]}}}}}',
    );
    expect(({} as { errors?: unknown }).errors).toBeUndefined();
    expect((Object as unknown as { errors?: unknown }).errors).toBeUndefined();
  });

  it('flattens back to form field paths, with list indexes as numbers', () => {
    const tree = toChildrenErrors([
      { path: ['email'], message: 'bad' },
      { path: ['members', 0, 'name'], message: 'short' },
    ]);
    expect(flattenChildrenErrors(tree)).toEqual([
      { name: ['email'], errors: ['bad'] },
      { name: ['members', 0, 'name'], errors: ['short'] },
    ]);
    expect(flattenChildrenErrors(undefined)).toEqual([]);
  });
});
