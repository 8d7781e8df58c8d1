import { z } from 'zod';
import { APPROVAL_COMMENT_MAX, APPROVAL_MODULES, type ApprovalModule } from './approval-rules';
import type { RecordKind } from './error-codes';
import { dateRange, limit, listResponse, page, status } from './lists';
import { defineMessages } from './messages';
import { personRef } from './people';
import {
  type Actor,
  EPR_WORKFLOW,
  KPI_WORKFLOW,
  LEAVE_WORKFLOW,
  REQUEST_WORKFLOW,
  SERVICE_WORKFLOW,
  WORKFLOW_ACTIONS,
  type WorkflowAction,
  type WorkflowTable,
} from './workflow';

/**
 * The approvals inbox (DESIGN.md §11): every item waiting for the caller's
 * decision, from every module, on the one list path.
 */
export { APPROVAL_COMMENT_MAX, APPROVAL_MODULES, type ApprovalModule } from './approval-rules';
export const approvalModule = z.enum(APPROVAL_MODULES, {
  error: `module must be one of ${APPROVAL_MODULES.join(', ')}`,
});

/** The inbox's module of each kind of request record. */
export const APPROVAL_MODULE_OF: Record<RecordKind, ApprovalModule> = {
  leave: 'leave',
  remote_work: 'remote-work',
  hr_service: 'hr-service',
  kpi: 'kpi',
  epr: 'epr',
};

/** Each module's workflow table: what waits for whom is read from it, never written twice. */
export const APPROVAL_WORKFLOWS: Record<ApprovalModule, WorkflowTable> = {
  leave: LEAVE_WORKFLOW,
  'remote-work': REQUEST_WORKFLOW,
  'hr-service': SERVICE_WORKFLOW,
  kpi: KPI_WORKFLOW,
  epr: EPR_WORKFLOW,
};

/** The deciders of a workflow: everyone who acts on a record but its owner. */
export type Decider = Exclude<Actor, 'owner'>;
export const DECIDERS: readonly Decider[] = ['line_manager', 'one_over_one', 'admin'];

/**
 * The statuses in which a record waits for each decider: those from which a
 * transition of theirs leads (the owner's own transitions are not decisions).
 */
export function waitingStatuses(workflow: WorkflowTable): Record<Decider, number[]> {
  const waiting: Record<Decider, number[]> = { line_manager: [], one_over_one: [], admin: [] };
  for (const t of workflow) {
    if (t.actors.includes('owner')) continue;
    for (const actor of t.actors) {
      if (actor === 'owner') continue;
      for (const s of t.from) if (!waiting[actor].includes(s)) waiting[actor].push(s);
    }
  }
  for (const list of Object.values(waiting)) list.sort((a, b) => a - b);
  return waiting;
}

export const APPROVAL_SORT_FIELDS = ['waiting', 'employee'] as const;

const SORT_MESSAGE = `sort must be one of ${APPROVAL_SORT_FIELDS.map((f) => `${f},asc|desc`).join(', ')}`;

/** GET approvals: the list query (page, limit, sort; the oldest first by default) and its filters. */
export const approvalsQuery = z.object({
  page,
  limit,
  sort: z
    .string()
    .regex(new RegExp(`^(${APPROVAL_SORT_FIELDS.join('|')}),(asc|desc)$`), SORT_MESSAGE)
    .default('waiting,asc'),
  module: approvalModule.optional(),
  employee_id: z.coerce
    .number({ error: 'employee_id must be an employee id' })
    .int('employee_id must be an employee id')
    .min(1, 'employee_id must be an employee id')
    .optional(),
  /** Waiting at least this many days. */
  waiting_days: z.coerce
    .number({ error: 'waiting_days must be a whole number of days from 0 to 3650' })
    .int('waiting_days must be a whole number of days from 0 to 3650')
    .min(0, 'waiting_days must be a whole number of days from 0 to 3650')
    .max(3650, 'waiting_days must be a whole number of days from 0 to 3650')
    .optional(),
  /** Waiting since a day of this range (`YYYY-MM-DD,YYYY-MM-DD`, either end open). */
  waiting_since: dateRange.optional(),
});
export type ApprovalsQuery = z.infer<typeof approvalsQuery>;

export const approvalItem = z.object({
  module: approvalModule,
  id: z.number().int(),
  /** What it is about, in the caller's language: the type or category and its days, or the sheet's or review's name. */
  title: z.string(),
  employee: personRef,
  status,
  /** Since when it waits (the last change of its status), ISO 8601. */
  waiting_since: z.string(),
  /** When a reminder or escalation falls due (YYYY-MM-DD); null while none is set for the module. */
  due: z.string().nullable(),
  /** The decisions the caller may take on it. */
  actions: z.array(z.enum(WORKFLOW_ACTIONS as [WorkflowAction, ...WorkflowAction[]])),
});
export type ApprovalItem = z.infer<typeof approvalItem>;
export const approvalsResponse = listResponse(approvalItem);

/** GET approvals/counts: what waits for the caller, per module, and in all. */
export const approvalCounts = z.object({
  leave: z.number().int(),
  'remote-work': z.number().int(),
  'hr-service': z.number().int(),
  kpi: z.number().int(),
  epr: z.number().int(),
  total: z.number().int(),
});
export type ApprovalCounts = z.infer<typeof approvalCounts>;

/** The most items one decision takes. */
export const APPROVAL_BATCH_MAX = 50;

export const APPROVAL_MESSAGES = defineMessages('approvals.validation', {
  itemsRequired: 'Choose at least one item',
  tooMany: `Decide at most ${APPROVAL_BATCH_MAX} items at once`,
  itemId: 'Each item is named by its module and id',
  commentTooLong: 'A comment can be at most 500 characters',
});

/** PATCH approvals/actions/{action}: the action of a workflow (approve, reject, ...). */
export const approvalActionParams = z.object({
  action: z.enum(WORKFLOW_ACTIONS as [WorkflowAction, ...WorkflowAction[]], {
    error: `action must be one of ${WORKFLOW_ACTIONS.join(', ')}`,
  }),
});

/** PATCH approvals/actions/{action}: the items to decide, each through its own module's workflow. */
export const approvalDecisionBody = z
  .object({
    items: z
      .array(
        z
          .object({
            module: approvalModule,
            id: z
              .number({ error: APPROVAL_MESSAGES.itemId })
              .int(APPROVAL_MESSAGES.itemId)
              .positive(APPROVAL_MESSAGES.itemId),
          })
          .strict(),
        { error: APPROVAL_MESSAGES.itemsRequired },
      )
      .min(1, APPROVAL_MESSAGES.itemsRequired)
      .max(APPROVAL_BATCH_MAX, APPROVAL_MESSAGES.tooMany),
    /** Words for the requesters, with every item's decision (kept in its audit row, shown with the decision). */
    comment: z
      .string({ error: APPROVAL_MESSAGES.commentTooLong })
      .trim()
      .max(APPROVAL_COMMENT_MAX, APPROVAL_MESSAGES.commentTooLong)
      .optional(),
  })
  .strict();
export type ApprovalDecisionBody = z.infer<typeof approvalDecisionBody>;

/** One item's outcome: its new status, or the error code and message its workflow answered. */
export const approvalOutcome = z.union([
  z.object({ module: approvalModule, id: z.number().int(), status }),
  z.object({ module: approvalModule, id: z.number().int(), error: z.string(), message: z.string() }),
]);
export type ApprovalOutcome = z.infer<typeof approvalOutcome>;
export const approvalDecisionResult = z.object({ items: z.array(approvalOutcome) });

/* Reminders and escalation: HR's settings per module, in the office's working days. */

export const APPROVAL_SETTING_MESSAGES = defineMessages('approvals.settings.validation', {
  remindDays: 'Remind after 1 to 60 working days, or never',
  escalateDays: 'Escalate after 1 to 90 working days, or never',
  escalateAfterRemind: 'Escalate later than the reminder',
  escalateTo: 'escalate_to_id must be an employee id',
});

const workingDays = (max: number, message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(max, message).nullable();

/** PATCH approvals/settings/{module}: remind after N, escalate after M (> N) working days; null: never. */
export const approvalSettingBody = z
  .object({
    remind_after_days: workingDays(60, APPROVAL_SETTING_MESSAGES.remindDays),
    escalate_after_days: workingDays(90, APPROVAL_SETTING_MESSAGES.escalateDays),
    /** Escalate to this person instead of one level up (null: one level up). */
    escalate_to_id: z
      .number({ error: APPROVAL_SETTING_MESSAGES.escalateTo })
      .int(APPROVAL_SETTING_MESSAGES.escalateTo)
      .positive(APPROVAL_SETTING_MESSAGES.escalateTo)
      .nullable(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (
      v.remind_after_days !== null &&
      v.escalate_after_days !== null &&
      v.escalate_after_days <= v.remind_after_days
    )
      ctx.addIssue({
        code: 'custom',
        path: ['escalate_after_days'],
        message: APPROVAL_SETTING_MESSAGES.escalateAfterRemind,
      });
  });
export type ApprovalSettingBody = z.infer<typeof approvalSettingBody>;

export const approvalSettingParams = z.object({ module: approvalModule });

export const approvalSetting = z.object({
  module: approvalModule,
  remind_after_days: z.number().int().nullable(),
  escalate_after_days: z.number().int().nullable(),
  escalate_to: personRef.nullable(),
});
export type ApprovalSetting = z.infer<typeof approvalSetting>;
export const approvalSettings = z.object({ items: z.array(approvalSetting) });
export type ApprovalSettings = z.infer<typeof approvalSettings>;
