import { Readable } from 'node:stream';
import {
  type AttendanceDay,
  attendanceFileName,
  type CalendarMonth,
  type CalendarQuery,
  type IndividualQuery,
  type IndividualReport,
  type SummaryQuery,
  type SummaryReport,
  type SummaryRow,
  summaryFileName,
} from '@hr/contracts/attendance';
import { mayRead } from '@hr/contracts/privacy';
import { stringify } from 'csv-stringify';
import dayjs from 'dayjs';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { holidayApplies } from '../../lib/calendar';
import { domainError } from '../../lib/errors';
import { personRef } from '../../lib/people';
import { standingTo } from '../../lib/privacy';
import { shiftPeriods } from '../shifts';
import {
  type AttendancePerson,
  type AttendanceScope,
  attendanceRepository as repo,
} from './attendance.repository';
import { attendanceDays, type DayFacts, totalsOf } from './day-rule';

/** People read and computed together in a summary: a few hundred at a time keeps memory flat. */
const SUMMARY_BATCH = 400;

/** A report as JSON, or a CSV file streamed as it is made. */
export type ReportAnswer<T> = { kind: 'json'; body: T } | { kind: 'csv'; fileName: string; stream: Readable };

/**
 * A cell a spreadsheet would take for a formula (`=`, `+`, `-`, `@` first)
 * starts with an apostrophe instead, so an exported name cannot run as one.
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** UTF-8 with a byte-order mark (SPEC.md §9), every text cell made safe. */
function csvStream(header: string[]) {
  return stringify({ bom: true, header: true, columns: header, cast: { string: safeCell } });
}

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
const dmy = (date: string) => dayjs(date).format('DD-MM-YYYY');

const DAY_COLUMNS = [
  'Date',
  'Absent',
  'Present',
  'Late',
  'Late (minutes)',
  'Leave',
  'Remote work',
  'Punch in',
  'Punch out',
];
const SUMMARY_COLUMNS = [
  'Employee',
  'E-ID',
  'Working days',
  'Present',
  'Absent',
  'Late',
  'Late (minutes)',
  'Leave',
  'Remote work',
];

/**
 * Attendance reports (SPEC.md §2, §7; DESIGN.md §7): one employee's days
 * (the individual report and the profile calendar) and a team's totals (the
 * summary), each as JSON or CSV. Days are made from the punches, shifts,
 * holidays and approved leave and remote work by the day rule, for a batch
 * of employees at a time.
 */
export class AttendanceService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /** The person of a report, if the caller may read their attendance (DESIGN.md §9: personal data). */
  private async readable(auth: AuthContext, employeeId: number): Promise<AttendancePerson> {
    const standing = await standingTo(this.db, auth, employeeId);
    if (standing === null) throw domainError('employee_not_found', {}, 'employee_id');
    if (!mayRead(standing, auth.isAdmin, 'personal')) throw domainError('attendance_forbidden');
    const person = await repo.person(this.db, employeeId);
    if (!person) throw domainError('employee_not_found', {}, 'employee_id');
    return person;
  }

  /**
   * What the day rule needs of a batch of people over a range, by employee
   * id: the days are made from it one person at a time, so a summary holds
   * a batch's facts and one person's days, never a batch's days.
   */
  private async factsOf(people: AttendancePerson[], from: string, to: string) {
    const ids = people.map((p) => p.id);
    const shifts = await shiftPeriods(this.db, ids, from, to);
    const day = await repo.dayFacts(this.db, ids, from, to);
    const punchesBy = day.punches;
    const leaveRows = day.leaves;
    const remoteRows = day.remoteWork;
    const holidayRows = day.holidays;
    const hhmm = (t: string | null) => (t ? t.slice(0, 5) : null);
    const byEmployee = <T extends { employeeId: number }>(rows: T[]) => {
      const map = new Map<number, T[]>();
      for (const r of rows) {
        const list = map.get(r.employeeId);
        if (list) list.push(r);
        else map.set(r.employeeId, [r]);
      }
      return map;
    };
    const leavesBy = byEmployee(leaveRows);
    const remoteBy = byEmployee(remoteRows);
    // One set of holiday dates per company and office, shared by its people (a summary's batch has hundreds).
    const holidaySets = new Map<string, Set<string>>();
    const holidaysOf = (companyId: number | null, officeId: number | null) => {
      const key = `${companyId}:${officeId}`;
      const known = holidaySets.get(key);
      if (known) return known;
      const days = new Set<string>();
      for (const h of holidayRows) {
        if (!holidayApplies(h, companyId, officeId)) continue;
        for (let d = dayjs(h.from); !d.isAfter(h.to, 'day'); d = d.add(1, 'day'))
          days.add(d.format('YYYY-MM-DD'));
      }
      holidaySets.set(key, days);
      return days;
    };
    const out = new Map<number, DayFacts>();
    for (const p of people) {
      const own = leavesBy.get(p.id) ?? [];
      const facts: DayFacts = {
        from,
        to,
        shifts: shifts.get(p.id) ?? [],
        punches: punchesBy.get(p.id) ?? [],
        holidays: holidaysOf(p.companyId, p.officeId),
        leaves: own.filter((l) => !l.short).map((l) => ({ from: l.from, to: l.to })),
        shortLeaves: own
          .filter((l) => l.short && l.fromTime && l.toTime)
          .map((l) => ({ date: l.from, from: hhmm(l.fromTime)!, to: hhmm(l.toTime)! })),
        remoteWork: (remoteBy.get(p.id) ?? []).map((r) => ({
          from: r.from,
          to: r.to,
          fromTime: hhmm(r.fromTime),
          toTime: hhmm(r.toTime),
        })),
      };
      out.set(p.id, facts);
    }
    return out;
  }

  private days(facts: Map<number, DayFacts>, id: number): AttendanceDay[] {
    const own = facts.get(id);
    return own ? attendanceDays(own) : [];
  }

  private ref(p: AttendancePerson) {
    return personRef(this.secret, p)!;
  }

  /** GET report/attendance/individual: one employee's days over the range, JSON or CSV. */
  async individual(auth: AuthContext, q: IndividualQuery): Promise<ReportAnswer<IndividualReport>> {
    const person = await this.readable(auth, q.employee_id);
    const rows = this.days(await this.factsOf([person], q.from_date, q.to_date), person.id);
    if (q.response_type === 'csv') {
      const stream = csvStream(DAY_COLUMNS);
      for (const r of rows)
        stream.write([
          dmy(r.date),
          yesNo(r.absent),
          yesNo(r.present),
          yesNo(r.late),
          r.late_in_minute,
          yesNo(r.leave),
          yesNo(r.remote_work),
          r.punch_in ?? '',
          r.punch_out ?? '',
        ]);
      stream.end();
      return { kind: 'csv', fileName: attendanceFileName(person, q.from_date, q.to_date), stream };
    }
    return {
      kind: 'json',
      body: {
        employee: this.ref(person),
        from_date: q.from_date,
        to_date: q.to_date,
        rows,
        totals: totalsOf(rows),
      },
    };
  }

  /** GET report/attendance/calendar: one employee's month for the profile calendar, with its holidays. */
  async calendar(auth: AuthContext, q: CalendarQuery): Promise<CalendarMonth> {
    const person = await this.readable(auth, q.employee_id);
    const from = `${q.month}-01`;
    const to = dayjs(from).endOf('month').format('YYYY-MM-DD');
    const days = this.days(await this.factsOf([person], from, to), person.id);
    const holidays = await repo.holidaysOf(this.db, person, from, to);
    return { employee: this.ref(person), month: q.month, days, holidays };
  }

  /**
   * Whose rows a summary has: HR administrators everyone (or one company's
   * people), a manager the people below them; anyone else is refused. With
   * `employee_id`, that one person, who must be in the caller's scope.
   */
  private async summaryScope(auth: AuthContext, q: SummaryQuery): Promise<AttendanceScope> {
    if (q.employee_id !== undefined) {
      await this.readable(auth, q.employee_id);
      return { employeeId: q.employee_id };
    }
    const everyone = (q.scope ?? (auth.isAdmin ? 'all' : 'team')) === 'all';
    if (everyone) {
      if (!auth.isAdmin) throw domainError('attendance_forbidden');
      return { companyId: q.company_id };
    }
    // An HR administrator's own team may be empty; anyone else without people below them has no summary.
    if (!auth.isAdmin && (await repo.scopeIds(this.db, { below: auth.employeeId }, 1)).length === 0)
      throw domainError('attendance_forbidden');
    return { below: auth.employeeId, companyId: q.company_id };
  }

  /**
   * The summary's rows, a batch of people at a time: the scope's ids are
   * read once (a chain's tree costs the same whatever the batch), then each
   * batch's people and facts.
   */
  private async *summaryRows(scope: AttendanceScope, from: string, to: string): AsyncGenerator<SummaryRow> {
    const ids = await repo.scopeIds(this.db, scope);
    for (let start = 0; start < ids.length; start += SUMMARY_BATCH) {
      const people = await repo.peopleByIds(this.db, ids.slice(start, start + SUMMARY_BATCH));
      const facts = await this.factsOf(people, from, to);
      for (const p of people) {
        const totals = totalsOf(this.days(facts, p.id));
        facts.delete(p.id);
        yield { employee: this.ref(p), ...totals };
      }
    }
  }

  /**
   * GET report/attendance/summary: a row of totals per person of the caller's
   * scope. The CSV streams as the batches are made, so the memory a summary
   * of 10,000 people takes stays that of one batch.
   */
  async summary(auth: AuthContext, q: SummaryQuery): Promise<ReportAnswer<SummaryReport>> {
    const scope = await this.summaryScope(auth, q);
    const rows = this.summaryRows(scope, q.from_date, q.to_date);
    if (q.response_type === 'csv') {
      const lines = Readable.from(
        (async function* () {
          for await (const r of rows)
            yield [
              r.employee.name,
              r.employee.eid,
              r.working_days,
              r.present,
              r.absent,
              r.late,
              r.late_minutes,
              r.leave,
              r.remote_work,
            ];
        })(),
      );
      const stream = lines.pipe(csvStream(SUMMARY_COLUMNS));
      lines.on('error', (err) => stream.destroy(err));
      return { kind: 'csv', fileName: summaryFileName(q.from_date, q.to_date), stream };
    }
    const body: SummaryRow[] = [];
    for await (const r of rows) body.push(r);
    return { kind: 'json', body: { from_date: q.from_date, to_date: q.to_date, rows: body } };
  }
}
