import { asc, eq, inArray } from 'drizzle-orm';
import { eprDevPlans, eprLineEvidence, eprLines, eprStables, eprs, files } from '../../db/schema';
import { archiveName, type PersonalDataSource } from '../../lib/personal-data';

/** EPR's source of "Download my data": the reviews, their lines, values, development plans and evidence files. */
export const eprPersonalData: PersonalDataSource = {
  area: 'epr',
  collect: async (db, { employeeId }) => {
    const reviews = await db.select().from(eprs).where(eq(eprs.employeeId, employeeId)).orderBy(asc(eprs.id));
    const ids = reviews.map((r) => r.id);
    if (ids.length === 0)
      return { data: { reviews: [], lines: [], values: [], development_plans: [], evidence: [] } };
    const lines = await db
      .select()
      .from(eprLines)
      .where(inArray(eprLines.eprId, ids))
      .orderBy(asc(eprLines.id));
    const lineIds = lines.map((l) => l.id);
    const evidence =
      lineIds.length === 0
        ? []
        : await db
            .select({
              id: eprLineEvidence.id,
              lineId: eprLineEvidence.lineId,
              fileId: files.id,
              name: files.name,
              mime: files.mime,
              size: files.size,
            })
            .from(eprLineEvidence)
            .innerJoin(files, eq(files.id, eprLineEvidence.fileId))
            .where(inArray(eprLineEvidence.lineId, lineIds))
            .orderBy(asc(eprLineEvidence.id));
    const withPath = evidence.map((e) => ({ ...e, path: `evidence/${e.id}-${archiveName(e.name)}` }));
    return {
      data: {
        reviews,
        lines,
        values: await db
          .select()
          .from(eprStables)
          .where(inArray(eprStables.eprId, ids))
          .orderBy(asc(eprStables.id)),
        development_plans: await db
          .select()
          .from(eprDevPlans)
          .where(inArray(eprDevPlans.eprId, ids))
          .orderBy(asc(eprDevPlans.id)),
        evidence: withPath.map(({ path, ...e }) => ({ ...e, file: `files/${path}` })),
      },
      files: withPath.map((e) => ({
        path: e.path,
        load: async (d) =>
          (await d.select({ data: files.data }).from(files).where(eq(files.id, e.fileId)))[0]?.data ?? null,
      })),
    };
  },
};
