// bench/sports: the sportsbook under a live feed on PostgreSQL.
//  1. 2,000 live matches (1X2 and a total each) fed in through the feed adapter's SQL shape;
//  2. 500 viewers on the public odds socket (/api/sports/live), each watching 40 matches;
//  3. a replay of 100 odds changes a second (UOF odds_change) through applyFeedMessage for
//     BENCH_SECONDS: the odds-change-to-screen latency is from the message's arrival to each
//     viewer's socket receiving the push (p50/p99);
//  4. bets placed through placeBet (validation, the bet, its debit through the provider protocol
//     in this process) by 64 players at once: bets placed per second;
//  5. the rest of 100,000 open bets written in bulk, every match's result set, and the time of
//     the settlement run (settleBets: every bet moved once, paid by protocol credits sent 1,000
//     to a signed `credits` request).
// Targets on the 2-core machine: odds p99 <= 100 ms; >= 500 bets placed a second; 100,000 bets
// settled in <= 5 s. Prints the load average. Figures: bench/sports/README.md.
// Run: npx tsx bench/sports/index.ts   (BENCH_PG, BENCH_MATCHES, BENCH_VIEWERS, BENCH_RATE,
//      BENCH_SECONDS, BENCH_PLACED, BENCH_BETS)

import { loadavg } from "node:os";
import pg from "pg";
import WebSocket from "ws";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { memoryStore } from "../../apps/server/src/lib/shared-store.ts";
import { applyFeedMessage } from "../../apps/sportsbook/src/book.ts";
import { placeBet } from "../../apps/sportsbook/src/place.ts";
import { settleBets } from "../../apps/sportsbook/src/settle.ts";
import { freshDatabase } from "../lib/database.ts";
import { figure } from "../lib/figure.ts";

const serverUrl = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
const MATCHES = Number(process.env.BENCH_MATCHES ?? 2000);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 500);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PLACED = Number(process.env.BENCH_PLACED ?? 3000);
const BETS = Number(process.env.BENCH_BETS ?? 100_000);
const PLAYERS = 1000;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

const fresh = await freshDatabase(serverUrl, "panalo_bench_sports");
const { admin, dbName, database } = fresh;
const raw = new pg.Client({ connectionString: fresh.url });
await raw.connect();
const q = async <T>(text: string): Promise<T[]> => (await raw.query(text)).rows as T[];
const config = loadConfig({
  NODE_ENV: "test",
  SEED_DEMO: "false",
  APP_SECRET: "bench-secret-bench-secret-bench-secret-1",
  SPORTS_SIMULATOR: "off",
});
const app = await buildApp({ config, database, store: memoryStore() });
try {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const ctx = app.sportsbook;
  if (!ctx) throw new Error("the sportsbook is not mounted (SPORTSBOOK_MODE=external?)");
  let t = performance.now();
  await q(`UPDATE sportsbook.sb_book SET live_delay_ms = 0, max_payout = 1000000000000`);
  await q(
    `INSERT INTO sportsbook.sb_leagues (ext_id, sport, name) VALUES ('b:l', 'football', 'Bench League')`,
  );
  await q(
    `INSERT INTO sportsbook.sb_teams (ext_id, sport, name) SELECT 'b:t' || g, 'football', 'Team ' || g FROM generate_series(1, 200) g`,
  );
  await q(`INSERT INTO sportsbook.sb_matches (ext_id, league_id, home_id, away_id, start_at, status, minute)
    SELECT 'b:m' || g, (SELECT id FROM sportsbook.sb_leagues), (SELECT id FROM sportsbook.sb_teams WHERE ext_id = 'b:t' || (1 + g % 200)),
      (SELECT id FROM sportsbook.sb_teams WHERE ext_id = 'b:t' || (1 + (g + 1) % 200)), now() - interval '10 minutes', 'live', 10
    FROM generate_series(1, ${MATCHES}) g`);
  await q(`INSERT INTO sportsbook.sb_markets (match_id, ext_key, kind, period, line_q, odds_ts)
    SELECT id, '1', '1x2', 'ft', NULL, 1 FROM sportsbook.sb_matches UNION ALL
    SELECT id, '18|total=2.5', 'total', 'ft', 10, 1 FROM sportsbook.sb_matches`);
  await q(`INSERT INTO sportsbook.sb_outcomes (market_id, code, name, odds)
    SELECT mk.id, o.code, o.code, o.odds FROM sportsbook.sb_markets mk
    CROSS JOIN LATERAL (VALUES ('home', 2100), ('draw', 3300), ('away', 3500)) o(code, odds) WHERE mk.kind = '1x2'
    UNION ALL SELECT mk.id, o.code, o.code, o.odds FROM sportsbook.sb_markets mk
    CROSS JOIN LATERAL (VALUES ('over', 1900), ('under', 1900)) o(code, odds) WHERE mk.kind = 'total'`);
  await q(`INSERT INTO members (username) SELECT 'sb' || g FROM generate_series(1, ${PLAYERS}) g`);
  await q(
    `INSERT INTO ledger_accounts (member_id, kind, currency, balance) SELECT id, 'main', 'PHP', 100000000000 FROM members`,
  );
  await q(`ANALYZE`);
  console.log(
    `${MATCHES} live matches, ${PLAYERS} players in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  // Viewers.
  const sent = new Map<number, number>();
  const lat: number[] = [];
  const sockets: WebSocket[] = [];
  for (let v = 0; v < VIEWERS; v++) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/sports/live`);
    await new Promise<void>((res, rej) => {
      ws.once("open", () => res());
      ws.once("error", rej);
    });
    const watch = Array.from({ length: 40 }, (_, i) => 1 + ((v * 40 + i * 7) % MATCHES));
    ws.send(JSON.stringify({ type: "watch", matches: watch }));
    ws.on("message", (data) => {
      const id = Number(/"matchId":(\d+)/.exec(String(data))?.[1]);
      const at = sent.get(id);
      if (at !== undefined) lat.push(performance.now() - at);
    });
    sockets.push(ws);
  }
  await new Promise((r) => setTimeout(r, 500));
  console.log(`${VIEWERS} viewers connected (load ${load()})`);

  // The feed: RATE odds changes a second on random matches.
  t = performance.now();
  const total = RATE * SECONDS;
  const inflight: Promise<unknown>[] = [];
  let late = 0;
  for (let i = 0; i < total; i++) {
    const due = t + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    else late++;
    const id = 1 + Math.floor(Math.random() * MATCHES);
    const h = 1.5 + Math.random() * 2;
    const arrival = performance.now();
    inflight.push(
      applyFeedMessage(ctx, "bench", {
        type: "odds_change",
        event_id: `b:m${id}`,
        timestamp: 1000 + i,
        sport_event_status: {
          status: 1,
          home_score: 0,
          away_score: 0,
          match_time: 10 + Math.floor(i / RATE),
        },
        markets: [
          {
            id: 1,
            status: 1,
            outcomes: [
              { id: "1", odds: h },
              { id: "2", odds: 3.3 },
              { id: "3", odds: 1 / (1 - 1 / h - 1 / 3.3 + 0.05) },
            ],
          },
        ],
      }).then(() => undefined),
    );
    sent.set(id, arrival);
  }
  await Promise.all(inflight);
  await new Promise((r) => setTimeout(r, 300));
  console.log(
    `odds changes: ${total} in ${((performance.now() - t) / 1000).toFixed(1)} s (${late} sent late); deliveries ${lat.length}; odds-to-screen p50 ${pct(lat, 50).toFixed(1)} ms, p99 ${pct(lat, 99).toFixed(1)} ms (target <= 100 ms; load ${load()})`,
  );
  figure("sports.odds-p99", Number(pct(lat, 99).toFixed(1)), "ms", "lower");
  for (const ws of sockets) ws.close();

  // Bets placed through the whole path, 64 at a time.
  const outcomes = await q<{ id: string; odds: number }>(
    `SELECT o.id, o.odds FROM sportsbook.sb_outcomes o JOIN sportsbook.sb_markets mk ON mk.id = o.market_id WHERE mk.kind = '1x2' AND o.code = 'home' ORDER BY o.id`,
  );
  const members = await q<{ id: string }>(`SELECT id FROM members ORDER BY id`);
  // Round trips to the database during placement: every query a pooled client sends (BEGIN and
  // COMMIT included); the bench's own client is idle meanwhile.
  const send = pg.Client.prototype.query;
  let trips = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    trips++;
    return (send as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof send;
  t = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      for (;;) {
        const i = next++;
        if (i >= PLACED) return;
        const o = outcomes[i % outcomes.length];
        const m = members[i % members.length];
        await placeBet(ctx, Number(m?.id), {
          kind: "single",
          legs: [{ outcomeId: Number(o?.id), odds: o?.odds ?? 0 }],
          stake: 1000n,
          oddsPolicy: "any",
          idempotencyKey: `bench-${i}`,
        });
      }
    }),
  );
  const placedS = (performance.now() - t) / 1000;
  pg.Client.prototype.query = send;
  console.log(
    `placed ${PLACED} bets in ${placedS.toFixed(1)} s: ${(PLACED / placedS).toFixed(0)} bets/s, ${(trips / PLACED).toFixed(1)} database round trips a bet (target >= 500; load ${load()})`,
  );

  // The rest of the open bets in bulk (with their stakes' provider rows), then every result.
  const rest = BETS - PLACED;
  await q(`INSERT INTO sportsbook.sb_bets (member_id, idempotency_key, currency, vendor, kind, stake, stake_per_line, potential)
    SELECT (SELECT min(id) FROM members) + g % ${PLAYERS}, 'bulk-' || g, 'PHP', 'PNSB', 'single', 1000, 1000, 2100 FROM generate_series(1, ${rest}) g`);
  await q(`INSERT INTO sportsbook.sb_bet_legs (bet_id, idx, outcome_id, market_id, match_id, odds)
    SELECT b.id, 0, o.id, o.market_id, mk.match_id, o.odds FROM sportsbook.sb_bets b
    JOIN sportsbook.sb_outcomes o ON o.id = (SELECT min(id) FROM sportsbook.sb_outcomes) + (b.id * 5) % (SELECT count(*) FROM sportsbook.sb_outcomes)
    JOIN sportsbook.sb_markets mk ON mk.id = o.market_id WHERE b.idempotency_key LIKE 'bulk-%'`);
  await q(`INSERT INTO provider_transactions (vendor, transaction_id, kind, round_id, member_id, amount, game_code, fingerprint, response)
    SELECT 'PNSB', 'sb:' || id, 'bet', 'sb-' || id, member_id, stake, 'SPORTS', 'bulk', '{}'::jsonb FROM sportsbook.sb_bets WHERE idempotency_key LIKE 'bulk-%'`);
  await q(
    `UPDATE sportsbook.sb_outcomes SET result = CASE WHEN code IN ('home', 'over') THEN '{"won":true,"voidPermille":0}'::jsonb ELSE '{"won":false,"voidPermille":0}'::jsonb END`,
  );
  await q(`UPDATE sportsbook.sb_markets SET status = 'settled', settled_ts = 2`);
  await q(`ANALYZE`);
  const [open] = await q<{ n: number }>(
    `SELECT count(*)::int AS n FROM sportsbook.sb_bets WHERE status = 'open'`,
  );
  t = performance.now();
  const settled = await settleBets(ctx, null);
  const settleS = (performance.now() - t) / 1000;
  console.log(
    `settled ${settled} of ${open?.n} open bets in ${settleS.toFixed(1)} s (target: 100,000 in <= 5 s; load ${load()})`,
  );
  figure("sports.settle", Number(settleS.toFixed(2)), "s", "lower");
} finally {
  await app.close();
  await raw.end();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
