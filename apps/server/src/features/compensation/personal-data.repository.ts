import { asc, eq } from 'drizzle-orm';
import { loans, salaries } from '../../db/schema';
import type { PersonalDataSource } from '../../lib/personal-data';

/** Compensation's source of "Download my data": salaries and loans. */
export const compensationPersonalData: PersonalDataSource = {
  area: 'compensation',
  collect: async (db, { employeeId }) => ({
    data: {
      salaries: await db
        .select()
        .from(salaries)
        .where(eq(salaries.employeeId, employeeId))
        .orderBy(asc(salaries.id)),
      loans: await db.select().from(loans).where(eq(loans.employeeId, employeeId)).orderBy(asc(loans.id)),
    },
  }),
};
