-- The games catalogue in the back office: edits of a game are optimistic
-- like the vendors' (the editor sends the version it loaded; a stale one is refused).
ALTER TABLE games ADD COLUMN version integer NOT NULL DEFAULT 1;
