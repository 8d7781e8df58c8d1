import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  achievements,
  activities,
  assetAssignments,
  assets,
  educations,
  employeeContacts,
  employeeFiles,
  employeeGroups,
  employeePhotos,
  employees,
  employmentHistories,
  familyMembers,
  files,
  languages,
  separations,
  skills,
  trainings,
} from '../../db/schema';
import { archiveName, type PersonalDataPart, type PersonalDataSource } from '../../lib/personal-data';

/** A stored file's bytes. */
async function fileData(db: Db, fileId: number): Promise<Uint8Array | null> {
  const [row] = await db.select({ data: files.data }).from(files).where(eq(files.id, fileId));
  return row?.data ?? null;
}

/** The profile and every tab of it: general, address, family, contacts, education, experience, and the rest. */
async function profile(db: Db, employeeId: number): Promise<PersonalDataPart> {
  const [employee] = await db.select().from(employees).where(eq(employees.id, employeeId));
  return {
    data: {
      employee: employee ?? null,
      family_members: await db.select().from(familyMembers).where(eq(familyMembers.employeeId, employeeId)),
      contacts: await db.select().from(employeeContacts).where(eq(employeeContacts.employeeId, employeeId)),
      educations: await db.select().from(educations).where(eq(educations.employeeId, employeeId)),
      experience: await db
        .select()
        .from(employmentHistories)
        .where(eq(employmentHistories.employeeId, employeeId)),
      achievements: await db.select().from(achievements).where(eq(achievements.employeeId, employeeId)),
      trainings: await db.select().from(trainings).where(eq(trainings.employeeId, employeeId)),
      skills: await db.select().from(skills).where(eq(skills.employeeId, employeeId)),
      languages: await db.select().from(languages).where(eq(languages.employeeId, employeeId)),
      separation:
        (await db.select().from(separations).where(eq(separations.employeeId, employeeId)))[0] ?? null,
      assets: await db
        .select({
          id: assetAssignments.id,
          asset_id: assetAssignments.assetId,
          asset: assets.name,
          assigned_at: assetAssignments.assignedAt,
          returned_at: assetAssignments.returnedAt,
        })
        .from(assetAssignments)
        .innerJoin(assets, eq(assets.id, assetAssignments.assetId))
        .where(eq(assetAssignments.employeeId, employeeId)),
      groups: await db.select().from(employeeGroups).where(eq(employeeGroups.employeeId, employeeId)),
      activities: await db
        .select()
        .from(activities)
        .where(eq(activities.employeeId, employeeId))
        .orderBy(asc(activities.id)),
    },
  };
}

/** The photo (its largest size). */
async function photo(db: Db, employeeId: number): Promise<PersonalDataPart> {
  const [row] = await db
    .select({ mime: employeePhotos.mime, updatedAt: employeePhotos.updatedAt })
    .from(employeePhotos)
    .where(eq(employeePhotos.employeeId, employeeId));
  if (!row) return { data: { photo: null } };
  const path = `photo.${row.mime === 'image/png' ? 'png' : 'jpg'}`;
  return {
    data: { photo: { mime: row.mime, updated_at: row.updatedAt, file: `files/${path}` } },
    files: [
      {
        path,
        load: async (d) => {
          const [p] = await d
            .select({ big: employeePhotos.big })
            .from(employeePhotos)
            .where(eq(employeePhotos.employeeId, employeeId));
          return p?.big ?? null;
        },
      },
    ],
  };
}

/** The documents kept on the profile, each with its file. */
async function documents(db: Db, employeeId: number): Promise<PersonalDataPart> {
  const rows = await db
    .select({
      id: employeeFiles.id,
      name: employeeFiles.name,
      fileId: employeeFiles.fileId,
      fileName: files.name,
      mime: files.mime,
      size: files.size,
      createdAt: employeeFiles.createdAt,
    })
    .from(employeeFiles)
    .innerJoin(files, eq(files.id, employeeFiles.fileId))
    .where(eq(employeeFiles.employeeId, employeeId))
    .orderBy(asc(employeeFiles.id));
  const withPath = rows.map((r) => ({ ...r, path: `documents/${r.id}-${archiveName(r.fileName)}` }));
  return {
    data: { documents: withPath.map(({ path, ...r }) => ({ ...r, file: `files/${path}` })) },
    files: withPath.map((r) => ({ path: r.path, load: (d: Db) => fileData(d, r.fileId) })),
  };
}

/** The profile's sources of "Download my data". */
export const profilePersonalData: PersonalDataSource[] = [
  { area: 'profile', collect: (db, s) => profile(db, s.employeeId) },
  { area: 'photo', collect: (db, s) => photo(db, s.employeeId) },
  { area: 'documents', collect: (db, s) => documents(db, s.employeeId) },
];
