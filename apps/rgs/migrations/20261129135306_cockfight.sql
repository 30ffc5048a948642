-- Cockfight (sabong) pools, vendor SV3: an operator schedules an event (arena, day, the HLS
-- video) and its fights; players bet meron, wala or draw into pari-mutuel pools
-- (@panalo/game-math cockfight/index.ts); the operator opens and closes betting, declares the
-- result and a second operator confirms it (four eyes) before anything is paid.

CREATE TABLE rgs.cockfight_events (
  id uuid PRIMARY KEY,
  vendor text NOT NULL DEFAULT 'SV3',
  arena text NOT NULL,
  event_date date NOT NULL,
  video_url text NOT NULL,
  -- The plasada (basis points of the meron+wala pool) and the draw's fixed multiple (x100),
  -- copied onto each fight when it is scheduled (a later edit applies to later fights).
  plasada_bp integer NOT NULL DEFAULT 500 CHECK (plasada_bp BETWEEN 0 AND 2000),
  draw_pays_x100 integer NOT NULL DEFAULT 800 CHECK (draw_pays_x100 BETWEEN 100 AND 10000),
  min_bet bigint NOT NULL DEFAULT 1000 CHECK (min_bet > 0),
  max_bet bigint NOT NULL DEFAULT 5000000 CHECK (max_bet >= min_bet),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cockfight_events_date_idx ON rgs.cockfight_events (event_date DESC);

-- scheduled → open → closed → settled. The result is declared on a closed fight (declared_*)
-- and only a different operator's confirmation settles it (confirmed_*, status settled).
CREATE TABLE rgs.cockfight_fights (
  id uuid PRIMARY KEY,
  event_id uuid NOT NULL REFERENCES rgs.cockfight_events (id),
  fight_no integer NOT NULL CHECK (fight_no > 0),
  -- {"owner": "...", "weight": "2.1 kg", "record": "3-1"}
  meron jsonb NOT NULL,
  wala jsonb NOT NULL,
  status text NOT NULL DEFAULT 'scheduled'
    CHECK (status IN ('scheduled', 'open', 'closed', 'settled')),
  plasada_bp integer NOT NULL,
  draw_pays_x100 integer NOT NULL,
  min_bet bigint NOT NULL,
  max_bet bigint NOT NULL,
  opened_at timestamptz,
  -- Betting stops at this instant even if no operator closes it (null: only by the operator).
  closes_at timestamptz,
  closed_at timestamptz,
  -- The live pools: placed bets' stakes (moved with each bet's debit answer).
  pool_meron bigint NOT NULL DEFAULT 0,
  pool_wala bigint NOT NULL DEFAULT 0,
  pool_draw bigint NOT NULL DEFAULT 0,
  declared_result text CHECK (declared_result IN ('meron', 'wala', 'draw', 'cancelled')),
  declared_by text,
  declared_at timestamptz,
  confirmed_by text,
  confirmed_at timestamptz,
  -- At settlement: the plasada kept, the rounding remainder kept, what one peso on the winning
  -- side returned (centavos), and the total paid.
  commission bigint,
  remainder bigint,
  odds_paid bigint,
  wins_total bigint NOT NULL DEFAULT 0,
  settled_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (event_id, fight_no),
  CHECK (confirmed_by IS NULL OR confirmed_by <> declared_by)
);

-- One bet: ONE debit, then ONE credit (the win, the refund, or 0.00), or a rollback.
-- debit_pending → placed → credit_pending → settled; refused; rollback_pending → rolled_back.
CREATE TABLE rgs.cockfight_bets (
  id uuid PRIMARY KEY,
  fight_id uuid NOT NULL REFERENCES rgs.cockfight_fights (id),
  event_id uuid NOT NULL,
  -- The catalogue's game code the bet was taken under (the platform's betting record).
  game_code text NOT NULL,
  session_id uuid NOT NULL REFERENCES rgs.sessions (id),
  request_id text NOT NULL,
  player_id bigint NOT NULL,
  vendor text NOT NULL,
  currency text NOT NULL,
  side text NOT NULL CHECK (side IN ('meron', 'wala', 'draw')),
  total bigint NOT NULL CHECK (total > 0),
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
CREATE INDEX cockfight_bets_fight_idx ON rgs.cockfight_bets (fight_id, player_id);
CREATE INDEX cockfight_bets_pending_idx ON rgs.cockfight_bets (next_attempt_at)
  WHERE status IN ('debit_pending', 'credit_pending', 'rollback_pending');
