import { sql } from 'drizzle-orm';
import { date, integer, jsonb, pgView, text, timestamp } from 'drizzle-orm/pg-core';

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
