-- PVP card rooms (docs/cards.md): No-Limit Texas Hold'em and Tongits tables on the continuous
-- rooms (docs/rounds.md). A player's seat is a rgs.room_seats row (game 'cards', room_id = the
-- table's id): the buy-in is its ONE debit, its on_round is the player's stack, and standing up
-- is ONE credit of the stack. A hand moves chips between seats only when it completes (one
-- transaction holding the table, the hand and the seat rows in id order); a hand left playing by
-- a dead leader is voided and, having moved nothing, leaves every stack at its start value.
CREATE TABLE rgs.card_tables (
  id text PRIMARY KEY,
  -- holdem | tongits
  game text NOT NULL CHECK (game IN ('holdem', 'tongits')),
  name text NOT NULL,
  -- Hold'em: the blinds; Tongits: stake = one payment unit (the per-point stake). Centavos.
  small_blind bigint,
  big_blind bigint,
  stake bigint,
  seats integer NOT NULL,
  min_buy_in bigint NOT NULL,
  max_buy_in bigint NOT NULL,
  -- Rake in millionths of the pot (Hold'em) or of the winner's take (Tongits), capped per hand.
  rake_ppm integer NOT NULL CHECK (rake_ppm BETWEEN 0 AND 100000),
  rake_cap bigint NOT NULL CHECK (rake_cap >= 0),
  -- The time a player has to act, and the time bank each seat starts with (used once it runs out).
  action_ms integer NOT NULL CHECK (action_ms > 0),
  time_bank_ms integer NOT NULL CHECK (time_bank_ms >= 0),
  -- The pause between two hands.
  pause_ms integer NOT NULL DEFAULT 3000 CHECK (pause_ms >= 0),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  CHECK (min_buy_in > 0 AND max_buy_in >= min_buy_in),
  CHECK (
    (game = 'holdem' AND small_blind > 0 AND big_blind >= small_blind AND seats BETWEEN 2 AND 9)
    OR (game = 'tongits' AND stake > 0 AND seats = 3)
  )
);

-- One hand (Hold'em) or game (Tongits) of a table. The deck is dealt from the hand's server seed
-- and client seed: the seed's hash and the deck hash are shown when the hand starts, the seed
-- when it ends (or is voided), so anyone can recompute the deck with verifyDeck.
CREATE TABLE rgs.card_hands (
  id uuid PRIMARY KEY,
  table_id text NOT NULL REFERENCES rgs.card_tables (id),
  no integer NOT NULL,
  -- playing | complete | void
  status text NOT NULL,
  -- The leader that dealt it: a hand whose leader lost the table's lease is voided.
  holder text NOT NULL,
  server_seed text NOT NULL,
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  deck_hash text NOT NULL,
  -- The deck's order (card ids), the seats dealt in with their stacks at the start, the engine's
  -- state, and at the end the pots, the rake and what each seat won or lost.
  cards jsonb NOT NULL,
  seats jsonb NOT NULL,
  state jsonb NOT NULL,
  pots jsonb,
  result jsonb,
  rake bigint NOT NULL DEFAULT 0 CHECK (rake >= 0),
  button integer,
  -- The seat to act and its deadline (the time bank extends it once per turn).
  acting_seat integer,
  turn_started_at timestamptz,
  deadline timestamptz,
  on_bank boolean NOT NULL DEFAULT false,
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  UNIQUE (table_id, no)
);
-- One hand at a time per table.
CREATE UNIQUE INDEX card_hands_playing ON rgs.card_hands (table_id) WHERE status = 'playing';

-- Every action of a hand, in order: the player's (once per request id) or the timeout's.
CREATE TABLE rgs.card_actions (
  hand_id uuid NOT NULL REFERENCES rgs.card_hands (id),
  seq integer NOT NULL,
  seat integer NOT NULL,
  -- The player's request id, or 'timeout:<seq>'.
  request_id text NOT NULL,
  action jsonb NOT NULL,
  timed_out boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (hand_id, seq),
  UNIQUE (hand_id, seat, request_id)
);

-- A rebuy: ONE more debit on the seat's round (transaction <seat id>:rebuy:<id>), added to the
-- stack between hands once the platform took it; one rolled back if its sender died unanswered.
CREATE TABLE rgs.card_rebuys (
  id uuid PRIMARY KEY,
  seat_id uuid NOT NULL REFERENCES rgs.room_seats (id),
  request_id text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  -- debit_pending | placed | refused | rollback_pending | rolled_back
  status text NOT NULL,
  error_code text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (seat_id, request_id)
);

CREATE INDEX room_seats_cards ON rgs.room_seats (room_id) WHERE game = 'cards' AND status IN ('debit_pending', 'placed');
