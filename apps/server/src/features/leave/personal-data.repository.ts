import { asc, eq } from 'drizzle-orm';
import { leaveLedger, leaves } from '../../db/schema';
import type { PersonalDataSource } from '../../lib/personal-data';

/** Leave's source of "Download my data": the requests and the ledger (accruals, taken, carried, lapsed). */
export const leavePersonalData: PersonalDataSource = {
  area: 'leave',
  collect: async (db, { employeeId }) => ({
    data: {
      requests: await db
        .select()
        .from(leaves)
        .where(eq(leaves.employeeId, employeeId))
        .orderBy(asc(leaves.id)),
      ledger: await db
        .select()
        .from(leaveLedger)
        .where(eq(leaveLedger.employeeId, employeeId))
        .orderBy(asc(leaveLedger.date), asc(leaveLedger.id)),
    },
  }),
};
