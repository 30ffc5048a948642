-- Players and agents, their sessions and login history.
CREATE TABLE members (
  id bigserial PRIMARY KEY,
  username text NOT NULL UNIQUE,
  -- E.164 without the plus: country dialing code and national number, digits only.
  mobile text UNIQUE,
  email text,
  password_hash text,
  password_changed_at timestamptz,
  -- A temporary password set by an agent or the operator must be changed before anything else.
  must_change_password boolean NOT NULL DEFAULT false,
  -- spec §4: 0 member; 1, 2, 41, 42 agents; 4 trial (play money only).
  is_agent smallint NOT NULL DEFAULT 0,
  upline_id bigint REFERENCES members (id),
  nickname text,
  real_name text,
  birthday date,
  currency text NOT NULL DEFAULT 'PHP',
  language text NOT NULL DEFAULT 'TY',
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'locked', 'closed')),
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  lock_reason text,
  first_login_done boolean NOT NULL DEFAULT false,
  register_ip text,
  register_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz
);
CREATE INDEX members_upline_idx ON members (upline_id) WHERE upline_id IS NOT NULL;

CREATE TABLE member_sessions (
  token_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  method text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  ip text,
  user_agent text
);
CREATE INDEX member_sessions_member_idx ON member_sessions (member_id);

CREATE TABLE login_history (
  id bigserial PRIMARY KEY,
  member_id bigint REFERENCES members (id) ON DELETE CASCADE,
  username text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  ip text,
  user_agent text,
  method text NOT NULL,
  success boolean NOT NULL,
  reason text
);
CREATE INDEX login_history_member_idx ON login_history (member_id, id DESC);
