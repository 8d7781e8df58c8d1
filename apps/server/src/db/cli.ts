import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock';
import { type Database, openPglite, openPostgres } from './client';

/** What the command-line tools share: how they fail, and the database they open. */

/** Prints why and exits with `code` (1: could not run). */
export function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `PostgreSQL ${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'the PostgreSQL server of DATABASE_URL';
  }
}

export interface CliDatabase {
  database: Database;
  /** The database in words, for messages. */
  where: string;
  /** Closes the database and lets go of the data folder. */
  close(): Promise<void>;
}

/**
 * Opens the database the server would use: DATABASE_URL, else the embedded
 * one in DATA_DIR (whose folder lock the server must not hold). A bad
 * configuration, an unreachable server or a held folder ends the process
 * with the reason.
 */
export async function openCliDatabase(): Promise<CliDatabase> {
  // npm runs workspace scripts in the workspace folder: a relative DATA_DIR means the folder it was typed in.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  if (config.databaseUrl) {
    const where = describeUrl(config.databaseUrl);
    let database: Database;
    try {
      database = await openPostgres(config.databaseUrl, 1);
      await database.db.execute('select 1');
    } catch (err) {
      // Drizzle wraps the driver's error ("Failed query: select 1"); the cause says why.
      const cause = (err as Error & { cause?: Error }).cause ?? (err as Error);
      fail(`Could not connect to ${where} (DATABASE_URL): ${cause.message}`);
    }
    return { database, where, close: () => database.close() };
  }
  const where = `the embedded database in ${config.dataDir}`;
  let release: () => void;
  try {
    release = lockDataDir(config.dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(err.message);
    throw err;
  }
  const database = await openPglite({ dataDir: path.join(config.dataDir, 'pgdata') });
  return {
    database,
    where,
    close: async () => {
      await database.close();
      release();
    },
  };
}

/** Runs a tool's `main`, printing an unexpected error and exiting 1. */
export function runCli(main: () => Promise<void>): void {
  main().catch((err) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
