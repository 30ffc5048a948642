-- The reports' money figures per Manila day × member in [p_from, p_to), at the time they
-- happened: deposits credited (approved bank transfers, paid gateway deposits) when decided,
-- with the member's first one marked (no credited deposit decided before it: one index-only
-- probe of deposits_credited_member_idx); withdrawals paid when paid; bonuses and adjustments:
-- the member side of the ledger's `bonus…` and `adjustment` movements (signed). Real money only:
-- trial (FUN) members left out by an anti-join on members_fun_idx, as report_game_facts.
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
