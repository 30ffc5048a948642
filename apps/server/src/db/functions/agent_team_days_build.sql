-- Per-agent team totals by day (agent_team_days), the team overview's fast path: the sums of
-- agent_member_days over each agent's whole team (member_tree).
-- Build the days [p_from, p_until) for every agent, or for the agents listed.
CREATE OR REPLACE FUNCTION agent_team_days_build(p_from date, p_until date, p_agents bigint[] DEFAULT NULL)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_rows integer;
BEGIN
  DELETE FROM agent_team_days WHERE day >= p_from AND day < p_until
    AND (p_agents IS NULL OR agent_id = ANY (p_agents));
  INSERT INTO agent_team_days (agent_id, day, bets, bet_count, wins, refunds, deposits, withdrawals, active,
      new_members, gap_days, gap_counts)
  WITH md AS (
    SELECT d.day, d.member_id, d.currency, d.bets, d.bet_count, d.wins, d.refunds, d.deposits, d.withdrawals,
      CASE WHEN d.bet_count > 0 THEN coalesce(d.day - (
        SELECT max(p.day) FROM agent_member_days p
        WHERE p.member_id = d.member_id AND p.day < d.day AND p.day >= d.day - 92 AND p.bet_count > 0), 93) END AS gap
    FROM agent_member_days d
    WHERE d.day >= p_from AND d.day < p_until
  ), j AS (
    SELECT t.ancestor_id AS agent_id, md.*
    FROM md JOIN member_tree t ON t.descendant_id = md.member_id AND t.depth > 0
    WHERE p_agents IS NULL OR t.ancestor_id = ANY (p_agents)
  ), per AS (
    SELECT j.agent_id, j.day, sum(j.bets) AS bets, sum(j.bet_count) AS bet_count, sum(j.wins) AS wins,
      sum(j.refunds) AS refunds,
      coalesce(sum(j.deposits) FILTER (WHERE j.currency = a.currency), 0) AS deposits,
      coalesce(sum(j.withdrawals) FILTER (WHERE j.currency = a.currency), 0) AS withdrawals,
      count(*) FILTER (WHERE j.bet_count > 0) AS active
    FROM j JOIN members a ON a.id = j.agent_id
    GROUP BY j.agent_id, j.day
  ), gaps AS (
    SELECT agent_id, day, array_agg(gap::smallint ORDER BY gap) AS gd, array_agg(n::integer ORDER BY gap) AS gc
    FROM (SELECT agent_id, day, gap, count(*) AS n FROM j WHERE gap IS NOT NULL GROUP BY 1, 2, 3) x
    GROUP BY agent_id, day
  ), fresh AS (
    SELECT t.ancestor_id AS agent_id, (m.created_at AT TIME ZONE 'Asia/Manila')::date AS day, count(*) AS n
    FROM members m JOIN member_tree t ON t.descendant_id = m.id AND t.depth > 0
    WHERE m.created_at >= (p_from::timestamp AT TIME ZONE 'Asia/Manila')
      AND m.created_at < (p_until::timestamp AT TIME ZONE 'Asia/Manila')
      AND (p_agents IS NULL OR t.ancestor_id = ANY (p_agents))
    GROUP BY 1, 2
  ), keys AS (
    SELECT agent_id, day FROM per UNION SELECT agent_id, day FROM fresh
  )
  SELECT k.agent_id, k.day, coalesce(per.bets, 0), coalesce(per.bet_count, 0), coalesce(per.wins, 0),
    coalesce(per.refunds, 0), coalesce(per.deposits, 0), coalesce(per.withdrawals, 0), coalesce(per.active, 0),
    coalesce(fresh.n, 0), coalesce(gaps.gd, '{}'), coalesce(gaps.gc, '{}')
  FROM keys k
  LEFT JOIN per ON per.agent_id = k.agent_id AND per.day = k.day
  LEFT JOIN gaps ON gaps.agent_id = k.agent_id AND gaps.day = k.day
  LEFT JOIN fresh ON fresh.agent_id = k.agent_id AND fresh.day = k.day;
  GET DIAGNOSTICS v_rows = ROW_COUNT;
  RETURN v_rows;
END;
$$;
