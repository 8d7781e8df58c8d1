import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { passkeys, recoveryCodes, sessions, totpFactors, users } from '../../db/schema';
import type { PersonalDataSource } from '../../lib/personal-data';

/**
 * The account's sources of "Download my data": the user account (never its
 * password hash, factor secret or codes), passkeys by name, and sessions
 * (never their token hashes).
 */
export const authPersonalData: PersonalDataSource[] = [
  {
    area: 'account',
    collect: async (db, { userId }) => {
      if (userId === null) return { data: { user: null } };
      const [user] = await db
        .select({
          username: users.username,
          is_admin: users.isAdmin,
          language: users.language,
          password_set: users.passwordHash,
          password_changed_at: users.passwordChangedAt,
          created_at: users.createdAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      const [totp] = await db
        .select({ confirmed_at: totpFactors.confirmedAt, created_at: totpFactors.createdAt })
        .from(totpFactors)
        .where(eq(totpFactors.userId, userId));
      const [codes] = await db
        .select({ unused: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return {
        data: {
          user: user ? { ...user, password_set: user.password_set !== null } : null,
          authenticator_app: totp ?? null,
          recovery_codes_unused: codes?.unused ?? 0,
          passkeys: await db
            .select({
              id: passkeys.id,
              name: passkeys.name,
              device_type: passkeys.deviceType,
              backed_up: passkeys.backedUp,
              created_at: passkeys.createdAt,
              last_used_at: passkeys.lastUsedAt,
            })
            .from(passkeys)
            .where(eq(passkeys.userId, userId))
            .orderBy(asc(passkeys.id)),
        },
      };
    },
  },
  {
    area: 'sessions',
    collect: async (db, { userId }) => ({
      data: {
        sessions:
          userId === null
            ? []
            : await db
                .select({
                  id: sessions.id,
                  kind: sessions.kind,
                  method: sessions.method,
                  created_at: sessions.createdAt,
                  expires_at: sessions.expiresAt,
                  revoked_at: sessions.revokedAt,
                  last_seen_at: sessions.lastSeenAt,
                  ip: sessions.ip,
                  user_agent: sessions.userAgent,
                })
                .from(sessions)
                .where(eq(sessions.userId, userId))
                .orderBy(asc(sessions.id)),
      },
    }),
  },
];
