-- Rows entering member_tree (a registration or a move): each new ancestor's team size grows. A
-- registration changes no built row (a new member has no rolled day or hour yet), so it marks
-- nothing stale; a moved member with history (created before today or before the hours built,
-- or with rolled-up rows) marks each new ancestor stale (agent_team_stale).
-- Trigger member_tree_team_inserted (AFTER INSERT, each statement, new rows as new_rows).
CREATE OR REPLACE FUNCTION agent_team_mark_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
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
