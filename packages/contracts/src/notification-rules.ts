/**
 * The events a person is told of and the ways they may be told, without
 * zod: the Notifications page lists them on its first load
 * (notifications.ts re-exports them with its schemas).
 */
export const NOTIFICATION_EVENTS = [
  /** A request now waits for your decision (you decide its new status, or stand in for who does). */
  'waiting',
  /** Your request was decided by someone else: approved, sent back, rejected, cancelled, done. */
  'decided',
  /** An item that waited too long was passed up to you. */
  'escalated',
  /** An item still waits for your decision. */
  'reminder',
  /** Someone named you to decide for them. */
  'delegate',
  /** Someone named you responsible for their work while on leave. */
  'responsible',
  /** A review cycle opened your performance review. */
  'review_opened',
  /** Someone commented on your KPI sheet. */
  'comment',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** How a person is told of an event: in the portal, by e-mail, both, or not at all. */
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'both', 'none'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
