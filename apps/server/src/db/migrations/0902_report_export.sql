-- The rounds export (issue 14: at least 50,000 rows a second): trial members (currency FUN) are
-- left out by an anti-join on this small index rather than a members lookup per round (the
-- export takes usernames from a cache of its own, a batch per page for the ones it has not seen).
CREATE INDEX members_fun_idx ON members (id) WHERE currency = 'FUN';

-- Bets in keyset order, (created_at, id), without the wins and rollbacks between them: each page
-- of the export is one range of this index with no sort (the time indexes hold every kind, or
-- (created_at, member) order, which needed an incremental sort per page).
CREATE INDEX provider_transactions_bet_time_idx ON provider_transactions (created_at, id) WHERE kind = 'bet';
