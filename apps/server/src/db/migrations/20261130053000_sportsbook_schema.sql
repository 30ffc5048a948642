-- The sportsbook (apps/sportsbook, vendors PNSB and PNES) keeps its tables in a schema of its
-- own, `sportsbook`, as the in-house game server keeps `rgs`: the platform's code never names
-- them, and the book reads and writes nothing else. SET SCHEMA moves each table with its rows,
-- indexes, constraints and owned sequences (identity and serial columns); nothing is copied.
CREATE SCHEMA IF NOT EXISTS sportsbook;

ALTER TABLE sb_sports SET SCHEMA sportsbook;
ALTER TABLE sb_book SET SCHEMA sportsbook;
ALTER TABLE sb_leagues SET SCHEMA sportsbook;
ALTER TABLE sb_teams SET SCHEMA sportsbook;
ALTER TABLE sb_matches SET SCHEMA sportsbook;
ALTER TABLE sb_markets SET SCHEMA sportsbook;
ALTER TABLE sb_outcomes SET SCHEMA sportsbook;
ALTER TABLE sb_bets SET SCHEMA sportsbook;
ALTER TABLE sb_bet_legs SET SCHEMA sportsbook;
ALTER TABLE sb_player_limits SET SCHEMA sportsbook;
ALTER TABLE sb_manual_actions SET SCHEMA sportsbook;
ALTER TABLE sb_feed_messages SET SCHEMA sportsbook;
ALTER TABLE sb_feed_rejects SET SCHEMA sportsbook;
ALTER TABLE sb_feed_state SET SCHEMA sportsbook;
ALTER TABLE sb_money_calls SET SCHEMA sportsbook;

-- A vendor knows the platform's members only by the ids the platform hands it (its launch
-- tokens, its sign-in): the book's rows name a member without a foreign key into the platform's
-- tables, so the book can run against a database of its own (SPORTSBOOK_MODE=external). Members
-- are never deleted; the platform answers whether one exists (SportsHost.memberCurrency).
ALTER TABLE sportsbook.sb_bets DROP CONSTRAINT IF EXISTS sb_bets_member_id_fkey;
ALTER TABLE sportsbook.sb_player_limits DROP CONSTRAINT IF EXISTS sb_player_limits_member_id_fkey;
