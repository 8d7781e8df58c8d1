import { asc, eq } from 'drizzle-orm';
import { comments } from '../../db/schema';
import type { PersonalDataSource } from '../../lib/personal-data';

/** Comments' source of "Download my data": the comments the person wrote, in any thread. */
export const commentsPersonalData: PersonalDataSource = {
  area: 'comments',
  collect: async (db, { employeeId }) => ({
    data: {
      written: await db
        .select()
        .from(comments)
        .where(eq(comments.employeeId, employeeId))
        .orderBy(asc(comments.id)),
    },
  }),
};
