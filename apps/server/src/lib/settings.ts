import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema';

/** The server secret for keyed hashes and signed tokens, made once and kept in the database. */
export async function serverSecret(db: Db): Promise<string> {
  const fresh = randomBytes(32).toString('base64url');
  await db
    .insert(appSettings)
    .values({ key: 'server_secret', value: sql`${JSON.stringify(fresh)}::jsonb` })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'server_secret'));
  if (!row || typeof row.value !== 'string') throw new Error('The server secret could not be read.');
  return row.value;
}
