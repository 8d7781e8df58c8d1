import {
  type CalendarEntry,
  type CalendarQuery,
  type CalendarRelation,
  calendarRangeIssue,
  type TeamCalendar,
} from '@hr/contracts/leave-policies';
import { mayRead, type Standing } from '@hr/contracts/privacy';
import { REQUEST_STATUS } from '@hr/contracts/workflow';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { holidayApplies } from '../../lib/calendar';
import { domainError, fieldError } from '../../lib/errors';
import { personRef } from '../../lib/people';
import { type CalendarPersonRow, leaveCalendarRepository as repo } from './leave-calendar.repository';

/** How the reader stands to a person of their calendar (lib/privacy.ts's standings). */
function standingOf(readerId: number, p: CalendarPersonRow): Standing {
  if (p.id === readerId) return 'self';
  if (p.parentId === readerId) return 'line_manager';
  if (p.grandParentId === readerId) return 'one_over_one';
  return 'other';
}

const relationOf = (standing: Standing): CalendarRelation =>
  standing === 'self' ? 'self' : standing === 'other' ? 'peer' : 'team';

const RELATION_ORDER: Record<CalendarRelation, number> = { self: 0, team: 1, peer: 2 };

const hhmm = (time: string | null) => (time ? time.slice(0, 5) : null);

/**
 * The team calendar (GET leave/calendar): who of the reader's circle is on
 * leave, working remotely or on holiday over a range of at most
 * CALENDAR_RANGE_MAX_DAYS days. The circle is the reader, their reports and
 * their reports' reports, and their peers (docs/decisions.md, "Team
 * calendar"). That someone is away is directory data; what kind of leave is
 * personal (DESIGN.md §9): the type shows to the person, their management
 * chain and HR administrators, and to anyone else as "on leave".
 */
export class LeaveCalendarService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  async calendar(auth: AuthContext, query: CalendarQuery): Promise<TeamCalendar> {
    const issue = calendarRangeIssue(query.from, query.to);
    if (issue) throw fieldError('to', issue);
    if (query.group_id !== undefined && !(await repo.groupItemExists(this.db, query.group_id)))
      throw domainError('group_item_not_found', {}, 'group_id');

    const people = await repo.people(this.db, auth.employeeId, query.group_id);
    const requests = await repo.requests(
      this.db,
      people.map((p) => p.id),
      query.from,
      query.to,
    );
    const companyIds = [...new Set(people.flatMap((p) => (p.companyId === null ? [] : [p.companyId])))];
    const holidays =
      people.length === 0 ? [] : await repo.holidays(this.db, companyIds, query.from, query.to);

    const byEmployee = new Map<number, typeof requests>();
    for (const r of requests) byEmployee.set(r.employeeId, [...(byEmployee.get(r.employeeId) ?? []), r]);
    const answered = people.map((p) => {
      const standing = standingOf(auth.employeeId, p);
      // The leave and remote-work types are personal data (DESIGN.md §9), decided once for the person.
      const seesType = mayRead(standing, auth.isAdmin, 'personal');
      const entries: CalendarEntry[] = [
        ...(byEmployee.get(p.id) ?? []).map((r) => ({
          kind: r.kind,
          from: r.fromDate,
          to: r.toDate,
          from_time: hhmm(r.fromTime),
          to_time: hhmm(r.toTime),
          pending: r.statusId === REQUEST_STATUS.submitted,
          label: seesType ? r.typeName : null,
        })),
        ...holidays
          .filter((h) => holidayApplies(h, p.companyId, p.officeId))
          .map((h) => ({
            kind: 'holiday' as const,
            from: h.fromDate,
            to: h.toDate,
            from_time: null,
            to_time: null,
            pending: false,
            label: h.name,
          })),
      ];
      return {
        employee: personRef(this.secret, p)!,
        relation: relationOf(standing),
        weekly_off_day: p.weeklyOffDay,
        entries,
      };
    });
    // Sorted by name in the statement; the reader first, then the team, then the peers.
    answered.sort((a, b) => RELATION_ORDER[a.relation] - RELATION_ORDER[b.relation]);
    return { from: query.from, to: query.to, people: answered };
  }
}
