import { asc, eq } from 'drizzle-orm';
import { remoteWorks } from '../../db/schema';
import type { PersonalDataSource } from '../../lib/personal-data';

/** Remote work's source of "Download my data": the requests. */
export const remoteWorkPersonalData: PersonalDataSource = {
  area: 'remote_work',
  collect: async (db, { employeeId }) => ({
    data: {
      requests: await db
        .select()
        .from(remoteWorks)
        .where(eq(remoteWorks.employeeId, employeeId))
        .orderBy(asc(remoteWorks.id)),
    },
  }),
};
