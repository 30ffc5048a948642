-- Free spins: the platform grants a member N spins at a fixed bet per line on
-- one in-house slot (signed /rgs/admin/freespins/grants, keyed by the platform's reference so a
-- resent grant is stored once). A spin with a grant takes one spin in the same statement that
-- stores its round (used < spins and not expired), so a retried spin (same session and request)
-- counts once and two spins racing for the last one cannot both play.
CREATE TABLE rgs.free_spin_grants (
  id text PRIMARY KEY,
  player_id bigint NOT NULL,
  vendor text NOT NULL,
  game_id text NOT NULL,
  currency text NOT NULL,
  spins integer NOT NULL CHECK (spins BETWEEN 1 AND 1000),
  used integer NOT NULL DEFAULT 0 CHECK (used >= 0 AND used <= spins),
  bet_per_line bigint NOT NULL CHECK (bet_per_line > 0),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX free_spin_grants_player_idx ON rgs.free_spin_grants (player_id, game_id, expires_at);
ALTER TABLE rgs.rounds ADD COLUMN grant_id text REFERENCES rgs.free_spin_grants (id);
