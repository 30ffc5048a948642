-- The pool's contributions land in one of a few shard rows, not on the pool row, so spins of
-- different members never queue on one row lock (docs/jackpot.md). The pool's amount is the pool
-- row's amount (what it held at its last fold) plus its shards'. A win takes the pool row and
-- every shard row FOR UPDATE, sums them exactly, and folds them: the shards go back to 0 with
-- the next cycle's number, so a contribution that read the old cycle changes nothing and starts
-- again. Every pool has all its shard rows from its creation (a contribution only updates).
CREATE TABLE jackpot_pool_shards (
  pool_id integer NOT NULL REFERENCES jackpot_pools (id),
  shard smallint NOT NULL,
  cycle integer NOT NULL,
  amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
  PRIMARY KEY (pool_id, shard)
);

INSERT INTO jackpot_pool_shards (pool_id, shard, cycle)
  SELECT p.id, s, p.cycle FROM jackpot_pools p, generate_series(0, 15) AS s;
