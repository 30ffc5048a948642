-- Failed-attempt counters that hold under parallel requests.
-- A member's own row keeps its failures (failed_logins, locked_until, and now the end of the
-- counting window); every other counted name (unknown usernames, transaction passwords,
-- addresses) has a row here with the same three columns, so both are counted by the same
-- conditional statement (lib/attempts.ts).
ALTER TABLE members ADD COLUMN fail_window_until timestamptz;

CREATE TABLE login_attempts (
  scope text NOT NULL,
  key text NOT NULL,
  failed_logins integer NOT NULL DEFAULT 0,
  fail_window_until timestamptz NOT NULL,
  locked_until timestamptz,
  PRIMARY KEY (scope, key)
);
-- Rows whose window and lock ended long ago are purged by the window's end.
CREATE INDEX login_attempts_window_idx ON login_attempts (fail_window_until);
