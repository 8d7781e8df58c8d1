import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, updatedAt } from './columns';
import { employees } from './people';

/**
 * What the portal tells a person (DESIGN.md §11): one row per recipient and
 * event. The text is not stored: it is drawn in the reader's language from
 * the event, the item (module and id, whose title is read when shown) and
 * `data`. `email_pending` marks a row whose e-mail waits for the daily digest.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    /** waiting, decided, escalated, reminder, delegate, responsible, review_opened, comment. */
    event: varchar({ length: 40 }).notNull(),
    /** The item it is about (approvals' module names, or another record kind) and its id. */
    module: text(),
    recordId: integer(),
    /** Who caused it (the decider, the commenter), and on whose behalf when delegated. */
    actorEmployeeId: integer().references(() => employees.id),
    onBehalfOfEmployeeId: integer().references(() => employees.id),
    /** More facts for the text (the new status, the action). */
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Shown in the portal (the person's preference for the event when it happened). */
    inApp: boolean().notNull().default(true),
    /** The e-mail waits for the person's daily digest. */
    emailPending: boolean().notNull().default(false),
    readAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_employee_idx').on(t.employeeId, t.id),
    index('notifications_unread_idx').on(t.employeeId).where(sql`${t.readAt} is null and ${t.inApp}`),
    index('notifications_digest_idx').on(t.employeeId).where(sql`${t.emailPending}`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * How a person wants to be told, per event: `channels` maps an event to
 * `in_app`, `email`, `both` or `none` (an event left out: both); with
 * `daily_digest` their e-mails wait and leave once a day in one message.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  employeeId: integer()
    .primaryKey()
    .references(() => employees.id),
  channels: jsonb().$type<Record<string, 'in_app' | 'email' | 'both' | 'none'>>().notNull().default({}),
  dailyDigest: boolean().notNull().default(false),
  /** The last day a digest was sent for (the job sends one a day at most). */
  digestSentOn: date({ mode: 'string' }),
  updatedAt: updatedAt(),
});
