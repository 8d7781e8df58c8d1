import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { announceSessionsEnded } from './realtime';

/** Which of a person's open sessions end: one, or all but `keep` (null: all). */
export type SessionsToEnd = { sessionId: number } | { keep: number | null };

/**
 * Ends a person's open sessions and announces the ending, in the caller's
 * transaction, to every process's realtime streams (they close at once);
 * answers the ids ended. Every ending but a sign-out goes through here: a new
 * password, a disabling, the Security page, HR's "end all sessions", an erasure.
 */
export async function endUserSessions(db: Db, userId: number, which: SessionsToEnd): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        'sessionId' in which
          ? eq(sessions.id, which.sessionId)
          : which.keep === null
            ? undefined
            : ne(sessions.id, which.keep),
      ),
    )
    .returning({ id: sessions.id });
  const ids = rows.map((r) => r.id);
  await announceSessionsEnded(db, ids);
  return ids;
}
