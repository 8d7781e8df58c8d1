import { asc, eq, or } from 'drizzle-orm';
import { delegations } from '../../db/schema';
import type { PersonalDataSource } from '../../lib/personal-data';

/** Delegations' source of "Download my data": those the person made and those made to them. */
export const delegationsPersonalData: PersonalDataSource = {
  area: 'delegations',
  collect: async (db, { employeeId }) => ({
    data: {
      delegations: await db
        .select()
        .from(delegations)
        .where(or(eq(delegations.delegatorId, employeeId), eq(delegations.delegateId, employeeId)))
        .orderBy(asc(delegations.id)),
    },
  }),
};
