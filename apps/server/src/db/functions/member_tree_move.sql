-- A member moved to another upline (members.upline_id changed): the rows linking its subtree to
-- its old ancestors go, rows to the new ancestors come, under the tree lock taken exclusive (see
-- member_tree_insert). Refuses a move under the member's own subtree (a cycle).
-- Trigger members_tree_move (AFTER UPDATE OF upline_id on members, each row) calls it.
CREATE OR REPLACE FUNCTION member_tree_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7001);
  IF NEW.upline_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM member_tree WHERE ancestor_id = NEW.id AND descendant_id = NEW.upline_id
  ) THEN
    RAISE EXCEPTION 'member % cannot move under its own downline %', NEW.id, NEW.upline_id
      USING ERRCODE = 'check_violation';
  END IF;
  -- Cut the subtree from every ancestor above the moved member...
  DELETE FROM member_tree t
    USING member_tree sub, member_tree sup
    WHERE sub.ancestor_id = NEW.id
      AND t.descendant_id = sub.descendant_id
      AND sup.descendant_id = NEW.id AND sup.depth > 0
      AND t.ancestor_id = sup.ancestor_id;
  -- ...and hang it under the new upline's path.
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO member_tree (ancestor_id, descendant_id, depth)
      SELECT sup.ancestor_id, sub.descendant_id, sup.depth + sub.depth + 1
      FROM member_tree sup, member_tree sub
      WHERE sup.descendant_id = NEW.upline_id AND sub.ancestor_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
