import { z } from 'zod';
import { APPROVAL_MODULES, type ApprovalModule } from './approvals';
import { limit, listResponse, page } from './lists';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEvent,
} from './notification-rules';
import { personRef } from './people';

export {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEvent,
} from './notification-rules';

/**
 * Notifications (DESIGN.md §11): what the portal tells a person, as rows
 * read in the portal (the bell, /notifications) and as e-mail, each the way
 * the person chose per event.
 */
export const notificationEvent = z.enum(NOTIFICATION_EVENTS, {
  error: `event must be one of ${NOTIFICATION_EVENTS.join(', ')}`,
});

export const notificationChannel = z.enum(NOTIFICATION_CHANNELS, {
  error: `a channel must be one of ${NOTIFICATION_CHANNELS.join(', ')}`,
});
/** The channel of an event a person never chose. */
export const DEFAULT_CHANNEL: NotificationChannel = 'both';

/** The events whose reader is the item's owner (the self view of a list); the others are a decider's (team). */
const OWNER_EVENTS: readonly NotificationEvent[] = ['decided', 'review_opened', 'comment'];

/**
 * Where a notification's item is read, as a web path: its own page (a KPI
 * sheet, a review, an HR request), or its module's list in the view the
 * reader has of it (leave and remote work have no page of their own); the
 * inbox for a delegation.
 */
export function notificationLink(
  event: NotificationEvent,
  module: ApprovalModule | null,
  recordId: number | null,
): string {
  const view = OWNER_EVENTS.includes(event) ? 'self' : 'team';
  if (event === 'delegate' || module === null) return '/approvals';
  switch (module) {
    case 'kpi':
      return recordId ? `/kpi/${recordId}` : '/kpi';
    case 'epr':
      return recordId ? `/epr/${recordId}` : '/epr';
    case 'hr-service':
      return recordId ? `/hr-services/${recordId}` : '/hr-services';
    case 'leave':
      return `/leave?list_type=${view}`;
    case 'remote-work':
      return `/remote-work?list_type=${view}`;
  }
}

export const NOTIFICATION_MESSAGES = {
  idsOrAll: 'Name the notifications to mark read (ids), or all of them (all: true)',
  ids: 'ids must be 1 to 100 notification ids',
  all: 'all must be true',
  nothingToChange: 'Name a channel to change or daily_digest',
  dailyDigest: 'daily_digest must be true or false',
} as const;

/** The most notifications one call marks read by id. */
export const MARK_READ_MAX = 100;

/** GET notifications: a page, newest first; `unread=true` keeps the unread ones. */
export const notificationsQuery = z.object({
  page,
  limit,
  sort: z
    .string()
    .regex(/^id,(asc|desc)$/, 'sort must be id,asc or id,desc')
    .default('id,desc'),
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});
export type NotificationsQuery = z.output<typeof notificationsQuery>;

export const notificationItem = z.object({
  id: z.number().int(),
  event: notificationEvent,
  module: z.enum(APPROVAL_MODULES).nullable(),
  record_id: z.number().int().nullable(),
  /** What it is about, in the reader's language (a leave's type and days, a sheet's name). */
  title: z.string(),
  /** What happened, as a sentence in the reader's language ("Priya Sen approved your leave request."). */
  text: z.string(),
  /** Who did it; null when the portal itself did (a reminder). */
  actor: personRef.nullable(),
  /** Whom the actor acted for (a delegator), when not for themselves. */
  on_behalf_of: personRef.nullable(),
  /** The web path of the item. */
  link: z.string(),
  read: z.boolean(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** The list answer, with the reader's unread count (whatever the filter). */
export const notificationsResponse = listResponse(notificationItem).extend({ unread: z.number().int() });
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/** GET notifications/unread-count, and what the live stream sends. */
export const unreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCount>;

/** PATCH notifications/read: `{ ids }` or `{ all: true }`; only the caller's own are marked. */
export const markReadBody = z
  .object({
    ids: z
      .array(z.number({ error: NOTIFICATION_MESSAGES.ids }).int(NOTIFICATION_MESSAGES.ids).positive(), {
        error: NOTIFICATION_MESSAGES.ids,
      })
      .min(1, NOTIFICATION_MESSAGES.ids)
      .max(MARK_READ_MAX, NOTIFICATION_MESSAGES.ids)
      .optional(),
    all: z.literal(true, { error: NOTIFICATION_MESSAGES.all }).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.ids === undefined) === (v.all === undefined))
      ctx.addIssue({ code: 'custom', path: ['ids'], message: NOTIFICATION_MESSAGES.idsOrAll });
  });
export type MarkReadBody = z.infer<typeof markReadBody>;

/** How many were marked, and the caller's unread count after. */
export const markReadResult = z.object({ marked: z.number().int(), unread: z.number().int() });
export type MarkReadResult = z.infer<typeof markReadResult>;

/** GET notifications/preferences: every event's channel, and whether e-mails wait for a daily digest. */
export const notificationPreferences = z.object({
  channels: z.record(notificationEvent, notificationChannel),
  daily_digest: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** PATCH notifications/preferences: the events to change (the others keep theirs), and/or the digest. */
export const notificationPreferencesPatch = z
  .object({
    channels: z.partialRecord(notificationEvent, notificationChannel).optional(),
    daily_digest: z.boolean({ error: NOTIFICATION_MESSAGES.dailyDigest }).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const named = Object.keys(v.channels ?? {}).length > 0;
    if (!named && v.daily_digest === undefined)
      ctx.addIssue({ code: 'custom', path: ['channels'], message: NOTIFICATION_MESSAGES.nothingToChange });
  });
export type NotificationPreferencesPatch = z.infer<typeof notificationPreferencesPatch>;
