-- The dashboard's active players over a range of closed days, from a few small rows: each closed
-- day keeps the set of its active members as bitmaps (report_active_bits: a row per day and
-- block of 8,192 member ids; bit n of block k is member k × 8192 + n), so the period's count is
-- bit_count(bit_or(bits)) per block — exact, never an estimate.
-- Recompute the bitmaps of the days [p_from, p_until) from report_player_days (members with a
-- round that day: rounds > 0, as the active-player figure counts them). Delete and insert, like
-- report_rollup_days, which the rollup calls just before in the same transaction.
CREATE OR REPLACE FUNCTION report_rollup_active_bits(p_from date, p_until date) RETURNS void LANGUAGE sql AS $$
  DELETE FROM report_active_bits WHERE day >= p_from AND day < p_until;
  INSERT INTO report_active_bits (day, block, bits)
    SELECT b.day, b.block,
           string_agg(CASE WHEN p.member_id IS NULL THEN '0' ELSE '1' END, '' ORDER BY g.n)::bit(8192)
      FROM (SELECT DISTINCT day, (member_id / 8192)::integer AS block FROM report_player_days
             WHERE day >= p_from AND day < p_until AND rounds > 0) b
     CROSS JOIN generate_series(0, 8191) g (n)
      LEFT JOIN report_player_days p
        ON p.day = b.day AND p.member_id = b.block::bigint * 8192 + g.n AND p.rounds > 0
     GROUP BY b.day, b.block;
$$;
