import { asc, eq } from 'drizzle-orm';
import { files, serviceRequests } from '../../db/schema';
import { archiveName, type PersonalDataSource } from '../../lib/personal-data';

/** HR services' source of "Download my data": the requests, and the letters issued for them. */
export const hrServicesPersonalData: PersonalDataSource = {
  area: 'hr_services',
  collect: async (db, { employeeId }) => {
    const requests = await db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.employeeId, employeeId))
      .orderBy(asc(serviceRequests.id));
    const letters = await db
      .select({ requestId: serviceRequests.id, fileId: files.id, name: files.name })
      .from(serviceRequests)
      .innerJoin(files, eq(files.id, serviceRequests.letterFileId))
      .where(eq(serviceRequests.employeeId, employeeId))
      .orderBy(asc(serviceRequests.id));
    const withPath = letters.map((l) => ({ ...l, path: `letters/${l.requestId}-${archiveName(l.name)}` }));
    return {
      data: {
        requests: requests.map((r) => {
          const letter = withPath.find((l) => l.requestId === r.id);
          return { ...r, letter: letter ? `files/${letter.path}` : null };
        }),
      },
      files: withPath.map((l) => ({
        path: l.path,
        load: async (d) =>
          (await d.select({ data: files.data }).from(files).where(eq(files.id, l.fileId)))[0]?.data ?? null,
      })),
    };
  },
};
