-- Per-agent team totals (the team overview of a top agent in under 100 ms): each closed
-- Manila day (agent_team_days) and each rolled hour (agent_team_hours) × agent, the sums of its
-- team's member rows (agent_member_days, agent_member_hours) through the closure table (depth ≥ 1),
-- built in the transactions that build those rows. A derived cache: rebuildable from them.
--
-- Active members over a period are distinct members, which sums cannot give; each row keeps its
-- active members by the days since each one's previous active day (gap_days/gap_counts; 93 = none
-- in the 92 days before, the longest period): the members active in [a, b] are
-- Σ over days d in [a, b] of those active on d whose gap > d − a — exact.
CREATE TABLE agent_team_days (
  agent_id bigint NOT NULL,
  day date NOT NULL,
  bets bigint NOT NULL,
  bet_count bigint NOT NULL,
  wins bigint NOT NULL,
  refunds bigint NOT NULL,
  -- Cash of team members in the agent's own currency.
  deposits bigint NOT NULL,
  withdrawals bigint NOT NULL,
  -- Team members with a bet that day, and registered that day.
  active integer NOT NULL,
  new_members integer NOT NULL,
  gap_days smallint[] NOT NULL,
  gap_counts integer[] NOT NULL,
  PRIMARY KEY (agent_id, day)
);

-- The same per rolled hour; first_active counts the team members whose first bet of their Manila
-- day falls in the hour, with their gaps (days since the previous active day).
CREATE TABLE agent_team_hours (
  agent_id bigint NOT NULL,
  hour timestamptz NOT NULL,
  bets bigint NOT NULL,
  bet_count bigint NOT NULL,
  wins bigint NOT NULL,
  refunds bigint NOT NULL,
  deposits bigint NOT NULL,
  withdrawals bigint NOT NULL,
  first_active integer NOT NULL,
  new_members integer NOT NULL,
  gap_days smallint[] NOT NULL,
  gap_counts integer[] NOT NULL,
  PRIMARY KEY (agent_id, hour)
);

-- Team sizes (closure rows of depth ≥ 1 per agent), kept by the statement triggers below.
CREATE TABLE agent_team_sizes (
  agent_id bigint PRIMARY KEY,
  size bigint NOT NULL
);
INSERT INTO agent_team_sizes (agent_id, size)
  SELECT ancestor_id, count(*) FROM member_tree WHERE depth > 0 GROUP BY ancestor_id;

-- A member's hours (was it active earlier that day?), probed per member.
CREATE INDEX agent_member_hours_member_idx ON agent_member_hours (member_id, hour) WHERE bet_count > 0;

-- agent_team_hours cover the hours [team_hours_from, team_hours_until).
ALTER TABLE agent_rollup_state ADD COLUMN team_hours_from timestamptz;
ALTER TABLE agent_rollup_state ADD COLUMN team_hours_until timestamptz;

-- Agents whose team changed by a move after their rows were built: their rows are not read (the
-- overview reads the records) until the rollup rebuilds them. A registration changes no built
-- row (a new member has no rolled day or hour yet), so it marks nothing; it adds to the sizes.
CREATE SEQUENCE agent_team_stale_seq;
CREATE TABLE agent_team_stale (
  agent_id bigint PRIMARY KEY,
  seq bigint NOT NULL
);

CREATE FUNCTION agent_team_mark_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE agent_team_sizes s SET size = s.size - x.n
    FROM (SELECT o.ancestor_id, count(*) AS n FROM old_rows o WHERE o.depth > 0 GROUP BY 1) x
    WHERE s.agent_id = x.ancestor_id;
  INSERT INTO agent_team_stale (agent_id, seq)
    SELECT x.ancestor_id, nextval('agent_team_stale_seq')
    FROM (SELECT DISTINCT o.ancestor_id FROM old_rows o WHERE o.depth > 0) x
    ON CONFLICT (agent_id) DO UPDATE SET seq = EXCLUDED.seq;
  RETURN NULL;
END $$;

CREATE FUNCTION agent_team_mark_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_team_sizes (agent_id, size)
    SELECT n.ancestor_id, count(*) FROM new_rows n WHERE n.depth > 0 GROUP BY 1 ORDER BY 1
    ON CONFLICT (agent_id) DO UPDATE SET size = agent_team_sizes.size + EXCLUDED.size;
  INSERT INTO agent_team_stale (agent_id, seq)
    SELECT x.ancestor_id, nextval('agent_team_stale_seq')
    FROM (SELECT DISTINCT n.ancestor_id FROM new_rows n
      JOIN members m ON m.id = n.descendant_id
      WHERE n.depth > 0
        AND (m.created_at < (date_trunc('day', now() AT TIME ZONE 'Asia/Manila') AT TIME ZONE 'Asia/Manila')
          OR m.created_at < (SELECT team_hours_until FROM agent_rollup_state WHERE id = 1)
          OR EXISTS (SELECT 1 FROM agent_member_hours h WHERE h.member_id = n.descendant_id AND h.bet_count > 0)
          OR EXISTS (SELECT 1 FROM agent_member_days d WHERE d.member_id = n.descendant_id))) x
    ON CONFLICT (agent_id) DO UPDATE SET seq = EXCLUDED.seq;
  RETURN NULL;
END $$;

CREATE TRIGGER member_tree_team_deleted AFTER DELETE ON member_tree
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_team_mark_deleted();
CREATE TRIGGER member_tree_team_inserted AFTER INSERT ON member_tree
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_team_mark_inserted();

-- Build the days [p_from, p_until) for every agent, or for the agents listed.
CREATE FUNCTION agent_team_days_build(p_from date, p_until date, p_agents bigint[] DEFAULT NULL)
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

-- Build the hours [p_from, p_until) for every agent, or for the agents listed. The gaps read
-- agent_member_days: the caller builds an hour after the day before it is rolled up.
CREATE FUNCTION agent_team_hours_build(p_from timestamptz, p_until timestamptz, p_agents bigint[] DEFAULT NULL)
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

-- The days rolled up before this migration.
SELECT agent_team_days_build(min(day), (max(day) + 1)::date) FROM agent_member_days HAVING count(*) > 0;
