-- The live day, rolled up an hour at a time (report_player_game_hours: the same facts,
-- report_game_facts, per hour × member × vendor × game), so the dashboard reads from the records
-- only the time since the last closed hour.
-- Recompute the hours [p_from, p_until) (whole hours): delete and insert, like the days.
CREATE OR REPLACE FUNCTION report_rollup_hours(p_from timestamptz, p_until timestamptz) RETURNS void
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
