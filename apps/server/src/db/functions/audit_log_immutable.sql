-- The audit log is append-only: no update or delete, whoever asks.
-- Trigger audit_log_no_change (BEFORE UPDATE OR DELETE on audit_log) calls it.
CREATE OR REPLACE FUNCTION audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
