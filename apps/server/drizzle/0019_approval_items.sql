CREATE VIEW "public"."approval_items" AS (
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
    from eprs e);