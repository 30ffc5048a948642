// bench/fish: the fish-shooting game under load through its real HTTP API, on PostgreSQL.
// BENCH_PLAYERS players (default 400) sit down at one stake level, four to a room (so 100 rooms,
// opened by the joins themselves), and each fires BENCH_SHOTS_PER_S shots a second (default 4)
// for BENCH_SECONDS (default 60) at fish swimming in its room's sea, one shot a call, reloading a
// magazine of BENCH_MAGAZINE shots (default 100) when it is spent. Prints the shot → hit result
// time (p50, p99; target p99 ≤ 50 ms on 2 cores), the provider calls per player per second
// (target ≤ 2: the money moves per magazine, not per shot), the server's CPU and memory, the
// measured RTP against the stated one, and the load average.
// Run: npx tsx bench/fish/index.ts
//   (PostgreSQL: BENCH_PG, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
import { randomBytes } from "node:crypto";
import { fishKind, swimmingAt } from "@panalo/game-math/fish/index";
import pg from "pg";
import WebSocket from "ws";
import { issueLaunchToken } from "../../apps/server/src/modules/providers/service.ts";
import { benchContext, dropDatabase, freshDatabase, fundedPlayers, inHouseVendors } from "../lib/database.ts";
import { figure, loadAverage } from "../lib/figure.ts";
import { percentile as pct, pool, secondsSince } from "../lib/measure.ts";
import { cpuTicks, rssMb, startServer, stopServer, waitUntilHealthy } from "../lib/server.ts";

const loadAtStart = loadAverage();
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 400);
const SHOTS_PER_S = Number(process.env.BENCH_SHOTS_PER_S ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const MAGAZINE = Number(process.env.BENCH_MAGAZINE ?? 100);
const LEVEL = process.env.BENCH_LEVEL ?? "low";
const JOINS = Number(process.env.BENCH_JOINS ?? 32);
const PORT = Number(process.env.BENCH_PORT ?? 8195);
// BENCH_TRANSPORT=ws (default): each player fires over its room's socket, one socket a player,
// as the screen does; http: one POST /rgs/api/fish/fire a shot (the figures before the socket).
const TRANSPORT = process.env.BENCH_TRANSPORT === "http" ? "http" : "ws";
const serverUrl =
  process.env.BENCH_PG ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const APP_SECRET = randomBytes(24).toString("hex");

const fresh = await freshDatabase(serverUrl, "panalo_fish");
const { database } = fresh;
await inHouseVendors(database, APP_SECRET, ["PNF"]);
const ids = await fundedPlayers(database, PLAYERS, (i) => `fisher${i}`, 1_000_000_00n);
const ctx = benchContext(database, APP_SECRET);

// BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
const prof = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
const server = startServer({
  port: PORT,
  databaseUrl: fresh.url,
  appSecret: APP_SECRET,
  nodeArgs: prof,
  // The process runs the continuous rooms' sweep (idle magazines, the retry pass) as in production.
  env: { RGS_TABLES_ENGINE: "on" },
});
// A bench that dies does not leave its server running.
process.on("exit", () => server.kill("SIGKILL"));
const base = `http://127.0.0.1:${PORT}`;
await waitUntilHealthy(base);
const sqlc = new pg.Client({ connectionString: fresh.url });
await sqlc.connect();

const call = async <T>(path: string, body: unknown): Promise<T> => {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; value: T; code?: string };
  if (!json.success) throw new Error(`${path}: ${json.code}`);
  return json.value;
};

interface Room {
  roomId: string;
  seaSeed: string;
  startedAt: string;
}
interface Player {
  /** The room's socket, authenticated as this player (BENCH_TRANSPORT=ws). */
  ws: WebSocket | null;
  waiting: Map<number, (m: { success: boolean; value?: unknown; code?: string }) => void>;
  sessionId: string;
  sittingId: string;
  magazineId: string;
  left: number;
  room: Room;
  n: number;
}
// What a client does: draw the sea from its public seed and aim at a living fish (cached per
// room for 200 ms; a fish killed meanwhile answers fired: false and stakes nothing).
const seaCache = new Map<string, { at: number; fish: number[] }>();
const killed = new Map<string, Set<number>>();
const aim = (room: Room): number | null => {
  const now = Date.now();
  let c = seaCache.get(room.roomId);
  if (!c || now - c.at > 200) {
    const dead = killed.get(room.roomId) ?? new Set<number>();
    c = {
      at: now,
      fish: swimmingAt(room.seaSeed, now - Date.parse(room.startedAt), (i) => !dead.has(i))
        .filter((s) => fishKind(s.kindId).type !== "boss" || Math.random() < 0.2)
        .map((s) => s.index),
    };
    seaCache.set(room.roomId, c);
  }
  return c.fish.length > 0 ? (c.fish[Math.floor(Math.random() * c.fish.length)] as number) : null;
};

// The measured window opens once every player is seated (players seated earlier already fire,
// as they would: an idle seat is stood up after two minutes) and lasts SECONDS.
let start = Number.POSITIVE_INFINITY;
let end = Number.POSITIVE_INFINITY;
const latencies: number[] = [];
let fired = 0;
let notFired = 0;
let errors = 0;
let reloads = 0;
let peakRss = 0;

const shoot = async (p: Player): Promise<void> => {
  if (p.left <= 0) {
    // The magazine is spent: close it (ONE credit) and load the next (ONE debit).
    await call("/rgs/api/fish/magazine/close", { sessionId: p.sessionId, magazineId: p.magazineId });
    const mag = await call<{ magazineId: string }>("/rgs/api/fish/magazine", {
      sessionId: p.sessionId,
      sittingId: p.sittingId,
      requestId: `m${p.n}`,
      shots: MAGAZINE,
      cannon: 1,
    });
    p.magazineId = mag.magazineId;
    p.left = MAGAZINE;
    if (Date.now() >= start) reloads++;
  }
  const fish = aim(p.room);
  if (fish === null) return;
  const sentAt = Date.now();
  const sent = performance.now();
  type Fired = { results: Array<{ detail?: { fired: boolean; hit?: boolean; victims?: number[] } }> };
  const shots = [{ requestId: `s${p.n++}`, fish, cannon: 1 }];
  const r = p.ws
    ? await fireOnSocket<Fired>(p, { type: "fire", magazineId: p.magazineId, shots })
    : await call<Fired>("/rgs/api/fish/fire", { sessionId: p.sessionId, magazineId: p.magazineId, shots });
  const took = performance.now() - sent;
  const d = r.results[0]?.detail;
  if (d?.fired) {
    p.left--;
    if (d.hit) {
      const dead = killed.get(p.room.roomId) ?? new Set<number>();
      for (const i of [fish, ...(d.victims ?? [])]) dead.add(i);
      killed.set(p.room.roomId, dead);
    }
  }
  if (sentAt < start) return;
  latencies.push(took);
  if (d?.fired) fired++;
  else notFired++;
};

// A burst over the room's socket: {"type":"fire", id, …} answered {"type":"fired", id, …}.
let messageId = 0;
const fireOnSocket = <T>(p: Player, msg: Record<string, unknown>): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const id = ++messageId;
    p.waiting.set(id, (m) => (m.success ? resolve(m.value as T) : reject(new Error(`fire: ${m.code}`))));
    (p.ws as WebSocket).send(JSON.stringify({ ...msg, id }));
  });
/** The player's socket to its room, authenticated; the room's events are not read (only answers). */
const openSocket = (p: Player): Promise<WebSocket> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${PORT}/rgs/ws/fish/${encodeURIComponent(p.room.roomId)}`);
    ws.on("error", reject);
    ws.on("open", () => ws.send(JSON.stringify({ type: "auth", sessionId: p.sessionId })));
    ws.on("message", (raw: Buffer) => {
      const text = raw.toString();
      // The room's events (every seat's shots) are skipped unparsed, as cheaply as a client can.
      if (text.startsWith('{"type":"fired"')) {
        const m = JSON.parse(text) as { id: number; success: boolean };
        const w = p.waiting.get(m.id);
        p.waiting.delete(m.id);
        w?.(m);
      } else if (text === '{"type":"authed"}') resolve(ws);
    });
  });

// Each player fires on its own clock, SHOTS_PER_S a second, from its join at a random offset.
const every = 1000 / SHOTS_PER_S;
const play = async (p: Player): Promise<void> => {
  let next = Date.now() + Math.random() * every;
  while (next < end) {
    const wait = next - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (Date.now() >= end) break;
    try {
      await shoot(p);
    } catch (err) {
      if (Date.now() >= start) errors++;
      if (errors <= 5) console.error(String(err));
    }
    // A player has one shot in flight at a time (as the client does): when an answer comes
    // late, the next shot goes at once and the shots missed are not fired (the rate achieved
    // is printed beside the rate asked).
    next = Math.max(next + every, Date.now());
  }
};

let joinRefusals = 0;
const players: Player[] = [];
const playing: Array<Promise<void>> = [];
const [callsBefore] = (await sqlc.query("SELECT count(*)::int AS n FROM provider_transactions")).rows;
const t0 = Date.now();
// Joins run BENCH_JOINS at a time (32): the level's seat lock seats them one at a time, lowest
// free seat first, so the rooms fill in order, 4 players a room; the magazines' debits go in parallel.
await pool(ids, JOINS, async (m) => {
  const token = await issueLaunchToken(ctx as never, m.id, "PNF");
  const { sessionId } = await call<{ sessionId: string }>("/rgs/api/fish/session", { token, level: LEVEL });
  // A join whose debit answered after the engine gave it up (BETS_CLOSED: on a starved machine
  // the retry pass takes a debit older than its lease for a dead sender's and rolls it back) is
  // refused with nothing taken; the player tries again, as the client would.
  type Joined = { sitting: { sittingId: string }; magazine: { magazineId: string }; room: Room };
  let joined: Joined | null = null;
  for (let attempt = 1; !joined; attempt++) {
    try {
      joined = await call<Joined>("/rgs/api/fish/join", {
        sessionId,
        requestId: `join${attempt}`,
        shots: MAGAZINE,
        cannon: 1,
      });
    } catch (err) {
      joinRefusals++;
      if (attempt >= 5) throw err;
    }
  }
  const p: Player = {
    ws: null,
    waiting: new Map(),
    sessionId,
    sittingId: joined.sitting.sittingId,
    magazineId: joined.magazine.magazineId,
    left: MAGAZINE,
    room: joined.room,
    n: 0,
  };
  if (TRANSPORT === "ws") p.ws = await openSocket(p);
  players.push(p);
  playing.push(play(p));
});
const rooms = new Set(players.map((p) => p.room.roomId));
console.log(
  `${players.length} players seated in ${rooms.size} rooms in ${secondsSince(t0)} s (${joinRefusals} joins refused and tried again)`,
);
const [calls0] = (await sqlc.query("SELECT count(*)::int AS n FROM provider_transactions")).rows;
const cpu0 = cpuTicks(server.pid);
const benchCpu0 = process.cpuUsage();
start = Date.now();
end = start + SECONDS * 1000;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, rssMb(server.pid));
}, 500);
await Promise.all(playing);
const elapsed = (Date.now() - start) / 1000;
const benchCpu = process.cpuUsage(benchCpu0);
const cpu = (cpuTicks(server.pid) - cpu0) / 100 / elapsed;
clearInterval(sampler);
const [calls1] = (await sqlc.query("SELECT count(*)::int AS n FROM provider_transactions")).rows;

// Everyone leaves: the open magazines closed and paid, then the money is read back.
await pool(players, 16, async (p) => {
  p.ws?.terminate();
  await call("/rgs/api/fish/leave", { sessionId: p.sessionId, sittingId: p.sittingId });
});
const [callsAfter] = (await sqlc.query("SELECT count(*)::int AS n FROM provider_transactions")).rows;
const [money] = (
  await sqlc.query(
    `SELECT count(*)::int AS shots, COALESCE(sum(a.stake), 0)::text AS stake, COALESCE(sum(a.win), 0)::text AS wins,
       COALESCE(sum(a.stake * (a.result->>'rtpBp')::int), 0)::text AS stated
     FROM rgs.room_actions a WHERE a.kind = 'fish' AND a.stake > 0`,
  )
).rows;
const stake = BigInt(money.stake);
const wins = BigInt(money.wins);
const rtp = stake > 0n ? Number((wins * 1_000_000n) / stake) / 10_000 : Number.NaN;
const stated = stake > 0n ? Number((BigInt(money.stated) * 100n) / stake) / 10_000 : Number.NaN;
// Provider calls while firing (a reload's credit and debit), per player per second; the join's
// debit and the leave's credit are one each a sitting, outside the window.
const providerCalls = (calls1.n - calls0.n) as number;
const perPlayerS = providerCalls / players.length / elapsed;
const p99 = pct(latencies, 99);
console.log(
  `${players.length} players in ${rooms.size} rooms, ${SHOTS_PER_S} shots/s each for ${elapsed.toFixed(1)} s: ` +
    `${latencies.length} shot calls over ${TRANSPORT === "ws" ? "the room's socket" : "HTTP"} (${(latencies.length / elapsed).toFixed(0)}/s of ${players.length * SHOTS_PER_S}/s asked), ${fired} fired, ${notFired} at a fish already gone, ${errors} errors, ${reloads} reloads`,
);
console.log(
  `shot → hit result: p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${pct(latencies, 100).toFixed(1)} ms (target p99 ≤ 50 ms)`,
);
console.log(
  `provider calls: ${providerCalls} while firing = ${perPlayerS.toFixed(3)} per player per second (target ≤ 2); ` +
    `${callsAfter.n - callsBefore.n} with the joins and leaves = ${((callsAfter.n - callsBefore.n) / players.length / elapsed).toFixed(3)} per player per second of firing`,
);
console.log(
  `bench client: CPU ${(((benchCpu.user + benchCpu.system) / 1e6 / elapsed) * 100).toFixed(0)} % of one core`,
);
console.log(
  `server: CPU ${(cpu * 100).toFixed(0)} % of one core on average (${((cpu * elapsed * 1000) / Math.max(1, latencies.length)).toFixed(1)} ms of CPU a shot call), RSS ${rssMb(server.pid).toFixed(0)} MB (peak ${peakRss.toFixed(0)} MB)`,
);
console.log(
  `measured RTP ${rtp.toFixed(4)} % over ${money.shots} shots (stake ${(Number(stake) / 100).toFixed(2)}, wins ${(Number(wins) / 100).toFixed(2)}); stated ${stated.toFixed(4)} %`,
);
console.log(`load average ${loadAverage()} at the end (${loadAtStart} at the start)`);
figure("fish_shot_p99", Number(p99.toFixed(1)), "ms", "lower");
figure("fish_provider_calls_per_player_s", Number(perPlayerS.toFixed(3)), "calls", "lower");
figure("fish_server_cpu", Number((cpu * 100).toFixed(0)), "% core", "lower");
figure(
  "fish_server_cpu_per_shot",
  Number(((cpu * elapsed * 1000) / Math.max(1, latencies.length)).toFixed(2)),
  "ms",
  "lower",
);
figure("fish_server_rss_peak", Number(peakRss.toFixed(0)), "MB", "lower");

await stopServer(server);
await sqlc.end();
await dropDatabase(fresh);
process.exit(errors === 0 ? 0 : 1);
