-- The dashboard's live tail, read without touching every member (dashboard p99 under
-- 300 ms). The facts functions of migration 0250 left out trial (FUN) members by joining every
-- fact to members, which the planner answers with a hash of the whole members table on each
-- call (20,000 rows in the bench; a million on a large site). Same figures, same definitions,
-- but the trial members are left out by an anti-join on members_fun_idx (0902): every member
-- id in these tables references members, so "not a FUN member" is exactly "a member whose
-- currency is not FUN".
--
-- A deposit is the member's first when no credited deposit of theirs was decided before it:
-- with this index that check is one index-only probe per deposit (it read all of the member's
-- deposits from the heap).
CREATE INDEX deposits_credited_member_idx ON deposits (member_id, decided_at, id)
  WHERE status IN ('approved', 'paid');

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

CREATE OR REPLACE FUNCTION report_money_facts(p_from timestamptz, p_to timestamptz)
RETURNS TABLE (day date, member_id bigint, deposits bigint, deposit_count integer, withdrawals bigint,
               withdrawal_count integer, bonuses bigint, adjustments bigint, first_deposit boolean)
LANGUAGE sql STABLE AS $$
  SELECT (f.at AT TIME ZONE 'Asia/Manila')::date, f.member_id,
         sum(f.dep)::bigint, sum(f.dep_n)::integer, sum(f.wd)::bigint, sum(f.wd_n)::integer,
         sum(f.bonus)::bigint, sum(f.adj)::bigint, bool_or(f.first)
    FROM (
      SELECT d.decided_at AS at, d.member_id, d.amount AS dep, 1 AS dep_n, 0::bigint AS wd, 0 AS wd_n,
             0::bigint AS bonus, 0::bigint AS adj,
             NOT EXISTS (SELECT 1 FROM deposits e
                          WHERE e.member_id = d.member_id AND e.status IN ('approved', 'paid')
                            AND (e.decided_at < d.decided_at OR (e.decided_at = d.decided_at AND e.id < d.id))) AS first
        FROM deposits d
       WHERE d.status IN ('approved', 'paid') AND d.decided_at >= p_from AND d.decided_at < p_to
      UNION ALL
      SELECT w.decided_at, w.member_id, 0, 0, w.amount, 1, 0, 0, false
        FROM withdrawals w
       WHERE w.status NOT IN ('pending', 'rejected') AND w.decided_at >= p_from AND w.decided_at < p_to
      UNION ALL
      SELECT t.created_at, a.member_id, 0, 0, 0, 0,
             CASE WHEN t.type = 'adjustment' THEN 0 ELSE e.amount END,
             CASE WHEN t.type = 'adjustment' THEN e.amount ELSE 0 END, false
        FROM ledger_transactions t
        JOIN ledger_entries e ON e.transaction_id = t.id
        JOIN ledger_accounts a ON a.id = e.account_id AND a.member_id IS NOT NULL
       WHERE (t.type = 'adjustment' OR t.type LIKE 'bonus%')
         AND t.created_at >= p_from AND t.created_at < p_to
    ) f
   -- Trial play never counts: an anti-join on the few FUN members (migration 0902's index)
   -- rather than a join on every member (a hash of the whole members table per call).
   WHERE NOT EXISTS (SELECT 1 FROM members m WHERE m.id = f.member_id AND m.currency = 'FUN')
   GROUP BY 1, 2
$$;
