import { asc, eq } from 'drizzle-orm';
import { employeeShifts } from '../../db/schema';
import type { PersonalDataSource } from '../../lib/personal-data';

/** Shifts' source of "Download my data": the person's shift periods. */
export const shiftsPersonalData: PersonalDataSource = {
  area: 'shifts',
  collect: async (db, { employeeId }) => ({
    data: {
      periods: await db
        .select()
        .from(employeeShifts)
        .where(eq(employeeShifts.employeeId, employeeId))
        .orderBy(asc(employeeShifts.fromDate)),
    },
  }),
};
