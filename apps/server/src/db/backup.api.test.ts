import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../../test/factories/profile';
import { createTestDatabase, dbKind, Factory, testConfig } from '../../test/helper';
import { buildApp } from '../app';
import { DataDirLockedError } from '../lib/data-dir-lock';
import { BackupError, backupDataDir, restoreDataDir } from './backup';
import { type Database, type Db, openPglite, openPostgres } from './client';
import { employeePhotos, employees, files } from './schema';
import { seedReferenceData } from './seed/reference';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const cliFile = path.join(repoRoot, 'apps/server/src/db/backup-cli.ts');
const run = promisify(execFile);

/** Every table of the portal with its number of rows. */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = (await db.execute(
    "select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1",
  )) as unknown as { rows: { name: string }[] };
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const [schema, table] = name.split('.');
    const res = (await db.execute(
      sql.raw(`select count(*)::int as n from "${schema}"."${table}"`),
    )) as unknown as { rows: { n: number }[] };
    counts[name] = res.rows[0]!.n;
  }
  return counts;
}

/** A few records read back as they are: people, a photo's bytes, a document's bytes. */
async function someRecords(db: Db) {
  const people = await db
    .select({ id: employees.id, eid: employees.eid, name: employees.name, mobile: employees.mobile })
    .from(employees)
    .orderBy(asc(employees.id));
  const photos = await db
    .select({ id: employeePhotos.employeeId, big: employeePhotos.big })
    .from(employeePhotos)
    .orderBy(asc(employeePhotos.employeeId));
  const documents = await db
    .select({ id: files.id, name: files.name, data: files.data })
    .from(files)
    .orderBy(asc(files.id));
  const digest = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
  return {
    people,
    photos: photos.map((p) => ({ id: p.id, big: digest(p.big) })),
    documents: documents.map((d) => ({ id: d.id, name: d.name, data: digest(d.data) })),
  };
}

/** Some of everything: people with users and sessions, a photo, a document, an HR request. */
async function makeData(database: Database) {
  const app = await buildApp({ config: testConfig(), database });
  await app.ready();
  try {
    const factory = new Factory(database.db, app);
    const { employee, lm } = await factory.chain();
    await factory.employee({ name: 'محمد عبد الله' });
    await factory.employee({ name: '李小龙' });
    const token = await factory.token(employee);
    await factory.token(lm);
    const call = (method: 'PATCH' | 'POST', url: string, payload: object) =>
      app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
    const photo = await call('PATCH', `/api/v1/employees/photo/${employee.id}`, {
      photo: (await png(300, 200)).toString('base64'),
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const doc = await call('POST', `/api/v1/employees/${employee.id}/files`, {
      name: 'Contract',
      file_name: 'contract.pdf',
      file: Buffer.from(`%PDF-1.4\n${randomBytes(2000).toString('hex')}\n`).toString('base64'),
    });
    expect(doc.statusCode, doc.body).toBe(201);
    return { employee };
  } finally {
    await app.close();
  }
}

describe.runIf(dbKind === 'pglite')('npm run backup / restore (embedded database)', () => {
  let root: string;
  let dataDir: string;
  const pgdata = () => path.join(dataDir, 'pgdata');
  let before: { counts: Record<string, number>; records: Awaited<ReturnType<typeof someRecords>> };
  let made: Awaited<ReturnType<typeof makeData>>;

  async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
    const database = await openPglite({ dataDir: pgdata() });
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  }
  const state = () =>
    withDatabase(async (db) => ({ counts: await rowCounts(db), records: await someRecords(db) }));

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-backup-'));
    dataDir = path.join(root, 'data');
    fs.mkdirSync(dataDir);
    const database = await openPglite({ dataDir: pgdata() });
    try {
      await database.migrate();
      await seedReferenceData(database.db);
      made = await makeData(database);
    } finally {
      await database.close();
    }
    before = await state();
  }, 180_000);

  afterAll(() => {
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('backs up, and a restore undoes every change made after', async () => {
    const file = path.join(root, 'backups', 'first.tar.gz');
    const made1 = await backupDataDir(dataDir, file);
    expect(made1.bytes).toBe(fs.statSync(file).size);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);

    // Changes after the backup: a name, a deleted document, a new person.
    await withDatabase(async (db) => {
      await db.update(employees).set({ name: 'Changed Name' }).where(eq(employees.id, made.employee.id));
      await db.execute('delete from employee_files');
      await db.delete(files);
      await db.insert(employees).values({ eid: 'NEW1', name: 'Joined After The Backup' });
    });
    const changed = await state();
    expect(changed.counts).not.toEqual(before.counts);

    const restored = await restoreDataDir(dataDir, file);
    expect(restored.kept).toMatch(/pgdata\.before-restore-/);
    const after = await state();
    expect(after.counts).toEqual(before.counts);
    expect(after.records).toEqual(before.records);
    expect(after.records.people.find((p) => p.id === made.employee.id)?.name).toBe(made.employee.name);
    expect(after.records.people.map((p) => p.name)).toEqual(
      expect.arrayContaining(['محمد عبد الله', '李小龙']),
    );
    // The replaced database is kept beside it, as it was.
    const kept = await openPglite({ dataDir: restored.kept! });
    try {
      expect(await rowCounts(kept.db)).toEqual(changed.counts);
    } finally {
      await kept.close();
    }
  }, 180_000);

  it('restores into a wiped data folder with the one documented command, and the server starts on it', async () => {
    const file = path.join(root, 'cli.tar.gz');
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: root };
    const backup = await run(process.execPath, ['--import', 'tsx', cliFile, 'backup', file], {
      cwd: repoRoot,
      env,
    });
    expect(backup.stdout).toContain(`to ${file}`);
    fs.rmSync(dataDir, { recursive: true, force: true });

    const restore = await run(process.execPath, ['--import', 'tsx', cliFile, 'restore', file], {
      cwd: repoRoot,
      env,
    });
    expect(restore.stdout).toContain(`Restored ${file} into ${dataDir}`);
    expect(fs.readdirSync(dataDir).sort()).toEqual(['pgdata']);
    const after = await state();
    expect(after.counts).toEqual(before.counts);
    expect(after.records).toEqual(before.records);

    // The server's own path: migrate (nothing new) and sign in on the restored data.
    const database = await openPglite({ dataDir: pgdata() });
    try {
      await database.migrate();
      const app = await buildApp({ config: testConfig(), database });
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/login_check',
        payload: {
          username: made.employee.eid,
          password: made.employee.password,
        },
      });
      await app.close();
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('refuses while a server holds the data folder, and changes nothing', async () => {
    const counts = (await state()).counts;
    const lock = path.join(dataDir, 'portal.lock');
    // The parent process stands for a running server.
    fs.writeFileSync(lock, JSON.stringify({ pid: process.ppid, host: os.hostname(), since: 'now' }));
    try {
      const file = path.join(root, 'while-running.tar.gz');
      await expect(backupDataDir(dataDir, file)).rejects.toBeInstanceOf(DataDirLockedError);
      expect(fs.existsSync(file)).toBe(false);
      await expect(restoreDataDir(dataDir, path.join(root, 'cli.tar.gz'))).rejects.toBeInstanceOf(
        DataDirLockedError,
      );
      expect(fs.readdirSync(dataDir).sort()).toEqual(['pgdata', 'portal.lock']);
    } finally {
      fs.rmSync(lock, { force: true });
    }
    expect((await state()).counts).toEqual(counts);
  }, 60_000);

  it('refuses a file that is not a backup, and an existing target, and changes nothing', async () => {
    const counts = (await state()).counts;
    const text = path.join(root, 'notes.txt');
    fs.writeFileSync(text, 'not a backup');
    await expect(restoreDataDir(dataDir, text)).rejects.toBeInstanceOf(BackupError);
    const gz = path.join(root, 'other.tar.gz');
    fs.writeFileSync(gz, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3, 4]));
    await expect(restoreDataDir(dataDir, gz)).rejects.toBeInstanceOf(BackupError);
    await expect(backupDataDir(dataDir, text)).rejects.toBeInstanceOf(BackupError);
    expect(fs.readFileSync(text, 'utf8')).toBe('not a backup');
    expect(fs.readdirSync(dataDir).sort()).toEqual(['pgdata']);
    expect((await state()).counts).toEqual(counts);
  }, 60_000);

  it('with DATABASE_URL the command points to pg_dump instead', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', cliFile, 'backup'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('pg_dump --format=custom');
    expect(stderr).toContain('pg_restore');
  }, 60_000);
});

describe.runIf(dbKind === 'postgres')('pg_dump and pg_restore as README.md shows them', () => {
  it('round-trips a database into a new one with the same rows', async () => {
    const source = await createTestDatabase(2);
    const dumpFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hr-pgdump-')), 'portal.dump');
    const url = process.env.DATABASE_URL!;
    const target = `hr_portal_restore_${process.pid}_${randomBytes(4).toString('hex')}`;
    const targetUrl = Object.assign(new URL(url), { pathname: `/${target}` }).toString();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await makeData(source);
      const before = { counts: await rowCounts(source.db), records: await someRecords(source.db) };
      const sourceUrl = (
        (await source.db.execute('select current_database() as name')) as unknown as {
          rows: { name: string }[];
        }
      ).rows[0]!.name;
      await run('pg_dump', [
        '--format=custom',
        `--file=${dumpFile}`,
        Object.assign(new URL(url), { pathname: `/${sourceUrl}` }).toString(),
      ]);
      await admin.query(`create database "${target}"`);
      await run('pg_restore', ['--no-owner', `--dbname=${targetUrl}`, dumpFile]);
      const restored = await openPostgres(targetUrl, 1);
      try {
        expect(await rowCounts(restored.db)).toEqual(before.counts);
        expect(await someRecords(restored.db)).toEqual(before.records);
      } finally {
        await restored.close();
      }
    } finally {
      await source.close();
      await admin.query(`drop database if exists "${target}" with (force)`);
      await admin.end();
      fs.rmSync(path.dirname(dumpFile), { recursive: true, force: true });
    }
  }, 180_000);
});
