-- The upline–downline closure table (member_tree) follows members.upline_id, the source of
-- truth, by triggers, so no code path (registration, the operator's move, a seed) can forget to.
-- A new member: its own row at depth 0, and one under each ancestor of its upline.
-- Lock order: an insert takes the tree lock shared, a move takes it exclusive, so a member
-- registered under an upline that is being moved sees the moved path (READ COMMITTED reads the
-- committed move after the lock is granted).
-- Trigger members_tree_insert (AFTER INSERT on members, each row) calls it.
CREATE OR REPLACE FUNCTION member_tree_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7001);
  INSERT INTO member_tree (ancestor_id, descendant_id, depth) VALUES (NEW.id, NEW.id, 0);
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO member_tree (ancestor_id, descendant_id, depth)
      SELECT t.ancestor_id, NEW.id, t.depth + 1 FROM member_tree t WHERE t.descendant_id = NEW.upline_id;
  END IF;
  RETURN NULL;
END $$;
