-- The RGS's own tables, in a schema of their own: the platform's tables are never touched
-- (ARCHITECTURE.md "The RGS never touches the platform's database").
CREATE SCHEMA IF NOT EXISTS rgs;

-- Provably fair seed pairs, one active per player. The nonce counts the rounds on the pair.
CREATE TABLE rgs.seeds (
  id bigserial PRIMARY KEY,
  player_id bigint NOT NULL,
  server_seed text NOT NULL,
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  nonce integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  revealed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX seeds_active_idx ON rgs.seeds (player_id) WHERE active;

-- A game session: one launch of one game by one player, holding the launch token the
-- platform asks for on every debit.
CREATE TABLE rgs.sessions (
  id uuid PRIMARY KEY,
  player_id bigint NOT NULL,
  vendor text NOT NULL,
  game_id text NOT NULL,
  currency text NOT NULL,
  token text NOT NULL,
  lang text NOT NULL DEFAULT 'TY',
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every round and where its money stands with the platform:
-- debit_pending → credit_pending → settled, or refused, or rollback_pending → rolled_back.
CREATE TABLE rgs.rounds (
  id uuid PRIMARY KEY,
  -- Play order (timestamps of quick rounds can tie).
  seq bigserial NOT NULL,
  session_id uuid NOT NULL REFERENCES rgs.sessions (id),
  request_id text NOT NULL,
  player_id bigint NOT NULL,
  vendor text NOT NULL,
  game_id text NOT NULL,
  currency text NOT NULL,
  bet_per_line bigint NOT NULL,
  bet bigint NOT NULL,
  win bigint,
  seed_id bigint NOT NULL REFERENCES rgs.seeds (id),
  nonce integer NOT NULL,
  status text NOT NULL,
  outcome jsonb,
  balance bigint,
  error_code text,
  attempts integer NOT NULL DEFAULT 0,
  -- A lease: no worker touches the round before this time (the spin itself holds it first).
  next_attempt_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (session_id, request_id)
);
CREATE INDEX rounds_player_idx ON rgs.rounds (player_id, seq DESC);
CREATE INDEX rounds_pending_idx ON rgs.rounds (next_attempt_at)
  WHERE status IN ('debit_pending', 'credit_pending', 'rollback_pending');

-- Every call made to the platform and what came back (the audit trail of the outbox above).
CREATE TABLE rgs.protocol_calls (
  id bigserial PRIMARY KEY,
  round_id uuid,
  call text NOT NULL,
  transaction_id text,
  http_status integer,
  result text NOT NULL,
  code text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX protocol_calls_round_idx ON rgs.protocol_calls (round_id);
