-- The order of the game categories in the site's header nav, and whether each is shown, as
-- the back office sets them (it was a fixed list in code). Seeded with the spec's order.
CREATE TABLE game_categories (
  code text PRIMARY KEY CHECK (code IN ('RNG', 'LIVE', 'SPORTS', 'COCKFIGHT', 'LOTT', 'ESPORTS',
    'ELOTT', 'FISH', 'PVP', 'BINGO')),
  position integer NOT NULL CHECK (position >= 0),
  shown boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO game_categories (code, position) VALUES
  ('RNG', 1), ('LIVE', 2), ('SPORTS', 3), ('COCKFIGHT', 4), ('LOTT', 5), ('ESPORTS', 6),
  ('ELOTT', 7), ('FISH', 8), ('PVP', 9), ('BINGO', 10);
