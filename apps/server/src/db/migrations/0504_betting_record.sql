-- The betting record (spec §2 personalHistoryCopy): a member's rounds from the provider
-- transactions, and a replay link for the vendors whose game server can replay a round.

-- A member's bets in a date range, newest first: the record starts from them, then reads each
-- round's other transactions through provider_transactions_round_idx (vendor, round_id).
CREATE INDEX provider_transactions_member_bets_idx
  ON provider_transactions (member_id, created_at DESC, vendor, round_id)
  WHERE kind = 'bet';

-- The game server's replay page of one round, a URL template with {roundId}; null: no replay.
ALTER TABLE game_vendors ADD COLUMN replay_url text;
-- The in-house game server replays its rounds (installations seeded before this migration).
UPDATE game_vendors SET replay_url = '/rgs/replay/{roundId}'
  WHERE vassalage IN ('PNS', 'PNG') AND launch_url = '/rgs/games/{gameCode}';
