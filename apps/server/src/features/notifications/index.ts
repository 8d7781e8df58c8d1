/** Notifications: the caller's list, read marks, choices, the bell's live count, and the daily digests. */
export { notificationRoutes } from './notifications.routes';
export { DIGEST_HOUR, NotificationDigests } from './notifications.service';
