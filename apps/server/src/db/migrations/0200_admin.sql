-- Back-office operators, their sessions and the audit log.
CREATE TABLE operators (
  id serial PRIMARY KEY,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  totp_secret text NOT NULL,
  -- The last 30-second TOTP step accepted: a code is never accepted twice.
  totp_last_step bigint NOT NULL DEFAULT 0,
  role text NOT NULL,
  must_change_password boolean NOT NULL DEFAULT false,
  disabled boolean NOT NULL DEFAULT false,
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE operator_sessions (
  token_hash text PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  ip text,
  user_agent text
);
CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  operator_id integer REFERENCES operators (id),
  operator_name text NOT NULL,
  action text NOT NULL,
  entity_type text NOT NULL,
  entity_id text,
  before jsonb,
  after jsonb,
  ip text
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, id DESC);

-- The audit log is append-only: no update or delete, whoever asks.
CREATE FUNCTION audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_immutable();
