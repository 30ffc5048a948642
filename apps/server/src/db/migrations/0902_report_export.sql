-- The rounds export (at least 50,000 rows a second): trial members (currency FUN) are
-- left out by an anti-join on this small index rather than a members lookup per round (the
-- export takes usernames from a cache of its own, a batch per page for the ones it has not seen).
CREATE INDEX members_fun_idx ON members (id) WHERE currency = 'FUN';
