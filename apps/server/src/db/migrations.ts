import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, migrationsFolder } from './client';

/** A committed migration of apps/server/drizzle, as its journal names it. */
export interface CommittedMigration {
  tag: string;
  /** The journal's `when`: Drizzle records it as the applied migration's created_at. */
  when: number;
}

export interface MigrationReport {
  /** The migrations this run applied, oldest first. */
  applied: string[];
  /** Every committed migration, oldest first. */
  committed: string[];
}

export function committedMigrations(folder = migrationsFolder()): CommittedMigration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: CommittedMigration[];
  };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when })).sort((a, b) => a.when - b.when);
}

/**
 * When the last applied migration was made (Drizzle's own bookkeeping in
 * drizzle.__drizzle_migrations), or null on a database never migrated.
 */
export async function lastAppliedMigration(database: Database): Promise<number | null> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const [table] = await rows(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return null;
  const [last] = await rows(sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
  return last?.last === null || last?.last === undefined ? null : Number(last.last);
}

/**
 * Applies the committed migrations that have not run yet, as the server does
 * at start-up, and tells which ones ran (Drizzle runs every migration made
 * after the last applied one, in one transaction).
 */
export async function migrateWithReport(database: Database): Promise<MigrationReport> {
  const committed = committedMigrations();
  const last = await lastAppliedMigration(database);
  await database.migrate();
  return {
    applied: committed.filter((m) => last === null || m.when > last).map((m) => m.tag),
    committed: committed.map((m) => m.tag),
  };
}
