-- Loyalty: points, VIP levels, the points mall, missions, rankings.
-- Points live in the ledger as their own currency 'PTS' (member account kind 'points'; one unit
-- is one point), so a points balance is the sum of its entries like money. These tables hold the
-- rules and the bookkeeping around them, never a second balance.

CREATE TABLE loyalty_settings (
  id integer PRIMARY KEY CHECK (id = 1),
  -- Points per minor unit of a deposit, in millionths: 10000 = 1 point per ₱1.00.
  deposit_rate_ppm integer NOT NULL DEFAULT 10000 CHECK (deposit_rate_ppm BETWEEN 0 AND 1000000),
  -- Points older than this expire (oldest first); 0 = never.
  expiry_days integer NOT NULL DEFAULT 365 CHECK (expiry_days >= 0),
  -- Conversion to cash (MCS2_convertPoint): convert_points points give convert_minor minor units.
  convert_points integer NOT NULL DEFAULT 100 CHECK (convert_points > 0),
  convert_minor bigint NOT NULL DEFAULT 100 CHECK (convert_minor >= 0),
  convert_min_points integer NOT NULL DEFAULT 100 CHECK (convert_min_points > 0),
  -- VIP: thresholds are read over this many days back; a member's level is reviewed (and may
  -- go down) once every vip_review_days.
  vip_window_days integer NOT NULL DEFAULT 30 CHECK (vip_window_days BETWEEN 1 AND 366),
  vip_review_days integer NOT NULL DEFAULT 30 CHECK (vip_review_days BETWEEN 1 AND 366),
  -- Rankings: the top 20 over this many days back.
  rank_days integer NOT NULL DEFAULT 7 CHECK (rank_days BETWEEN 1 AND 366),
  -- Accrual watermarks (settled rounds, credited deposits): each run reads from a little
  -- before them; the per-source keys make the overlap harmless.
  rounds_until timestamptz,
  deposits_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO loyalty_settings (id) VALUES (1);

-- Points per minor unit of valid bet, in millionths (10000 = 1 point per ₱1.00), per game
-- category (games.game_type) and VIP level. A level without its own row earns level 0's rate.
CREATE TABLE points_rates (
  game_type text NOT NULL,
  vip_level integer NOT NULL DEFAULT 0 CHECK (vip_level >= 0),
  rate_ppm integer NOT NULL CHECK (rate_ppm BETWEEN 0 AND 1000000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (game_type, vip_level)
);

-- One row per member that loyalty has seen: the VIP level and the sub-point remainder of the
-- valid bets already counted (carry_ppm < 1000000), so points = floor(Σ rate × valid bet).
CREATE TABLE loyalty_members (
  member_id bigint PRIMARY KEY REFERENCES members (id),
  vip_level integer NOT NULL DEFAULT 0,
  level_since timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz NOT NULL DEFAULT now(),
  carry_ppm bigint NOT NULL DEFAULT 0 CHECK (carry_ppm >= 0 AND carry_ppm < 1000000),
  points_earned bigint NOT NULL DEFAULT 0
);
CREATE INDEX loyalty_members_review_idx ON loyalty_members (reviewed_at) WHERE vip_level > 0;

-- Each settled round, once (vendor, round_id): what points, missions, VIP and rankings counted.
CREATE TABLE loyalty_rounds (
  vendor text NOT NULL,
  round_id text NOT NULL,
  member_id bigint NOT NULL,
  game_code text,
  game_type text NOT NULL,
  valid_bet bigint NOT NULL,
  won boolean NOT NULL,
  settled_at timestamptz NOT NULL,
  -- valid_bet × the rate that applied (millionths of a point)
  earn_ppm numeric NOT NULL DEFAULT 0,
  PRIMARY KEY (vendor, round_id)
);
CREATE INDEX loyalty_rounds_member_idx ON loyalty_rounds (member_id, settled_at);

-- Per member and Manila day: valid bets and deposits (VIP thresholds, rankings).
CREATE TABLE loyalty_member_days (
  member_id bigint NOT NULL,
  day date NOT NULL,
  valid_bet bigint NOT NULL DEFAULT 0,
  deposit bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, member_id)
);
CREATE INDEX loyalty_member_days_member_idx ON loyalty_member_days (member_id, day);

-- Deposits counted once.
CREATE TABLE loyalty_deposits (
  deposit_id bigint PRIMARY KEY,
  member_id bigint NOT NULL,
  amount bigint NOT NULL,
  points bigint NOT NULL,
  credited_at timestamptz NOT NULL
);

-- VIP levels and their perks (the operator's). Level 0 always exists.
CREATE TABLE vip_levels (
  level integer PRIMARY KEY CHECK (level BETWEEN 0 AND 20),
  name text NOT NULL,
  min_valid_bet bigint NOT NULL DEFAULT 0 CHECK (min_valid_bet >= 0),
  min_deposit bigint NOT NULL DEFAULT 0 CHECK (min_deposit >= 0),
  rebate_rate_ppm integer NOT NULL DEFAULT 0 CHECK (rebate_rate_ppm BETWEEN 0 AND 100000),
  withdraw_daily_max bigint CHECK (withdraw_daily_max IS NULL OR withdraw_daily_max > 0),
  withdraw_daily_count integer CHECK (withdraw_daily_count IS NULL OR withdraw_daily_count > 0),
  birthday_bonus bigint NOT NULL DEFAULT 0 CHECK (birthday_bonus >= 0),
  upgrade_bonus bigint NOT NULL DEFAULT 0 CHECK (upgrade_bonus >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO vip_levels (level, name) VALUES (0, 'VIP0');

CREATE TABLE vip_history (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  from_level integer NOT NULL,
  to_level integer NOT NULL,
  -- upgrade (at once), review (the periodic review), manual (an operator, audited)
  reason text NOT NULL CHECK (reason IN ('upgrade', 'review', 'manual')),
  operator_id integer,
  note text,
  -- Makes a review of one member in one run, or one upgrade, happen once.
  source_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vip_history_member_idx ON vip_history (member_id, id DESC);

CREATE TABLE vip_review_runs (
  period_key text PRIMARY KEY,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done')),
  reviewed integer NOT NULL DEFAULT 0,
  changed integer NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

-- The points mall.
CREATE TABLE mall_items (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('goods', 'cash', 'bonus')),
  names jsonb NOT NULL,
  descriptions jsonb NOT NULL DEFAULT '{}',
  image_url text NOT NULL DEFAULT '',
  price_points bigint NOT NULL CHECK (price_points > 0),
  -- null: unlimited; never below zero (the CHECK is the last guard; redeem decrements with WHERE stock > 0).
  stock integer CHECK (stock IS NULL OR stock >= 0),
  -- cash: minor units to the main wallet; bonus: amount under bonus_rule_id (wagering).
  amount bigint CHECK (amount IS NULL OR amount > 0),
  bonus_rule_id integer,
  member_cap integer CHECK (member_cap IS NULL OR member_cap > 0),
  period_cap integer CHECK (period_cap IS NULL OR period_cap > 0),
  cap_period text NOT NULL DEFAULT 'day' CHECK (cap_period IN ('day', 'week', 'month')),
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind = 'goods' OR amount IS NOT NULL),
  CHECK (kind <> 'bonus' OR bonus_rule_id IS NOT NULL)
);

CREATE TABLE mall_redemptions (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  item_id integer NOT NULL REFERENCES mall_items (id),
  request_id text NOT NULL,
  kind text NOT NULL,
  points bigint NOT NULL CHECK (points > 0),
  -- spec §4: in process, approved, rejected (points returned)
  status text NOT NULL CHECK (status IN ('in_process', 'approved', 'rejected')),
  address text,
  mobile text,
  tracking text,
  reason text,
  decided_by integer,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, request_id)
);
CREATE INDEX mall_redemptions_status_idx ON mall_redemptions (status, id);
CREATE INDEX mall_redemptions_member_idx ON mall_redemptions (member_id, item_id, created_at);

-- Missions: tasks in a JSON list, progress per member, mission and period.
CREATE TABLE mission_campaigns (
  id serial PRIMARY KEY,
  names jsonb NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  -- [{"rank": 1, "amount": "100.00" in minor units as text}] paid as cash rewards once at the end
  prizes jsonb NOT NULL DEFAULT '[]',
  settled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE missions (
  id serial PRIMARY KEY,
  campaign_id integer REFERENCES mission_campaigns (id),
  names jsonb NOT NULL,
  period text NOT NULL CHECK (period IN ('daily', 'weekly', 'once')),
  -- [{"type": "deposit"|"bet"|"rounds"|"wins"|"login_days"|"mission", "target": n, "gameType"?, "gameCode"?, "missionId"?}]
  tasks jsonb NOT NULL,
  prize_kind text NOT NULL CHECK (prize_kind IN ('points', 'cash', 'bonus')),
  prize_amount bigint NOT NULL CHECK (prize_amount > 0),
  bonus_rule_id integer,
  -- Leaderboard score of a completion.
  score integer NOT NULL DEFAULT 1 CHECK (score >= 0),
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE mission_progress (
  member_id bigint NOT NULL REFERENCES members (id),
  mission_id integer NOT NULL REFERENCES missions (id),
  -- the Manila day / ISO week start / 'once'
  period_key text NOT NULL,
  progress jsonb NOT NULL DEFAULT '[]',
  completed_at timestamptz,
  claimed_at timestamptz,
  seen boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, mission_id, period_key)
);
CREATE INDEX mission_progress_unseen_idx ON mission_progress (member_id) WHERE NOT seen;

-- Login days (for "log in N days running").
CREATE TABLE loyalty_login_days (
  member_id bigint NOT NULL,
  day date NOT NULL,
  PRIMARY KEY (member_id, day)
);

-- Top-20 rankings, refreshed on a schedule.
CREATE TABLE ranking_snapshots (
  kind text PRIMARY KEY CHECK (kind IN ('deposit', 'bet')),
  from_day date NOT NULL,
  to_day date NOT NULL,
  rows jsonb NOT NULL,
  refreshed_at timestamptz NOT NULL DEFAULT now()
);
