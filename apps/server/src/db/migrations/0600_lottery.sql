-- Lottery: games with schedules and prize tables, and their draws (numeros) with
-- commit-reveal seeds: the seed's hash is public from the start, the seed after the draw.
CREATE TABLE lottery_games (
  code text PRIMARY KEY,
  name text NOT NULL,
  -- The maths of packages/game-math/src/lottery.ts: 2D, 3D, 4D, 6/42 …
  math_code text NOT NULL,
  -- e.g. {"kind":"daily","times":["14:00","17:00","21:00"]} or {"kind":"every","minutes":1}
  schedule jsonb NOT NULL,
  tag text NOT NULL,
  cutoff_seconds integer NOT NULL CHECK (cutoff_seconds >= 0),
  prize_table jsonb NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE lottery_draws (
  id bigserial PRIMARY KEY,
  game_code text NOT NULL REFERENCES lottery_games (code),
  draw_no text NOT NULL UNIQUE,
  draw_at timestamptz NOT NULL,
  cutoff_at timestamptz NOT NULL,
  seed text NOT NULL,
  seed_hash text NOT NULL,
  result jsonb,
  status text NOT NULL CHECK (status IN ('open', 'drawn')),
  drawn_at timestamptz
);
CREATE INDEX lottery_draws_due_idx ON lottery_draws (draw_at) WHERE status = 'open';
CREATE INDEX lottery_draws_game_idx ON lottery_draws (game_code, draw_at DESC);
