import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock';
import { type Database, openPglite, openPostgres } from './client';
import { migrateWithReport } from './migrations';

/**
 * `npm run db:migrate`: applies the committed migrations to the database the
 * server would use (DATABASE_URL, else the embedded one in DATA_DIR), prints
 * what it did and exits 0; any failure prints why and exits 1. Reference and
 * demo data are not touched (the server adds them at start-up, `npm run seed`
 * on demand).
 */

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `PostgreSQL ${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'the PostgreSQL server of DATABASE_URL';
  }
}

async function main() {
  // npm runs workspace scripts in the workspace folder: a relative DATA_DIR means the folder it was typed in.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  let release = () => {};
  let database: Database;
  let where: string;
  if (config.databaseUrl) {
    where = describeUrl(config.databaseUrl);
    try {
      database = await openPostgres(config.databaseUrl, 1);
      await database.db.execute('select 1');
    } catch (err) {
      // Drizzle wraps the driver's error ("Failed query: select 1"); the cause says why.
      const cause = (err as Error & { cause?: Error }).cause ?? (err as Error);
      fail(`Could not connect to ${where} (DATABASE_URL): ${cause.message}`);
    }
  } else {
    where = `the embedded database in ${config.dataDir}`;
    try {
      release = lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) fail(err.message);
      throw err;
    }
    database = await openPglite({ dataDir: path.join(config.dataDir, 'pgdata') });
  }

  let failure: string | null = null;
  try {
    const { applied, committed } = await migrateWithReport(database);
    if (applied.length === 0) {
      console.log(`Migrations: ${where} is up to date (${committed.length} migrations applied before).`);
    } else {
      console.log(`Migrations: applied ${applied.length} of ${committed.length} to ${where}:`);
      for (const tag of applied) console.log(`  ${tag}`);
    }
  } catch (err) {
    failure = `Migrating ${where} failed (nothing was changed): ${(err as Error).message}`;
  } finally {
    await database.close();
    release();
  }
  if (failure) fail(failure);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
