import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { lockDataDir } from '../../lib/data-dir-lock';
import { type Database, openPglite, openPostgres } from '../client';
import { prepareDatabase } from '../prepare';
import { seedLarge } from './large';
import { seedLargeAttendance } from './large-attendance';
import { seedLargeEprs } from './large-epr';
import { seedLargeKpis } from './large-kpi';
import { seedLargeRequests } from './large-requests';

/**
 * `seed demo` or `seed large [employees] [days of punches]`, on the database
 * the server would use (punches: two years unless told).
 */
async function main() {
  const [kind = 'demo', size, punchDays] = process.argv.slice(2);
  // npm runs workspace scripts in the workspace folder: a relative DATA_DIR means the folder it was typed in.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  let release = () => {};
  let database: Database;
  if (config.databaseUrl) {
    database = await openPostgres(config.databaseUrl);
  } else {
    release = lockDataDir(config.dataDir);
    database = await openPglite({ dataDir: path.join(config.dataDir, 'pgdata') });
  }
  try {
    const demo = await prepareDatabase(database, { seedDemo: true });
    if (demo) console.log(`Seeded the demo company: ${demo} employees.`);
    if (kind === 'large') {
      const started = Date.now();
      const made = await seedLarge(database.db, size ? Number(size) : 10_000, (msg) => console.log(msg));
      await seedLargeRequests(database.db, (msg) => console.log(msg));
      await seedLargeKpis(database.db, (msg) => console.log(msg));
      await seedLargeEprs(database.db, (msg) => console.log(msg));
      await seedLargeAttendance(
        database.db,
        (msg) => console.log(msg),
        ...(punchDays ? [Number(punchDays)] : []),
      );
      // As autovacuum would leave it in a while: statistics for the planner, and the visibility map
      // that lets counts answer from an index without visiting the table.
      if (made > 0) await database.db.execute(sql`vacuum analyze`);
      console.log(
        `Large data set ready: ${made} employees added in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      );
    }
  } finally {
    await database.close();
    release();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
