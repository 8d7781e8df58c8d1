-- One shape for a change of values in audit_log.data (lib/audit.ts ChangeData):
-- "changes": { field: { "before": value, "after": value } } and "fields", their names in order.
-- A value is a text, a number, a boolean or null; a list or an object is kept as its JSON text.
--
-- 1. Reference data wrote "changes": { field: { "from", "to" } }.
UPDATE "audit_log" AS a
SET "data" = jsonb_set(a."data", '{changes}', (
  SELECT jsonb_object_agg(
    c.key,
    CASE
      WHEN jsonb_typeof(c.value) = 'object' AND (c.value ? 'from' OR c.value ? 'to') THEN jsonb_build_object(
        'before', CASE
          WHEN jsonb_typeof(c.value -> 'from') IN ('array', 'object') THEN to_jsonb((c.value -> 'from')::text)
          WHEN c.value -> 'from' = '""'::jsonb THEN 'null'::jsonb
          ELSE coalesce(c.value -> 'from', 'null'::jsonb)
        END,
        'after', CASE
          WHEN jsonb_typeof(c.value -> 'to') IN ('array', 'object') THEN to_jsonb((c.value -> 'to')::text)
          WHEN c.value -> 'to' = '""'::jsonb THEN 'null'::jsonb
          ELSE coalesce(c.value -> 'to', 'null'::jsonb)
        END
      )
      ELSE c.value
    END
  )
  FROM jsonb_each(a."data" -> 'changes') AS c(key, value)
))
WHERE jsonb_typeof(a."data" -> 'changes') = 'object'
  AND EXISTS (
    SELECT 1 FROM jsonb_each(a."data" -> 'changes') AS c(key, value)
    WHERE jsonb_typeof(c.value) = 'object'
      AND (c.value ? 'from' OR c.value ? 'to')
      AND NOT (c.value ? 'before' OR c.value ? 'after')
  );
--> statement-breakpoint
-- 2. KPI objectives and objective KPIs wrote the item's fields whole: "before": {...}, "after": {...}.
--    The fields whose value differs become the changes (a field one side did not keep counts as null).
UPDATE "audit_log" AS a
SET "data" = (a."data" - 'before' - 'after') || jsonb_build_object('changes', coalesce((
  SELECT jsonb_object_agg(
    k.key,
    jsonb_build_object(
      'before', coalesce(a."data" -> 'before' -> k.key, 'null'::jsonb),
      'after', coalesce(a."data" -> 'after' -> k.key, 'null'::jsonb)
    )
  )
  FROM (
    SELECT jsonb_object_keys(a."data" -> 'before')
    UNION
    SELECT jsonb_object_keys(a."data" -> 'after')
  ) AS k(key)
  WHERE coalesce(a."data" -> 'before' -> k.key, 'null'::jsonb)
    IS DISTINCT FROM coalesce(a."data" -> 'after' -> k.key, 'null'::jsonb)
), '{}'::jsonb))
WHERE jsonb_typeof(a."data" -> 'before') = 'object'
  AND jsonb_typeof(a."data" -> 'after') = 'object'
  AND NOT a."data" ? 'changes';
--> statement-breakpoint
-- 3. A person's company or office wrote the ids of the change as "from" and "to" beside the changes
--    of the names: they are "ids": { company | office: { "before", "after" } } now.
UPDATE "audit_log" AS a
SET "data" = (a."data" - 'from' - 'to') || jsonb_build_object(
  'ids', jsonb_build_object(
    CASE a."action" WHEN 'assign_company' THEN 'company' ELSE 'office' END,
    jsonb_build_object(
      'before', coalesce(a."data" -> 'from', 'null'::jsonb),
      'after', coalesce(a."data" -> 'to', 'null'::jsonb)
    )
  )
)
WHERE a."entity" = 'employee'
  AND a."action" IN ('assign_company', 'assign_office')
  AND (a."data" ? 'from' OR a."data" ? 'to');
--> statement-breakpoint
-- 4. Every row with changes names their fields (in the order the database keeps them, where the
--    writer did not say).
UPDATE "audit_log" AS a
SET "data" = a."data" || jsonb_build_object(
  'fields', (SELECT coalesce(jsonb_agg(k.key), '[]'::jsonb) FROM jsonb_object_keys(a."data" -> 'changes') AS k(key))
)
WHERE jsonb_typeof(a."data" -> 'changes') = 'object'
  AND NOT a."data" ? 'fields';
