import type { Database } from './client';
import { seedDemoIfEmpty } from './seed/demo';
import { seedReferenceData } from './seed/reference';

/**
 * What a server does to its database before it serves: applies the
 * migrations, adds the reference data and, when asked, the demo company on
 * an empty database. Under the start-up lock (`Database.exclusive`): of
 * processes started at once, one does it and the others wait, then find it
 * done. Answers how many demo employees were seeded (0: none).
 */
export async function prepareDatabase(database: Database, options: { seedDemo: boolean }): Promise<number> {
  return database.exclusive(async () => {
    await database.migrate();
    await seedReferenceData(database.db);
    return options.seedDemo ? seedDemoIfEmpty(database.db) : 0;
  });
}
