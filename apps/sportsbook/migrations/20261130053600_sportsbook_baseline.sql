-- The sportsbook's own tables (schema `sportsbook`), as the platform's migrations left them
-- (apps/server/src/db/migrations: 1200_sportsbook.sql and later, moved into the schema by
-- 20261130053000_sportsbook_schema.sql). A database of the book's own (SPORTSBOOK_DATABASE_URL,
-- SPORTSBOOK_MODE=external) gets them here; a database the platform's migrations already gave
-- them to keeps them as they are: every statement makes only what is missing (IF NOT EXISTS, a
-- constraint added only when its name is not on the table, the seed rows only into empty
-- tables). From here on a change to these tables is a migration of this folder.

CREATE SCHEMA IF NOT EXISTS sportsbook;

CREATE TABLE IF NOT EXISTS sportsbook.sb_bet_legs (
    bet_id bigint NOT NULL,
    idx integer NOT NULL,
    outcome_id bigint NOT NULL,
    market_id bigint NOT NULL,
    match_id bigint NOT NULL,
    odds integer NOT NULL,
    void_ts bigint,
    unvoid_ts bigint DEFAULT 0 NOT NULL
);

CREATE TABLE IF NOT EXISTS sportsbook.sb_bets (
    id bigint NOT NULL,
    member_id bigint NOT NULL,
    idempotency_key text NOT NULL,
    currency text NOT NULL,
    vendor text NOT NULL,
    kind text NOT NULL,
    system_code text,
    stake bigint NOT NULL,
    stake_per_line bigint NOT NULL,
    potential bigint NOT NULL,
    live boolean DEFAULT false NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    payout bigint,
    paid bigint DEFAULT 0 NOT NULL,
    debt bigint DEFAULT 0 NOT NULL,
    settle_version integer DEFAULT 0 NOT NULL,
    placed_at timestamp with time zone DEFAULT now() NOT NULL,
    settled_at timestamp with time zone,
    bet_tid text,
    settle_call text,
    settle_tid text,
    CONSTRAINT sb_bets_kind_check CHECK ((kind = ANY (ARRAY['single'::text, 'parlay'::text, 'system'::text]))),
    CONSTRAINT sb_bets_stake_check CHECK ((stake > 0)),
    CONSTRAINT sb_bets_stake_per_line_check CHECK ((stake_per_line > 0)),
    CONSTRAINT sb_bets_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'refused'::text, 'open'::text, 'settled'::text, 'void'::text, 'cashed_out'::text])))
);

CREATE SEQUENCE IF NOT EXISTS sportsbook.sb_bets_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE sportsbook.sb_bets_id_seq OWNED BY sportsbook.sb_bets.id;

CREATE TABLE IF NOT EXISTS sportsbook.sb_book (
    id boolean DEFAULT true NOT NULL,
    max_legs integer DEFAULT 12 NOT NULL,
    live_delay_ms integer DEFAULT 3000 NOT NULL,
    cashout_margin_bp integer DEFAULT 500 NOT NULL,
    max_payout bigint DEFAULT 100000000 NOT NULL,
    min_odds integer DEFAULT 1050 NOT NULL,
    CONSTRAINT sb_book_cashout_margin_bp_check CHECK (((cashout_margin_bp >= 0) AND (cashout_margin_bp <= 5000))),
    CONSTRAINT sb_book_id_check CHECK (id),
    CONSTRAINT sb_book_live_delay_ms_check CHECK (((live_delay_ms >= 0) AND (live_delay_ms <= 15000))),
    CONSTRAINT sb_book_max_legs_check CHECK (((max_legs >= 2) AND (max_legs <= 20))),
    CONSTRAINT sb_book_max_payout_check CHECK ((max_payout > 0)),
    CONSTRAINT sb_book_min_odds_check CHECK (((min_odds >= 1001) AND (min_odds <= 2000)))
);

CREATE TABLE IF NOT EXISTS sportsbook.sb_feed_messages (
    source text NOT NULL,
    event_id text NOT NULL,
    kind text NOT NULL,
    ts bigint NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE IF NOT EXISTS sportsbook.sb_feed_rejects (
    id bigint NOT NULL,
    source text NOT NULL,
    routing_key text DEFAULT ''::text NOT NULL,
    reason text NOT NULL,
    body text NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE IF NOT EXISTS sportsbook.sb_feed_rejects_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE sportsbook.sb_feed_rejects_id_seq OWNED BY sportsbook.sb_feed_rejects.id;

CREATE TABLE IF NOT EXISTS sportsbook.sb_feed_state (
    product integer NOT NULL,
    last_ts bigint DEFAULT 0 NOT NULL,
    last_alive_at timestamp with time zone,
    recovery_request_id bigint,
    recovery_after bigint,
    recovery_asked_at timestamp with time zone,
    recovery_done_at timestamp with time zone,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE IF NOT EXISTS sportsbook.sb_leagues (
    id bigint NOT NULL,
    ext_id text NOT NULL,
    sport text NOT NULL,
    name text NOT NULL,
    country text DEFAULT ''::text NOT NULL,
    enabled boolean DEFAULT true NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL
);

CREATE SEQUENCE IF NOT EXISTS sportsbook.sb_leagues_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE sportsbook.sb_leagues_id_seq OWNED BY sportsbook.sb_leagues.id;

CREATE TABLE IF NOT EXISTS sportsbook.sb_manual_actions (
    id bigint NOT NULL,
    kind text NOT NULL,
    match_id bigint NOT NULL,
    payload jsonb NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    requested_by bigint NOT NULL,
    requested_name text NOT NULL,
    decided_by bigint,
    decided_name text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    decided_at timestamp with time zone,
    CONSTRAINT sb_manual_actions_check CHECK (((decided_by IS NULL) OR (decided_by <> requested_by))),
    CONSTRAINT sb_manual_actions_kind_check CHECK ((kind = ANY (ARRAY['settle'::text, 'void'::text]))),
    CONSTRAINT sb_manual_actions_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'rejected'::text])))
);

CREATE SEQUENCE IF NOT EXISTS sportsbook.sb_manual_actions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE sportsbook.sb_manual_actions_id_seq OWNED BY sportsbook.sb_manual_actions.id;

CREATE TABLE IF NOT EXISTS sportsbook.sb_markets (
    id bigint NOT NULL,
    match_id bigint NOT NULL,
    ext_key text NOT NULL,
    kind text NOT NULL,
    period text DEFAULT 'ft'::text NOT NULL,
    line_q integer,
    status text DEFAULT 'active'::text NOT NULL,
    trader_suspended boolean DEFAULT false NOT NULL,
    suspend_seq integer DEFAULT 0 NOT NULL,
    min_stake bigint,
    max_stake bigint,
    odds_ts bigint DEFAULT 0 NOT NULL,
    settled_ts bigint DEFAULT 0 NOT NULL,
    rollback_ts bigint DEFAULT 0 NOT NULL,
    settled_source text DEFAULT ''::text NOT NULL,
    unsettle_pending boolean DEFAULT false NOT NULL,
    CONSTRAINT sb_markets_kind_check CHECK ((kind = ANY (ARRAY['1x2'::text, 'moneyline'::text, 'handicap'::text, 'total'::text, 'correct_score'::text]))),
    CONSTRAINT sb_markets_period_check CHECK ((period = ANY (ARRAY['ft'::text, '1h'::text]))),
    CONSTRAINT sb_markets_status_check CHECK ((status = ANY (ARRAY['active'::text, 'suspended'::text, 'settled'::text, 'cancelled'::text])))
);

CREATE SEQUENCE IF NOT EXISTS sportsbook.sb_markets_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE sportsbook.sb_markets_id_seq OWNED BY sportsbook.sb_markets.id;

CREATE TABLE IF NOT EXISTS sportsbook.sb_matches (
    id bigint NOT NULL,
    ext_id text NOT NULL,
    league_id bigint NOT NULL,
    home_id bigint NOT NULL,
    away_id bigint NOT NULL,
    start_at timestamp with time zone NOT NULL,
    status text DEFAULT 'not_started'::text NOT NULL,
    enabled boolean DEFAULT true NOT NULL,
    suspended boolean DEFAULT false NOT NULL,
    hot boolean DEFAULT false NOT NULL,
    score_home integer DEFAULT 0 NOT NULL,
    score_away integer DEFAULT 0 NOT NULL,
    ht_home integer,
    ht_away integer,
    minute integer,
    period text DEFAULT ''::text NOT NULL,
    status_ts bigint DEFAULT 0 NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT sb_matches_status_check CHECK ((status = ANY (ARRAY['not_started'::text, 'live'::text, 'ended'::text, 'closed'::text, 'cancelled'::text])))
);

CREATE SEQUENCE IF NOT EXISTS sportsbook.sb_matches_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE sportsbook.sb_matches_id_seq OWNED BY sportsbook.sb_matches.id;

CREATE TABLE IF NOT EXISTS sportsbook.sb_money_calls (
    id bigint NOT NULL,
    bet_id bigint NOT NULL,
    call text NOT NULL,
    transaction_id text NOT NULL,
    ref_transaction_id text,
    amount bigint NOT NULL,
    gross bigint,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    done_at timestamp with time zone,
    answer jsonb,
    CONSTRAINT sb_money_calls_amount_check CHECK ((amount >= 0)),
    CONSTRAINT sb_money_calls_call_check CHECK ((call = ANY (ARRAY['debit'::text, 'credit'::text, 'rollback'::text, 'reverse'::text])))
);

CREATE SEQUENCE IF NOT EXISTS sportsbook.sb_money_calls_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE sportsbook.sb_money_calls_id_seq OWNED BY sportsbook.sb_money_calls.id;

CREATE TABLE IF NOT EXISTS sportsbook.sb_outcomes (
    id bigint NOT NULL,
    market_id bigint NOT NULL,
    code text NOT NULL,
    name text NOT NULL,
    odds integer NOT NULL,
    odds_version integer DEFAULT 1 NOT NULL,
    active boolean DEFAULT true NOT NULL,
    result jsonb,
    CONSTRAINT sb_outcomes_odds_check CHECK ((odds > 1000))
);

CREATE SEQUENCE IF NOT EXISTS sportsbook.sb_outcomes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE sportsbook.sb_outcomes_id_seq OWNED BY sportsbook.sb_outcomes.id;

CREATE TABLE IF NOT EXISTS sportsbook.sb_player_limits (
    member_id bigint NOT NULL,
    max_stake bigint NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT sb_player_limits_max_stake_check CHECK ((max_stake > 0))
);

CREATE TABLE IF NOT EXISTS sportsbook.sb_sports (
    code text NOT NULL,
    name text NOT NULL,
    category text NOT NULL,
    enabled boolean DEFAULT true NOT NULL,
    margin_bp integer DEFAULT 500 NOT NULL,
    min_stake bigint DEFAULT 1000 NOT NULL,
    max_stake bigint DEFAULT 5000000 NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL,
    CONSTRAINT sb_sports_category_check CHECK ((category = ANY (ARRAY['SPORTS'::text, 'ESPORTS'::text]))),
    CONSTRAINT sb_sports_check CHECK ((max_stake >= min_stake)),
    CONSTRAINT sb_sports_margin_bp_check CHECK (((margin_bp >= 0) AND (margin_bp <= 3000))),
    CONSTRAINT sb_sports_min_stake_check CHECK ((min_stake > 0))
);

CREATE TABLE IF NOT EXISTS sportsbook.sb_teams (
    id bigint NOT NULL,
    ext_id text NOT NULL,
    sport text NOT NULL,
    name text NOT NULL
);

CREATE SEQUENCE IF NOT EXISTS sportsbook.sb_teams_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE sportsbook.sb_teams_id_seq OWNED BY sportsbook.sb_teams.id;

ALTER TABLE ONLY sportsbook.sb_bets ALTER COLUMN id SET DEFAULT nextval('sportsbook.sb_bets_id_seq'::regclass);

ALTER TABLE ONLY sportsbook.sb_feed_rejects ALTER COLUMN id SET DEFAULT nextval('sportsbook.sb_feed_rejects_id_seq'::regclass);

ALTER TABLE ONLY sportsbook.sb_leagues ALTER COLUMN id SET DEFAULT nextval('sportsbook.sb_leagues_id_seq'::regclass);

ALTER TABLE ONLY sportsbook.sb_manual_actions ALTER COLUMN id SET DEFAULT nextval('sportsbook.sb_manual_actions_id_seq'::regclass);

ALTER TABLE ONLY sportsbook.sb_markets ALTER COLUMN id SET DEFAULT nextval('sportsbook.sb_markets_id_seq'::regclass);

ALTER TABLE ONLY sportsbook.sb_matches ALTER COLUMN id SET DEFAULT nextval('sportsbook.sb_matches_id_seq'::regclass);

ALTER TABLE ONLY sportsbook.sb_money_calls ALTER COLUMN id SET DEFAULT nextval('sportsbook.sb_money_calls_id_seq'::regclass);

ALTER TABLE ONLY sportsbook.sb_outcomes ALTER COLUMN id SET DEFAULT nextval('sportsbook.sb_outcomes_id_seq'::regclass);

ALTER TABLE ONLY sportsbook.sb_teams ALTER COLUMN id SET DEFAULT nextval('sportsbook.sb_teams_id_seq'::regclass);

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_bet_legs'::regclass AND conname = 'sb_bet_legs_pkey') THEN
    ALTER TABLE sportsbook.sb_bet_legs ADD CONSTRAINT sb_bet_legs_pkey PRIMARY KEY (bet_id, idx);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_bets'::regclass AND conname = 'sb_bets_member_id_idempotency_key_key') THEN
    ALTER TABLE sportsbook.sb_bets ADD CONSTRAINT sb_bets_member_id_idempotency_key_key UNIQUE (member_id, idempotency_key);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_bets'::regclass AND conname = 'sb_bets_pkey') THEN
    ALTER TABLE sportsbook.sb_bets ADD CONSTRAINT sb_bets_pkey PRIMARY KEY (id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_book'::regclass AND conname = 'sb_book_pkey') THEN
    ALTER TABLE sportsbook.sb_book ADD CONSTRAINT sb_book_pkey PRIMARY KEY (id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_feed_messages'::regclass AND conname = 'sb_feed_messages_pkey') THEN
    ALTER TABLE sportsbook.sb_feed_messages ADD CONSTRAINT sb_feed_messages_pkey PRIMARY KEY (source, event_id, kind, ts);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_feed_rejects'::regclass AND conname = 'sb_feed_rejects_pkey') THEN
    ALTER TABLE sportsbook.sb_feed_rejects ADD CONSTRAINT sb_feed_rejects_pkey PRIMARY KEY (id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_feed_state'::regclass AND conname = 'sb_feed_state_pkey') THEN
    ALTER TABLE sportsbook.sb_feed_state ADD CONSTRAINT sb_feed_state_pkey PRIMARY KEY (product);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_leagues'::regclass AND conname = 'sb_leagues_ext_id_key') THEN
    ALTER TABLE sportsbook.sb_leagues ADD CONSTRAINT sb_leagues_ext_id_key UNIQUE (ext_id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_leagues'::regclass AND conname = 'sb_leagues_pkey') THEN
    ALTER TABLE sportsbook.sb_leagues ADD CONSTRAINT sb_leagues_pkey PRIMARY KEY (id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_manual_actions'::regclass AND conname = 'sb_manual_actions_pkey') THEN
    ALTER TABLE sportsbook.sb_manual_actions ADD CONSTRAINT sb_manual_actions_pkey PRIMARY KEY (id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_markets'::regclass AND conname = 'sb_markets_match_id_ext_key_key') THEN
    ALTER TABLE sportsbook.sb_markets ADD CONSTRAINT sb_markets_match_id_ext_key_key UNIQUE (match_id, ext_key);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_markets'::regclass AND conname = 'sb_markets_pkey') THEN
    ALTER TABLE sportsbook.sb_markets ADD CONSTRAINT sb_markets_pkey PRIMARY KEY (id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_matches'::regclass AND conname = 'sb_matches_ext_id_key') THEN
    ALTER TABLE sportsbook.sb_matches ADD CONSTRAINT sb_matches_ext_id_key UNIQUE (ext_id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_matches'::regclass AND conname = 'sb_matches_pkey') THEN
    ALTER TABLE sportsbook.sb_matches ADD CONSTRAINT sb_matches_pkey PRIMARY KEY (id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_money_calls'::regclass AND conname = 'sb_money_calls_pkey') THEN
    ALTER TABLE sportsbook.sb_money_calls ADD CONSTRAINT sb_money_calls_pkey PRIMARY KEY (id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_money_calls'::regclass AND conname = 'sb_money_calls_transaction_id_key') THEN
    ALTER TABLE sportsbook.sb_money_calls ADD CONSTRAINT sb_money_calls_transaction_id_key UNIQUE (transaction_id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_outcomes'::regclass AND conname = 'sb_outcomes_market_id_code_key') THEN
    ALTER TABLE sportsbook.sb_outcomes ADD CONSTRAINT sb_outcomes_market_id_code_key UNIQUE (market_id, code);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_outcomes'::regclass AND conname = 'sb_outcomes_pkey') THEN
    ALTER TABLE sportsbook.sb_outcomes ADD CONSTRAINT sb_outcomes_pkey PRIMARY KEY (id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_player_limits'::regclass AND conname = 'sb_player_limits_pkey') THEN
    ALTER TABLE sportsbook.sb_player_limits ADD CONSTRAINT sb_player_limits_pkey PRIMARY KEY (member_id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_sports'::regclass AND conname = 'sb_sports_pkey') THEN
    ALTER TABLE sportsbook.sb_sports ADD CONSTRAINT sb_sports_pkey PRIMARY KEY (code);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_teams'::regclass AND conname = 'sb_teams_ext_id_key') THEN
    ALTER TABLE sportsbook.sb_teams ADD CONSTRAINT sb_teams_ext_id_key UNIQUE (ext_id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_teams'::regclass AND conname = 'sb_teams_pkey') THEN
    ALTER TABLE sportsbook.sb_teams ADD CONSTRAINT sb_teams_pkey PRIMARY KEY (id);
  END IF;
END $$;

CREATE INDEX IF NOT EXISTS sb_bet_legs_market_idx ON sportsbook.sb_bet_legs USING btree (market_id, bet_id);

CREATE INDEX IF NOT EXISTS sb_bet_legs_match_idx ON sportsbook.sb_bet_legs USING btree (match_id, bet_id);

CREATE INDEX IF NOT EXISTS sb_bet_legs_outcome_idx ON sportsbook.sb_bet_legs USING btree (outcome_id);

CREATE INDEX IF NOT EXISTS sb_bets_member_idx ON sportsbook.sb_bets USING btree (member_id, placed_at DESC);

CREATE INDEX IF NOT EXISTS sb_bets_open_idx ON sportsbook.sb_bets USING btree (id) WHERE (status = 'open'::text);

CREATE INDEX IF NOT EXISTS sb_feed_rejects_time_idx ON sportsbook.sb_feed_rejects USING btree (received_at DESC);

CREATE INDEX IF NOT EXISTS sb_markets_unsettle_idx ON sportsbook.sb_markets USING btree (id) WHERE unsettle_pending;

CREATE INDEX IF NOT EXISTS sb_matches_league_idx ON sportsbook.sb_matches USING btree (league_id, start_at);

CREATE INDEX IF NOT EXISTS sb_matches_start_all_idx ON sportsbook.sb_matches USING btree (start_at, id);

CREATE INDEX IF NOT EXISTS sb_matches_start_idx ON sportsbook.sb_matches USING btree (start_at) WHERE (status = ANY (ARRAY['not_started'::text, 'live'::text]));

CREATE INDEX IF NOT EXISTS sb_matches_status_start_idx ON sportsbook.sb_matches USING btree (status, start_at, id);

CREATE INDEX IF NOT EXISTS sb_money_calls_due_idx ON sportsbook.sb_money_calls USING btree (bet_id, id) WHERE (done_at IS NULL);

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_bet_legs'::regclass AND conname = 'sb_bet_legs_bet_id_fkey') THEN
    ALTER TABLE sportsbook.sb_bet_legs ADD CONSTRAINT sb_bet_legs_bet_id_fkey FOREIGN KEY (bet_id) REFERENCES sportsbook.sb_bets(id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_bet_legs'::regclass AND conname = 'sb_bet_legs_market_id_fkey') THEN
    ALTER TABLE sportsbook.sb_bet_legs ADD CONSTRAINT sb_bet_legs_market_id_fkey FOREIGN KEY (market_id) REFERENCES sportsbook.sb_markets(id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_bet_legs'::regclass AND conname = 'sb_bet_legs_match_id_fkey') THEN
    ALTER TABLE sportsbook.sb_bet_legs ADD CONSTRAINT sb_bet_legs_match_id_fkey FOREIGN KEY (match_id) REFERENCES sportsbook.sb_matches(id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_bet_legs'::regclass AND conname = 'sb_bet_legs_outcome_id_fkey') THEN
    ALTER TABLE sportsbook.sb_bet_legs ADD CONSTRAINT sb_bet_legs_outcome_id_fkey FOREIGN KEY (outcome_id) REFERENCES sportsbook.sb_outcomes(id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_leagues'::regclass AND conname = 'sb_leagues_sport_fkey') THEN
    ALTER TABLE sportsbook.sb_leagues ADD CONSTRAINT sb_leagues_sport_fkey FOREIGN KEY (sport) REFERENCES sportsbook.sb_sports(code);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_manual_actions'::regclass AND conname = 'sb_manual_actions_match_id_fkey') THEN
    ALTER TABLE sportsbook.sb_manual_actions ADD CONSTRAINT sb_manual_actions_match_id_fkey FOREIGN KEY (match_id) REFERENCES sportsbook.sb_matches(id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_markets'::regclass AND conname = 'sb_markets_match_id_fkey') THEN
    ALTER TABLE sportsbook.sb_markets ADD CONSTRAINT sb_markets_match_id_fkey FOREIGN KEY (match_id) REFERENCES sportsbook.sb_matches(id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_matches'::regclass AND conname = 'sb_matches_away_id_fkey') THEN
    ALTER TABLE sportsbook.sb_matches ADD CONSTRAINT sb_matches_away_id_fkey FOREIGN KEY (away_id) REFERENCES sportsbook.sb_teams(id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_matches'::regclass AND conname = 'sb_matches_home_id_fkey') THEN
    ALTER TABLE sportsbook.sb_matches ADD CONSTRAINT sb_matches_home_id_fkey FOREIGN KEY (home_id) REFERENCES sportsbook.sb_teams(id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_matches'::regclass AND conname = 'sb_matches_league_id_fkey') THEN
    ALTER TABLE sportsbook.sb_matches ADD CONSTRAINT sb_matches_league_id_fkey FOREIGN KEY (league_id) REFERENCES sportsbook.sb_leagues(id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_money_calls'::regclass AND conname = 'sb_money_calls_bet_id_fkey') THEN
    ALTER TABLE sportsbook.sb_money_calls ADD CONSTRAINT sb_money_calls_bet_id_fkey FOREIGN KEY (bet_id) REFERENCES sportsbook.sb_bets(id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_outcomes'::regclass AND conname = 'sb_outcomes_market_id_fkey') THEN
    ALTER TABLE sportsbook.sb_outcomes ADD CONSTRAINT sb_outcomes_market_id_fkey FOREIGN KEY (market_id) REFERENCES sportsbook.sb_markets(id);
  END IF;
END $$;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sportsbook.sb_teams'::regclass AND conname = 'sb_teams_sport_fkey') THEN
    ALTER TABLE sportsbook.sb_teams ADD CONSTRAINT sb_teams_sport_fkey FOREIGN KEY (sport) REFERENCES sportsbook.sb_sports(code);
  END IF;
END $$;

-- The book's settings: one row.
INSERT INTO sportsbook.sb_book DEFAULT VALUES ON CONFLICT DO NOTHING;

-- The sports offered, on a book that has none yet (an operator's later changes are kept).
INSERT INTO sportsbook.sb_sports (code, name, category, sort_order)
SELECT x.code, x.name, x.category, x.sort_order FROM (VALUES
  ('football', 'Football', 'SPORTS', 1),
  ('basketball', 'Basketball', 'SPORTS', 2),
  ('baseball', 'Baseball', 'SPORTS', 3),
  ('tennis', 'Tennis', 'SPORTS', 4),
  ('volleyball', 'Volleyball', 'SPORTS', 5),
  ('boxing', 'Boxing', 'SPORTS', 6),
  ('dota2', 'Dota 2', 'ESPORTS', 7),
  ('lol', 'League of Legends', 'ESPORTS', 8),
  ('cs', 'Counter-Strike', 'ESPORTS', 9),
  ('mlbb', 'Mobile Legends', 'ESPORTS', 10),
  ('valorant', 'Valorant', 'ESPORTS', 11)
) AS x(code, name, category, sort_order)
WHERE NOT EXISTS (SELECT 1 FROM sportsbook.sb_sports);
