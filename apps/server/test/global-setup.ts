import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client';
import { seedReferenceData } from '../src/db/seed/reference';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Migrates one database per run and hands it to every test file: a PGlite
 * snapshot file, or a PostgreSQL template database that files clone.
 */
export async function setupDatabases(project: TestProject, kind: 'pglite' | 'postgres') {
  if (kind === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs DATABASE_URL');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Databases of this run are named after its process; those of runs whose process is gone are dropped.
    const prefix = `hr_portal_test_${process.pid}`;
    const all = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'hr_portal_test_%'",
    );
    for (const { datname } of all.rows) {
      const pid = Number(/^hr_portal_test_(\d+)/.exec(datname)?.[1]);
      if (!pid || !alive(pid)) await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    const template = `${prefix}_template`;
    await admin.query(`create database "${template}"`);
    const database = await openPostgres(withDatabase(url, template), 1);
    await database.migrate();
    await seedReferenceData(database.db);
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteSnapshot', '');
    return async () => {
      const mine = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${prefix}_%`],
      );
      for (const { datname } of mine.rows)
        await admin.query(`drop database if exists "${datname}" with (force)`);
      await admin.end();
    };
  }

  const database = await openPglite();
  await database.migrate();
  await seedReferenceData(database.db);
  const dump = await database.pglite!.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `hr-portal-pglite-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  project.provide('postgresTemplate', '');
  return () => fs.rmSync(file, { force: true });
}
