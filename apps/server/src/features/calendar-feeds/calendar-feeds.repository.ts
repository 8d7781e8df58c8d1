import type { CalendarFeedScope } from '@hr/contracts/leave-policies';
import { REQUEST_STATUS } from '@hr/contracts/workflow';
import { type AnyColumn, and, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  calendarFeeds,
  employees,
  leaves,
  leaveTypes,
  remoteWorks,
  remoteWorkTypes,
  users,
} from '../../db/schema';
import { localName } from '../../lib/language';

/** The statuses a feed carries: submitted (tentative) and approved (confirmed). */
const SHOWN_STATUSES: readonly number[] = [REQUEST_STATUS.submitted, REQUEST_STATUS.approved];

/** A feed found by its secret's hash, with what its answer needs of its owner. */
export interface FeedOwner {
  employeeId: number;
  scope: CalendarFeedScope;
  name: string;
  enabled: boolean;
  language: string | null;
}

/** A leave or remote-work request as a feed carries it. */
export interface FeedEventRow {
  kind: 'leave' | 'remote_work';
  id: number;
  employeeId: number;
  name: string;
  /** The person's line manager and theirs: how the owner stands to them. */
  parentId: number | null;
  grandParentId: number | null;
  statusId: number;
  fromDate: string;
  toDate: string;
  fromTime: string | null;
  toTime: string | null;
  typeName: string;
  createdAt: Date;
  updatedAt: Date;
}

const person = alias(employees, 'feed_person');
const manager = alias(employees, 'feed_manager');

/**
 * Whose requests a feed carries: its owner's own, or (team) those of the
 * owner's reports and their reports, while enabled; as the team calendar
 * counts a team (docs/decisions.md, "Team calendar").
 */
function whose(ownerId: number, scope: CalendarFeedScope, employeeId: AnyColumn): SQL {
  if (scope === 'own') return sql`${employeeId} = ${ownerId}`;
  return sql`${employeeId} in (
    select e.id from ${employees} e left join ${employees} m on m.id = e.parent_id
    where e.enabled and (e.parent_id = ${ownerId} or m.parent_id = ${ownerId}))`;
}

export const calendarFeedsRepository = {
  /** The person's feeds (scope and when made) and whether anyone enabled reports to them, in one statement. */
  async state(db: Db, employeeId: number) {
    const [row] = await db
      .select({
        hasReports: sql<boolean>`exists (select 1 from ${employees} r where r.parent_id = ${employeeId} and r.enabled)`,
        feeds: sql<{ scope: CalendarFeedScope; created: string }[]>`coalesce((
          select json_agg(json_build_object('scope', f.scope, 'created', f.created_at) order by f.scope)
          from ${calendarFeeds} f where f.employee_id = ${employeeId}), '[]'::json)`,
      })
      .from(employees)
      .where(eq(employees.id, employeeId));
    return {
      hasReports: Boolean(row?.hasReports),
      feeds: (row?.feeds ?? []).map((f) => ({ scope: f.scope, created: new Date(f.created) })),
    };
  },

  /** Makes a feed unless the person has one of this scope already; answers when it was made, or null. */
  async insertIfMissing(db: Db, employeeId: number, scope: CalendarFeedScope, tokenHash: string) {
    const [row] = await db
      .insert(calendarFeeds)
      .values({ employeeId, scope, tokenHash })
      .onConflictDoNothing({ target: [calendarFeeds.employeeId, calendarFeeds.scope] })
      .returning({ createdAt: calendarFeeds.createdAt });
    return row?.createdAt ?? null;
  },

  /** Puts a new secret's hash in place of the feed's old one (making the feed if there was none). */
  async replace(db: Db, employeeId: number, scope: CalendarFeedScope, tokenHash: string) {
    const [row] = await db
      .insert(calendarFeeds)
      .values({ employeeId, scope, tokenHash })
      .onConflictDoUpdate({
        target: [calendarFeeds.employeeId, calendarFeeds.scope],
        set: { tokenHash, createdAt: sql`now()` },
      })
      .returning({ createdAt: calendarFeeds.createdAt });
    return row!.createdAt;
  },

  /** The feed of a secret's hash and its owner, or null. */
  async byHash(db: Db, tokenHash: string): Promise<FeedOwner | null> {
    const [row] = await db
      .select({
        employeeId: calendarFeeds.employeeId,
        scope: sql<CalendarFeedScope>`${calendarFeeds.scope}`,
        name: employees.name,
        enabled: employees.enabled,
        language: users.language,
      })
      .from(calendarFeeds)
      .innerJoin(employees, eq(employees.id, calendarFeeds.employeeId))
      .leftJoin(users, eq(users.employeeId, calendarFeeds.employeeId))
      .where(eq(calendarFeeds.tokenHash, tokenHash))
      .limit(1);
    return row ?? null;
  },

  /**
   * The submitted and approved leave and remote work a feed carries, ending
   * on `since` or later, in one statement; type names in the call's language.
   */
  async events(db: Db, ownerId: number, scope: CalendarFeedScope, since: string): Promise<FeedEventRow[]> {
    const leaveRows = db
      .select({
        kind: sql<'leave' | 'remote_work'>`'leave'`.as('kind'),
        id: leaves.id,
        employeeId: leaves.employeeId,
        name: person.name,
        parentId: person.parentId,
        grandParentId: manager.parentId,
        statusId: leaves.statusId,
        fromDate: leaves.fromDate,
        toDate: leaves.toDate,
        fromTime: leaves.fromTime,
        toTime: leaves.toTime,
        typeName: localName(leaveTypes.name, leaveTypes.nameTranslations).as('type_name'),
        createdAt: leaves.createdAt,
        updatedAt: leaves.updatedAt,
      })
      .from(leaves)
      .innerJoin(leaveTypes, eq(leaveTypes.id, leaves.typeId))
      .innerJoin(person, eq(person.id, leaves.employeeId))
      .leftJoin(manager, eq(manager.id, person.parentId))
      .where(
        and(
          whose(ownerId, scope, leaves.employeeId),
          inArray(leaves.statusId, SHOWN_STATUSES),
          gte(leaves.toDate, since),
        ),
      );
    const remoteRows = db
      .select({
        kind: sql<'leave' | 'remote_work'>`'remote_work'`.as('kind'),
        id: remoteWorks.id,
        employeeId: remoteWorks.employeeId,
        name: person.name,
        parentId: person.parentId,
        grandParentId: manager.parentId,
        statusId: remoteWorks.statusId,
        fromDate: remoteWorks.fromDate,
        toDate: remoteWorks.toDate,
        fromTime: remoteWorks.fromTime,
        toTime: remoteWorks.toTime,
        typeName: localName(remoteWorkTypes.name, remoteWorkTypes.nameTranslations).as('type_name'),
        createdAt: remoteWorks.createdAt,
        updatedAt: remoteWorks.updatedAt,
      })
      .from(remoteWorks)
      .innerJoin(remoteWorkTypes, eq(remoteWorkTypes.id, remoteWorks.typeId))
      .innerJoin(person, eq(person.id, remoteWorks.employeeId))
      .leftJoin(manager, eq(manager.id, person.parentId))
      .where(
        and(
          whose(ownerId, scope, remoteWorks.employeeId),
          inArray(remoteWorks.statusId, SHOWN_STATUSES),
          gte(remoteWorks.toDate, since),
        ),
      );
    const rows = await unionAll(leaveRows, remoteRows).orderBy(sql`from_date`, sql`kind`, sql`id`);
    // A union's timestamps come back as text from one driver and as dates from the other.
    return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt), updatedAt: new Date(r.updatedAt) }));
  },
};
