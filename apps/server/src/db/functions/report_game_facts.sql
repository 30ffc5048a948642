-- The reports' game figures per Manila day × member × vendor × game in [p_from, p_to), each a
-- flow at the time it happened, so a closed day never changes:
--   bets   + a bet's stake when it is placed, − a rolled-back stake when the rollback moves it;
--   wins   + a win when it is credited (or held for review), − a held win when it is rejected;
--   rounds + 1 per bet, − 1 per rolled-back bet.
-- Real money only: trial (FUN) members are left out by an anti-join on members_fun_idx (every
-- member id here references members, so "not a FUN member" is "a member whose currency is not
-- FUN") — joining every fact to members hashed the whole members table on each call.
-- The nightly rollup (report_rollup_days, report_rollup_hours) and the live tail both read it.
CREATE OR REPLACE FUNCTION report_game_facts(p_from timestamptz, p_to timestamptz)
RETURNS TABLE (day date, member_id bigint, vendor text, game_code text, bets bigint, wins bigint, rounds bigint)
LANGUAGE sql STABLE AS $$
  SELECT (f.at AT TIME ZONE 'Asia/Manila')::date, f.member_id, f.vendor, f.game_code,
         sum(f.bet)::bigint, sum(f.win)::bigint, sum(f.round)::bigint
    FROM (
      SELECT p.created_at AS at, p.member_id, p.vendor, coalesce(p.game_code, '') AS game_code,
             p.amount AS bet, 0::bigint AS win, 1 AS round
        FROM provider_transactions p
       WHERE p.kind = 'bet' AND p.created_at >= p_from AND p.created_at < p_to
      UNION ALL
      SELECT p.created_at, p.member_id, p.vendor, coalesce(p.game_code, ''), 0, p.amount, 0
        FROM provider_transactions p
       WHERE p.kind = 'win' AND p.amount > 0 AND p.created_at >= p_from AND p.created_at < p_to
      UNION ALL
      -- A rollback that moved money: its bet's stake back, under the bet's game.
      SELECT r.created_at, b.member_id, b.vendor, coalesce(b.game_code, ''), -b.amount, 0, -1
        FROM provider_transactions r
        JOIN provider_transactions b
          ON b.transaction_id = r.ref_transaction_id AND b.vendor = r.vendor AND b.kind = 'bet'
       WHERE r.kind = 'rollback' AND r.created_at >= p_from AND r.created_at < p_to
      UNION ALL
      -- A held win the operator rejected went back to the house.
      SELECT w.decided_at, w.member_id, w.vendor, coalesce(p.game_code, ''), 0, -w.amount, 0
        FROM provider_win_reviews w
        LEFT JOIN provider_transactions p ON p.transaction_id = w.transaction_id AND p.vendor = w.vendor
       WHERE w.status = 'rejected' AND w.decided_at >= p_from AND w.decided_at < p_to
    ) f
   -- Trial play never counts: an anti-join on the few FUN members (migration 0902's index)
   -- rather than a join on every member (a hash of the whole members table per call).
   WHERE NOT EXISTS (SELECT 1 FROM members m WHERE m.id = f.member_id AND m.currency = 'FUN')
   GROUP BY 1, 2, 3, 4
$$;
