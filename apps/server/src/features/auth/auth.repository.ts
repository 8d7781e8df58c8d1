import { and, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  companies,
  designations,
  employees,
  offices,
  passwordOtps,
  resetTokens,
  sessions,
  users,
} from '../../db/schema';
import { localName } from '../../lib/language';
import { preparedOnce } from '../../lib/prepared';
import { announceSessionsEnded } from '../../lib/realtime';

export const authRepository = {
  async findUserByUsername(db: Db, username: string) {
    const [row] = await db
      .select({
        userId: users.id,
        username: users.username,
        passwordHash: users.passwordHash,
        isAdmin: users.isAdmin,
        employeeId: employees.id,
        enabled: employees.enabled,
        name: employees.name,
        mobile: employees.mobile,
        email: employees.email,
      })
      .from(users)
      .innerJoin(employees, eq(employees.id, users.employeeId))
      .where(eq(users.username, username))
      .limit(1);
    return row ?? null;
  },

  async findUserByEmployee(db: Db, employeeId: number) {
    const [row] = await db
      .select({
        userId: users.id,
        username: users.username,
        enabled: employees.enabled,
        name: employees.name,
      })
      .from(users)
      .innerJoin(employees, eq(employees.id, users.employeeId))
      .where(eq(users.employeeId, employeeId))
      .limit(1);
    return row ?? null;
  },

  async usernameOf(db: Db, userId: number): Promise<string | null> {
    const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
    return row?.username ?? null;
  },

  async insertSession(
    db: Db,
    values: {
      userId: number;
      tokenHash: string;
      kind: 'login' | 'impersonation';
      method: 'password' | 'passkey' | 'oidc' | 'impersonation';
      expiresAt: Date;
      impersonatorUserId?: number | null;
      parentSessionId?: number | null;
      ip?: string | null;
      userAgent?: string | null;
    },
  ) {
    const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
    return row!.id;
  },

  async revokeSession(db: Db, sessionId: number) {
    const ended = await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    // Its live streams, on any process, close at once.
    await announceSessionsEnded(
      db,
      ended.map((s) => s.id),
    );
  },

  /**
   * Ends every open impersonation session an administrator opened (as
   * anyone), and answers them with the employee each was for.
   */
  async revokeImpersonationsBy(db: Db, adminUserId: number) {
    const open = await db
      .select({ id: sessions.id, employeeId: users.employeeId })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.impersonatorUserId, adminUserId),
          eq(sessions.kind, 'impersonation'),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      )
      .orderBy(sessions.id);
    if (open.length === 0) return [];
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          inArray(
            sessions.id,
            open.map((s) => s.id),
          ),
          isNull(sessions.revokedAt),
        ),
      );
    return open;
  },

  /** Whether the user signed in (as themself) from this address since `since`. */
  async signedInFrom(db: Db, userId: number, ip: string, since: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          eq(sessions.kind, 'login'),
          eq(sessions.ip, ip),
          gte(sessions.createdAt, since),
        ),
      )
      .limit(1);
    return Boolean(row);
  },

  /** The E-ID and name of a user. */
  async userCard(db: Db, userId: number) {
    const [row] = await db
      .select({ username: users.username, name: employees.name })
      .from(users)
      .innerJoin(employees, eq(employees.id, users.employeeId))
      .where(eq(users.id, userId));
    return row ?? null;
  },

  /** Retires the codes still open for a user (a new one replaces them). */
  async retireOtps(db: Db, userId: number) {
    await db
      .update(passwordOtps)
      .set({ lockedAt: new Date() })
      .where(
        and(eq(passwordOtps.userId, userId), isNull(passwordOtps.usedAt), isNull(passwordOtps.lockedAt)),
      );
  },

  async insertOtp(db: Db, values: { userId: number; codeHash: string; expiresAt: Date }) {
    await db.insert(passwordOtps).values(values);
  },

  /** The user's newest code that is still usable. */
  async openOtp(db: Db, userId: number) {
    const [row] = await db
      .select()
      .from(passwordOtps)
      .where(
        and(
          eq(passwordOtps.userId, userId),
          isNull(passwordOtps.usedAt),
          isNull(passwordOtps.lockedAt),
          gt(passwordOtps.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(passwordOtps.id))
      .limit(1);
    return row ?? null;
  },

  /** Counts a wrong try on a code, and locks it at the `max`-th: one statement, so tries at once all count. */
  async countOtpFailure(db: Db, otpId: number, max: number) {
    await db
      .update(passwordOtps)
      .set({
        attempts: sql`${passwordOtps.attempts} + 1`,
        lockedAt: sql`case when ${passwordOtps.attempts} + 1 >= ${max} then coalesce(${passwordOtps.lockedAt}, now()) else ${passwordOtps.lockedAt} end`,
      })
      .where(eq(passwordOtps.id, otpId));
  },

  async useOtp(db: Db, otpId: number) {
    const done = await db
      .update(passwordOtps)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordOtps.id, otpId), isNull(passwordOtps.usedAt)))
      .returning({ id: passwordOtps.id });
    return done.length === 1;
  },

  async insertResetToken(
    db: Db,
    values: { userId: number; tokenHash: string; purpose: 'reset' | 'invite'; expiresAt: Date },
  ) {
    await db.insert(resetTokens).values(values);
  },

  async findResetToken(db: Db, tokenHash: string) {
    const [row] = await db
      .select({
        id: resetTokens.id,
        userId: resetTokens.userId,
        expiresAt: resetTokens.expiresAt,
        usedAt: resetTokens.usedAt,
        enabled: employees.enabled,
      })
      .from(resetTokens)
      .innerJoin(users, eq(users.id, resetTokens.userId))
      .innerJoin(employees, eq(employees.id, users.employeeId))
      .where(eq(resetTokens.tokenHash, tokenHash))
      .limit(1);
    return row ?? null;
  },

  /** Marks a link used; false if it was used meanwhile. */
  async useResetToken(db: Db, id: number) {
    const done = await db
      .update(resetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(resetTokens.id, id), isNull(resetTokens.usedAt)))
      .returning({ id: resetTokens.id });
    return done.length === 1;
  },

  async setPassword(db: Db, userId: number, passwordHash: string) {
    await db.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, userId));
  },

  /**
   * The signed-in employee's card for GET me, with whether anyone enabled
   * reports to them: one prepared statement (every page of the portal asks).
   */
  async employeeCard(db: Db, employeeId: number) {
    const statement = preparedOnce(db, 'me-card', (name) =>
      db
        .select({
          id: employees.id,
          eid: employees.eid,
          name: employees.name,
          designation: localName(designations.name, designations.nameTranslations),
          company: companies.name,
          office: offices.name,
          enabled: employees.enabled,
          photoVersion: employees.photoVersion,
          hasReports: sql<boolean>`exists (select 1 from ${employees} report where report.parent_id = ${employees.id} and report.enabled)`,
        })
        .from(employees)
        .leftJoin(designations, eq(designations.id, employees.designationId))
        .leftJoin(companies, eq(companies.id, employees.companyId))
        .leftJoin(offices, eq(offices.id, employees.officeId))
        .where(eq(employees.id, sql.placeholder('id')))
        .limit(1)
        .prepare(name),
    );
    const [row] = await statement.execute({ id: employeeId });
    return row ?? null;
  },

  async setLanguage(db: Db, userId: number, language: string): Promise<void> {
    await db.update(users).set({ language }).where(eq(users.id, userId));
  },
};
