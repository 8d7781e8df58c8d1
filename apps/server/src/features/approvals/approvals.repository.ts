import {
  APPROVAL_MODULES,
  APPROVAL_WORKFLOWS,
  type ApprovalModule,
  DECIDERS,
  type Decider,
  waitingStatuses,
} from '@hr/contracts/approvals';
import { type AnyColumn, and, count, eq, gte, lte, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { approvalEscalations, approvalItems, companies, employees, workflowStatuses } from '../../db/schema';
import { personJson, personName } from '../../lib/approvers';
import { delegatorsOf, escalationSql } from '../../lib/delegations';
import { localName } from '../../lib/language';
import { condition, type ListCondition, type ListSource, parameter } from '../../lib/list';
import { preparedOnce } from '../../lib/prepared';

const v = approvalItems;

/** The column of the view that names each decider on a record; HR administrators decide on any. */
const DECIDER_COLUMN: Record<Decider, AnyColumn | null> = {
  line_manager: v.lineManagerId,
  one_over_one: v.oneOverOneId,
  admin: null,
};

/** A list of our own constants as SQL literals (module names, statuses): each part of the view is pruned by them. */
const literals = (values: readonly (string | number)[]) =>
  sql.raw(values.map((x) => (typeof x === 'number' ? String(x) : `'${x}'`)).join(', '));

/**
 * What waits for `me`: per module, the records in a status a transition of
 * one of their standings leads from (the module's workflow table) — as the
 * stored line manager or O&O, as the delegate of one (a delegation in force
 * on `today` covering the module), or, for an HR administrator, any record
 * of a module where administrators decide — and the records whose current
 * stage was escalated to them (to HR administrators, for an administrator).
 * Never their own records (separation of duties). Written once for every
 * module.
 */
export function waitingFor(
  me: Placeholder | number,
  isAdmin: boolean,
  today: Placeholder | string,
  modules = APPROVAL_MODULES,
): SQL {
  const e = approvalEscalations;
  const toMe = isAdmin
    ? sql`(${e.toEmployeeId} = ${me} or ${e.toLevel} = 'admin')`
    : sql`${e.toEmployeeId} = ${me}`;
  const parts = modules.map((module) => {
    const waiting = waitingStatuses(APPROVAL_WORKFLOWS[module]);
    const mine = sql`any(array[${me}::int] || array${delegatorsOf(me, today, literals([module]))})`;
    const byDecider = DECIDERS.flatMap((decider) => {
      const statuses = waiting[decider];
      if (statuses.length === 0) return [];
      const column = DECIDER_COLUMN[decider];
      if (!column && !isAdmin) return [];
      const inStatus = sql`${v.statusId} in (${literals(statuses)})`;
      return [column ? sql`(${column} = ${mine} and ${inStatus})` : inStatus];
    });
    const escalated = sql`${v.id} = any(array(select ${e.recordId} from ${e} where ${e.module} = ${literals([module])} and ${toMe}))`;
    return sql`(${v.module} = ${literals([module])} and (${sql.join([...byDecider, escalated], sql` or `)}))`;
  });
  return and(ne(v.employeeId, me), sql`(${sql.join(parts, sql` or `)})`)!;
}

/** A workflow module's name in the statuses table (`remote-work` → `remote_work`). */
const statusModule = sql`replace(${v.module}, '-', '_')`;

function pageQuery(db: Db, total: SQL<number>) {
  return db
    .select({
      total,
      module: v.module,
      id: v.id,
      employeeId: v.employeeId,
      lineManagerId: v.lineManagerId,
      oneOverOneId: v.oneOverOneId,
      statusId: v.statusId,
      statusName: workflowStatuses.name,
      statusColor: workflowStatuses.color,
      waitingSince: v.waitingSince,
      subject: localName(v.subject, v.subjectTranslations),
      fromDate: v.fromDate,
      toDate: v.toDate,
      owner: personJson(v.employeeId),
      companyId: sql<number | null>`(select p.company_id from employees p where p.id = ${v.employeeId})`,
      officeId: sql<number | null>`(select p.office_id from employees p where p.id = ${v.employeeId})`,
      escalation: escalationSql(v.module, v.id),
    })
    .from(v)
    .leftJoin(
      workflowStatuses,
      and(eq(workflowStatuses.module, statusModule), eq(workflowStatuses.id, v.statusId)),
    );
}
export type ApprovalRow = Awaited<ReturnType<ReturnType<typeof pageQuery>['execute']>>[number] & {
  module: ApprovalModule;
};

/** What waits for someone in one module. */
export interface WaitingCount {
  module: ApprovalModule;
  n: number;
}

export interface ApprovalFilter {
  module?: ApprovalModule | undefined;
  employeeId?: number | undefined;
  /** Waiting since this moment or earlier. */
  waitingBefore?: Date | undefined;
  waitingFrom?: string | null | undefined;
  waitingTo?: string | null | undefined;
}

/**
 * How many items wait for `me`, per module (columns `module`, `n`): the
 * statement of `counts`, which the dashboard also reads inside its own.
 */
export function waitingCounts(
  db: Db,
  me: Placeholder | number,
  isAdmin: boolean,
  today: Placeholder | string,
) {
  return db
    .select({ module: v.module, n: count() })
    .from(v)
    .where(waitingFor(me, isAdmin, today))
    .groupBy(v.module);
}

export const approvalsRepository = {
  /** The inbox of `me` on the one list path (lib/list.ts), its filters as conditions. */
  list(me: number, isAdmin: boolean, today: string, f: ApprovalFilter): ListSource<ApprovalRow> {
    const waiting: ListCondition = {
      key: isAdmin ? 'waiting_admin' : 'waiting',
      value: me,
      where: (p) => waitingFor(p, isAdmin, sql.placeholder('today')),
    };
    return {
      name: 'approvals',
      table: v,
      conditions: [
        waiting,
        parameter('today', today),
        condition('module', f.module, (p) => eq(v.module, p)),
        condition('employee_id', f.employeeId, (p) => eq(v.employeeId, p)),
        condition('waiting_before', f.waitingBefore, (p) => lte(v.waitingSince, p)),
        condition('waiting_from', f.waitingFrom, (p) => gte(sql`${v.waitingSince}::date`, p)),
        condition('waiting_to', f.waitingTo, (p) => lte(sql`${v.waitingSince}::date`, p)),
      ],
      sortable: { waiting: v.waitingSince, employee: personName(v.employeeId) },
      tieBreaker: v.id,
      page: (db, total) => pageQuery(db, total) as never,
    };
  },

  /** How many items wait for `me`, per module, in one statement. */
  async counts(db: Db, me: number, isAdmin: boolean, today: string) {
    const statement = preparedOnce(db, `approvals-counts|${isAdmin}`, (name) =>
      waitingCounts(db, sql.placeholder('me'), isAdmin, sql.placeholder('today')).prepare(name),
    );
    return (await statement.execute({ me, today })) as WaitingCount[];
  },

  /** Every company's id (whose calendars an inbox page's due days are counted in). */
  async companyIds(db: Db): Promise<number[]> {
    return (await db.select({ id: companies.id }).from(companies)).map((c) => c.id);
  },

  /** Whether an employee exists (an unknown `employee_id` filter is a 404, not an empty list). */
  async employeeExists(db: Db, id: number): Promise<boolean> {
    const [row] = await db.select({ id: employees.id }).from(employees).where(eq(employees.id, id));
    return Boolean(row);
  },
};
