import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { committedMigrations } from './migrations';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const cliFile = path.join(repoRoot, 'apps/server/src/db/migrate-cli.ts');
const tags = committedMigrations().map((m) => m.tag);

let dir: string | null = null;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = null;
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end with the given variables on top of a clean environment. */
function run(command: string, args: string[], vars: NodeJS.ProcessEnv, cwd = repoRoot): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'INIT_CWD']) delete env[name];
  Object.assign(env, vars);
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

const migrateCli = (vars: NodeJS.ProcessEnv, cwd = repoRoot) =>
  run(process.execPath, ['--import', 'tsx', cliFile], vars, cwd);

function tempDir(): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-migrate-'));
  return dir;
}

async function embeddedTables(dataDir: string): Promise<string[]> {
  const database = await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    const res = (await database.db.execute(
      "select tablename from pg_tables where schemaname = 'public' order by tablename",
    )) as unknown as { rows: { tablename: string }[] };
    return res.rows.map((r) => r.tablename);
  } finally {
    await database.close();
  }
}

describe('npm run db:migrate', () => {
  it('migrates the embedded database of DATA_DIR, says what it did and exits 0', {
    timeout: 120_000,
  }, async () => {
    const dataDir = path.join(tempDir(), 'data');
    const first = await run('npm', ['run', '--silent', 'db:migrate'], { DATA_DIR: dataDir });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toContain(
      `applied ${tags.length} of ${tags.length} to the embedded database in ${dataDir}`,
    );
    for (const tag of tags) expect(first.stdout).toContain(tag);
    expect(fs.existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);
    expect(await embeddedTables(dataDir)).toEqual(expect.arrayContaining(['employees', 'users', 'sessions']));

    const again = await migrateCli({ DATA_DIR: dataDir });
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain(`is up to date (${tags.length} migrations applied before)`);
  });

  it('takes a relative DATA_DIR from the folder npm was started in', { timeout: 120_000 }, async () => {
    const base = tempDir();
    const res = await migrateCli(
      { DATA_DIR: './rel-data', INIT_CWD: base },
      path.join(repoRoot, 'apps/server'),
    );
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toContain(path.join(base, 'rel-data'));
    expect(fs.existsSync(path.join(base, 'rel-data', 'pgdata'))).toBe(true);
  });

  it('refuses a DATA_DIR a running server holds, and exits 1', { timeout: 60_000 }, async () => {
    const dataDir = path.join(tempDir(), 'data');
    fs.mkdirSync(dataDir, { recursive: true });
    // This test process stands for the running server.
    fs.writeFileSync(
      path.join(dataDir, 'portal.lock'),
      JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() }),
    );
    const res = await migrateCli({ DATA_DIR: dataDir });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`The data directory ${dataDir} is already in use`);
    expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
  });

  it('exits 1 with the reason when the PostgreSQL server cannot be reached', {
    timeout: 60_000,
  }, async () => {
    const res = await migrateCli({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing' });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Could not connect to PostgreSQL 127.0.0.1:1/nothing (DATABASE_URL)');
    expect(res.stderr).toMatch(/ECONNREFUSED/);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'migrates the PostgreSQL database of DATABASE_URL, then finds it up to date',
    { timeout: 120_000 },
    async () => {
      const server = process.env.DATABASE_URL!;
      const name = `scratch_migrate_${randomBytes(5).toString('hex')}`;
      const url = new URL(server);
      url.pathname = `/${name}`;
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      try {
        const first = await migrateCli({ DATABASE_URL: url.toString() });
        expect(first.code, first.stdout + first.stderr).toBe(0);
        expect(first.stdout).toContain(`applied ${tags.length} of ${tags.length} to PostgreSQL`);
        expect(first.stdout).toContain(`/${name}`);
        for (const tag of tags) expect(first.stdout).toContain(tag);

        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        const applied = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
        const tables = await client.query("select tablename from pg_tables where schemaname = 'public'");
        await client.end();
        expect(applied.rows[0].n).toBe(tags.length);
        expect(tables.rows.map((r) => r.tablename)).toEqual(expect.arrayContaining(['employees', 'users']));

        const again = await migrateCli({ DATABASE_URL: url.toString() });
        expect(again.code, again.stdout + again.stderr).toBe(0);
        expect(again.stdout).toContain('is up to date');
      } finally {
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
    },
  );
});
