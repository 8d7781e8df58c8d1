import { asc, eq } from 'drizzle-orm';
import { notificationPreferences, notifications } from '../../db/schema';
import type { PersonalDataSource } from '../../lib/personal-data';

/** Notifications' source of "Download my data": what the portal told the person, and how they want to be told. */
export const notificationsPersonalData: PersonalDataSource = {
  area: 'notifications',
  collect: async (db, { employeeId }) => ({
    data: {
      notifications: await db
        .select()
        .from(notifications)
        .where(eq(notifications.employeeId, employeeId))
        .orderBy(asc(notifications.id)),
      preferences:
        (
          await db
            .select()
            .from(notificationPreferences)
            .where(eq(notificationPreferences.employeeId, employeeId))
        )[0] ?? null,
    },
  }),
};
