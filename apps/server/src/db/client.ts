import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { watchPglite, watchPgPool } from '../lib/metrics';
import { usePreparedStatements } from './pglite-statements';
import * as schema from './schema';
import { StatementCachingClient } from './statement-cache';

export type Schema = typeof schema;
/** The database handle every repository takes; a transaction has the same type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** The embedded client, when the database is PGlite. */
  pglite?: PGlite;
  /** The connection string, when the database is PostgreSQL (a listener opens its own connection). */
  url?: string;
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process runs its own (PostgreSQL: a session
   * advisory lock on a connection held for the while; PGlite: one process
   * holds the data folder already). Start-up migrates and seeds under it, so
   * processes started at once on an empty database do it once.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The advisory lock key of start-up work (migrations and seeds): any fixed 64-bit number of the portal's own. */
export const STARTUP_LOCK_KEY = 7_310_432_118_904_021;

/** The folder of committed SQL migrations (apps/server/drizzle), found from the source or the built bundle. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('The migrations folder (apps/server/drizzle) was not found.');
}

// Timestamps without zone are not used; keep dates as JavaScript Date objects on both drivers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  // Statements with parameters are prepared by name on each connection (statement-cache.ts).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: StatementCachingClient });
  // A dropped idle connection should not crash the process.
  pool.on('error', () => {});
  // The pool's size, use and waits are read by the metrics (lib/metrics.ts) until it ends.
  const unwatch = watchPgPool(pool, poolSize);
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    url,
    migrate: () =>
      migratePg(drizzlePg(pool, { casing: 'snake_case' }), { migrationsFolder: migrationsFolder() }),
    async exclusive(work) {
      // A connection of its own, beside the pool (which may have room for one only).
      const holder = new pg.Client({ connectionString: url });
      holder.on('error', () => {});
      await holder.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await work();
      } finally {
        // Ending the connection lets go of its lock.
        await holder.end();
      }
    },
    close: () => {
      unwatch();
      return pool.end();
    },
  };
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  // pg_trgm backs the employee search (trigram indexes); a server PostgreSQL ships it in contrib.
  const client = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  return wrapPglite(client);
}

export function wrapPglite(client: PGlite): Database {
  // Statements prepared by name are kept with their plans, as on PostgreSQL (pglite-statements.ts).
  usePreparedStatements(client);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  const unwatch = watchPglite();
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () =>
      migratePglite(drizzlePglite(client, { casing: 'snake_case' }), {
        migrationsFolder: migrationsFolder(),
      }),
    exclusive: (work) => work(),
    close: () => {
      unwatch();
      return client.close();
    },
  };
}
