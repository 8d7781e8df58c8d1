import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { throttleCounters } from '../db/schema';
import { tooManyRequests } from './errors';
import { countThrottleRefusal } from './metrics';

export interface ThrottleRule {
  bucket: string;
  limit: number;
  windowMs: number;
  message: (minutes: number) => string;
}

/** One count to take: a rule and whose count it is (an E-ID, an address, a device...). */
export interface Count {
  rule: ThrottleRule;
  key: string;
}

/** A count after a hit: how many inside its window, and whether that is over the rule's limit. */
export interface Hit extends Count {
  hits: number;
  over: boolean;
  /** When the window ends and the count starts again. */
  retryAfterMs: number;
}

const KEY_MAX = 128;
const keyOf = (key: string) => key.slice(0, KEY_MAX);

/** The 429 of a count over its limit: every refusal is made here, and counted here (by the rule's name). */
export function overLimit(hit: Hit): Error {
  countThrottleRefusal(hit.rule.bucket);
  const waitMs = Math.max(1000, hit.retryAfterMs);
  return tooManyRequests(hit.rule.message(Math.ceil(waitMs / 60_000)), waitMs / 1000);
}

/**
 * Limits on attempts (sign-ins, codes, device calls...) counted in the
 * database, so every server process shares them (DESIGN.md §14). A count is
 * a row per rule and key: the number of hits in a window that begins with
 * its first hit and lasts the rule's `windowMs`; the first hit after the
 * window ended starts a new one.
 *
 * Every hit is counted and its new count read in one statement (an upsert
 * that takes the row's lock and answers the count it wrote), before the
 * attempt is tried: a burst of attempts sent at once, to one process or to
 * many, gets counts 1, 2, 3, … one after another, and only those within the
 * limit go on. Reading the count and writing the failure in two steps let
 * every attempt of a burst read the same count and pass.
 */
export const throttle = {
  /** Counts one hit on each count, all in one statement; answers each count as it is now. */
  async hit(db: Db, counts: readonly Count[]): Promise<Hit[]> {
    if (counts.length === 0) return [];
    const now = new Date();
    const rows = counts.map(
      (c) =>
        sql`(${c.rule.bucket}, ${keyOf(c.key)}, 1, ${new Date(now.getTime() + c.rule.windowMs).toISOString()}::timestamptz)`,
    );
    const at = now.toISOString();
    // A window that has ended starts again at this hit.
    const result = (await db.execute(sql`
      insert into ${throttleCounters} as t (bucket, key, hits, resets_at)
      values ${sql.join(rows, sql`, `)}
      on conflict (bucket, key) do update set
        hits = case when t.resets_at <= ${at}::timestamptz then 1 else t.hits + 1 end,
        resets_at = case when t.resets_at <= ${at}::timestamptz then excluded.resets_at else t.resets_at end
      returning bucket, key, hits, resets_at
    `)) as unknown as { rows: { bucket: string; key: string; hits: number; resets_at: string | Date }[] };
    return counts.map((c) => {
      const row = result.rows.find((r) => r.bucket === c.rule.bucket && r.key === keyOf(c.key));
      const hits = Number(row?.hits ?? 1);
      const resets = row ? new Date(row.resets_at).getTime() : now.getTime() + c.rule.windowMs;
      return { ...c, hits, over: hits > c.rule.limit, retryAfterMs: resets - now.getTime() };
    });
  },

  /**
   * Counts an attempt on each count before it is tried; throws the 429 of
   * the first count over its limit (taking back the hits of an attempt so
   * refused, which was never tried). `excuse` may let a count over its limit
   * through (an address the person signed in from before).
   */
  async take(db: Db, counts: readonly Count[], excuse?: (hit: Hit) => Promise<boolean>): Promise<Hit[]> {
    const hits = await throttle.hit(db, counts);
    for (const hit of hits) {
      if (!hit.over || (excuse && (await excuse(hit)))) continue;
      await throttle.undo(db, counts);
      throw overLimit(hit);
    }
    return hits;
  },

  /** Takes back one hit of each count (an attempt that turned out right, or was never tried). */
  async undo(db: Db, counts: readonly Count[]): Promise<void> {
    for (const c of counts)
      await db
        .update(throttleCounters)
        .set({ hits: sql`greatest(${throttleCounters.hits} - 1, 0)` })
        .where(and(eq(throttleCounters.bucket, c.rule.bucket), eq(throttleCounters.key, keyOf(c.key))));
  },

  /** Starts a count again (the owner proved who they are). */
  async clear(db: Db, bucket: string, key: string): Promise<void> {
    await db
      .delete(throttleCounters)
      .where(and(eq(throttleCounters.bucket, bucket), eq(throttleCounters.key, keyOf(key))));
  },

  /** Drops the counts whose window has ended (the next hit would start them again anyway). */
  async prune(db: Db): Promise<void> {
    await db.delete(throttleCounters).where(lt(throttleCounters.resetsAt, new Date()));
  },
};
