-- The provider protocol's reverse (db/functions/provider_move.sql) closes a held win that still
-- waits for review: the credit was taken back by its vendor before any operator decided. Such a
-- decision has no operator; it carries a note instead (an operator's decision still needs one).
ALTER TABLE provider_win_reviews DROP CONSTRAINT provider_win_reviews_check;
ALTER TABLE provider_win_reviews ADD CONSTRAINT provider_win_reviews_decided_check
  CHECK ((status = 'pending' AND decided_by IS NULL)
         OR (status <> 'pending' AND (decided_by IS NOT NULL OR note IS NOT NULL)));
