-- Lottery and e-lottery, sold under vendor TCG_SEA. Games and their operator settings,
-- draws (numeros) with commit-reveal seeds, slips (one debit each), bets, per-combination
-- liability, credits owed per slip and draw, and the operators' edits.

-- One row per game: schedule, cut-off, prize table, stake and liability limits (minor units).
CREATE TABLE rgs.lottery_games (
  code text PRIMARY KEY,
  name text NOT NULL,
  game_type text NOT NULL CHECK (game_type IN ('LOTT', 'ELOTT')),
  tag text NOT NULL,
  schedule jsonb NOT NULL,
  cutoff_seconds integer NOT NULL CHECK (cutoff_seconds >= 0),
  prize_table jsonb NOT NULL,
  min_stake bigint NOT NULL CHECK (min_stake > 0),
  max_stake bigint NOT NULL CHECK (max_stake >= min_stake),
  liability_limit bigint NOT NULL CHECK (liability_limit > 0),
  cancel_allowed boolean NOT NULL DEFAULT false,
  enabled boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);

-- Every prize table a game has had: a bet is paid by the one in force when it was placed.
CREATE TABLE rgs.lottery_prize_tables (
  id bigserial PRIMARY KEY,
  game_code text NOT NULL REFERENCES rgs.lottery_games (code),
  prize_table jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lottery_prize_tables_game_idx ON rgs.lottery_prize_tables (game_code, id DESC);

-- A draw: created ahead by the scheduler (sales open at once, the seed's hash public), drawn
-- once at draw_at (result and seed revealed), settled when every bet is decided and paid.
CREATE TABLE rgs.lottery_draws (
  id bigserial PRIMARY KEY,
  game_code text NOT NULL REFERENCES rgs.lottery_games (code),
  draw_no text NOT NULL UNIQUE,
  draw_at timestamptz NOT NULL,
  cutoff_at timestamptz NOT NULL,
  seed text NOT NULL,
  seed_hash text NOT NULL,
  result integer[],
  status text NOT NULL CHECK (status IN ('open', 'drawn', 'settled')),
  drawn_at timestamptz,
  settled_at timestamptz,
  -- When every bet then open was decided and the slips' credits written (again if a late bet opens).
  decided_at timestamptz,
  -- Whoever settles the draw holds it until then (another worker takes over after).
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (game_code, draw_at)
);
CREATE INDEX lottery_draws_due_idx ON rgs.lottery_draws (draw_at) WHERE status = 'open';
CREATE INDEX lottery_draws_drawn_idx ON rgs.lottery_draws (draw_at) WHERE status = 'drawn';
CREATE INDEX lottery_draws_game_idx ON rgs.lottery_draws (game_code, draw_at DESC);

-- A slip: many bets, one debit (transaction <slip id>:bet, round id = slip id).
-- debit_pending → placed | refused | rollback_pending → rolled_back | cancelled.
CREATE TABLE rgs.lottery_slips (
  id uuid PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES rgs.sessions (id),
  request_id text NOT NULL,
  player_id bigint NOT NULL,
  vendor text NOT NULL,
  currency text NOT NULL,
  total bigint NOT NULL CHECK (total > 0),
  status text NOT NULL,
  cancel_requested boolean NOT NULL DEFAULT false,
  balance bigint,
  error_code text,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (session_id, request_id)
);
CREATE INDEX lottery_slips_pending_idx ON rgs.lottery_slips (next_attempt_at)
  WHERE status IN ('debit_pending', 'rollback_pending');
CREATE INDEX lottery_slips_player_idx ON rgs.lottery_slips (player_id, created_at DESC);

-- One selection on one draw. pending (slip not yet paid) → open → won | lost, or cancelled.
CREATE TABLE rgs.lottery_bets (
  id bigserial PRIMARY KEY,
  slip_id uuid NOT NULL REFERENCES rgs.lottery_slips (id),
  draw_id bigint NOT NULL REFERENCES rgs.lottery_draws (id),
  game_code text NOT NULL,
  player_id bigint NOT NULL,
  bet_type text NOT NULL CHECK (bet_type IN ('straight', 'rambolito', 'pick')),
  selection integer[] NOT NULL,
  stake bigint NOT NULL CHECK (stake > 0),
  prize_table_id bigint NOT NULL REFERENCES rgs.lottery_prize_tables (id),
  -- What the bet wins on each combination it covers (the liability it holds), and at most.
  exposure bigint NOT NULL,
  potential_win bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'open', 'won', 'lost', 'cancelled')),
  win bigint,
  settled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lottery_bets_draw_open_idx ON rgs.lottery_bets (draw_id, id) WHERE status IN ('pending', 'open');
CREATE INDEX lottery_bets_draw_idx ON rgs.lottery_bets (draw_id, slip_id);
CREATE INDEX lottery_bets_slip_idx ON rgs.lottery_bets (slip_id);
CREATE INDEX lottery_bets_player_idx ON rgs.lottery_bets (player_id, id DESC);

-- Total potential payout per combination of a draw (checked against the game's limit).
CREATE TABLE rgs.lottery_liability (
  draw_id bigint NOT NULL REFERENCES rgs.lottery_draws (id),
  combination text NOT NULL,
  exposure bigint NOT NULL CHECK (exposure >= 0),
  PRIMARY KEY (draw_id, combination)
);

-- What a slip won on one draw, owed to the player until the platform acknowledges it
-- (transaction <slip id>:<draw no>:win). A zero credit closes the slip's round on its last draw.
CREATE TABLE rgs.lottery_credits (
  slip_id uuid NOT NULL REFERENCES rgs.lottery_slips (id),
  draw_id bigint NOT NULL REFERENCES rgs.lottery_draws (id),
  player_id bigint NOT NULL,
  amount bigint NOT NULL CHECK (amount >= 0),
  round_closed boolean NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'paid')),
  balance bigint,
  error_code text,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  paid_at timestamptz,
  PRIMARY KEY (slip_id, draw_id)
);
CREATE INDEX lottery_credits_pending_idx ON rgs.lottery_credits (next_attempt_at) WHERE status = 'pending';
CREATE INDEX lottery_credits_draw_idx ON rgs.lottery_credits (draw_id) WHERE status = 'pending';

-- The operators' edits of lottery settings (names come from the platform's signed call).
CREATE TABLE rgs.lottery_audit (
  id bigserial PRIMARY KEY,
  operator text NOT NULL,
  action text NOT NULL,
  target text NOT NULL,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lottery_liability_top_idx ON rgs.lottery_liability (draw_id, exposure DESC);
