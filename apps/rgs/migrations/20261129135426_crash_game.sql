-- The crash game (docs/crash.md): shared rounds on the round engine whose crash points come
-- from a hash chain made in advance, and the players' bets with their cash-outs.

-- A room's hash chain: the secret seed (h0), its length, the public salt and the terminating
-- hash h(length) published before the first round. Round n uses h(length - n).
CREATE TABLE rgs.crash_chains (
  id text PRIMARY KEY,
  seed text NOT NULL,
  salt text NOT NULL,
  length integer NOT NULL CHECK (length > 0),
  terminating_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rgs.crash_rooms (
  id text PRIMARY KEY,
  name jsonb NOT NULL,
  vendor text NOT NULL DEFAULT 'PNC',
  chain_id text NOT NULL REFERENCES rgs.crash_chains (id),
  -- Bets are taken this long, then the curve starts; the pause after a crash before the next.
  betting_ms integer NOT NULL DEFAULT 7000 CHECK (betting_ms BETWEEN 500 AND 600000),
  pause_ms integer NOT NULL DEFAULT 3000 CHECK (pause_ms BETWEEN 0 AND 600000),
  -- Stake limits of one bet (centavos); one bet per player per round.
  min_bet bigint NOT NULL DEFAULT 100 CHECK (min_bet > 0),
  max_bet bigint NOT NULL DEFAULT 1000000 CHECK (max_bet >= min_bet),
  opens_at time,
  closes_at time,
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- betting → flying → settled; void (every bet rolled back) only while betting.
CREATE TABLE rgs.crash_rounds (
  id uuid PRIMARY KEY,
  room_id text NOT NULL REFERENCES rgs.crash_rooms (id),
  round_no bigint NOT NULL,
  status text NOT NULL,
  -- The round's chain hash (shown once crashed) and its SHA-256 (the previous round's hash).
  seed text NOT NULL,
  seed_hash text NOT NULL,
  chain_id text NOT NULL,
  -- The chain's public salt (the crash point is HMAC-SHA256(seed, salt), docs/crash.md).
  salt text NOT NULL,
  opens_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  -- Set when betting closes: the crash point (x100), the curve's start and the crash instant.
  crash_x100 integer,
  started_at timestamptz,
  crash_at timestamptz,
  settled_at timestamptz,
  bets_total bigint NOT NULL DEFAULT 0,
  wins_total bigint NOT NULL DEFAULT 0,
  UNIQUE (room_id, round_no)
);
CREATE INDEX crash_rounds_room_idx ON rgs.crash_rounds (room_id, round_no DESC);

-- One player's bet in a round: ONE debit; ONE credit (0.00 included) or ONE rollback.
-- debit_pending → placed → credit_pending (cashed out, or decided at the crash) → settled.
CREATE TABLE rgs.crash_bets (
  id uuid PRIMARY KEY,
  round_id uuid NOT NULL REFERENCES rgs.crash_rounds (id),
  room_id text NOT NULL,
  session_id uuid NOT NULL REFERENCES rgs.sessions (id),
  request_id text NOT NULL,
  player_id bigint NOT NULL,
  vendor text NOT NULL,
  currency text NOT NULL,
  total bigint NOT NULL CHECK (total > 0),
  -- The automatic cash-out asked (x100, null: none) and the cash-out taken (x100) and when.
  auto_x100 integer CHECK (auto_x100 IS NULL OR auto_x100 > 100),
  cashout_x100 integer,
  cashed_at timestamptz,
  win bigint,
  status text NOT NULL,
  balance bigint,
  error_code text,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (session_id, request_id)
);
-- One bet per player per round (a repeated request answers the first through the key above).
CREATE UNIQUE INDEX crash_bets_one_per_round ON rgs.crash_bets (round_id, player_id)
  WHERE status NOT IN ('refused', 'rollback_pending', 'rolled_back');
CREATE INDEX crash_bets_round_idx ON rgs.crash_bets (round_id, player_id);
CREATE INDEX crash_bets_player_idx ON rgs.crash_bets (player_id, created_at DESC);
CREATE INDEX crash_bets_pending_idx ON rgs.crash_bets (next_attempt_at)
  WHERE status IN ('debit_pending', 'credit_pending', 'rollback_pending');
