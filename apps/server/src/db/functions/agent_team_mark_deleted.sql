-- Rows leaving member_tree (a member moved to another upline): each former ancestor's team size
-- drops, and the ancestor is marked stale (agent_team_stale) so its built team totals are not
-- read (the overview reads the records) until the rollup rebuilds them.
-- Trigger member_tree_team_deleted (AFTER DELETE, each statement, old rows as old_rows).
CREATE OR REPLACE FUNCTION agent_team_mark_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
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
