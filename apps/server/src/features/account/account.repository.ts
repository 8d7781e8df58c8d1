import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { authChallenges, employees, recoveryCodes, sessions, totpFactors, users } from '../../db/schema';

const impersonator = alias(users, 'impersonator');
const impersonatorEmployee = alias(employees, 'impersonator_employee');

export const accountRepository = {
  async userOf(db: Db, userId: number) {
    const [row] = await db
      .select({
        userId: users.id,
        username: users.username,
        isAdmin: users.isAdmin,
        passwordHash: users.passwordHash,
        employeeId: users.employeeId,
        enabled: employees.enabled,
      })
      .from(users)
      .innerJoin(employees, eq(employees.id, users.employeeId))
      .where(eq(users.id, userId));
    return row ?? null;
  },

  async userOfEmployee(db: Db, employeeId: number) {
    const [row] = await db
      .select({ userId: users.id })
      .from(users)
      .innerJoin(employees, eq(employees.id, users.employeeId))
      .where(and(eq(users.employeeId, employeeId), isNull(employees.erasedAt)));
    return row ?? null;
  },

  async factor(db: Db, userId: number) {
    const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
    return row ?? null;
  },

  /** A new unconfirmed secret, replacing an unconfirmed one; nothing when a confirmed one is there. */
  async putPendingFactor(db: Db, userId: number, secret: string): Promise<boolean> {
    const rows = await db
      .insert(totpFactors)
      .values({ userId, secret })
      .onConflictDoUpdate({
        target: totpFactors.userId,
        set: { secret, lastStep: null, createdAt: new Date() },
        setWhere: isNull(totpFactors.confirmedAt),
      })
      .returning({ userId: totpFactors.userId });
    return rows.length > 0;
  },

  /**
   * Takes a code's step in one statement: only a step later than the last
   * one taken, so a code is accepted once even when sent twice at once.
   * `confirming` takes it on an unconfirmed secret and confirms it.
   */
  async takeStep(db: Db, userId: number, step: number, confirming: boolean): Promise<boolean> {
    const rows = await db
      .update(totpFactors)
      .set({ lastStep: step, ...(confirming ? { confirmedAt: new Date() } : {}) })
      .where(
        and(
          eq(totpFactors.userId, userId),
          confirming ? isNull(totpFactors.confirmedAt) : isNotNull(totpFactors.confirmedAt),
          or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step)),
        ),
      )
      .returning({ userId: totpFactors.userId });
    return rows.length > 0;
  },

  async deleteFactor(db: Db, userId: number): Promise<boolean> {
    const rows = await db
      .delete(totpFactors)
      .where(eq(totpFactors.userId, userId))
      .returning({ userId: totpFactors.userId });
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    return rows.length > 0;
  },

  async replaceRecoveryCodes(db: Db, userId: number, hashes: string[]): Promise<void> {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  },

  /** Uses a recovery code once: of two uses at once, one finds it unused. */
  async useRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
    const rows = await db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, codeHash),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return rows.length > 0;
  },

  async recoveryCodesLeft(db: Db, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return Number(row?.n ?? 0);
  },

  // The second step of a sign-in

  async insertChallenge(
    db: Db,
    values: { userId: number; tokenHash: string; data: Record<string, unknown>; expiresAt: Date },
  ): Promise<void> {
    await db.insert(authChallenges).values({ ...values, purpose: 'second_factor' });
  },

  /**
   * Counts one try on an open ticket and answers it, in one statement:
   * nothing once it was used, expired or spent its tries (of a burst, only
   * `maxTries` get it).
   */
  async tryChallenge(db: Db, tokenHash: string, maxTries: number) {
    const [row] = await db
      .update(authChallenges)
      .set({ attempts: sql`${authChallenges.attempts} + 1` })
      .where(
        and(
          eq(authChallenges.tokenHash, tokenHash),
          eq(authChallenges.purpose, 'second_factor'),
          isNull(authChallenges.usedAt),
          gt(authChallenges.expiresAt, new Date()),
          lt(authChallenges.attempts, maxTries),
        ),
      )
      .returning({ id: authChallenges.id, userId: authChallenges.userId, data: authChallenges.data });
    return row ?? null;
  },

  /** An open ticket, without counting a try. */
  async openChallenge(db: Db, tokenHash: string, maxTries: number) {
    const [row] = await db
      .select({ id: authChallenges.id, userId: authChallenges.userId, data: authChallenges.data })
      .from(authChallenges)
      .where(
        and(
          eq(authChallenges.tokenHash, tokenHash),
          eq(authChallenges.purpose, 'second_factor'),
          isNull(authChallenges.usedAt),
          gt(authChallenges.expiresAt, new Date()),
          lt(authChallenges.attempts, maxTries),
        ),
      );
    return row ?? null;
  },

  /** Uses a ticket once: of two right codes at once, one finds it unused. */
  async useChallenge(db: Db, id: number): Promise<boolean> {
    const rows = await db
      .update(authChallenges)
      .set({ usedAt: new Date() })
      .where(and(eq(authChallenges.id, id), isNull(authChallenges.usedAt)))
      .returning({ id: authChallenges.id });
    return rows.length > 0;
  },

  // Sessions

  /** The person's sessions that have not ended, the newest first, with who opened an impersonation. */
  async openSessions(db: Db, userId: number) {
    return db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        ip: sessions.ip,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        method: sessions.method,
        kind: sessions.kind,
        impersonatorEid: impersonator.username,
        impersonatorName: impersonatorEmployee.name,
      })
      .from(sessions)
      .leftJoin(impersonator, eq(impersonator.id, sessions.impersonatorUserId))
      .leftJoin(impersonatorEmployee, eq(impersonatorEmployee.id, impersonator.employeeId))
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
      .orderBy(desc(sessions.createdAt), desc(sessions.id));
  },
};
