import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { employees } from './people';

/**
 * Every request of every module as one list of the same columns: the
 * approvals inbox reads what waits for someone's decision from it (which
 * statuses wait for whom comes from each module's workflow table). Each
 * part is the module's own table, so a condition on the approvers and the
 * status reaches each table's own indexes. A module added later adds a part.
 * `subject` is what the item is about (the leave or remote-work type, the
 * service's category, the sheet's or review's name), with its translations.
 */
export const approvalItems = pgView('approval_items', {
  module: text().notNull(),
  id: integer().notNull(),
  employeeId: integer().notNull(),
  lineManagerId: integer(),
  oneOverOneId: integer(),
  statusId: integer().notNull(),
  waitingSince: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  subject: text().notNull(),
  subjectTranslations: jsonb().$type<Partial<Record<'zh' | 'ar' | 'it' | 'es' | 'fr', string>>>().notNull(),
  fromDate: date({ mode: 'string' }),
  toDate: date({ mode: 'string' }),
}).as(sql`
  select 'leave'::text as module, l.id, l.employee_id, l.line_manager_id, l.one_over_one_id,
         l.status_id::integer as status_id, l.updated_at as waiting_since,
         t.name::text as subject, t.name_translations as subject_translations, l.from_date, l.to_date
    from leaves l join leave_types t on t.id = l.type_id
  union all
  select 'remote-work', r.id, r.employee_id, r.line_manager_id, r.one_over_one_id,
         r.status_id::integer, r.updated_at, t.name::text, t.name_translations, r.from_date, r.to_date
    from remote_works r join remote_work_types t on t.id = r.type_id
  union all
  select 'hr-service', s.id, s.employee_id, s.line_manager_id, s.one_over_one_id,
         s.status_id::integer, s.updated_at, c.name::text, c.name_translations, s.issue_date, null::date
    from service_requests s join service_categories c on c.value = s.category
  union all
  select 'kpi', k.id, k.employee_id, k.line_manager_id, k.one_over_one_id,
         k.status_id::integer, k.updated_at, k.name::text, '{}'::jsonb, k.from_date, k.to_date
    from kpis k
  union all
  select 'epr', e.id, e.employee_id, e.line_manager_id, e.one_over_one_id,
         e.status_id::integer, e.updated_at, e.name::text, '{}'::jsonb, e.from_date, e.to_date
    from eprs e`);

/**
 * A person's decisions handed to someone else for a range of days (DESIGN.md
 * §11): while it holds, the delegator's waiting and new items are also the
 * delegate's, in every module or the chosen ones (`modules` null: all). It
 * ends by itself after `to_date`. Rules (docs/decisions.md "Delegation"):
 * not oneself, an active delegate, no two of one delegator over the same
 * days, no chains (a delegate away themselves, or a delegator standing in
 * for someone, is refused).
 */
export const delegations = pgTable(
  'delegations',
  {
    id: id(),
    delegatorId: integer()
      .notNull()
      .references(() => employees.id),
    delegateId: integer()
      .notNull()
      .references(() => employees.id),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    /** The modules handed over (approvals' module names); null: all of them. */
    modules: text().array(),
    /** Who wrote it: the delegator, or an HR administrator for them. */
    createdBy: integer().references(() => employees.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('delegations_delegate_idx').on(t.delegateId, t.toDate),
    index('delegations_delegator_idx').on(t.delegatorId, t.toDate),
    check('delegations_not_self', sql`${t.delegatorId} <> ${t.delegateId}`),
    check('delegations_days', sql`${t.fromDate} <= ${t.toDate}`),
  ],
);
export type DelegationRow = typeof delegations.$inferSelect;

/**
 * HR's reminder and escalation settings per module, in the office's working
 * days: remind the approver after `remind_after_days`, pass the item one
 * level up (line manager → O&O → HR administrators), or to `escalate_to_id`,
 * after `escalate_after_days`. Null: never.
 */
export const approvalSettings = pgTable('approval_settings', {
  module: text().primaryKey(),
  remindAfterDays: smallint(),
  escalateAfterDays: smallint(),
  escalateToId: integer().references(() => employees.id),
  updatedAt: updatedAt(),
});

/**
 * Items passed one level up because their decider let them wait: the item
 * (module, id) in the stage that began at `waiting_since` now also waits for
 * the next level (`to_level`: `one_over_one` or `admin`) or a named person.
 * The key makes the job idempotent: a stage is escalated once.
 */
export const approvalEscalations = pgTable(
  'approval_escalations',
  {
    module: text().notNull(),
    recordId: integer().notNull(),
    waitingSince: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    /** The standing whose decision it was (`line_manager`, `one_over_one`, `admin`). */
    fromLevel: text().notNull(),
    /** `one_over_one`, `admin` (every HR administrator) or `person`. */
    toLevel: text().notNull(),
    /** The person it went to (the O&O, or the named person); null for HR administrators. */
    toEmployeeId: integer().references(() => employees.id),
    escalatedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.module, t.recordId, t.waitingSince] }),
    index('approval_escalations_to_idx').on(t.toEmployeeId),
  ],
);

/** Reminders sent, one per item and day at most (the key), so a job run twice reminds once. */
export const approvalReminders = pgTable(
  'approval_reminders',
  {
    module: text().notNull(),
    recordId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    waitingSince: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.module, t.recordId, t.day] })],
);
