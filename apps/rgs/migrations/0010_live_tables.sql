-- Live tables: shared rounds many players bet on at once.
CREATE TABLE rgs.live_tables (
  id text PRIMARY KEY,
  -- baccarat | baccarat_nc | roulette | dragon_tiger | sicbo (@panalo/game-math tables/index.ts)
  game text NOT NULL,
  name jsonb NOT NULL,
  vendor text NOT NULL DEFAULT 'PNL',
  betting_ms integer NOT NULL DEFAULT 15000 CHECK (betting_ms BETWEEN 1000 AND 120000),
  pause_ms integer NOT NULL DEFAULT 5000 CHECK (pause_ms BETWEEN 200 AND 60000),
  -- The operator's chip values (minor units), smallest first.
  chips bigint[] NOT NULL,
  -- Every spot's stake per player per round is between min_bet and max_bet, unless `limits`
  -- names the spot's kind ("tie", "straight", "total", …): {"tie": {"min": 100, "max": 50000}}.
  min_bet bigint NOT NULL CHECK (min_bet > 0),
  max_bet bigint NOT NULL CHECK (max_bet >= min_bet),
  limits jsonb NOT NULL DEFAULT '{}',
  -- Opening hours in Asia/Manila (both null: always open); a window may cross midnight.
  opens_at time,
  closes_at time,
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Who runs a table: one process holds the lease row and renews it; another takes it over only
-- after it expired. Every change a leader makes to a round checks it still holds the lease.
CREATE TABLE rgs.table_leases (
  table_id text PRIMARY KEY REFERENCES rgs.live_tables (id),
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- betting → closed → settling → settled, or void (every bet rolled back).
CREATE TABLE rgs.table_rounds (
  id uuid PRIMARY KEY,
  table_id text NOT NULL REFERENCES rgs.live_tables (id),
  round_no bigint NOT NULL,
  game text NOT NULL,
  status text NOT NULL,
  -- The outcome's seed (32 random bytes, hex), shown only once the round is revealed; its
  -- SHA-256 is published when betting opens.
  seed text NOT NULL,
  seed_hash text NOT NULL,
  opens_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  outcome jsonb,
  revealed_at timestamptz,
  settled_at timestamptz,
  bets_total bigint NOT NULL DEFAULT 0,
  wins_total bigint NOT NULL DEFAULT 0,
  UNIQUE (table_id, round_no)
);
CREATE INDEX table_rounds_table_idx ON rgs.table_rounds (table_id, round_no DESC);
CREATE INDEX table_rounds_open_idx ON rgs.table_rounds (table_id) WHERE status IN ('betting', 'closed', 'settling');

-- One player's bets of one request: one debit, one credit (0.00 included: it closes the round
-- in the betting record), or one rollback. debit_pending → placed → credit_pending → settled;
-- refused; rollback_pending → rolled_back.
CREATE TABLE rgs.table_bets (
  id uuid PRIMARY KEY,
  round_id uuid NOT NULL REFERENCES rgs.table_rounds (id),
  table_id text NOT NULL,
  session_id uuid NOT NULL REFERENCES rgs.sessions (id),
  request_id text NOT NULL,
  player_id bigint NOT NULL,
  vendor text NOT NULL,
  currency text NOT NULL,
  bets jsonb NOT NULL,
  total bigint NOT NULL,
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
CREATE INDEX table_bets_round_idx ON rgs.table_bets (round_id, player_id);
CREATE INDEX table_bets_player_idx ON rgs.table_bets (player_id, created_at DESC);
CREATE INDEX table_bets_pending_idx ON rgs.table_bets (next_attempt_at)
  WHERE status IN ('debit_pending', 'credit_pending', 'rollback_pending');
