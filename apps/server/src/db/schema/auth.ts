import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
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
    /** How the session was opened; null for sessions older than the column. */
    method: varchar({ length: 16 }).$type<'password' | 'passkey' | 'oidc' | 'impersonation'>(),
    /** When a call last used the session (moved at most once a minute). */
    lastSeenAt: at(),
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

/**
 * Short-lived steps of a sign-in or an enrolment, shared by every server
 * process: the second step after a password (`second_factor`), a passkey's
 * registration or sign-in challenge, and an OpenID Connect round trip
 * (`oidc`: its state, nonce and PKCE verifier). Found by the SHA-256 of the
 * token the client holds; used once.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer().references(() => users.id),
    purpose: varchar({ length: 24 })
      .notNull()
      .$type<'second_factor' | 'passkey_register' | 'passkey_sign_in' | 'oidc'>(),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    attempts: smallint().notNull().default(0),
    createdAt: createdAt(),
    expiresAt: at().notNull(),
    usedAt: at(),
  },
  (t) => [
    index('auth_challenges_user_idx').on(t.userId),
    index('auth_challenges_expires_idx').on(t.expiresAt),
  ],
);

/** A user's authenticator app (TOTP, RFC 6238): the secret, encrypted with the server's key. */
export const totpFactors = pgTable('totp_factors', {
  userId: integer()
    .primaryKey()
    .references(() => users.id),
  secret: varchar({ length: 255 }).notNull(),
  /** Null until the first code is confirmed: an unconfirmed factor is not asked for. */
  confirmedAt: at(),
  /** The last 30-second step a code was accepted for: a code is not taken twice. */
  lastStep: bigint({ mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes (ten at a time), stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    codeHash: varchar({ length: 64 }).notNull(),
    createdAt: createdAt(),
    usedAt: at(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** A user's passkeys (WebAuthn credentials). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** The credential id, base64url. */
    credentialId: varchar({ length: 1024 }).notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    deviceType: varchar({ length: 32 }),
    backedUp: boolean().notNull().default(false),
    /** The name the person gave it. */
    name: varchar({ length: 60 }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: at(),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);
