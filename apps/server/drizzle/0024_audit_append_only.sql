-- The audit is append-only (docs/decisions.md, "Tamper-evident audit"): rows are
-- inserted, then sealed once (the hash columns set from null), and an erasure may
-- rewrite a row's data under its redacted_by. Nothing else changes a row, and no
-- row is deleted. The hash chain shows what goes round this (the table's owner
-- can drop the trigger); the trigger stops the portal's own code from doing it.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'audit_log is append-only: rows are not deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.id, NEW.created_at, NEW.actor_user_id, NEW.actor_employee_id, NEW.impersonator_user_id,
      NEW.on_behalf_of_employee_id, NEW.action, NEW.entity, NEW.entity_id, NEW.from_status, NEW.to_status)
     IS DISTINCT FROM
     (OLD.id, OLD.created_at, OLD.actor_user_id, OLD.actor_employee_id, OLD.impersonator_user_id,
      OLD.on_behalf_of_employee_id, OLD.action, OLD.entity, OLD.entity_id, OLD.from_status, OLD.to_status) THEN
    RAISE EXCEPTION 'audit_log is append-only: row % keeps what it records', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.hash IS NOT NULL
     AND (NEW.content_hash, NEW.prev_hash, NEW.hash) IS DISTINCT FROM (OLD.content_hash, OLD.prev_hash, OLD.hash) THEN
    RAISE EXCEPTION 'audit_log is append-only: row % is sealed', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.redacted_by IS NOT NULL AND NEW.redacted_by IS NULL THEN
    RAISE EXCEPTION 'audit_log is append-only: row % stays redacted', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.hash IS NOT NULL AND NEW.data IS DISTINCT FROM OLD.data AND NEW.redacted_by IS NULL THEN
    RAISE EXCEPTION 'audit_log is append-only: sealed row % changes only by a redaction', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
