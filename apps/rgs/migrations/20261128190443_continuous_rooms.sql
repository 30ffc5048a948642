-- Continuous rooms on the round engine (docs/rounds.md): a game whose round runs until the
-- player leaves (fish, cards). A seat is the player's own round in a room: ONE debit when the
-- player sits down (the buy-in), a balance on the round that the player's actions move, each
-- action logged once, and ONE credit of what is left when the player leaves (or is stood up
-- after being idle). The seat row is the engine's stake row, so the retry pass pays and rolls
-- back seats as it does bets.
CREATE TABLE rgs.room_seats (
  id uuid PRIMARY KEY,
  game text NOT NULL,
  room_id text NOT NULL,
  seat integer NOT NULL,
  session_id uuid NOT NULL REFERENCES rgs.sessions (id),
  request_id text NOT NULL,
  player_id bigint NOT NULL,
  vendor text NOT NULL,
  currency text NOT NULL,
  -- The commitment of this seat's outcomes: the seed's hash is shown at the join, the seed at the leave.
  seed text NOT NULL,
  seed_hash text NOT NULL,
  total bigint NOT NULL CHECK (total > 0),
  on_round bigint NOT NULL DEFAULT 0 CHECK (on_round >= 0),
  state jsonb NOT NULL DEFAULT '{}'::jsonb,
  seq integer NOT NULL DEFAULT 0,
  win bigint,
  status text NOT NULL,
  balance bigint,
  error_code text,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_action_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (session_id, request_id)
);
-- One player per seat while seated (a seat frees when its player leaves).
CREATE UNIQUE INDEX room_seats_taken ON rgs.room_seats (game, room_id, seat)
  WHERE status IN ('debit_pending', 'placed');
CREATE INDEX room_seats_due ON rgs.room_seats (next_attempt_at)
  WHERE status IN ('debit_pending', 'credit_pending', 'rollback_pending');

CREATE TABLE rgs.room_actions (
  seat_id uuid NOT NULL REFERENCES rgs.room_seats (id),
  seq integer NOT NULL,
  request_id text NOT NULL,
  kind text NOT NULL,
  data jsonb NOT NULL,
  stake bigint NOT NULL,
  win bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (seat_id, seq),
  UNIQUE (seat_id, request_id)
);
