import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../lib/data-dir-lock';
import { BackupError, backupDataDir, backupFileName, restoreDataDir } from './backup';
import { fail, runCli } from './cli';

/**
 * `npm run backup [-- <file>]` and `npm run restore -- <file>`: the embedded
 * database of DATA_DIR to one file and back. With DATABASE_URL the database
 * is a PostgreSQL server, backed up with pg_dump (README.md).
 */

const POSTGRES_HINT =
  'DATABASE_URL is set: the database is a PostgreSQL server. Back it up with\n' +
  '  pg_dump --format=custom --file=portal.dump "$DATABASE_URL"\n' +
  'and restore it with\n' +
  '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" portal.dump\n' +
  '(README.md, "Backup and restore").';

async function main() {
  const [command, file] = process.argv.slice(2);
  // npm runs workspace scripts in the workspace folder: relative paths mean the folder they were typed in.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  if (command !== 'backup' && command !== 'restore') fail('Usage: backup [file] | restore <file>');

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  if (config.databaseUrl) fail(POSTGRES_HINT);

  try {
    if (command === 'backup') {
      const target = file ?? path.join('backups', backupFileName());
      const made = await backupDataDir(config.dataDir, target);
      console.log(
        `Backed up the embedded database in ${config.dataDir} to ${made.file} (${(made.bytes / 1024 / 1024).toFixed(1)} MB).`,
      );
      console.log('The file holds every employee record and password hash: keep it as safe as the server.');
    } else {
      if (!file) fail('Usage: npm run restore -- <file>   (a file made by npm run backup)');
      const done = await restoreDataDir(config.dataDir, file);
      console.log(
        `Restored ${path.resolve(file)} into ${config.dataDir} (${done.migrations} migrations applied in it; the server applies newer ones when it starts).`,
      );
      if (done.kept)
        console.log(`The database it replaced is kept in ${done.kept}; delete it when no longer needed.`);
    }
  } catch (err) {
    if (err instanceof BackupError || err instanceof DataDirLockedError) fail(err.message);
    throw err;
  }
}

runCli(main);
