-- The book's price floor: no price below it is offered or taken (a price that cannot win
-- anything worth the risk). A market with an outcome priced below it is nearly decided, so the
-- feed suspends the whole market. Decimal odds in thousandths (1050 = 1.05), as every price.
ALTER TABLE sb_book ADD COLUMN min_odds integer NOT NULL DEFAULT 1050 CHECK (min_odds BETWEEN 1001 AND 2000);
