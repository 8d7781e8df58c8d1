import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authChallenges, employees, sessions, users } from '../../db/schema';

/** What an `oidc` challenge row is: a round trip's state, or the ticket it ends with. */
export type OidcRowKind = 'state' | 'ticket';

export const ssoRepository = {
  /** Stores a round trip's state (its nonce and PKCE verifier) or a ticket, found by the hash of its token. */
  async insertChallenge(
    db: Db,
    values: {
      tokenHash: string;
      kind: OidcRowKind;
      userId?: number | null;
      data?: Record<string, unknown>;
      expiresAt: Date;
    },
  ): Promise<void> {
    await db.insert(authChallenges).values({
      purpose: 'oidc',
      tokenHash: values.tokenHash,
      userId: values.userId ?? null,
      data: { ...values.data, kind: values.kind },
      expiresAt: values.expiresAt,
    });
  },

  /**
   * Uses a challenge once: marks it used and answers it, in one statement,
   * if it is of this kind, unused and not expired; null otherwise (two
   * callbacks with the same state: only the first gets it).
   */
  async takeChallenge(db: Db, tokenHash: string, kind: OidcRowKind, now: Date) {
    const [row] = await db
      .update(authChallenges)
      .set({ usedAt: now })
      .where(
        and(
          eq(authChallenges.tokenHash, tokenHash),
          eq(authChallenges.purpose, 'oidc'),
          sql`${authChallenges.data}->>'kind' = ${kind}`,
          isNull(authChallenges.usedAt),
          gt(authChallenges.expiresAt, now),
        ),
      )
      .returning({ userId: authChallenges.userId, data: authChallenges.data });
    return row ?? null;
  },

  /** Removes the round trips and tickets that ended more than a day ago. */
  async deleteOldChallenges(db: Db, before: Date): Promise<void> {
    await db
      .delete(authChallenges)
      .where(and(eq(authChallenges.purpose, 'oidc'), lt(authChallenges.expiresAt, before)));
  },

  /**
   * The people with a user account whose E-ID, or e-mail address (in any
   * case), is the value: at most two, enough to tell one from several.
   */
  async findPeople(db: Db, field: 'eid' | 'email', value: string) {
    return db
      .select({
        userId: users.id,
        username: users.username,
        employeeId: employees.id,
        enabled: employees.enabled,
      })
      .from(users)
      .innerJoin(employees, eq(employees.id, users.employeeId))
      .where(field === 'eid' ? eq(employees.eid, value) : sql`lower(${employees.email}) = lower(${value})`)
      .limit(2);
  },

  async findUser(db: Db, userId: number) {
    const [row] = await db
      .select({
        userId: users.id,
        username: users.username,
        employeeId: employees.id,
        enabled: employees.enabled,
      })
      .from(users)
      .innerJoin(employees, eq(employees.id, users.employeeId))
      .where(eq(users.id, userId));
    return row ?? null;
  },

  async insertSession(
    db: Db,
    values: {
      userId: number;
      tokenHash: string;
      expiresAt: Date;
      ip: string | null;
      userAgent: string | null;
    },
  ): Promise<number> {
    const [row] = await db
      .insert(sessions)
      .values({ ...values, kind: 'login', method: 'oidc' })
      .returning({ id: sessions.id });
    return row!.id;
  },
};
