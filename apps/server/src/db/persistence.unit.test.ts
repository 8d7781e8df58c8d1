import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { Factory, testConfig } from '../../test/helper';
import { buildApp } from '../app';
import { type Database, openPglite } from './client';

let dir: string | null = null;
let open: { app: FastifyInstance; database: Database } | null = null;

async function start(dataDir: string) {
  const database = await openPglite({ dataDir });
  await database.migrate();
  const app = await buildApp({ config: testConfig(), database });
  await app.ready();
  open = { app, database };
  return open;
}

async function stop() {
  if (!open) return;
  const { app, database } = open;
  open = null;
  await app.close();
  await database.close();
}

afterEach(async () => {
  await stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('embedded database on disk', () => {
  it('keeps data and sessions across a server restart', { timeout: 120_000 }, async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-persist-'));
    const dataDir = path.join(dir, 'pgdata');

    const first = await start(dataDir);
    const factory = new Factory(first.database.db, first.app);
    const person = await factory.employee({ name: 'Persisted Person' });
    const token = await factory.token(person);
    const before = await first.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(before.statusCode).toBe(200);
    await stop();

    // The files are on disk, not in memory.
    expect(fs.readdirSync(dataDir).length).toBeGreaterThan(0);

    const second = await start(dataDir);
    const me = await second.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { id: person.userId, username: person.eid },
      employee: { id: person.id, eid: person.eid, name: 'Persisted Person' },
    });

    // A made-up token is still refused, so the 200 above is not a fluke.
    const stranger = await second.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${'x'.repeat(43)}` },
    });
    expect(stranger.statusCode).toBe(401);

    // The password works against the reopened database too.
    const again = new Factory(second.database.db, second.app);
    expect((await again.login(person)).employee_id).toBe(person.id);
  });
});
