import { REQUEST_STATUS } from '@hr/contracts/workflow';
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  companies,
  employees,
  groupTrees,
  holidays,
  leaves,
  leaveTypes,
  remoteWorks,
  remoteWorkTypes,
} from '../../db/schema';
import { personColumns } from '../../lib/approvers';
import { localName } from '../../lib/language';
import { inGroupItem } from '../organisation';

/** The statuses a calendar shows: submitted (pending) and approved; never a draft, nor a rejected request. */
export const SHOWN_STATUSES: readonly number[] = [REQUEST_STATUS.submitted, REQUEST_STATUS.approved];

/** The company's weekly day off where none is set (DESIGN.md §4: Friday). */
const DEFAULT_WEEKLY_OFF = 5;

/** A person of the calendar, with what tells how the reader stands to them. */
export interface CalendarPersonRow {
  id: number;
  eid: string;
  name: string;
  photoVersion: number;
  companyId: number | null;
  officeId: number | null;
  parentId: number | null;
  /** The person's line manager's line manager (the reader, for a report's report). */
  grandParentId: number | null;
  weeklyOffDay: number;
}

/** A leave or remote-work request shown on the calendar. */
export interface CalendarRequestRow {
  kind: 'leave' | 'remote_work';
  employeeId: number;
  statusId: number;
  fromDate: string;
  toDate: string;
  fromTime: string | null;
  toTime: string | null;
  typeName: string;
}

export interface CalendarHolidayRow {
  name: string;
  fromDate: string;
  toDate: string;
  companyId: number | null;
  officeId: number | null;
}

const manager = alias(employees, 'calendar_manager');
const reader = alias(employees, 'calendar_reader');
const report = alias(employees, 'calendar_report');

/**
 * The team calendar's reads (GET leave/calendar): one statement for the
 * people, one for their requests, one for the holidays, whatever the number
 * of people; one more, first, when a group item is named.
 */
export const leaveCalendarRepository = {
  async groupItemExists(db: Db, treeId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: groupTrees.id })
      .from(groupTrees)
      .where(eq(groupTrees.id, treeId))
      .limit(1);
    return Boolean(row);
  },

  /**
   * The enabled people a reader's calendar shows: the reader, their reports
   * and their reports' reports, and their peers (the people under the same
   * line manager); with a group item, only its members (or of an item below
   * it). By name.
   */
  async people(db: Db, readerId: number, groupTreeId?: number): Promise<CalendarPersonRow[]> {
    const t = employees;
    const readersManager = db.select({ id: reader.parentId }).from(reader).where(eq(reader.id, readerId));
    const readersReports = db.select({ id: report.id }).from(report).where(eq(report.parentId, readerId));
    return db
      .select({
        ...personColumns(t),
        companyId: t.companyId,
        officeId: t.officeId,
        parentId: t.parentId,
        grandParentId: manager.parentId,
        weeklyOffDay: sql<number>`coalesce(${companies.weeklyOffDay}, ${DEFAULT_WEEKLY_OFF})::int`,
      })
      .from(t)
      .leftJoin(manager, eq(manager.id, t.parentId))
      .leftJoin(companies, eq(companies.id, t.companyId))
      .where(
        and(
          eq(t.enabled, true),
          or(
            eq(t.id, readerId),
            eq(t.parentId, readerId),
            inArray(t.parentId, readersReports),
            eq(t.parentId, sql`(${readersManager})`),
          ),
          groupTreeId === undefined ? undefined : inGroupItem(t.id, groupTreeId),
        ),
      )
      .orderBy(asc(t.name), asc(t.id));
  },

  /** The submitted and approved leave and remote work of these people that touch [from, to]. */
  async requests(db: Db, employeeIds: number[], from: string, to: string): Promise<CalendarRequestRow[]> {
    if (employeeIds.length === 0) return [];
    const leaveRows = db
      .select({
        kind: sql<'leave' | 'remote_work'>`'leave'`.as('kind'),
        employeeId: leaves.employeeId,
        statusId: leaves.statusId,
        fromDate: leaves.fromDate,
        toDate: leaves.toDate,
        fromTime: leaves.fromTime,
        toTime: leaves.toTime,
        typeName: localName(leaveTypes.name, leaveTypes.nameTranslations).as('type_name'),
      })
      .from(leaves)
      .innerJoin(leaveTypes, eq(leaveTypes.id, leaves.typeId))
      .where(
        and(
          inArray(leaves.employeeId, employeeIds),
          inArray(leaves.statusId, SHOWN_STATUSES),
          lte(leaves.fromDate, to),
          gte(leaves.toDate, from),
        ),
      );
    const remoteRows = db
      .select({
        kind: sql<'leave' | 'remote_work'>`'remote_work'`.as('kind'),
        employeeId: remoteWorks.employeeId,
        statusId: remoteWorks.statusId,
        fromDate: remoteWorks.fromDate,
        toDate: remoteWorks.toDate,
        fromTime: remoteWorks.fromTime,
        toTime: remoteWorks.toTime,
        typeName: localName(remoteWorkTypes.name, remoteWorkTypes.nameTranslations).as('type_name'),
      })
      .from(remoteWorks)
      .innerJoin(remoteWorkTypes, eq(remoteWorkTypes.id, remoteWorks.typeId))
      .where(
        and(
          inArray(remoteWorks.employeeId, employeeIds),
          inArray(remoteWorks.statusId, SHOWN_STATUSES),
          lte(remoteWorks.fromDate, to),
          gte(remoteWorks.toDate, from),
        ),
      );
    return unionAll(leaveRows, remoteRows).orderBy(sql`from_date`, sql`from_time nulls first`);
  },

  /**
   * The holidays that touch [from, to] and may apply to someone of these
   * companies: everyone's, a company's, an office's. Whose each one is, the
   * service decides per person.
   */
  async holidays(db: Db, companyIds: number[], from: string, to: string): Promise<CalendarHolidayRow[]> {
    return db
      .select({
        name: holidays.name,
        fromDate: holidays.fromDate,
        toDate: holidays.toDate,
        companyId: holidays.companyId,
        officeId: holidays.officeId,
      })
      .from(holidays)
      .where(
        and(
          lte(holidays.fromDate, to),
          gte(holidays.toDate, from),
          companyIds.length === 0
            ? isNull(holidays.companyId)
            : or(isNull(holidays.companyId), inArray(holidays.companyId, companyIds)),
        ),
      )
      .orderBy(asc(holidays.fromDate), asc(holidays.id));
  },
};
