import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { employees, users } from './people';

/** Messages (SMS, e-mail) waiting to leave, and those that left. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    channel: varchar({ length: 8 }).notNull().$type<'sms' | 'email'>(),
    recipient: varchar({ length: 254 }).notNull(),
    subject: varchar({ length: 200 }),
    body: text().notNull(),
    /**
     * The body to keep once the message has left (or its secret expired): the
     * body with its code or link replaced. Null when the body holds no secret.
     */
    redactedBody: text(),
    /** When the secret in the body stops being of use; an unsent message is dropped then. */
    expiresAt: at(),
    /** Which flow produced it (otp, reset-link, invite...), for filtering. */
    topic: varchar({ length: 32 }).notNull(),
    employeeId: integer().references(() => employees.id),
    createdAt: createdAt(),
    availableAt: at().notNull().defaultNow(),
    lockedUntil: at(),
    attempts: smallint().notNull().default(0),
    sentAt: at(),
    failedAt: at(),
    lastError: text(),
  },
  (t) => [index('outbox_pending_idx').on(t.sentAt, t.failedAt, t.availableAt)],
);

/** Who changed what and when: every state change writes a row. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    actorUserId: integer().references(() => users.id),
    actorEmployeeId: integer().references(() => employees.id),
    /** Set when the actor acted through an impersonation session. */
    impersonatorUserId: integer().references(() => users.id),
    /** Set when the actor decided as someone's delegate (or on an escalated item): the person it was for. */
    onBehalfOfEmployeeId: integer().references(() => employees.id),
    action: varchar({ length: 40 }).notNull(),
    entity: varchar({ length: 40 }).notNull(),
    entityId: bigint({ mode: 'number' }),
    fromStatus: smallint(),
    toStatus: smallint(),
    data: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    /**
     * The hash chain (lib/audit-chain.ts): the SHA-256 of the row's content,
     * the previous sealed row's `hash`, and `hash` = SHA-256 of both. Null
     * until the row is sealed.
     */
    contentHash: varchar({ length: 64 }),
    prevHash: varchar({ length: 64 }),
    hash: varchar({ length: 64 }),
    /** The erasure's audit row that replaced this row's personal content (its `content_hash` stays the original's). */
    redactedBy: bigint({ mode: 'number' }),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_unsealed_idx').on(t.id).where(sql`${t.hash} is null`),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

/** The end of the audit hash chain: the last sealed row and its hash (deleting the last rows shows here). */
export const auditChainHead = pgTable('audit_chain_head', {
  id: smallint().primaryKey(),
  lastId: bigint({ mode: 'number' }).notNull(),
  lastHash: varchar({ length: 64 }).notNull(),
  rows: bigint({ mode: 'number' }).notNull(),
  updatedAt: at().notNull().defaultNow(),
});

/** Each erasure of a person who left: who ran it, whether the retention period was overridden, and its report. */
export const erasures = pgTable(
  'erasures',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    requestedByUserId: integer().references(() => users.id),
    overrodeRetention: boolean().notNull().default(false),
    reason: text(),
    report: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('erasures_employee_idx').on(t.employeeId)],
);

/** Server-wide settings kept in the database (for example the secret for signed tokens). */
export const appSettings = pgTable('app_settings', {
  key: varchar({ length: 64 }).primaryKey(),
  value: jsonb().notNull(),
  updatedAt: at().notNull().defaultNow(),
});

export type AuditRow = typeof auditLog.$inferInsert;
export type OutboxRow = typeof outbox.$inferSelect;
