-- Rebates, raffles and referrals. Each pays through the reward centre
-- (member_rewards, 0860) or, for the automatic rebate, straight through the ledger; every
-- payout has a unique key so a repeated run or claim never pays twice.

-- ---------- Rebates ----------
-- A rate on valid bets per game category (games.game_type: RNG, LIVE, SPORTS, ...) and VIP
-- level. The rebate reads the vip_level 0 rows; a VIP level's own rate is
-- vip_levels.rebate_rate_ppm, used wherever it is higher (rewards/rebate.ts).
CREATE TABLE rebate_rates (
  id serial PRIMARY KEY,
  game_type text NOT NULL,
  vip_level integer NOT NULL DEFAULT 0 CHECK (vip_level >= 0),
  -- Hundredths of a basis point (1 = 0.0001 %): 0.35 % is 3500. At most 10 %.
  rate_ppm integer NOT NULL CHECK (rate_ppm >= 0 AND rate_ppm <= 100000),
  -- A member's rebate of a period below this is not paid (nor carried).
  min_payout bigint NOT NULL DEFAULT 1 CHECK (min_payout >= 1),
  -- The most one member is paid for one category and period (null: no cap).
  max_payout bigint CHECK (max_payout IS NULL OR max_payout >= 1),
  enabled boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (game_type, vip_level)
);

-- One row: auto (the scheduler pays each closed Manila day) or manual (the day accrues into a
-- reward the player claims on manualRebate).
CREATE TABLE rebate_settings (
  id integer PRIMARY KEY CHECK (id = 1),
  mode text NOT NULL DEFAULT 'manual' CHECK (mode IN ('auto', 'manual')),
  -- Manual rebates not claimed within this many days expire.
  claim_days integer NOT NULL DEFAULT 7 CHECK (claim_days BETWEEN 1 AND 90),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO rebate_settings (id) VALUES (1);

-- One run per Manila day: whichever scheduler claims the row computes the day; the others see
-- it taken. status done ends it.
CREATE TABLE rebate_runs (
  day date PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('running', 'done')),
  mode text NOT NULL,
  members integer NOT NULL DEFAULT 0,
  lines integer NOT NULL DEFAULT 0,
  paid bigint NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

-- A member's rebate for one category and day: computed once (the unique key), then paid once
-- (auto: the ledger key rebate:<member>:<day>; manual: the reward rebate:<member>:<day>).
CREATE TABLE rebate_lines (
  member_id bigint NOT NULL REFERENCES members (id),
  day date NOT NULL,
  game_type text NOT NULL,
  currency text NOT NULL,
  valid_bet bigint NOT NULL,
  rate_ppm integer NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  PRIMARY KEY (member_id, day, game_type)
);
CREATE INDEX rebate_lines_day_idx ON rebate_lines (day);

-- Per member and day: how it was paid.
CREATE TABLE rebate_payouts (
  member_id bigint NOT NULL REFERENCES members (id),
  day date NOT NULL,
  currency text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  mode text NOT NULL CHECK (mode IN ('auto', 'manual')),
  reward_id bigint REFERENCES member_rewards (id),
  ledger_transaction_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, day)
);
CREATE INDEX rebate_payouts_day_idx ON rebate_payouts (day);

-- ---------- Raffles ----------
CREATE TABLE raffles (
  id serial PRIMARY KEY,
  -- { "EN": "...", "TY": "..." }
  title jsonb NOT NULL,
  currency text NOT NULL DEFAULT 'PHP',
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  -- One ticket per this much credited deposit / valid bet in the window (null: not a source).
  ticket_per_deposit bigint CHECK (ticket_per_deposit IS NULL OR ticket_per_deposit > 0),
  ticket_per_bet bigint CHECK (ticket_per_bet IS NULL OR ticket_per_bet > 0),
  max_tickets_per_member integer NOT NULL DEFAULT 1000 CHECK (max_tickets_per_member > 0),
  -- Commit-reveal: seed_hash = SHA-256(server_seed) is shown from creation; server_seed is
  -- shown only once drawn.
  seed_hash text NOT NULL,
  server_seed text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'drawn', 'cancelled')),
  total_tickets integer,
  drawn_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at),
  CHECK (ticket_per_deposit IS NOT NULL OR ticket_per_bet IS NOT NULL)
);

CREATE TABLE raffle_prizes (
  raffle_id integer NOT NULL REFERENCES raffles (id),
  rank integer NOT NULL CHECK (rank >= 1),
  amount bigint NOT NULL CHECK (amount > 0),
  PRIMARY KEY (raffle_id, rank)
);

-- The tickets as counted at the draw (published with the seed): member's tickets are the
-- numbers first_ticket .. first_ticket + tickets - 1, members in id order.
CREATE TABLE raffle_entries (
  raffle_id integer NOT NULL REFERENCES raffles (id),
  member_id bigint NOT NULL REFERENCES members (id),
  tickets integer NOT NULL CHECK (tickets > 0),
  first_ticket integer NOT NULL,
  PRIMARY KEY (raffle_id, member_id)
);

CREATE TABLE raffle_winners (
  raffle_id integer NOT NULL REFERENCES raffles (id),
  rank integer NOT NULL,
  ticket integer NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id),
  amount bigint NOT NULL,
  reward_id bigint REFERENCES member_rewards (id),
  PRIMARY KEY (raffle_id, rank)
);

-- ---------- Referrals ----------
-- Not an agent relationship (members.upline_id): a member invites friends with their own code.
CREATE TABLE referral_codes (
  member_id bigint PRIMARY KEY REFERENCES members (id),
  code text NOT NULL UNIQUE
);

CREATE TABLE member_referrals (
  -- The friend who registered with the code.
  member_id bigint PRIMARY KEY REFERENCES members (id),
  referrer_id bigint NOT NULL REFERENCES members (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (member_id <> referrer_id)
);
CREATE INDEX member_referrals_referrer_idx ON member_referrals (referrer_id, created_at DESC);

CREATE TABLE referral_settings (
  id integer PRIMARY KEY CHECK (id = 1),
  enabled boolean NOT NULL DEFAULT true,
  -- Rewards to the referrer, each once per friend (0: none).
  register_reward bigint NOT NULL DEFAULT 0 CHECK (register_reward >= 0),
  deposit_reward bigint NOT NULL DEFAULT 0 CHECK (deposit_reward >= 0),
  -- The friend's first credited deposit must be at least this.
  deposit_min bigint NOT NULL DEFAULT 1 CHECK (deposit_min >= 1),
  bet_reward bigint NOT NULL DEFAULT 0 CHECK (bet_reward >= 0),
  -- The friend's valid bets (all time) must reach this.
  bet_threshold bigint NOT NULL DEFAULT 1 CHECK (bet_threshold >= 1),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO referral_settings (id) VALUES (1);
