import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createTestDatabase } from '../test/helper';
import { REPO_ROOT, ROUTE_INDEX_COMMAND, ROUTE_INDEX_FILE, routeIndex } from '../test/route-index';

it(`${ROUTE_INDEX_FILE} lists every route of the running app`, async () => {
  const database = await createTestDatabase(1);
  let current: string;
  try {
    current = await routeIndex(database);
  } finally {
    await database.close();
  }
  const file = path.join(REPO_ROOT, ROUTE_INDEX_FILE);
  const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  expect(committed, `${ROUTE_INDEX_FILE} is out of date: run \`${ROUTE_INDEX_COMMAND}\``).toBe(current);
});
