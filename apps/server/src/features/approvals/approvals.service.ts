import {
  APPROVAL_MODULES,
  APPROVAL_WORKFLOWS,
  type ApprovalCounts,
  type ApprovalDecisionBody,
  type ApprovalItem,
  type ApprovalModule,
  type ApprovalOutcome,
  type ApprovalsQuery,
} from '@hr/contracts/approvals';
import { displayDay } from '@hr/contracts/dates';
import type { Status } from '@hr/contracts/lists';
import type { WorkflowAction } from '@hr/contracts/workflow';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, domainError } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { listPage } from '../../lib/list';
import { officeToday } from '../../lib/office-clock';
import { personRef } from '../../lib/people';
import { statusAnswer, transitionsFor } from '../../lib/request-workflow';
import { type ApprovalRow, approvalsRepository as repo } from './approvals.repository';

const DAY_MS = 86_400_000;

/** What an item is about, in a line: the type or category and its days, or the sheet's or review's name. */
function titleOf(row: ApprovalRow): string {
  if (row.module === 'kpi' || row.module === 'epr' || !row.fromDate) return row.subject;
  const days =
    row.toDate && row.toDate !== row.fromDate
      ? `${displayDay(row.fromDate)} – ${displayDay(row.toDate)}`
      : displayDay(row.fromDate);
  // In Arabic the days keep their own left-to-right order inside the line (a first-strong isolate).
  return requestLanguage() === 'ar' ? `${row.subject} · \u2068${days}\u2069` : `${row.subject} · ${days}`;
}

/**
 * The approvals inbox (DESIGN.md §11): what waits for the caller's decision
 * in every module, read from one view on the one list path, each row with
 * the decisions the request workflow gives the caller on it.
 */
/** Takes one workflow action on one record of a module, as that module's own call does; answers its new status. */
export type Decide = (auth: AuthContext, action: WorkflowAction, id: number) => Promise<{ status: Status }>;

export class ApprovalsService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    /** Each module's own decision (its service's `act`): the lock, the checks, the audit are its. */
    private readonly decide: Record<ApprovalModule, Decide>,
  ) {}

  /**
   * Decides several items, one after another, each through its own module's
   * workflow exactly as its own call would (its transaction, lock, separation
   * of duties and audit). An item the workflow refuses reports its error
   * code and message and changes nothing; the others go on. An item named
   * twice is decided once. Asked again, an item already decided reports that
   * the action is not allowed in its new status.
   */
  async decideMany(
    auth: AuthContext,
    action: WorkflowAction,
    body: ApprovalDecisionBody,
  ): Promise<{ items: ApprovalOutcome[] }> {
    const seen = new Set<string>();
    const outcomes: ApprovalOutcome[] = [];
    for (const { module, id } of body.items) {
      const key = `${module}:${id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      try {
        const { status } = await this.decide[module](auth, action, id);
        outcomes.push({ module, id, status });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        outcomes.push({ module, id, error: err.code, message: err.message });
      }
    }
    return { items: outcomes };
  }

  private toItem(auth: AuthContext, row: ApprovalRow): ApprovalItem {
    return {
      module: row.module,
      id: row.id,
      title: titleOf(row),
      employee: personRef(this.secret, row.owner)!,
      status: statusAnswer(row),
      waiting_since: row.waitingSince.toISOString(),
      due: null,
      actions: transitionsFor(APPROVAL_WORKFLOWS[row.module], auth, row, row.module) as WorkflowAction[],
    };
  }

  async list(auth: AuthContext, q: ApprovalsQuery, url: string, now = new Date()) {
    if (q.employee_id !== undefined && !(await repo.employeeExists(this.db, q.employee_id)))
      throw domainError('employee_not_found');
    return listPage(this.db, url, q, {
      ...repo.list(auth.employeeId, auth.isAdmin, officeToday(now), {
        module: q.module,
        employeeId: q.employee_id,
        waitingBefore:
          q.waiting_days === undefined ? undefined : new Date(now.getTime() - q.waiting_days * DAY_MS),
        waitingFrom: q.waiting_since?.from,
        waitingTo: q.waiting_since?.to,
      }),
      map: (row) => this.toItem(auth, row),
    });
  }

  async counts(auth: AuthContext): Promise<ApprovalCounts> {
    const rows = await repo.counts(this.db, auth.employeeId, auth.isAdmin, officeToday());
    const counts = Object.fromEntries(APPROVAL_MODULES.map((m) => [m, 0])) as Omit<ApprovalCounts, 'total'>;
    for (const r of rows) counts[r.module] = Number(r.n);
    return { ...counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
  }
}
