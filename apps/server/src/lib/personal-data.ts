import { DATA_AREAS, type DataArea } from '@hr/contracts/data-rights';
import type { Db } from '../db/client';

/**
 * The sources of "Download my data" (docs/decisions.md, "Data rights"): each
 * feature that keeps something about a person registers, from its index.ts,
 * how its part is read (its own repository's query). The export asks every
 * source in turn, so a feature added later adds its source here and nowhere
 * else. A source answers only the person's own records: ids of other people
 * stay ids, never their names or private fields.
 */

/** Whose data: the employee and their user account (null when they have none). */
export interface PersonalSubject {
  employeeId: number;
  userId: number | null;
}

/** A stored file of the person, read only when the archive reaches it. */
export interface PersonalFile {
  /** Its path under `files/` in the archive. */
  path: string;
  load: (db: Db) => Promise<Uint8Array | null>;
}

/** One area's part: JSON-able records by name, and the files that go with them. */
export interface PersonalDataPart {
  data: Record<string, unknown>;
  files?: PersonalFile[];
}

export interface PersonalDataSource {
  area: DataArea;
  collect: (db: Db, subject: PersonalSubject) => Promise<PersonalDataPart>;
}

const sources = new Map<DataArea, PersonalDataSource>();

/** Registers a feature's sources (one per area; a second registration of an area replaces the first). */
export function registerPersonalData(...list: PersonalDataSource[]): void {
  for (const source of list) sources.set(source.area, source);
}

/** Every registered source, in the order of DATA_AREAS. */
export function personalDataSources(): PersonalDataSource[] {
  return DATA_AREAS.flatMap((area) => {
    const source = sources.get(area);
    return source ? [source] : [];
  });
}

/** A name safe inside an archive path: no folders, no control characters, at most 100 characters. */
export function archiveName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const clean = name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_').replace(/^\.+/, '_');
  return clean.slice(-100) || 'file';
}
