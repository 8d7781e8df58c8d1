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

const numbers = new Map<string, { value: number; until: number }>();
/** How long a setting read from the database is used before it is read again. */
const SETTING_TTL_MS = 60_000;

/**
 * A number HR may set (the EPR achievement cap, say), or the portal's
 * default while none is set. Read at most once a minute per process.
 */
export async function settingNumber(db: Db, key: string, fallback: number): Promise<number> {
  const cached = numbers.get(key);
  if (cached && cached.until > Date.now()) return cached.value;
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  const value = typeof row?.value === 'number' && Number.isFinite(row.value) ? row.value : fallback;
  numbers.set(key, { value, until: Date.now() + SETTING_TTL_MS });
  return value;
}
