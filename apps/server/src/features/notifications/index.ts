/** Notifications: the caller's list, read marks, choices, the bell's live count, and the daily digests. */
import { registerPersonalData } from '../../lib/personal-data';
import { notificationsPersonalData } from './personal-data.repository';

export { notificationRoutes } from './notifications.routes';
export { DIGEST_HOUR, NotificationDigests } from './notifications.service';

registerPersonalData(notificationsPersonalData);
