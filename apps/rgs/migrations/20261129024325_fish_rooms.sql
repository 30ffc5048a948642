-- Several rounds per seat (docs/rounds.md "Sittings"), and the fish rooms on them (docs/fish.md).
-- A sitting holds a seat of a continuous room for one player's session and the session's
-- committed server seed (its SHA-256 shown at the join, the seed itself at the leave); the
-- money moves in rounds of that seat (rgs.room_seats rows with sitting_id: the fish game's
-- magazines), one open at a time per seat, each ONE debit and ONE credit.
CREATE TABLE rgs.room_sittings (
  id uuid PRIMARY KEY,
  game text NOT NULL,
  room_id text NOT NULL,
  seat integer NOT NULL,
  session_id uuid NOT NULL REFERENCES rgs.sessions (id),
  request_id text NOT NULL,
  player_id bigint NOT NULL,
  server_seed text NOT NULL,
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  -- seated | left
  status text NOT NULL,
  joined_at timestamptz NOT NULL,
  last_action_at timestamptz NOT NULL,
  left_at timestamptz,
  UNIQUE (session_id, request_id)
);
-- One player per seat, and one seat per session, while seated.
CREATE UNIQUE INDEX room_sittings_taken ON rgs.room_sittings (game, room_id, seat) WHERE status = 'seated';
CREATE UNIQUE INDEX room_sittings_session ON rgs.room_sittings (session_id) WHERE status = 'seated';

ALTER TABLE rgs.room_seats ADD COLUMN sitting_id uuid REFERENCES rgs.room_sittings (id);
CREATE INDEX room_seats_sitting ON rgs.room_seats (sitting_id) WHERE sitting_id IS NOT NULL;
-- What an action decided beyond its stake and win (a shot's target, nonce, draw, hit), so a
-- repeated request answers it and a revealed seed lets anyone recompute it.
ALTER TABLE rgs.room_actions ADD COLUMN result jsonb;

-- The fish rooms: by stake level, up to four seats around one sea. The sea's seed decides only
-- which fish swim where (packages/game-math fish/paths.ts); whether a shot kills is decided by
-- the sitting's server seed, so the sea's seed is public (the client draws the sea from it).
CREATE TABLE rgs.fish_rooms (
  id text PRIMARY KEY,
  level text NOT NULL,
  no integer NOT NULL,
  rtp_bp integer NOT NULL,
  sea_seed text NOT NULL,
  started_at timestamptz NOT NULL,
  UNIQUE (level, no)
);

-- Each fish dies once in its sea (the first kill recorded; see docs/fish.md for two kills racing).
CREATE TABLE rgs.fish_kills (
  room_id text NOT NULL REFERENCES rgs.fish_rooms (id),
  fish integer NOT NULL,
  magazine_id uuid NOT NULL REFERENCES rgs.room_seats (id),
  seq integer NOT NULL,
  killed_at timestamptz NOT NULL,
  PRIMARY KEY (room_id, fish)
);
