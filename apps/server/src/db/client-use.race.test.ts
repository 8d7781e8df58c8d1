import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overlappingQueries } from '../../test/setup-client-use';

/**
 * The check of test/setup-client-use.ts sees what it is there for: queries
 * sent at once on one connection make pg warn, and the warning is
 * recorded (then cleared, so this file passes).
 */
let client: pg.Client;

beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
});
afterAll(() => client.end());

describe('queries on a busy connection', () => {
  it('are noticed by the suite', async () => {
    const before = overlappingQueries.length;
    // pg warns when a query is queued behind another that waits: the third one here.
    await Promise.all([
      client.query('select pg_sleep(0.05)'),
      client.query('select 1'),
      client.query('select 2'),
    ]);
    // The warning is emitted on the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    expect(overlappingQueries.length).toBe(before + 1);
    overlappingQueries.splice(before);
  });
});
