import type { FastifyInstance } from 'fastify';

/**
 * The app built in this process from the sources on the database of `url`,
 * for putting in through the API what a measurement needs (leave policies,
 * punch devices), closed when `work` is done. The HR administrator signs in
 * with the password alone here, as in the demo (no authenticator app on the
 * bench); the server under measurement asks them for a second step.
 */
export async function withAppInProcess<T>(
  url: string,
  work: (app: FastifyInstance) => Promise<T>,
): Promise<T> {
  const { buildApp } = await import('../../apps/server/src/app');
  const { loadConfig } = await import('../../apps/server/src/config');
  const { openPostgres } = await import('../../apps/server/src/db/client');
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    SEED: 'none',
    SECOND_FACTOR: 'optional',
  });
  const database = await openPostgres(url, 2);
  const app = await buildApp({ config, database });
  await app.ready();
  try {
    return await work(app);
  } finally {
    await app.close();
    await database.close();
  }
}
