import { asc, eq, inArray } from 'drizzle-orm';
import { kpiObjectiveKpis, kpiObjectives, kpis } from '../../db/schema';
import type { PersonalDataSource } from '../../lib/personal-data';

/** KPI's source of "Download my data": the sheets with their objectives and KPIs. */
export const kpiPersonalData: PersonalDataSource = {
  area: 'kpi',
  collect: async (db, { employeeId }) => {
    const sheets = await db.select().from(kpis).where(eq(kpis.employeeId, employeeId)).orderBy(asc(kpis.id));
    const ids = sheets.map((s) => s.id);
    if (ids.length === 0) return { data: { sheets: [], objectives: [], kpis: [] } };
    return {
      data: {
        sheets,
        objectives: await db
          .select()
          .from(kpiObjectives)
          .where(inArray(kpiObjectives.kpiId, ids))
          .orderBy(asc(kpiObjectives.id)),
        kpis: await db
          .select()
          .from(kpiObjectiveKpis)
          .where(inArray(kpiObjectiveKpis.kpiId, ids))
          .orderBy(asc(kpiObjectiveKpis.id)),
      },
    };
  },
};
