-- Per-agent team totals by hour (agent_team_hours), as agent_team_days_build for the hours.
-- Build the hours [p_from, p_until) for every agent, or for the agents listed. The gaps read
-- agent_member_days: the caller builds an hour after the day before it is rolled up.
CREATE OR REPLACE FUNCTION agent_team_hours_build(p_from timestamptz, p_until timestamptz, p_agents bigint[] DEFAULT NULL)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_rows integer;
BEGIN
  DELETE FROM agent_team_hours WHERE hour >= p_from AND hour < p_until
    AND (p_agents IS NULL OR agent_id = ANY (p_agents));
  INSERT INTO agent_team_hours (agent_id, hour, bets, bet_count, wins, refunds, deposits, withdrawals, first_active,
      new_members, gap_days, gap_counts)
  WITH mh AS (
    SELECT h.hour, h.member_id, min(h.currency) AS currency, sum(h.bets) AS bets, sum(h.bet_count) AS bet_count,
      sum(h.wins) AS wins, sum(h.refunds) AS refunds, sum(h.deposits) AS deposits, sum(h.withdrawals) AS withdrawals,
      (h.hour AT TIME ZONE 'Asia/Manila')::date AS day
    FROM agent_member_hours h
    WHERE h.hour >= p_from AND h.hour < p_until
    GROUP BY h.hour, h.member_id
  ), md AS (
    SELECT mh.*,
      CASE WHEN mh.bet_count > 0 AND NOT EXISTS (
        SELECT 1 FROM agent_member_hours e
        WHERE e.member_id = mh.member_id AND e.bet_count > 0 AND e.hour < mh.hour
          AND e.hour >= (mh.day::timestamp AT TIME ZONE 'Asia/Manila'))
      THEN coalesce(mh.day - (
        SELECT max(p.day) FROM agent_member_days p
        WHERE p.member_id = mh.member_id AND p.day < mh.day AND p.day >= mh.day - 92 AND p.bet_count > 0), 93) END AS gap
    FROM mh
  ), j AS (
    SELECT t.ancestor_id AS agent_id, md.*
    FROM md JOIN member_tree t ON t.descendant_id = md.member_id AND t.depth > 0
    WHERE p_agents IS NULL OR t.ancestor_id = ANY (p_agents)
  ), per AS (
    SELECT j.agent_id, j.hour, sum(j.bets) AS bets, sum(j.bet_count) AS bet_count, sum(j.wins) AS wins,
      sum(j.refunds) AS refunds,
      coalesce(sum(j.deposits) FILTER (WHERE j.currency = a.currency), 0) AS deposits,
      coalesce(sum(j.withdrawals) FILTER (WHERE j.currency = a.currency), 0) AS withdrawals,
      count(*) FILTER (WHERE j.gap IS NOT NULL) AS first_active
    FROM j JOIN members a ON a.id = j.agent_id
    GROUP BY j.agent_id, j.hour
  ), gaps AS (
    SELECT agent_id, hour, array_agg(gap::smallint ORDER BY gap) AS gd, array_agg(n::integer ORDER BY gap) AS gc
    FROM (SELECT agent_id, hour, gap, count(*) AS n FROM j WHERE gap IS NOT NULL GROUP BY 1, 2, 3) x
    GROUP BY agent_id, hour
  ), fresh AS (
    SELECT t.ancestor_id AS agent_id, to_timestamp(floor(extract(epoch FROM m.created_at) / 3600) * 3600) AS hour,
      count(*) AS n
    FROM members m JOIN member_tree t ON t.descendant_id = m.id AND t.depth > 0
    WHERE m.created_at >= p_from AND m.created_at < p_until
      AND (p_agents IS NULL OR t.ancestor_id = ANY (p_agents))
    GROUP BY 1, 2
  ), keys AS (
    SELECT agent_id, hour FROM per UNION SELECT agent_id, hour FROM fresh
  )
  SELECT k.agent_id, k.hour, coalesce(per.bets, 0), coalesce(per.bet_count, 0), coalesce(per.wins, 0),
    coalesce(per.refunds, 0), coalesce(per.deposits, 0), coalesce(per.withdrawals, 0), coalesce(per.first_active, 0),
    coalesce(fresh.n, 0), coalesce(gaps.gd, '{}'), coalesce(gaps.gc, '{}')
  FROM keys k
  LEFT JOIN per ON per.agent_id = k.agent_id AND per.hour = k.hour
  LEFT JOIN gaps ON gaps.agent_id = k.agent_id AND gaps.hour = k.hour
  LEFT JOIN fresh ON fresh.agent_id = k.agent_id AND fresh.hour = k.hour;
  GET DIAGNOSTICS v_rows = ROW_COUNT;
  RETURN v_rows;
END;
$$;
