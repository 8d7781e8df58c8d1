import fs from 'node:fs';
import path from 'node:path';
import { lockDataDir } from '../lib/data-dir-lock';
import { openPglite } from './client';

/**
 * Backup and restore of the embedded database: the whole PGlite data folder
 * as one gzipped tar file (PGlite's `dumpDataDir`). Both take the data
 * folder's lock first, so the server cannot be running on it meanwhile and
 * the copy is consistent.
 */

export class BackupError extends Error {}

const GZIP_MAGIC = [0x1f, 0x8b];

/** `portal-2027-03-01-1830.tar.gz`: sorts by time, names what it is. */
export function backupFileName(at = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `portal-${stamp}.tar.gz`;
}

const pgdataOf = (dataDir: string) => path.join(dataDir, 'pgdata');

/** The migrations a database has applied, or null when it is not the portal's. */
async function migrationCount(dataDir: string): Promise<number | null> {
  const database = await openPglite({ dataDir });
  try {
    const res = (await database.db.execute(
      "select count(*)::int as n from information_schema.tables where table_schema = 'drizzle' and table_name = '__drizzle_migrations'",
    )) as unknown as { rows: { n: number }[] };
    if (res.rows[0]?.n !== 1) return null;
    const applied = (await database.db.execute(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    )) as unknown as { rows: { n: number }[] };
    return applied.rows[0]?.n ?? 0;
  } finally {
    await database.close();
  }
}

/**
 * Writes the embedded database of `dataDir` to `file` (a new file, readable
 * by its owner only: it holds everyone's data and password hashes).
 */
export async function backupDataDir(dataDir: string, file: string): Promise<{ file: string; bytes: number }> {
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists; name a new file.`);
  if (!fs.existsSync(path.join(pgdataOf(dataDir), 'PG_VERSION')))
    throw new BackupError(`There is no embedded database in ${dataDir} to back up.`);
  const release = lockDataDir(dataDir);
  try {
    const database = await openPglite({ dataDir: pgdataOf(dataDir) });
    let dump: Blob;
    try {
      dump = await database.pglite!.dumpDataDir('gzip');
    } finally {
      await database.close();
    }
    const data = Buffer.from(await dump.arrayBuffer());
    fs.mkdirSync(path.dirname(target), { recursive: true });
    // Written beside the target and renamed: a backup file is always whole.
    const partial = `${target}.partial`;
    fs.writeFileSync(partial, data, { mode: 0o600 });
    fs.renameSync(partial, target);
    return { file: target, bytes: data.length };
  } finally {
    release();
  }
}

/**
 * Replaces the embedded database of `dataDir` with the backup in `file`.
 * The backup is unpacked and opened beside the current database first; only
 * when it opens as a portal database does it take the current one's place.
 * The database it replaced is kept as `pgdata.before-restore-<time>`.
 */
export async function restoreDataDir(
  dataDir: string,
  file: string,
  at = new Date(),
): Promise<{ kept: string | null; migrations: number }> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new BackupError(`${source} does not exist.`);
  const data = fs.readFileSync(source);
  if (!GZIP_MAGIC.every((b, i) => data[i] === b))
    throw new BackupError(`${source} is not a portal backup (a .tar.gz made by npm run backup).`);

  const release = lockDataDir(dataDir);
  const stamp = backupFileName(at).replace(/^portal-|\.tar\.gz$/g, '');
  const staging = path.join(dataDir, `pgdata.restoring-${stamp}`);
  try {
    fs.rmSync(staging, { recursive: true, force: true });
    let migrations: number | null;
    try {
      const unpacked = await openPglite({ dataDir: staging, loadDataDir: new Blob([data]) });
      await unpacked.close();
      migrations = await migrationCount(staging);
    } catch (err) {
      throw new BackupError(`${source} could not be read as a portal backup: ${(err as Error).message}`);
    }
    if (migrations === null) throw new BackupError(`${source} holds no portal database.`);

    const current = pgdataOf(dataDir);
    let kept: string | null = null;
    if (fs.existsSync(current)) {
      kept = path.join(dataDir, `pgdata.before-restore-${stamp}`);
      fs.renameSync(current, kept);
    }
    fs.renameSync(staging, current);
    return { kept, migrations };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    release();
  }
}
