import type { Language } from '@hr/contracts/limits';
import { REQUEST_STATUS } from '@hr/contracts/workflow';
import type { Db } from '../../src/db/client';
import { holidays, leaves, leaveTypes, offices, remoteWorks, remoteWorkTypes } from '../../src/db/schema';
import { tag } from './directory';

/**
 * Leave and remote work written straight into their tables in a given
 * status, for the readers of who is away (the team calendar, the calendar
 * feeds): those read what is stored, whatever path stored it.
 */

type Status = (typeof REQUEST_STATUS)[keyof typeof REQUEST_STATUS];

export async function makeLeaveType(
  db: Db,
  name = tag('Leave '),
  translations: Partial<Record<Language, string>> = {},
) {
  const [row] = await db
    .insert(leaveTypes)
    .values({ name, nameTranslations: translations, days: 20, shortLeaveApplied: true })
    .returning();
  return row!;
}

export async function makeRemoteWorkType(db: Db, name = tag('Remote ')) {
  const [row] = await db.insert(remoteWorkTypes).values({ name }).returning();
  return row!;
}

interface RequestOf {
  employeeId: number;
  typeId: number;
  from: string;
  to?: string;
  status?: Status;
  /** HH:mm: short leave, hourly remote work. */
  fromTime?: string;
  toTime?: string;
  lineManagerId?: number | null;
  oneOverOneId?: number | null;
}

export async function putLeave(db: Db, r: RequestOf) {
  const [row] = await db
    .insert(leaves)
    .values({
      employeeId: r.employeeId,
      lineManagerId: r.lineManagerId ?? null,
      oneOverOneId: r.oneOverOneId ?? null,
      typeId: r.typeId,
      leaveFormat: r.fromTime ? 2 : 1,
      fromDate: r.from,
      toDate: r.to ?? r.from,
      fromTime: r.fromTime ?? null,
      toTime: r.toTime ?? null,
      days: r.fromTime ? 0.25 : 1,
      leaveAddress: 'At home',
      statusId: r.status ?? REQUEST_STATUS.approved,
    })
    .returning();
  return row!;
}

export async function putRemoteWork(db: Db, r: RequestOf) {
  const [row] = await db
    .insert(remoteWorks)
    .values({
      employeeId: r.employeeId,
      lineManagerId: r.lineManagerId ?? null,
      oneOverOneId: r.oneOverOneId ?? null,
      typeId: r.typeId,
      fromDate: r.from,
      toDate: r.to ?? r.from,
      fromTime: r.fromTime ?? null,
      toTime: r.toTime ?? null,
      statusId: r.status ?? REQUEST_STATUS.approved,
    })
    .returning();
  return row!;
}

export async function putHoliday(
  db: Db,
  h: { name?: string; from: string; to?: string; companyId?: number | null; officeId?: number | null },
) {
  const [row] = await db
    .insert(holidays)
    .values({
      name: h.name ?? tag('Holiday '),
      fromDate: h.from,
      toDate: h.to ?? h.from,
      companyId: h.companyId ?? null,
      officeId: h.officeId ?? null,
    })
    .returning();
  return row!;
}

export async function makeOffice(db: Db, companyId: number) {
  const [row] = await db
    .insert(offices)
    .values({ companyId, name: tag('Office ') })
    .returning();
  return row!;
}
