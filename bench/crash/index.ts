// bench/crash: one crash round with 2,000 players (bench/crash/README.md). Every player bets,
// then cashes out at a random point of the flight over HTTP; BENCH_WATCHERS of the players'
// sockets time each cash-out's arrival in the room's feed. Prints, over every cash-out, the
// time from the server's acceptance (its answer's `accepted`, the same machine's clock) to the
// moment the last watcher showed it: p50 / p99 / max (target p99 ≤ 100 ms).
// Run: npx tsx bench/crash/index.ts   (PostgreSQL: BENCH_PG, default postgres://postgres@127.0.0.1:5432/postgres)
import { randomBytes } from "node:crypto";
import pg from "pg";
import WebSocket from "ws";
import { crashPointOf, hashAt, roundHash, terminatingHash } from "../../apps/rgs/src/crashgame/chain.ts";
import { issueLaunchToken } from "../../apps/server/src/modules/providers/service.ts";
import { crashInstantMs } from "../../packages/game-math/src/crash/index.ts";
import { benchContext, dropDatabase, freshDatabase, fundedPlayers, inHouseVendors } from "../lib/database.ts";
import { figure, loadAverage } from "../lib/figure.ts";
import { percentile, pool, secondsSince } from "../lib/measure.ts";
import {
  abandonRun,
  benchNodeArgs,
  cleanUpOnFailure,
  startServer,
  stopServer,
  waitUntilHealthy,
} from "../lib/server.ts";

const loadAtStart = loadAverage();
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 2000);
const WATCHERS = Math.min(PLAYERS, Number(process.env.BENCH_WATCHERS ?? 200));
// Long enough for every bet on a busy machine; the bench closes the window once all are in.
const BETTING_MS = Number(process.env.BENCH_BETTING_MS ?? 600_000);
const PORT = Number(process.env.BENCH_PORT ?? 8195);
const serverUrl = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
const APP_SECRET = randomBytes(24).toString("hex");

// A chain whose first round crashes between 6x and 9x (30–37 s of flight): room for 2,000
// cash-outs spread over it.
const SALT = "bench-crash";
const LENGTH = 10;
let seed = "";
for (let k = 1; ; k++) {
  seed = hashAt(k.toString(16).padStart(64, "0"), 1);
  const x = crashPointOf(roundHash(seed, LENGTH, 1), SALT);
  if (x >= 600 && x < 900) break;
}
const crashX100 = crashPointOf(roundHash(seed, LENGTH, 1), SALT);
const flightMs = crashInstantMs(crashX100);

const fresh = await freshDatabase(serverUrl, "panalo_crash");
const { database } = fresh;
await inHouseVendors(database, APP_SECRET, ["PNC"]);
const ids = await fundedPlayers(database, PLAYERS, (i) => `crasher${i}`, 1_000_00n);
const ctx = benchContext(database, APP_SECRET);

// BENCH_NODE_ARGS: extra flags for the server's node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/p").
const server = startServer({
  port: PORT,
  databaseUrl: fresh.url,
  appSecret: APP_SECRET,
  nodeArgs: benchNodeArgs(),
  env: { RGS_TABLES_ENGINE: "on" },
});
// A failed run still stops its server and drops its database.
const cleanUp = () => abandonRun(server, fresh);
cleanUpOnFailure(cleanUp);
const base = `http://127.0.0.1:${PORT}`;
await waitUntilHealthy(base);
// One room only, switched on once every player is in.
const sqlc = new pg.Client({ connectionString: fresh.url });
await sqlc.connect();
await sqlc.query("UPDATE rgs.crash_rooms SET enabled = false");
await sqlc.query(
  `INSERT INTO rgs.crash_chains (id, seed, salt, length, terminating_hash) VALUES ('bench', $1, $2, $3, $4)`,
  [seed, SALT, LENGTH, terminatingHash(seed, LENGTH)],
);
await sqlc.query(
  `INSERT INTO rgs.crash_rooms (id, name, chain_id, betting_ms, pause_ms, enabled)
   VALUES ('bench', '{"EN":"Bench","TY":"Bench"}', 'bench', $1, 60000, false)`,
  [BETTING_MS],
);

const sessions: string[] = new Array(PLAYERS);
const t0 = Date.now();
await pool(ids, 32, async (m, i) => {
  // A busy machine may refuse an opening (a timeout): tried again with a new token, up to 5 times.
  for (let attempt = 1; ; attempt++) {
    const token = await issueLaunchToken(ctx as never, m.id, "PNC");
    const res = await fetch(`${base}/rgs/api/crash/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, roomId: "bench" }),
    });
    const json = (await res.json()) as { value?: { sessionId: string } };
    if (json.value) {
      sessions[i] = json.value.sessionId;
      return;
    }
    if (attempt === 5) {
      await cleanUp();
      throw new Error(`session not opened: ${JSON.stringify(json)}`);
    }
  }
});
console.log(`${PLAYERS} sessions opened in ${secondsSince(t0)} s`);

// Each player's socket; the first WATCHERS note when each cash-out reaches them.
const seen = new Map<string, number[]>();
let round: { roundId: string; status: string; startedAt: number | null } | null = null;
const sockets: WebSocket[] = [];
await pool(sessions, 64, async (sessionId, i) => {
  const ws = new WebSocket(`ws://127.0.0.1:${PORT}/rgs/ws/crash/bench`);
  sockets.push(ws);
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  ws.send(JSON.stringify({ type: "auth", sessionId }));
  if (i === 0)
    ws.on("message", (raw) => {
      const e = JSON.parse(String(raw)) as {
        type: string;
        game?: { roundId?: string; status?: string; startedAt?: number | null };
      };
      if (e.type === "crash" && e.game?.roundId)
        round = { roundId: e.game.roundId, status: e.game.status ?? "", startedAt: e.game.startedAt ?? null };
    });
  if (i < WATCHERS)
    ws.on("message", (raw) => {
      const at = Date.now();
      const text = String(raw);
      if (!text.startsWith('{"type":"crash.feed"')) return;
      const e = JSON.parse(text) as { game: { items: Array<{ kind: string; betId: string }> } };
      for (const it of e.game.items) {
        if (it.kind !== "cashout") continue;
        const list = seen.get(it.betId) ?? [];
        list.push(at);
        seen.set(it.betId, list);
      }
    });
});
console.log(`${sockets.length} sockets connected (${WATCHERS} watching)`);

await sqlc.query("UPDATE rgs.crash_rooms SET enabled = true WHERE id = 'bench'");
const waitFor = async (ok: () => boolean, ms: number, what: string) => {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) {
      await cleanUp();
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
};
await waitFor(() => (round as { status: string } | null)?.status === "betting", 30_000, "the round");
const roundId = (round as unknown as { roundId: string }).roundId;
let betsOk = 0;
const tb = Date.now();
await pool(sessions, 64, async (sessionId, i) => {
  const res = await fetch(`${base}/rgs/api/crash/bet`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ sessionId, roundId, requestId: `b${i}`, amount: "1.00" }),
  });
  if (res.ok) betsOk++;
});
console.log(
  `${betsOk} bets in ${secondsSince(tb)} s; crash point ${crashX100 / 100}x, flight ${(flightMs / 1000).toFixed(1)} s`,
);
// Every bet is in: the window closes now (the leader reads the round's close at its next step).
await sqlc.query("UPDATE rgs.crash_rounds SET closes_at = now() WHERE id = $1 AND status = 'betting'", [
  roundId,
]);
await waitFor(() => (round as { status: string } | null)?.status === "flying", 60_000, "the take-off");
const started = (round as unknown as { startedAt: number }).startedAt;

// Each player cashes out at a random point of the flight (up to 2 s before the crash).
const accepted = new Map<string, number>();
let crashed = 0;
let unanswered = 0;
await Promise.all(
  sessions.map(async (sessionId) => {
    const at = started + 300 + Math.random() * (flightMs - 2300);
    await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
    try {
      const res = await fetch(`${base}/rgs/api/crash/cashout`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ sessionId, roundId }),
      });
      const json = (await res.json()) as { success: boolean; value?: { betId: string; accepted: number } };
      if (json.success && json.value) accepted.set(json.value.betId, json.value.accepted);
      else crashed++;
    } catch {
      // No answer (the server too busy to take the connection): counted, not timed.
      unanswered++;
    }
  }),
);
await waitFor(
  () => [...accepted.keys()].every((id) => (seen.get(id)?.length ?? 0) >= WATCHERS),
  10_000,
  "the feed",
);
const lat: number[] = [];
for (const [id, t] of accepted) lat.push(Math.max(...(seen.get(id) ?? [Number.NaN])) - t);
lat.sort((a, b) => a - b);
const pct = (p: number) => percentile(lat, p);
console.log(`cash-outs accepted ${accepted.size}, refused ${crashed}, unanswered ${unanswered}`);
console.log(
  `cash-out accepted → shown to all ${WATCHERS} watchers: p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${lat[lat.length - 1]} ms (target p99 ≤ 100 ms)`,
);
figure("crash_cashout_shown_p99", pct(99), "ms", "lower");
// The cash-outs' credits follow their answers (a queue batching them into `credits` requests):
// the money is counted once every accepted cash-out's bet has its credit recorded.
const tc = Date.now();
for (;;) {
  const { rows: left } = await sqlc.query(
    `SELECT count(*)::int AS n FROM rgs.crash_bets WHERE round_id = $1 AND cashout_x100 IS NOT NULL AND status <> 'settled'`,
    [roundId],
  );
  if (left[0].n === 0) break;
  if (Date.now() - tc > 120_000) {
    console.log(`${left[0].n} cash-out credits still owed after 120 s`);
    break;
  }
  await new Promise((r) => setTimeout(r, 100));
}
console.log(`every cash-out's credit recorded ${Date.now() - tc} ms after the feed`);
const { rows } = await sqlc.query(
  `SELECT count(*) FILTER (WHERE kind = 'bet') AS bets, count(*) FILTER (WHERE kind = 'win') AS wins FROM provider_transactions`,
);
console.log(`platform: ${rows[0].bets} debits, ${rows[0].wins} credits`);
console.log(`load at start ${loadAtStart}; at end ${loadAverage()}`);

for (const ws of sockets) ws.terminate();
// A server too busy to stop within 15 s is killed: the bench never leaves one behind.
await stopServer(server, 15_000);
await sqlc.end();
await dropDatabase(fresh, { ifExists: false });
process.exit(0);
