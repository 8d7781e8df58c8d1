import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { employees, users } from './people';

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

/**
 * One row per counted thing (failed sign-ins of an E-ID, code requests from
 * an address...), for limits shared by every server process: `hits` in a
 * window that ends at `resets_at`. A hit is counted and its new count
 * read in one statement (lib/throttle.ts), so a burst cannot slip past a limit.
 */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    bucket: varchar({ length: 32 }).notNull(),
    key: varchar({ length: 128 }).notNull(),
    hits: integer().notNull(),
    resetsAt: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index('throttle_counters_resets_idx').on(t.resetsAt)],
);

/**
 * The realtime streams open on any server process (KPI chat windows): each
 * belongs to the session that asked for its token. A process closes its
 * streams whose session ended or whose row is gone (a person holds at most a
 * few; opening one more drops the oldest row). `seen_at` moves while the
 * stream is open, so the rows of a process that died are not counted.
 */
export const realtimeStreams = pgTable(
  'realtime_streams',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    sessionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    openedAt: createdAt(),
    seenAt: at().notNull().defaultNow(),
  },
  (t) => [index('realtime_streams_employee_idx').on(t.employeeId, t.openedAt)],
);
