-- The progressive jackpot of the jackpot vendor PNJ (docs/jackpot.md). The pool row holds the
-- pool's amount, which always equals the balance of its ledger account house:jackpot:<id>: every
-- change of the amount is made in the transaction that posts the matching ledger movement, under
-- this row's lock (the one serialization point of a contribution and of a win).
CREATE TABLE jackpot_pools (
  id integer PRIMARY KEY,
  currency text NOT NULL,
  -- Share of every contributing stake, in parts per million (10000 = 1 %).
  share_ppm integer NOT NULL CHECK (share_ppm > 0 AND share_ppm <= 100000),
  seed_amount bigint NOT NULL CHECK (seed_amount > 0),
  must_drop_by bigint NOT NULL,
  amount bigint NOT NULL CHECK (amount >= 0),
  -- The cycle counts wins: cycle n ends with the n-th win, then the pool is seeded again.
  cycle integer NOT NULL DEFAULT 0,
  -- Outside vendors whose slot stakes the operator opted in (the in-house slots always contribute).
  vendors text[] NOT NULL DEFAULT '{}',
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (must_drop_by > seed_amount)
);

-- One row per contributing spin: the contribution is applied once per (vendor, round), and a
-- repeat of the call answers what the first one decided.
CREATE TABLE jackpot_contributions (
  vendor text NOT NULL,
  round_id text NOT NULL,
  pool_id integer NOT NULL REFERENCES jackpot_pools (id),
  member_id bigint NOT NULL,
  stake bigint NOT NULL CHECK (stake > 0),
  amount bigint NOT NULL CHECK (amount >= 0),
  win_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vendor, round_id)
);

-- One row per win: one per (pool, cycle), so a cycle cannot be won twice.
CREATE TABLE jackpot_wins (
  id bigserial PRIMARY KEY,
  pool_id integer NOT NULL REFERENCES jackpot_pools (id),
  cycle integer NOT NULL,
  member_id bigint NOT NULL,
  vendor text NOT NULL,
  game_code text,
  round_id text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  -- 'draw': the spin's fair draw fell under its chance; 'must_drop': the pool reached must_drop_by.
  reason text NOT NULL CHECK (reason IN ('draw', 'must_drop')),
  -- The fairness facts of the winning spin, for the verify link.
  draw text NOT NULL,
  server_seed_hash text,
  client_seed text,
  nonce integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (pool_id, cycle),
  UNIQUE (vendor, round_id)
);
CREATE INDEX jackpot_wins_recent ON jackpot_wins (created_at DESC);
