import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Query keys are spelled once: each feature exports its own from its keys.ts
 * (through its index.ts for other features), lib/keys.ts those of what lib/
 * and components/ read. Anywhere else a key is a call of one of them, so a
 * renamed key breaks the build instead of the cache.
 */

const src = path.resolve(import.meta.dirname);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const isKeyFile = (file: string) => path.basename(file) === 'keys.ts';

/** Where a key is written out as an array rather than taken from a keys file. */
export function spelledKeys(text: string): string[] {
  const pattern =
    /(queryKey:\s*|(?:set|get|remove|cancel|invalidate|refetch|reset)Quer(?:y|ies)(?:Data|State)?\(\s*(?:\{\s*queryKey:\s*)?)\[/g;
  return [...text.matchAll(pattern)].map((m) => {
    const line = text.slice(0, m.index).split('\n').length;
    return `${line}: ${text.slice(m.index, text.indexOf('\n', m.index))}`;
  });
}

/** A stand-in for any argument of a key function: every property is itself. */
const anything: unknown = new Proxy(() => anything, { get: () => anything });

/** The first words of the keys a keys file exports. */
function roots(module: Record<string, unknown>): Set<string> {
  const found = new Set<string>();
  const add = (key: unknown) => {
    if (Array.isArray(key) && typeof key[0] === 'string') found.add(key[0]);
  };
  for (const [name, value] of Object.entries(module)) {
    if (!name.endsWith('Keys') || typeof value !== 'object' || value === null) continue;
    for (const key of Object.values(value)) {
      if (typeof key === 'function') add(key(...Array.from({ length: key.length }, () => anything)));
      else add(key);
    }
  }
  return found;
}

describe('query keys', () => {
  it('are written out only in keys.ts files', () => {
    const spelled = sources(src)
      .filter((file) => !isKeyFile(file))
      .flatMap((file) =>
        spelledKeys(fs.readFileSync(file, 'utf8')).map((hit) => `${path.relative(src, file)}:${hit}`),
      );
    expect(spelled).toEqual([]);
  });

  it('the check finds a key written out in a call or an option', () => {
    const text = [
      "useQuery({ queryKey: ['leave', 'types'], queryFn });",
      "client.invalidateQueries({ queryKey: ['dashboard'] });",
      "client.setQueryData(['kpi', 'sheet', id], sheet);",
      'client.invalidateQueries({ queryKey: leaveKeys.all });',
      'useQuery({ queryKey: leaveKeys.list(query), queryFn });',
    ].join('\n');
    expect(spelledKeys(text).map((hit) => hit.split(':')[0])).toEqual(['1', '2', '3']);
  });

  it("each key's first word belongs to one keys file", async () => {
    const modules = import.meta.glob<Record<string, unknown>>('./**/keys.ts', { eager: true });
    expect(Object.keys(modules).length).toBeGreaterThan(15);
    const owners = new Map<string, string[]>();
    for (const [file, module] of Object.entries(modules)) {
      const found = roots(module);
      expect(found.size, `${file} exports keys`).toBeGreaterThan(0);
      for (const root of found) owners.set(root, [...(owners.get(root) ?? []), file]);
    }
    const shared = [...owners].filter(([, files]) => files.length > 1);
    expect(shared).toEqual([]);
  });
});
