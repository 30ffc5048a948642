-- The live day, rolled up an hour at a time (the dashboard's call must stay fast late
-- in a busy day). The dashboard's live tail was the whole of today from the round records — a
-- range read of wide rows (with the provider's answer) filtered by kind, with the rollbacks'
-- join and the members' — on every call. Now the reports job also rolls up each closed hour
-- since done_until into report_player_game_hours (the same facts, report_game_facts, an hour at
-- a time), and the tail read from the records is only the time since hours_until: at most an
-- hour and a quarter (the job runs every 15 minutes; an hour closes 10 minutes after it ends).
-- Rows are per hour × member × vendor × game, so the dashboard's figures — active players
-- included (a member with net rounds > 0 on the day) — add up exactly as from the records.
CREATE TABLE report_player_game_hours (
  hour timestamptz NOT NULL,
  -- The Manila day of the hour (each hour is within one: Manila has no daylight saving).
  day date NOT NULL,
  member_id bigint NOT NULL,
  vendor text NOT NULL,
  game_code text NOT NULL,
  bets bigint NOT NULL,
  wins bigint NOT NULL,
  rounds bigint NOT NULL,
  PRIMARY KEY (hour, vendor, game_code, member_id)
);

-- Hours before hours_until are in report_player_game_hours (only those from done_until on are
-- read; older ones are deleted by the job once their day is rolled up).
ALTER TABLE report_rollup_state ADD COLUMN hours_until timestamptz;

-- Recompute the hours [p_from, p_until) (whole hours): delete and insert, like the days.
CREATE FUNCTION report_rollup_hours(p_from timestamptz, p_until timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  h timestamptz := p_from;
BEGIN
  DELETE FROM report_player_game_hours WHERE hour >= p_from AND hour < p_until;
  WHILE h < p_until LOOP
    INSERT INTO report_player_game_hours (hour, day, member_id, vendor, game_code, bets, wins, rounds)
      SELECT h, f.day, f.member_id, f.vendor, f.game_code, f.bets, f.wins, f.rounds
        FROM report_game_facts(h, h + interval '1 hour') f;
    h := h + interval '1 hour';
  END LOOP;
END;
$$;

-- No partial index of rollbacks by time: provider_move's generic plan for "the rollbacks that
-- name this bet" (kind = 'rollback' AND vendor AND ref_transaction_id) took it over the ref
-- index on a fresh, unanalyzed table (providers/plans.test.ts), a scan of every rollback ever for
-- each call. The live tail is about an hour of records: the time index reads them.
