import { and, count, eq, gte, lt, min } from 'drizzle-orm';
import type { Db } from '../db/client';
import { throttleEvents } from '../db/schema';
import { tooManyRequests } from './errors';

export interface ThrottleRule {
  bucket: string;
  limit: number;
  windowMs: number;
  message: (minutes: number) => string;
}

/** Limits on events (failed sign-ins, code requests...) counted in the database, so every server process shares them. */
export const throttle = {
  async record(db: Db, bucket: string, key: string): Promise<void> {
    await db.insert(throttleEvents).values({ bucket, key: key.slice(0, 128) });
  },

  /** Throws 429 when `key` already has `limit` events inside the window. */
  async check(db: Db, rule: ThrottleRule, key: string): Promise<void> {
    const since = new Date(Date.now() - rule.windowMs);
    const [row] = await db
      .select({ n: count(), first: min(throttleEvents.createdAt) })
      .from(throttleEvents)
      .where(
        and(
          eq(throttleEvents.bucket, rule.bucket),
          eq(throttleEvents.key, key.slice(0, 128)),
          gte(throttleEvents.createdAt, since),
        ),
      );
    if (row && row.n >= rule.limit) {
      const first = row.first ? new Date(row.first).getTime() : Date.now();
      const waitMs = Math.max(1000, first + rule.windowMs - Date.now());
      throw tooManyRequests(rule.message(Math.ceil(waitMs / 60_000)), waitMs / 1000);
    }
  },

  async clear(db: Db, bucket: string, key: string): Promise<void> {
    await db
      .delete(throttleEvents)
      .where(and(eq(throttleEvents.bucket, bucket), eq(throttleEvents.key, key.slice(0, 128))));
  },

  /** Drops events older than a day. */
  async prune(db: Db): Promise<void> {
    await db.delete(throttleEvents).where(lt(throttleEvents.createdAt, new Date(Date.now() - 86_400_000)));
  },
};
