import { type AnyPgColumn, bigint, index, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { users } from './people';

export const sessions = pgTable(
  'sessions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    kind: varchar({ length: 16 }).notNull().$type<'login' | 'impersonation'>(),
    impersonatorUserId: integer().references(() => users.id),
    /**
     * The administrator's own session an impersonation session was opened
     * from: the impersonation holds only while that session does.
     */
    parentSessionId: bigint({ mode: 'number' }).references((): AnyPgColumn => sessions.id),
    createdAt: createdAt(),
    expiresAt: at().notNull(),
    revokedAt: at(),
    ip: varchar({ length: 64 }),
    userAgent: varchar({ length: 256 }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_impersonator_idx').on(t.impersonatorUserId),
  ],
);

export const passwordOtps = pgTable(
  'password_otps',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** HMAC-SHA-256 of the code with the server secret. */
    codeHash: varchar({ length: 64 }).notNull(),
    attempts: smallint().notNull().default(0),
    createdAt: createdAt(),
    expiresAt: at().notNull(),
    usedAt: at(),
    lockedAt: at(),
  },
  (t) => [index('password_otps_user_idx').on(t.userId)],
);

export const resetTokens = pgTable(
  'reset_tokens',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    purpose: varchar({ length: 16 }).notNull().$type<'reset' | 'invite'>(),
    createdAt: createdAt(),
    expiresAt: at().notNull(),
    usedAt: at(),
  },
  (t) => [index('reset_tokens_user_idx').on(t.userId)],
);

/** One row per counted event (failed sign-in, code request...), for limits shared by every server process. */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    bucket: varchar({ length: 32 }).notNull(),
    key: varchar({ length: 128 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('throttle_events_lookup_idx').on(t.bucket, t.key, t.createdAt)],
);
