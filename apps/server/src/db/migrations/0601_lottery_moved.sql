-- The lottery moved to the RGS: its games, draws, slips and bets live in the RGS's own
-- schema (apps/rgs/migrations/0002_lottery.sql). The platform's unused tables of 0600 go; the
-- platform knows the lottery only as catalog games of vendor TCG_SEA and through the protocol.
DROP TABLE IF EXISTS lottery_draws;
DROP TABLE IF EXISTS lottery_games;
