// bench/agents/tree: build a large agent tree with its bets straight into the real tables
// (members → member_tree, provider_transactions, the ledger), with set-based SQL
// (generate_series) on PostgreSQL. Reusable: the settlement-run bench imports buildAgentTree().
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../../apps/server/src/db/client.ts";
import { migrate } from "../../apps/server/src/db/migrate.ts";

export interface TreeOptions {
  /** Members in the tree, the top agent included. */
  members: number;
  /** Fan-out of each agent: member i's upline is member floor((i − 1) / fanOut). */
  fanOut: number;
  /** Bets (provider_transactions kind 'bet'); about half the rounds also get a win. */
  bets: number;
  /** Bets are spread evenly over this many days up to now. */
  days: number;
  /** A prefix for usernames, so two trees can live in one database. */
  prefix: string;
}

export interface BuiltTree {
  topAgentId: number;
  /** The first and last member id of the tree (ids are consecutive). */
  firstId: number;
  lastId: number;
  maxDepth: number;
  seconds: number;
}

/**
 * Members 0 … n−1 in a fanOut-ary tree under member 0 (the top agent); members with children
 * are agents (isAgent 1), the rest players. Closure rows are computed in one statement rather
 * than by the per-row trigger (which stays the source of truth for every later change).
 */
export async function buildAgentTree(database: Database, opts: TreeOptions): Promise<BuiltTree> {
  const started = performance.now();
  if (!/^[a-z]{1,8}$/.test(opts.prefix)) throw new Error("prefix: 1-8 lowercase letters");
  const p = opts.prefix;
  // Whole numbers and a checked prefix only, so the statements are written out in full.
  const run = (text: string) => database.exec(text);
  const n = opts.members;
  const k = opts.fanOut;
  const [row] = await database.prepared<{ base: string }>(
    "bench_tree_base",
    "SELECT coalesce(max(id), 0) + 1 AS base FROM members",
    [],
  );
  const b = Number(row?.base);
  const lastAgent = Math.floor((n - 2) / k); // the highest index that has a child
  await run(`ALTER TABLE members DISABLE TRIGGER members_tree_insert`);
  try {
    await run(`
      INSERT INTO members (id, username, password_hash, is_agent, upline_id, currency, created_at, last_login_at, affiliate_code)
      SELECT ${b}::bigint + i, '${p}' || i, NULL,
        CASE WHEN i <= ${lastAgent} THEN 1 ELSE 0 END,
        CASE WHEN i = 0 THEN NULL ELSE ${b}::bigint + (i - 1) / ${k} END,
        'PHP', now() - (i % 60) * interval '1 day', now() - (i % 7) * interval '1 hour',
        CASE WHEN i <= ${lastAgent} THEN upper('${p}') || i ELSE NULL END
      FROM generate_series(0, ${n - 1}) AS i`);
  } finally {
    await run(`ALTER TABLE members ENABLE TRIGGER members_tree_insert`);
  }
  await run(`SELECT setval(pg_get_serial_sequence('members', 'id'), (SELECT max(id) FROM members))`);
  await run(`
    INSERT INTO member_tree (ancestor_id, descendant_id, depth)
    WITH RECURSIVE up (descendant_id, ancestor_id, depth) AS (
      SELECT id, id, 0 FROM members WHERE id BETWEEN ${b} AND ${b + n - 1}
      UNION ALL
      SELECT up.descendant_id, m.upline_id, up.depth + 1
      FROM up JOIN members m ON m.id = up.ancestor_id
      WHERE m.upline_id IS NOT NULL
    )
    SELECT ancestor_id, descendant_id, depth FROM up`);

  // The ledger: each member's main account with a deposit (a real transaction and its entries).
  await run(`INSERT INTO ledger_accounts (member_id, kind, currency) VALUES (NULL, 'clearing:bench', 'PHP')
    ON CONFLICT DO NOTHING`);
  await run(`
    INSERT INTO ledger_accounts (member_id, kind, currency, balance)
    SELECT ${b}::bigint + i, 'main', 'PHP', 1000000 FROM generate_series(0, ${n - 1}) AS i`);
  await run(`
    INSERT INTO ledger_transactions (idempotency_key, type, reference, member_id, fingerprint, created_at)
    SELECT 'bench-dep-' || '${p}' || i, 'deposit', 'BENCH', ${b}::bigint + i, 'bench',
      now() - (i % ${opts.days}) * interval '1 day'
    FROM generate_series(0, ${n - 1}) AS i`);
  await run(`
    INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
    SELECT t.id, a.id, 1000000, 1000000, t.created_at
    FROM ledger_transactions t JOIN ledger_accounts a ON a.member_id = t.member_id AND a.kind = 'main'
    WHERE t.idempotency_key LIKE 'bench-dep-${p}%'`);
  await run(`
    INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
    SELECT t.id, (SELECT id FROM ledger_accounts WHERE member_id IS NULL AND kind = 'clearing:bench' AND currency = 'PHP'),
      -1000000, t.created_at
    FROM ledger_transactions t WHERE t.idempotency_key LIKE 'bench-dep-${p}%'`);

  // The round records: bets by players (the leaves), spread over the days; every other round won.
  const players = n - lastAgent - 1;
  const spanS = opts.days * 86_400;
  await run(`
    INSERT INTO provider_transactions (vendor, transaction_id, kind, round_id, member_id, amount, fingerprint, game_code, created_at)
    SELECT 'BENCH', 'b' || '${p}' || j, 'bet', '${p}' || j,
      ${b + lastAgent + 1}::bigint + (j * 7919) % ${players}, 100 + (j % 50) * 100, 'bench', 'G' || (j % 20),
      now() - ((j::bigint * 104729) % ${spanS}) * interval '1 second'
    FROM generate_series(0::bigint, ${opts.bets - 1}) AS j`);
  await run(`
    INSERT INTO provider_transactions (vendor, transaction_id, kind, round_id, member_id, amount, fingerprint, game_code, created_at)
    SELECT 'BENCH', 'w' || '${p}' || j, 'win', '${p}' || j,
      ${b + lastAgent + 1}::bigint + (j * 7919) % ${players}, 150 + (j % 50) * 180, 'bench', 'G' || (j % 20),
      now() - ((j::bigint * 104729) % ${spanS}) * interval '1 second' + interval '1 second'
    FROM generate_series(0::bigint, ${opts.bets - 1}, 2) AS j`);
  await run(`ANALYZE members; ANALYZE member_tree; ANALYZE provider_transactions; ANALYZE ledger_transactions;
    ANALYZE ledger_entries; ANALYZE ledger_accounts`);
  const [depth] = await database.prepared<{ d: number }>(
    "bench_tree_depth",
    "SELECT max(depth)::int AS d FROM member_tree WHERE ancestor_id = $1",
    [b],
  );
  return {
    topAgentId: b,
    firstId: b,
    lastId: b + n - 1,
    maxDepth: depth?.d ?? 0,
    seconds: (performance.now() - started) / 1000,
  };
}

/** A fresh, migrated database on the PostgreSQL server for a bench run, and how to drop it. */
export async function benchDatabase(
  serverUrl: string,
  reuse?: string,
): Promise<{ database: Database; drop: () => Promise<void>; name: string }> {
  const name = reuse ?? `panalo_bench_agents_${randomBytes(4).toString("hex")}`;
  if (!reuse) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await migrate(database);
  return {
    name,
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
