-- The sportsbook: sports and e-sports, leagues, teams, matches, markets and their
-- outcomes with versioned odds, fed by a feed adapter (the simulator or a Sportradar-UOF-like
-- feed); bets with legs whose money moves as provider transactions of the in-house vendors
-- PNSB (sports) and PNES (e-sports), so valid bets, rebates, agents' figures and the betting
-- record count them as every other game.
CREATE TABLE sb_sports (
  code text PRIMARY KEY,
  name text NOT NULL,
  -- SPORTS or ESPORTS (the game catalogue's categories, spec §3)
  category text NOT NULL CHECK (category IN ('SPORTS', 'ESPORTS')),
  enabled boolean NOT NULL DEFAULT true,
  -- The book's margin on the feed's fair prices, in basis points.
  margin_bp integer NOT NULL DEFAULT 500 CHECK (margin_bp BETWEEN 0 AND 3000),
  min_stake bigint NOT NULL DEFAULT 1000 CHECK (min_stake > 0),
  max_stake bigint NOT NULL DEFAULT 5000000 CHECK (max_stake >= min_stake),
  sort_order integer NOT NULL DEFAULT 0
);

-- The book's own settings: one row.
CREATE TABLE sb_book (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  max_legs integer NOT NULL DEFAULT 12 CHECK (max_legs BETWEEN 2 AND 20),
  live_delay_ms integer NOT NULL DEFAULT 3000 CHECK (live_delay_ms BETWEEN 0 AND 15000),
  cashout_margin_bp integer NOT NULL DEFAULT 500 CHECK (cashout_margin_bp BETWEEN 0 AND 5000),
  max_payout bigint NOT NULL DEFAULT 100000000 CHECK (max_payout > 0)
);
INSERT INTO sb_book DEFAULT VALUES;

CREATE TABLE sb_leagues (
  id bigserial PRIMARY KEY,
  ext_id text NOT NULL UNIQUE,
  sport text NOT NULL REFERENCES sb_sports (code),
  name text NOT NULL,
  country text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE sb_teams (
  id bigserial PRIMARY KEY,
  ext_id text NOT NULL UNIQUE,
  sport text NOT NULL REFERENCES sb_sports (code),
  name text NOT NULL
);

CREATE TABLE sb_matches (
  id bigserial PRIMARY KEY,
  ext_id text NOT NULL UNIQUE,
  league_id bigint NOT NULL REFERENCES sb_leagues (id),
  home_id bigint NOT NULL REFERENCES sb_teams (id),
  away_id bigint NOT NULL REFERENCES sb_teams (id),
  start_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'not_started'
    CHECK (status IN ('not_started', 'live', 'ended', 'closed', 'cancelled')),
  enabled boolean NOT NULL DEFAULT true,
  -- Suspended by a trader: no bet on any of its markets.
  suspended boolean NOT NULL DEFAULT false,
  hot boolean NOT NULL DEFAULT false,
  score_home integer NOT NULL DEFAULT 0,
  score_away integer NOT NULL DEFAULT 0,
  ht_home integer,
  ht_away integer,
  minute integer,
  period text NOT NULL DEFAULT '',
  -- The feed timestamp (ms) of the last status applied: older messages do not move it back.
  status_ts bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sb_matches_start_idx ON sb_matches (start_at) WHERE status IN ('not_started', 'live');
CREATE INDEX sb_matches_league_idx ON sb_matches (league_id, start_at);

CREATE TABLE sb_markets (
  id bigserial PRIMARY KEY,
  match_id bigint NOT NULL REFERENCES sb_matches (id),
  -- The feed's market id and specifiers ("18|total=2.5"): one market per match.
  ext_key text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('1x2', 'moneyline', 'handicap', 'total', 'correct_score')),
  period text NOT NULL DEFAULT 'ft' CHECK (period IN ('ft', '1h')),
  -- Handicap (home side's) or total line in quarters (−0.25 → −1, 2.5 → 10).
  line_q integer,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'settled', 'cancelled')),
  -- A trader's suspension, apart from the feed's.
  trader_suspended boolean NOT NULL DEFAULT false,
  -- Counts suspensions: a live bet accepted after its delay must see the same count.
  suspend_seq integer NOT NULL DEFAULT 0,
  min_stake bigint,
  max_stake bigint,
  -- Feed timestamps (ms) of the last odds, settlement and rollback applied (out-of-order safety).
  odds_ts bigint NOT NULL DEFAULT 0,
  settled_ts bigint NOT NULL DEFAULT 0,
  rollback_ts bigint NOT NULL DEFAULT 0,
  UNIQUE (match_id, ext_key)
);

CREATE TABLE sb_outcomes (
  id bigserial PRIMARY KEY,
  market_id bigint NOT NULL REFERENCES sb_markets (id),
  code text NOT NULL,
  name text NOT NULL,
  -- Decimal odds in thousandths (1.950 → 1950), with the book's margin.
  odds integer NOT NULL CHECK (odds > 1000),
  odds_version integer NOT NULL DEFAULT 1,
  active boolean NOT NULL DEFAULT true,
  -- The feed's result: {"won":bool,"voidPermille":0|500|1000,"deadHeat":[n,d]}; null while open.
  result jsonb,
  UNIQUE (market_id, code)
);

CREATE TABLE sb_bets (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  idempotency_key text NOT NULL,
  currency text NOT NULL,
  vendor text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('single', 'parlay', 'system')),
  system_code text,
  stake bigint NOT NULL CHECK (stake > 0),
  stake_per_line bigint NOT NULL CHECK (stake_per_line > 0),
  potential bigint NOT NULL,
  live boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled', 'void', 'cashed_out')),
  -- The bet's return by its legs' results (the cash-out amount when cashed out).
  payout bigint,
  -- What this settlement paid (the return less an earlier debt): what a rollback takes back.
  paid bigint NOT NULL DEFAULT 0,
  -- What a settlement rollback could not take back (the member had spent it): netted next time.
  debt bigint NOT NULL DEFAULT 0,
  -- Each settlement (and each rollback) raises it: the ledger keys carry it, so each runs once.
  settle_version integer NOT NULL DEFAULT 0,
  placed_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  UNIQUE (member_id, idempotency_key)
);
CREATE INDEX sb_bets_member_idx ON sb_bets (member_id, placed_at DESC);
CREATE INDEX sb_bets_open_idx ON sb_bets (id) WHERE status = 'open';

CREATE TABLE sb_bet_legs (
  bet_id bigint NOT NULL REFERENCES sb_bets (id),
  idx integer NOT NULL,
  outcome_id bigint NOT NULL REFERENCES sb_outcomes (id),
  market_id bigint NOT NULL REFERENCES sb_markets (id),
  match_id bigint NOT NULL REFERENCES sb_matches (id),
  odds integer NOT NULL,
  PRIMARY KEY (bet_id, idx)
);
CREATE INDEX sb_bet_legs_market_idx ON sb_bet_legs (market_id, bet_id);
CREATE INDEX sb_bet_legs_outcome_idx ON sb_bet_legs (outcome_id);

-- Every feed message applied once: a repeat (same event, kind and timestamp) is ignored.
CREATE TABLE sb_feed_messages (
  source text NOT NULL,
  event_id text NOT NULL,
  kind text NOT NULL,
  ts bigint NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source, event_id, kind, ts)
);

-- Per-player limits set by a trader.
CREATE TABLE sb_player_limits (
  member_id bigint PRIMARY KEY REFERENCES members (id),
  max_stake bigint NOT NULL CHECK (max_stake > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Manual settlement or void when the feed fails: asked by one trader, done by another.
CREATE TABLE sb_manual_actions (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('settle', 'void')),
  match_id bigint NOT NULL REFERENCES sb_matches (id),
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  requested_by bigint NOT NULL,
  requested_name text NOT NULL,
  decided_by bigint,
  decided_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK (decided_by IS NULL OR decided_by <> requested_by)
);

INSERT INTO sb_sports (code, name, category, sort_order) VALUES
  ('football', 'Football', 'SPORTS', 1),
  ('basketball', 'Basketball', 'SPORTS', 2),
  ('baseball', 'Baseball', 'SPORTS', 3),
  ('tennis', 'Tennis', 'SPORTS', 4),
  ('volleyball', 'Volleyball', 'SPORTS', 5),
  ('boxing', 'Boxing', 'SPORTS', 6),
  ('dota2', 'Dota 2', 'ESPORTS', 7),
  ('lol', 'League of Legends', 'ESPORTS', 8),
  ('cs', 'Counter-Strike', 'ESPORTS', 9),
  ('mlbb', 'Mobile Legends', 'ESPORTS', 10);
