-- Bingo rooms: scheduled games sold in tickets, balls drawn from a committed
-- seed at the room's pace, prizes shared between simultaneous winners.

-- The shared-round engine's lease rows also name bingo rooms ('bingo:<room id>'), so the lease
-- key is no longer only a live table's id.
ALTER TABLE rgs.table_leases DROP CONSTRAINT IF EXISTS table_leases_table_id_fkey;

CREATE TABLE rgs.bingo_rooms (
  id text PRIMARY KEY,
  -- bingo90 | bingo75 (@panalo/game-math bingo/index.ts)
  kind text NOT NULL CHECK (kind IN ('bingo90', 'bingo75')),
  name jsonb NOT NULL,
  vendor text NOT NULL DEFAULT 'PNB',
  ticket_price bigint NOT NULL CHECK (ticket_price > 0),
  -- The share of ticket sales paid back as prizes (basis points) and how the pool is split
  -- between the prizes ({"line": 1500, "two_lines": 2500, "full_house": 6000}, adding to 10000).
  pool_bp integer NOT NULL CHECK (pool_bp BETWEEN 0 AND 10000),
  split jsonb NOT NULL,
  -- A pool at least this large whatever the sales (0: none).
  guaranteed bigint NOT NULL DEFAULT 0 CHECK (guaranteed >= 0),
  -- Ticket sales of the next game open this long before it starts (the schedule interval).
  sales_ms integer NOT NULL DEFAULT 60000 CHECK (sales_ms BETWEEN 1000 AND 3600000),
  -- One ball every ball_ms while a game is drawn (the draw pace).
  ball_ms integer NOT NULL DEFAULT 3000 CHECK (ball_ms BETWEEN 50 AND 60000),
  -- Tickets one player may hold in one game, and all tickets of one game.
  max_tickets integer NOT NULL DEFAULT 36 CHECK (max_tickets BETWEEN 1 AND 600),
  game_tickets integer NOT NULL DEFAULT 3000 CHECK (game_tickets BETWEEN 1 AND 100000),
  -- Opening hours in Asia/Manila (both null: always open).
  opens_at time,
  closes_at time,
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- selling → drawing → settled; void (every purchase rolled back) from selling or drawing
-- before any ball was shown.
CREATE TABLE rgs.bingo_games (
  id uuid PRIMARY KEY,
  room_id text NOT NULL REFERENCES rgs.bingo_rooms (id),
  game_no bigint NOT NULL,
  kind text NOT NULL,
  status text NOT NULL,
  -- 32 random bytes (hex), revealed once the game is settled; its SHA-256 is published when
  -- sales open. The draw order and every ticket are HMACs of it (bingo/model.ts).
  seed text NOT NULL,
  seed_hash text NOT NULL,
  -- The room's price and prize rules when the game opened (later edits apply to later games).
  ticket_price bigint NOT NULL,
  pool_bp integer NOT NULL,
  split jsonb NOT NULL,
  guaranteed bigint NOT NULL DEFAULT 0,
  ball_ms integer NOT NULL,
  opens_at timestamptz NOT NULL,
  starts_at timestamptz NOT NULL,
  -- Ticket numbers and 90-ball strips handed out so far (purchases take the next ones).
  next_ticket integer NOT NULL DEFAULT 0,
  next_strip integer NOT NULL DEFAULT 0,
  tickets_sold integer NOT NULL DEFAULT 0,
  sales bigint NOT NULL DEFAULT 0,
  pool bigint,
  -- Set when the draw starts: the prizes (amount, ball, winning tickets, shares).
  result jsonb,
  balls_total integer,
  balls_drawn integer NOT NULL DEFAULT 0,
  draw_started_at timestamptz,
  settled_at timestamptz,
  wins_total bigint NOT NULL DEFAULT 0,
  UNIQUE (room_id, game_no)
);
CREATE INDEX bingo_games_room_idx ON rgs.bingo_games (room_id, game_no DESC);

-- One request's tickets: one debit for the set, one credit (0.00 included), or a rollback.
-- debit_pending → placed → credit_pending → settled; refused; rollback_pending → rolled_back.
CREATE TABLE rgs.bingo_purchases (
  id uuid PRIMARY KEY,
  game_id uuid NOT NULL REFERENCES rgs.bingo_games (id),
  room_id text NOT NULL,
  session_id uuid NOT NULL REFERENCES rgs.sessions (id),
  request_id text NOT NULL,
  player_id bigint NOT NULL,
  vendor text NOT NULL,
  currency text NOT NULL,
  count integer NOT NULL CHECK (count > 0),
  -- The game's ticket numbers first_ticket .. first_ticket + count - 1; 90-ball: strips
  -- first_strip .. (the first `count` tickets of ⌈count / 6⌉ strips).
  first_ticket integer NOT NULL,
  first_strip integer NOT NULL,
  tickets jsonb NOT NULL,
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
CREATE INDEX bingo_purchases_game_idx ON rgs.bingo_purchases (game_id, player_id);
CREATE INDEX bingo_purchases_pending_idx ON rgs.bingo_purchases (next_attempt_at)
  WHERE status IN ('debit_pending', 'credit_pending', 'rollback_pending');
