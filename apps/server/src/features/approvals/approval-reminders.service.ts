import {
  APPROVAL_MODULES,
  APPROVAL_WORKFLOWS,
  type ApprovalModule,
  type ApprovalSettingBody,
  type ApprovalSettings,
  type Decider,
  waitingStatuses,
} from '@hr/contracts/approvals';
import dayjs from 'dayjs';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import {
  addWorkingDays,
  countWorkingDays,
  isWorkingDay,
  type WorkCalendar,
  workCalendars,
} from '../../lib/calendar';
import { delegatesOf } from '../../lib/delegations';
import { domainError } from '../../lib/errors';
import { runJob } from '../../lib/jobs';
import { notify } from '../../lib/notifications';
import { officeToday } from '../../lib/office-clock';
import { personRef } from '../../lib/people';
import { approvalRemindersRepository as repo } from './approval-reminders.repository';

/** How often the job looks (it acts at most once a day per item: the tables' keys say so). */
const EVERY_MS = 15 * 60_000;

/** A module's setting as the job and the inbox read it. */
export interface ModuleSetting {
  module: ApprovalModule;
  remindAfterDays: number | null;
  escalateAfterDays: number | null;
  escalateToId: number | null;
}

/** The decider a status waits for: the line manager, else the O&O, else HR administrators. */
export function stageOf(module: ApprovalModule, statusId: number): Decider | null {
  const waiting = waitingStatuses(APPROVAL_WORKFLOWS[module]);
  if (waiting.line_manager.includes(statusId)) return 'line_manager';
  if (waiting.one_over_one.includes(statusId)) return 'one_over_one';
  if (waiting.admin.includes(statusId)) return 'admin';
  return null;
}

/** Every status of a module that waits for someone. */
function waitingIn(module: ApprovalModule): number[] {
  const w = waitingStatuses(APPROVAL_WORKFLOWS[module]);
  return [...new Set([...w.line_manager, ...w.one_over_one, ...w.admin])];
}

/** The working days an item has waited by `today`: those after the day it began waiting, up to today. */
export function waitedDays(calendar: WorkCalendar, waitingSince: Date, today: string): number {
  const start = officeToday(waitingSince);
  if (start >= today) return 0;
  return countWorkingDays(calendar, dayjs(start).add(1, 'day').format('YYYY-MM-DD'), today);
}

/**
 * When an item's next step falls due, as the inbox shows it: the day it
 * escalates, or, where only reminders are set, the day of its first one.
 */
export function dueDay(
  setting: ModuleSetting | undefined,
  calendar: WorkCalendar,
  waitingSince: Date,
  escalated: boolean,
): string | null {
  if (!setting) return null;
  const days = !escalated && setting.escalateAfterDays ? setting.escalateAfterDays : setting.remindAfterDays;
  if (!days) return null;
  return addWorkingDays(calendar, officeToday(waitingSince), days);
}

/**
 * Reminders and escalation (DESIGN.md §11): HR's settings per module, and
 * the job that acts on them. The job runs in one API process at a time (a
 * transaction-scoped advisory lock; a process finding it taken does
 * nothing), is idempotent (a reminder per item and day, an escalation per
 * stage: the tables' keys), and takes "today" from the office's clock
 * (`officeToday`, which tests move). Working days follow the requester's
 * company (its weekly off day and holidays) and office (its own holidays).
 */
export class ApprovalReminders {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly onMessageQueued: () => void = () => {},
    private readonly log?: FastifyBaseLogger,
  ) {}

  start(): void {
    const tick = () => {
      this.running = runJob('approval_reminders', () => this.run()).catch((err) =>
        this.log?.error({ err }, 'approval reminders failed'),
      );
    };
    this.timer = setInterval(tick, EVERY_MS);
    this.timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Every module's setting that has a row (the inbox's due days). */
  async settings(): Promise<ModuleSetting[]> {
    return (await repo.settings(this.db)) as ModuleSetting[];
  }

  /** HR administrators: every module's setting (a module never set: none). */
  async list(auth: AuthContext): Promise<ApprovalSettings> {
    if (!auth.isAdmin) throw domainError('admin_only');
    const rows = await repo.settings(this.db);
    return {
      items: APPROVAL_MODULES.map((module) => {
        const row = rows.find((r) => r.module === module);
        return {
          module,
          remind_after_days: row?.remindAfterDays ?? null,
          escalate_after_days: row?.escalateAfterDays ?? null,
          escalate_to: personRef(this.secret, row?.escalateTo ?? null),
        };
      }),
    };
  }

  async update(
    auth: AuthContext,
    module: ApprovalModule,
    body: ApprovalSettingBody,
  ): Promise<ApprovalSettings> {
    if (!auth.isAdmin) throw domainError('admin_only');
    await this.db.transaction(async (tx) => {
      if (body.escalate_to_id !== null && !(await repo.activeEmployee(tx, body.escalate_to_id)))
        throw domainError('delegate_inactive', {}, 'escalate_to_id');
      await repo.saveSetting(tx, module, {
        remindAfterDays: body.remind_after_days,
        escalateAfterDays: body.escalate_after_days,
        escalateToId: body.escalate_to_id,
      });
      await audit(tx, auth, { action: 'update', entity: 'approval_setting', data: { module, ...body } });
    });
    return this.list(auth);
  }

  /**
   * One pass: for each module HR set, every item waiting long enough in the
   * office's working days is escalated (one level up, or to the named
   * person) or its deciders reminded (again every N working days), and the
   * people concerned are told. Answers what it did; `null` when another
   * process holds the job.
   */
  async run(now: Date = new Date()): Promise<{ reminded: number; escalated: number } | null> {
    const today = officeToday(now);
    const done = await this.db.transaction(async (tx) => {
      if (!(await repo.lock(tx))) return null;
      let reminded = 0;
      let escalated = 0;
      const settings = (await repo.settings(tx)).filter((s) => s.remindAfterDays || s.escalateAfterDays);
      for (const s of settings) {
        const module = s.module as ApprovalModule;
        const least = Math.min(...[s.remindAfterDays, s.escalateAfterDays].filter((n): n is number => !!n));
        // N working days are at least N calendar days: older items only.
        const before = dayjs(today).subtract(least, 'day').endOf('day').toDate();
        const items = await repo.waiting(tx, module, waitingIn(module), before);
        if (items.length === 0) continue;
        const oldest = officeToday(
          items.reduce((a, b) => (a.waitingSince < b.waitingSince ? a : b)).waitingSince,
        );
        const calendars = await workCalendars(
          tx,
          items.map((i) => i.companyId),
          oldest,
          today,
        );
        const admins = await repo.administrators(tx);
        for (const item of items) {
          const calendar = calendars.of(item.companyId, item.officeId);
          if (!isWorkingDay(calendar, today)) continue;
          const stage = stageOf(module, item.statusId);
          if (!stage) continue;
          const waited = waitedDays(calendar, item.waitingSince, today);
          if (s.escalateAfterDays && waited >= s.escalateAfterDays && !item.escalated) {
            const to = nextLevel(stage, item, s.escalateToId);
            if (to && to.employeeId !== item.employeeId) {
              const made = await repo.escalate(tx, {
                module,
                recordId: item.id,
                waitingSince: item.waitingSince,
                fromLevel: stage,
                toLevel: to.level,
                toEmployeeId: to.employeeId,
              });
              if (made) {
                escalated += 1;
                await notify(tx, {
                  recipients: (to.level === 'admin' ? admins : [to.employeeId!]).filter(
                    (id) => id !== item.employeeId,
                  ),
                  event: 'escalated',
                  module,
                  recordId: item.id,
                  actorEmployeeId: null,
                  data: { days: waited },
                });
              }
              continue;
            }
          }
          if (!s.remindAfterDays || item.escalated || waited < s.remindAfterDays) continue;
          const sinceLast = item.lastReminder
            ? countWorkingDays(calendar, dayjs(item.lastReminder).add(1, 'day').format('YYYY-MM-DD'), today)
            : null;
          if (sinceLast !== null && sinceLast < s.remindAfterDays) continue;
          if (!(await repo.remind(tx, module, item.id, item.waitingSince, today))) continue;
          reminded += 1;
          const deciders =
            stage === 'admin' ? admins : [stage === 'line_manager' ? item.lineManagerId : item.oneOverOneId];
          const named = deciders.filter((id): id is number => id !== null && id !== item.employeeId);
          const delegates =
            stage === 'admin' ? [] : [...(await delegatesOf(tx, named, module, today)).values()].flat();
          await notify(tx, {
            recipients: [...named, ...delegates].filter((id) => id !== item.employeeId),
            event: 'reminder',
            module,
            recordId: item.id,
            actorEmployeeId: null,
            data: { days: waited },
          });
        }
      }
      return { reminded, escalated };
    });
    if (done && done.reminded + done.escalated > 0) this.onMessageQueued();
    return done;
  }
}

/** Where an item goes one level up: line manager → O&O → HR administrators, or to the named person. */
function nextLevel(
  stage: Decider,
  item: { oneOverOneId: number | null },
  namedId: number | null,
): { level: 'one_over_one' | 'admin' | 'person'; employeeId: number | null } | null {
  if (namedId !== null) return { level: 'person', employeeId: namedId };
  if (stage === 'line_manager' && item.oneOverOneId !== null)
    return { level: 'one_over_one', employeeId: item.oneOverOneId };
  if (stage === 'admin') return null;
  return { level: 'admin', employeeId: null };
}
