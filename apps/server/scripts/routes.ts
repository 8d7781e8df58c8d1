import fs from 'node:fs';
import path from 'node:path';
import { openPglite } from '../src/db/client';
import { REPO_ROOT, ROUTE_INDEX_FILE, routeIndex } from '../test/route-index';

/**
 * Writes docs/routes.md, the index of every route of the running app (test/route-index.ts).
 * The app is built as the API tests build it, on an embedded database in memory.
 */
async function main() {
  const database = await openPglite();
  try {
    await database.migrate();
    const text = await routeIndex(database);
    const file = path.join(REPO_ROOT, ROUTE_INDEX_FILE);
    const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    fs.writeFileSync(file, text);
    const count = text.split('\n').filter((line) => /^\| [A-Z]+ \| `/.test(line)).length;
    process.stdout.write(
      `${ROUTE_INDEX_FILE}: ${count} routes${before === text ? ', unchanged' : ', written'}\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
