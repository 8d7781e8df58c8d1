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
import { EPR_TYPE } from '@hr/contracts/epr';
import type { Status } from '@hr/contracts/lists';
import type { WorkflowAction } from '@hr/contracts/workflow';
import dayjs from 'dayjs';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { type WorkCalendars, workCalendars } from '../../lib/calendar';
import { documentTexts } from '../../lib/document-texts';
import { AppError, domainError } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { listPage } from '../../lib/list';
import { itemTitle } from '../../lib/notification-texts';
import { officeToday } from '../../lib/office-clock';
import { personRef } from '../../lib/people';
import { statusAnswer, transitionsFor } from '../../lib/request-workflow';
import { reviewName } from '../epr';
import { type ApprovalReminders, dueDay, type ModuleSetting } from './approval-reminders.service';
import { type ApprovalRow, approvalsRepository as repo, type WaitingCount } from './approvals.repository';

const DAY_MS = 86_400_000;

/** What the due days of an inbox page are counted with. */
interface Due {
  settings: Map<ApprovalModule, ModuleSetting>;
  calendars: WorkCalendars;
}

/** The review types with their English names, which a review's name ends with when it is made ("<sheet> – <type>"). */
const REVIEW_TYPES = Object.values(EPR_TYPE).map((id) => ({
  id,
  name: documentTexts('en').known(`epr.typeName.${id}`, ''),
}));

/**
 * A review's name with its type in the reader's language, as the EPR list
 * names it. The view holds the name only, not the review's type: the type
 * is the one whose English name ends it; any other name is shown as it is.
 */
function reviewTitle(name: string): string {
  const type = REVIEW_TYPES.find((t) => t.name !== '' && name.endsWith(` – ${t.name}`));
  if (!type) return name;
  const kpiName = name.slice(0, -` – ${type.name}`.length);
  return reviewName(documentTexts(requestLanguage()), { name, kpiName, type });
}

/** What an item is about, in a line: the type or category and its days, or the sheet's or review's name. */
function titleOf(row: ApprovalRow): string {
  if (row.module === 'epr') return reviewTitle(row.subject);
  // One writing of a title for the inbox and the notifications (lib/notification-texts.ts).
  return itemTitle(requestLanguage(), row.module, row.id, row);
}

/** The counts' answer from the rows of the modules where something waits: every module, and the total. */
export function approvalCountsOf(rows: readonly WaitingCount[]): ApprovalCounts {
  const counts = Object.fromEntries(APPROVAL_MODULES.map((m) => [m, 0])) as Omit<ApprovalCounts, 'total'>;
  for (const r of rows) counts[r.module] = Number(r.n);
  return { ...counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
}

/**
 * The approvals inbox (DESIGN.md §11): what waits for the caller's decision
 * in every module, read from one view on the one list path, each row with
 * the decisions the request workflow gives the caller on it.
 */
/** Takes one workflow action on one record of a module, as that module's own call does; answers its new status. */
export type Decide = (
  auth: AuthContext,
  action: WorkflowAction,
  id: number,
  comment: string | null,
) => Promise<{ status: Status }>;

export class ApprovalsService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    /** Each module's own decision (its service's `act`): the lock, the checks, the audit are its. */
    private readonly decide: Record<ApprovalModule, Decide>,
    /** HR's reminder and escalation settings: an item's due day. */
    private readonly reminders: ApprovalReminders,
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
        const { status } = await this.decide[module](auth, action, id, body.comment || null);
        outcomes.push({ module, id, status });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        outcomes.push({ module, id, error: err.code, message: err.message });
      }
    }
    return { items: outcomes };
  }

  private toItem(auth: AuthContext, row: ApprovalRow, due: Due | null): ApprovalItem {
    return {
      module: row.module,
      id: row.id,
      title: titleOf(row),
      employee: personRef(this.secret, row.owner)!,
      status: statusAnswer(row),
      waiting_since: row.waitingSince.toISOString(),
      due: due
        ? dueDay(
            due.settings.get(row.module),
            due.calendars.of(row.companyId, row.officeId),
            row.waitingSince,
            row.escalation !== null,
          )
        : null,
      actions: transitionsFor(APPROVAL_WORKFLOWS[row.module], auth, row, row.module) as WorkflowAction[],
    };
  }

  async list(auth: AuthContext, q: ApprovalsQuery, url: string, now = new Date()) {
    if (q.employee_id !== undefined && !(await repo.employeeExists(this.db, q.employee_id)))
      throw domainError('employee_not_found');
    const due = await this.dueOf(now);
    return listPage(this.db, url, q, {
      ...repo.list(auth.employeeId, auth.isAdmin, officeToday(now), {
        module: q.module,
        employeeId: q.employee_id,
        waitingBefore:
          q.waiting_days === undefined ? undefined : new Date(now.getTime() - q.waiting_days * DAY_MS),
        waitingFrom: q.waiting_since?.from,
        waitingTo: q.waiting_since?.to,
      }),
      map: (row) => this.toItem(auth, row, due),
    });
  }

  /**
   * What an inbox page's due days are counted with: the modules HR set and
   * every company's and office's calendar around today (none at all while
   * nothing is set: the due day is then null).
   */
  private async dueOf(now: Date): Promise<Due | null> {
    const set = (await this.reminders.settings()).filter((s) => s.remindAfterDays || s.escalateAfterDays);
    if (set.length === 0) return null;
    const today = officeToday(now);
    const from = dayjs(today).subtract(2, 'year').format('YYYY-MM-DD');
    const to = dayjs(today).add(1, 'year').format('YYYY-MM-DD');
    return {
      settings: new Map(set.map((s) => [s.module, s])),
      calendars: await workCalendars(this.db, await repo.companyIds(this.db), from, to),
    };
  }

  async counts(auth: AuthContext): Promise<ApprovalCounts> {
    return approvalCountsOf(await repo.counts(this.db, auth.employeeId, auth.isAdmin, officeToday()));
  }
}
