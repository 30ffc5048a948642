-- The fish rooms' back-office settings (docs/fish.md "Back office"): each room's bet per shot
-- (the cannon's level-1 bet and the largest a shot may be), its seats, and whether it takes new
-- seats. A room switched off takes no new seat and its open magazines are closed and paid.
-- Existing rooms take their stake level's figures.
ALTER TABLE rgs.fish_rooms
  ADD COLUMN min_bet bigint,
  ADD COLUMN max_bet bigint,
  ADD COLUMN seats integer NOT NULL DEFAULT 4,
  ADD COLUMN enabled boolean NOT NULL DEFAULT true,
  ADD COLUMN updated_at timestamptz;
UPDATE rgs.fish_rooms SET
  min_bet = CASE level WHEN 'low' THEN 10 WHEN 'mid' THEN 100 ELSE 1000 END,
  max_bet = CASE level WHEN 'low' THEN 100 WHEN 'mid' THEN 1000 ELSE 10000 END;
ALTER TABLE rgs.fish_rooms
  ALTER COLUMN min_bet SET NOT NULL,
  ALTER COLUMN max_bet SET NOT NULL,
  ADD CONSTRAINT fish_rooms_bets CHECK (min_bet > 0 AND max_bet >= min_bet),
  ADD CONSTRAINT fish_rooms_seats CHECK (seats BETWEEN 1 AND 4);

-- The back office's report and live state read a room's shots by time.
CREATE INDEX room_actions_fish_time ON rgs.room_actions (created_at) WHERE kind = 'fish';
CREATE INDEX room_seats_fish_room ON rgs.room_seats (room_id, created_at) WHERE game = 'fish';
