// bench/tables: one live baccarat table, N players connected over WebSocket, each betting every
// round over HTTP. Prints, per round and overall, the time from the window's close
// to each player's result on its socket (p50, p99), bets settled per second (close → last
// credit acknowledged) and the server's memory. Target: p99 < 500 ms with 1,000 players.
// Run: npx tsx bench/tables/index.ts   (needs PostgreSQL: BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres)
import { randomBytes } from "node:crypto";
import { availableParallelism, loadavg } from "node:os";
import pg from "pg";
import WebSocket from "ws";
import { issueLaunchToken } from "../../apps/server/src/modules/providers/service.ts";
import { benchContext, dropDatabase, freshDatabase, fundedPlayers, inHouseVendors } from "../lib/database.ts";
import { percentile as pct, pool, secondsSince } from "../lib/measure.ts";
import { rssMb, startServer, stopServer, waitUntilHealthy } from "../lib/server.ts";

const loadAtStart = loadavg()
  .map((l) => l.toFixed(2))
  .join(", ");
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 10_000);
const PORT = Number(process.env.BENCH_PORT ?? 8194);
const serverUrl = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
const APP_SECRET = randomBytes(24).toString("hex");

const fresh = await freshDatabase(serverUrl, "panalo_tables");
const { database } = fresh;
await inHouseVendors(database, APP_SECRET, ["PNL"]);
const ids = await fundedPlayers(database, PLAYERS, (i) => `tabler${i}`, 1_000_000_00n);
const ctx = benchContext(database, APP_SECRET);

const server = startServer({
  port: PORT,
  databaseUrl: fresh.url,
  appSecret: APP_SECRET,
  env: { RGS_TABLES_ENGINE: "on", RGS_TABLES_TRACE: process.env.BENCH_TRACE ?? "0" },
});
const base = `http://127.0.0.1:${PORT}`;
await waitUntilHealthy(base);
// One table only: the bench table.
const sqlc = new pg.Client({ connectionString: fresh.url });
await sqlc.connect();
await sqlc.query("UPDATE rgs.live_tables SET enabled = false");
await sqlc.query(
  `INSERT INTO rgs.live_tables (id, game, name, chips, min_bet, max_bet, betting_ms, pause_ms)
   VALUES ('bench', 'baccarat', '{"EN":"Bench","TY":"Bench"}', '{100}', 100, 100000000, $1, 2000)`,
  [WINDOW_MS],
);

const sessions: string[] = [];
const t0 = Date.now();
await pool(ids, 32, async (m) => {
  const token = await issueLaunchToken(ctx as never, m.id, "PNL");
  const res = await fetch(`${base}/rgs/api/tables/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, tableId: "bench" }),
  });
  const json = (await res.json()) as { value: { sessionId: string } };
  sessions.push(json.value.sessionId);
});
console.log(`${PLAYERS} sessions opened in ${secondsSince(t0)} s`);

type Ev = { type: string; round?: { roundId: string; status: string; closesAt: string }; mine?: unknown };
const latencies = new Map<string, number[]>();
const betRounds = new Set<string>();
let bets = 0;
let refused = 0;
const sockets: WebSocket[] = [];
await pool(sessions, 64, async (sessionId) => {
  const ws = new WebSocket(`ws://127.0.0.1:${PORT}/rgs/ws/tables/bench`);
  sockets.push(ws);
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  ws.send(JSON.stringify({ type: "auth", sessionId }));
  let n = 0;
  ws.on("message", (raw) => {
    const e = JSON.parse(String(raw)) as Ev;
    const r = e.round;
    if (!r) return;
    if (e.type === "result" && e.mine) {
      const list = latencies.get(r.roundId) ?? [];
      list.push(Date.now() - Date.parse(r.closesAt));
      latencies.set(r.roundId, list);
    }
    if (
      r.status === "betting" &&
      (e.type === "round" || e.type === "hello") &&
      Date.parse(r.closesAt) - Date.now() > 1000
    ) {
      betRounds.add(r.roundId);
      // Spread over the first part of the window, as players would.
      const delay = Math.random() * Math.max(0, Date.parse(r.closesAt) - Date.now() - 2500);
      setTimeout(() => {
        fetch(`${base}/rgs/api/tables/bet`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            sessionId,
            roundId: r.roundId,
            requestId: `${r.roundId.slice(0, 8)}-${n++}`,
            bets: [{ spot: Math.random() < 0.5 ? "player" : "banker", amount: "1.00" }],
          }),
        })
          .then((res) => {
            if (res.ok) bets++;
            else refused++;
          })
          .catch(() => refused++);
      }, delay);
    }
  });
});
console.log(`${sockets.length} sockets connected`);

const all: number[] = [];
const perRound: Array<{ no: number; p50: number; p99: number; n: number }> = [];
let peakRss = 0;
const done: string[] = [];
const deadline = Date.now() + (ROUNDS + 2) * (WINDOW_MS + 8000) + 30_000;
while (done.length < ROUNDS && Date.now() < deadline) {
  await new Promise((r) => setTimeout(r, 500));
  peakRss = Math.max(peakRss, rssMb(server.pid));
  const { rows } = await sqlc.query(
    `SELECT r.id, r.closes_at, r.round_no, count(b.*) FILTER (WHERE b.status = 'settled') AS settled,
            count(b.*) FILTER (WHERE b.status IN ('credit_pending', 'placed')) AS owed,
            max(b.updated_at) FILTER (WHERE b.status = 'settled') AS last
     FROM rgs.table_rounds r LEFT JOIN rgs.table_bets b ON b.round_id = r.id
     WHERE r.table_id = 'bench' AND r.status = 'settled' GROUP BY r.id ORDER BY r.round_no`,
  );
  for (const r of rows) {
    if (done.includes(r.id) || !betRounds.has(r.id) || Number(r.owed) > 0 || Number(r.settled) === 0)
      continue;
    const lat = latencies.get(r.id) ?? [];
    if (lat.length < Number(r.settled)) continue;
    done.push(r.id);
    all.push(...lat);
    perRound.push({ no: Number(r.round_no), p50: pct(lat, 50), p99: pct(lat, 99), n: lat.length });
    const span = (new Date(r.last).getTime() - new Date(r.closes_at).getTime()) / 1000;
    console.log(
      `round ${r.round_no}: ${r.settled} bet sets settled; close → result p50 ${pct(lat, 50)} ms, p99 ${pct(lat, 99)} ms; ` +
        `close → last credit ${span.toFixed(2)} s = ${(Number(r.settled) / span).toFixed(0)} bets settled/s`,
    );
  }
}
console.log(
  `overall: ${all.length} results, close → result p50 ${pct(all, 50)} ms, p99 ${pct(all, 99)} ms; ` +
    `bets accepted ${bets}, refused ${refused}; server RSS ${rssMb(server.pid).toFixed(0)} MB (peak ${peakRss.toFixed(0)} MB)`,
);
// The first round (players still joining as it ran) and the worst one, apart from the overall.
const first = perRound[0];
const worst = [...perRound].sort((a, b) => b.p99 - a.p99)[0];
const show = (r: (typeof perRound)[number] | undefined) =>
  r ? `round ${r.no} (${r.n} results) p50 ${r.p50} ms, p99 ${r.p99} ms` : "none";
console.log(`first round: ${show(first)}`);
console.log(`worst round: ${show(worst)}`);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")} at the end (${loadAtStart} at the start) on ${availableParallelism()} cores`,
);
for (const ws of sockets) ws.close();
await stopServer(server);
await sqlc.end();
await dropDatabase(fresh);
process.exit(done.length >= ROUNDS ? 0 : 1);
