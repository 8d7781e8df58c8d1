import { asc, eq } from 'drizzle-orm';
import { punches } from '../../db/schema';
import type { PersonalDataSource } from '../../lib/personal-data';

/** Attendance's source of "Download my data": every punch recorded for the person. */
export const attendancePersonalData: PersonalDataSource = {
  area: 'attendance',
  collect: async (db, { employeeId }) => ({
    data: {
      punches: await db
        .select({
          id: punches.id,
          at: punches.at,
          device_code: punches.deviceCode,
          source: punches.source,
          created_at: punches.createdAt,
        })
        .from(punches)
        .where(eq(punches.employeeId, employeeId))
        .orderBy(asc(punches.at), asc(punches.id)),
    },
  }),
};
