import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from './client';
import { prepareDatabase } from './prepare';

/**
 * Three servers started at once on an empty PostgreSQL database: one applies
 * the migrations and seeds, the others wait for it and find it done (without
 * the start-up lock two of them fail on `CREATE TABLE`).
 */
const base = process.env.DATABASE_URL!;
const name = `startup_${randomBytes(4).toString('hex')}`;
const url = (() => {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
})();

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let databases: Database[] = [];

beforeAll(async () => {
  await admin(`create database ${name}`);
  databases = await Promise.all([1, 2, 3].map(() => openPostgres(url, 4)));
});

afterAll(async () => {
  for (const database of databases) await database.close();
  await admin(`drop database if exists ${name}`);
});

describe('start-up on an empty database', () => {
  it('migrates and seeds once when three servers start at once', async () => {
    const results = await Promise.allSettled(databases.map((d) => prepareDatabase(d, { seedDemo: true })));
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    expect(failures).toEqual([]);
    const seeded = results.map((r) => (r.status === 'fulfilled' ? r.value : -1));
    expect(seeded.filter((n) => n > 0)).toHaveLength(1);
    expect(seeded.filter((n) => n === 0)).toHaveLength(2);

    const answer = (await databases[0]!.db.execute(
      sql`select (select count(*)::int from employees) as employees,
                 (select count(*)::int from drizzle.__drizzle_migrations) as migrations`,
    )) as unknown as { rows: { employees: number; migrations: number }[] };
    const row = answer.rows[0];
    expect(row!.employees).toBe(Math.max(...seeded));
    const journal = await import('../../drizzle/meta/_journal.json', { with: { type: 'json' } });
    expect(row!.migrations).toBe(journal.default.entries.length);
  }, 180_000);
});
