import { fail, openCliDatabase, runCli } from './cli';
import { migrateWithReport } from './migrations';

/**
 * `npm run db:migrate`: applies the committed migrations to the database the
 * server would use (DATABASE_URL, else the embedded one in DATA_DIR), prints
 * what it did and exits 0; any failure prints why and exits 1. Reference and
 * demo data are not touched (the server adds them at start-up, `npm run seed`
 * on demand).
 */

async function main() {
  const { database, where, close } = await openCliDatabase();

  let failure: string | null = null;
  try {
    const { applied, committed } = await database.exclusive(() => migrateWithReport(database));
    if (applied.length === 0) {
      console.log(`Migrations: ${where} is up to date (${committed.length} migrations applied before).`);
    } else {
      console.log(`Migrations: applied ${applied.length} of ${committed.length} to ${where}:`);
      for (const tag of applied) console.log(`  ${tag}`);
    }
  } catch (err) {
    failure = `Migrating ${where} failed (nothing was changed): ${(err as Error).message}`;
  } finally {
    await close();
  }
  if (failure) fail(failure);
}

runCli(main);
