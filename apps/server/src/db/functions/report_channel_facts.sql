-- The payments figures per Manila day × kind × channel (deposits by payment channel, withdrawals
-- by payout provider) in [p_from, p_to): credited deposits and paid withdrawals at their decision
-- (amount and count), the rest counted as failed. Real money only: trial (FUN) members left out.
-- No fee is recorded anywhere yet: fees read 0. The rollup and the live tail both read it.
CREATE OR REPLACE FUNCTION report_channel_facts(p_from timestamptz, p_to timestamptz)
RETURNS TABLE (day date, kind text, channel text, amount bigint, succeeded integer, failed integer, fees bigint)
LANGUAGE sql STABLE AS $$
  SELECT (f.at AT TIME ZONE 'Asia/Manila')::date, f.kind, f.channel,
         sum(CASE WHEN f.ok THEN f.amount ELSE 0 END)::bigint,
         count(*) FILTER (WHERE f.ok)::integer, count(*) FILTER (WHERE NOT f.ok)::integer, 0::bigint
    FROM (
      SELECT d.decided_at AS at, 'deposit' AS kind, c.code AS channel, d.amount,
             d.status IN ('approved', 'paid') AS ok, d.member_id
        FROM deposits d JOIN payment_channels c ON c.id = d.channel_id
       WHERE d.status IN ('approved', 'paid', 'rejected', 'failed')
         AND d.decided_at >= p_from AND d.decided_at < p_to
      UNION ALL
      SELECT w.decided_at, 'withdrawal', upper(coalesce(w.payout ->> 'provider', '?')), w.amount,
             w.status <> 'rejected', w.member_id
        FROM withdrawals w
       WHERE w.status <> 'pending' AND w.decided_at >= p_from AND w.decided_at < p_to
    ) f
    JOIN members m ON m.id = f.member_id AND m.currency <> 'FUN'
   GROUP BY 1, 2, 3
$$;
