-- A debit or credit may name the provider's game (docs/provider-protocol.md `gameCode`), so the
-- winner board and popular games (spec §4) can say which game a bet or win was in.
ALTER TABLE provider_transactions ADD COLUMN game_code text;
-- The winner board reads the biggest wins of the last 7 days.
CREATE INDEX provider_transactions_wins_idx ON provider_transactions (created_at, amount)
  WHERE kind = 'win' AND game_code IS NOT NULL;
-- Popular games count the rounds (bets) of the last 7 days per game.
CREATE INDEX provider_transactions_bets_idx ON provider_transactions (created_at)
  WHERE kind = 'bet' AND game_code IS NOT NULL;
