-- The game catalog (spec §3 game, §4 games page): one row per launchable game of a vendor,
-- the members' favourites and recently played games, and how each vendor is launched.

-- How a vendor is launched (spec §3 launch input): a URL template with {gameCode}, the wallet
-- it plays from, and whether trial accounts (play money, currency FUN) may play it.
ALTER TABLE game_vendors ADD COLUMN launch_url text;
ALTER TABLE game_vendors ADD COLUMN wallet_mode text NOT NULL DEFAULT 'seamless';
ALTER TABLE game_vendors ADD COLUMN play_money boolean NOT NULL DEFAULT false;

CREATE TABLE games (
  node_id serial PRIMARY KEY,
  vendor text NOT NULL REFERENCES game_vendors (vassalage),
  game_code text NOT NULL,
  game_type text NOT NULL,
  game_classify text NOT NULL,
  -- { "EN": "...", "TY": "...", ... }: shown in the caller's language, fallback EN then TY.
  names jsonb NOT NULL,
  -- Every name lower-cased and without accents, joined: the search (spec §4) matches it with
  -- LIKE, so "pinoy" finds "Piñoy" without an extension PGlite may not have (pg_trgm, unaccent).
  search_text text NOT NULL,
  min_bet bigint NOT NULL,
  min_line_num integer NOT NULL,
  thumbnail text NOT NULL,
  rtp numeric(5, 2),
  volatility text,
  is_hot boolean NOT NULL DEFAULT false,
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor, game_code),
  CHECK (volatility IS NULL OR volatility IN ('low', 'medium', 'high')),
  CHECK (min_bet >= 0 AND min_line_num >= 0)
);
-- A games page asks one category (optionally one vendor) of enabled games in sort order.
CREATE INDEX games_list_idx ON games (game_type, vendor, enabled, sort, node_id);
CREATE INDEX games_type_sort_idx ON games (game_type, sort, node_id) WHERE enabled;
CREATE INDEX games_hot_idx ON games (sort, node_id) WHERE enabled AND is_hot;

-- member_id names members.id; members are created by a later migration (0300), so the key is
-- not declared here. A member is never deleted (accounts are closed), so no row is orphaned.
CREATE TABLE favorite_games (
  member_id bigint NOT NULL,
  node_id integer NOT NULL REFERENCES games (node_id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, node_id)
);
CREATE INDEX favorite_games_member_idx ON favorite_games (member_id, created_at DESC);

CREATE TABLE recent_games (
  member_id bigint NOT NULL,
  node_id integer NOT NULL REFERENCES games (node_id),
  last_played_at timestamptz NOT NULL DEFAULT now(),
  plays integer NOT NULL DEFAULT 1,
  PRIMARY KEY (member_id, node_id)
);
CREATE INDEX recent_games_member_idx ON recent_games (member_id, last_played_at DESC);
-- Popular games (spec §4): launches of the last 7 days.
CREATE INDEX recent_games_played_idx ON recent_games (last_played_at);
