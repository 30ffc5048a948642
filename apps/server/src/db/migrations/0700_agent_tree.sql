-- The upline–downline tree as a closure table: one row per (ancestor, descendant)
-- pair, the member itself included at depth 0. "Everyone under X" is one range scan of the
-- primary key (ancestor_id = X); "the path above Y" is one range scan of
-- member_tree_descendant_idx (descendant_id = Y). A closure table rather than ltree: it works the
-- same on PGlite and PostgreSQL without an extension, its rows join straight to the ledger and
-- round records by member id, and a depth of 10 keeps it small (at most 11 rows per member).
--
-- members.upline_id stays the source of truth; these triggers keep the closure in step with it,
-- so no code path (registration, the operator's move, a seed) can forget to.
CREATE TABLE member_tree (
  ancestor_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  descendant_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  depth smallint NOT NULL CHECK (depth >= 0),
  PRIMARY KEY (ancestor_id, descendant_id)
);
CREATE INDEX member_tree_descendant_idx ON member_tree (descendant_id, depth);
CREATE INDEX member_tree_ancestor_depth_idx ON member_tree (ancestor_id, depth);

-- Lock order: an insert takes the tree lock shared, a move takes it exclusive, so a member
-- registered under an upline that is being moved sees the moved path (READ COMMITTED reads the
-- committed move after the lock is granted).
CREATE FUNCTION member_tree_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7001);
  INSERT INTO member_tree (ancestor_id, descendant_id, depth) VALUES (NEW.id, NEW.id, 0);
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO member_tree (ancestor_id, descendant_id, depth)
      SELECT t.ancestor_id, NEW.id, t.depth + 1 FROM member_tree t WHERE t.descendant_id = NEW.upline_id;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION member_tree_move() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER members_tree_insert AFTER INSERT ON members
  FOR EACH ROW EXECUTE FUNCTION member_tree_insert();
CREATE TRIGGER members_tree_move AFTER UPDATE OF upline_id ON members
  FOR EACH ROW WHEN (OLD.upline_id IS DISTINCT FROM NEW.upline_id) EXECUTE FUNCTION member_tree_move();

-- Members who exist already.
INSERT INTO member_tree (ancestor_id, descendant_id, depth)
WITH RECURSIVE up (descendant_id, ancestor_id, depth) AS (
  SELECT id, id, 0 FROM members
  UNION ALL
  SELECT up.descendant_id, m.upline_id, up.depth + 1
  FROM up JOIN members m ON m.id = up.ancestor_id
  WHERE m.upline_id IS NOT NULL AND up.depth < 64
)
SELECT ancestor_id, descendant_id, depth FROM up;
