import { and, asc, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authChallenges, employees, passkeys, users } from '../../db/schema';

export type PasskeyPurpose = 'passkey_register' | 'passkey_sign_in';

/** A passkey as the list answers it. */
export type PasskeyRow = Pick<
  typeof passkeys.$inferSelect,
  'id' | 'name' | 'createdAt' | 'lastUsedAt' | 'deviceType' | 'backedUp'
>;

const listed = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
  deviceType: passkeys.deviceType,
  backedUp: passkeys.backedUp,
};

export const passkeysRepository = {
  /** The user's passkeys, the oldest first. */
  async list(db: Db, userId: number): Promise<PasskeyRow[]> {
    return db.select(listed).from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
  },

  /** The credential ids (and transports) of the user's passkeys: a new one may not be one of them. */
  async credentialsOf(db: Db, userId: number) {
    return db
      .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, userId));
  },

  async countOf(db: Db, userId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
    return row?.n ?? 0;
  },

  /** Adds a passkey; null when its credential id is registered already (to anyone). */
  async insert(
    db: Db,
    values: {
      userId: number;
      credentialId: string;
      publicKey: string;
      counter: number;
      transports: string[];
      deviceType: string;
      backedUp: boolean;
      name: string;
    },
  ): Promise<PasskeyRow | null> {
    const [row] = await db
      .insert(passkeys)
      .values(values)
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning(listed);
    return row ?? null;
  },

  async rename(db: Db, userId: number, id: number, name: string): Promise<PasskeyRow | null> {
    const [row] = await db
      .update(passkeys)
      .set({ name })
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning(listed);
    return row ?? null;
  },

  /** Removes one of the user's passkeys; null when the user has none of that id. */
  async remove(db: Db, userId: number, id: number): Promise<PasskeyRow | null> {
    const [row] = await db
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning(listed);
    return row ?? null;
  },

  /** The name a passkey manager shows beside the E-ID. */
  async userCard(db: Db, userId: number) {
    const [row] = await db
      .select({ name: employees.name })
      .from(users)
      .innerJoin(employees, eq(employees.id, users.employeeId))
      .where(eq(users.id, userId));
    return row ?? null;
  },

  /** A passkey by its credential id, with its owner as a sign-in needs them. */
  async findForSignIn(db: Db, credentialId: string) {
    const [row] = await db
      .select({
        id: passkeys.id,
        credentialId: passkeys.credentialId,
        publicKey: passkeys.publicKey,
        counter: passkeys.counter,
        transports: passkeys.transports,
        userId: users.id,
        username: users.username,
        employeeId: employees.id,
        enabled: employees.enabled,
      })
      .from(passkeys)
      .innerJoin(users, eq(users.id, passkeys.userId))
      .innerJoin(employees, eq(employees.id, users.employeeId))
      .where(eq(passkeys.credentialId, credentialId))
      .limit(1);
    return row ?? null;
  },

  /**
   * Records a use: the new counter and when. Only if the stored counter is
   * still below it (or both are 0, an authenticator that counts nothing):
   * of two answers with the same counter, one passes.
   */
  async recordUse(db: Db, id: number, counter: number): Promise<boolean> {
    const done = await db
      .update(passkeys)
      .set({ counter, lastUsedAt: new Date() })
      .where(
        and(
          eq(passkeys.id, id),
          or(lt(passkeys.counter, counter), and(eq(passkeys.counter, 0), sql`${counter} = 0`)),
        ),
      )
      .returning({ id: passkeys.id });
    return done.length === 1;
  },

  async insertChallenge(
    db: Db,
    values: {
      userId: number | null;
      purpose: PasskeyPurpose;
      tokenHash: string;
      data: { challenge: string };
      expiresAt: Date;
    },
  ): Promise<void> {
    await db.insert(authChallenges).values(values);
  },

  /**
   * Takes a challenge: marks it used and answers its data, in one
   * statement, if it is of this purpose (and user), unused and not expired.
   * Of two calls with one ticket, one gets it.
   */
  async takeChallenge(
    db: Db,
    tokenHash: string,
    purpose: PasskeyPurpose,
    userId: number | null,
  ): Promise<{ challenge: string } | null> {
    const now = new Date();
    const [row] = await db
      .update(authChallenges)
      .set({ usedAt: now })
      .where(
        and(
          eq(authChallenges.tokenHash, tokenHash),
          eq(authChallenges.purpose, purpose),
          userId === null ? isNull(authChallenges.userId) : eq(authChallenges.userId, userId),
          isNull(authChallenges.usedAt),
          gt(authChallenges.expiresAt, now),
        ),
      )
      .returning({ data: authChallenges.data });
    const challenge = row?.data.challenge;
    return typeof challenge === 'string' ? { challenge } : null;
  },

  /** Drops the passkey challenges that ended (expired or used) before `before`. */
  async pruneChallenges(db: Db, before: Date): Promise<void> {
    await db
      .delete(authChallenges)
      .where(
        and(
          inArray(authChallenges.purpose, ['passkey_register', 'passkey_sign_in']),
          or(lt(authChallenges.expiresAt, before), lt(authChallenges.usedAt, before)),
        ),
      );
  },
};
