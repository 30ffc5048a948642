// bench/cards: Hold'em tables full of bots on one server (bench/cards/README.md). Every bot is a
// screen: it keeps the table's socket open, signed in with its session, and on every
// `cards.changed` takes its own view from the event (the public view and its own part, `mine`),
// as the table screen does; when the view says it is its move it acts at once. Prints, over every move: move sent → the broadcast reached every seat's socket, and
// move sent → every seat's screen read a view with the move in it (p50 / p99 / max; target p99 ≤
// 100 ms), the move's answer time, hands completed a second, the server's memory (resident set,
// sampled each second) and the load average at the start and the end.
// Run: npx tsx bench/cards/index.ts   (PostgreSQL: BENCH_PG, default postgres://postgres@127.0.0.1:5432/postgres)
//      BENCH_TABLES=100 BENCH_SEATS=6 BENCH_SECONDS=30 BENCH_PORT=8197
import { randomBytes } from "node:crypto";
import pg from "pg";
import WebSocket from "ws";
import { type HandView, type SeatPush, withMine } from "../../apps/rgs/src/cards/engine.ts";
import { issueLaunchToken } from "../../apps/server/src/modules/providers/service.ts";
import { benchContext, dropDatabase, freshDatabase, fundedPlayers, inHouseVendors } from "../lib/database.ts";
import { figure, loadAverage } from "../lib/figure.ts";
import { percentile as pct, pool, secondsSince } from "../lib/measure.ts";
import {
  abandonRun,
  benchNodeArgs,
  cleanUpOnFailure,
  rssMb,
  startServer,
  stopServer,
  waitUntilHealthy,
} from "../lib/server.ts";

const loadAtStart = loadAverage();
const TABLES = Number(process.env.BENCH_TABLES ?? 100);
const SEATS = Number(process.env.BENCH_SEATS ?? 6);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 8197);
/** How a bot sends its move: on its table socket, as the screen does (`socket`), or `http`. */
const ACT_OVER = process.env.BENCH_ACT === "http" ? "http" : "socket";
const serverUrl = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
const APP_SECRET = randomBytes(24).toString("hex");
const PLAYERS = TABLES * SEATS;

const fresh = await freshDatabase(serverUrl, "panalo_cards");
const { database } = fresh;
// Vendor PNP takes real money only (the card rooms' rule), as the seed sets it.
await inHouseVendors(database, APP_SECRET, ["PNP"], { cashOnly: true });
const ids = await fundedPlayers(database, PLAYERS, (i) => `carder${i}`, 1_000_00n);
const ctx = benchContext(database, APP_SECRET);

const server = startServer({
  port: PORT,
  databaseUrl: fresh.url,
  appSecret: APP_SECRET,
  nodeArgs: benchNodeArgs(),
  env: { RGS_TABLES_ENGINE: "on" },
});
const sockets: WebSocket[] = [];
let stopping = false;
// A failed run still stops its server and drops its database.
const cleanUp = async () => {
  stopping = true;
  for (const ws of sockets) ws.terminate();
  await abandonRun(server, fresh);
};
cleanUpOnFailure(cleanUp);
const base = `http://127.0.0.1:${PORT}`;
await waitUntilHealthy(base);

// The bench's tables only: 1/2 blinds, buy-in 40–200, 5 % rake, 20 s to act (the bots act at
// once), no pause between hands ("as fast as allowed").
const sqlc = new pg.Client({ connectionString: fresh.url });
await sqlc.connect();
await sqlc.query("UPDATE rgs.card_tables SET enabled = false");
for (let t = 0; t < TABLES; t++)
  await sqlc.query(
    `INSERT INTO rgs.card_tables (id, game, name, small_blind, big_blind, seats, min_buy_in, max_buy_in,
       rake_ppm, rake_cap, action_ms, time_bank_ms, pause_ms)
     VALUES ($1, 'holdem', $1, 100, 200, $2, 4000, 20000, 50000, 3000, 20000, 0, 0)`,
    [`bench-${t}`, SEATS],
  );

const call = async (path: string, body?: unknown) => {
  const res = await fetch(`${base}/rgs/api/cards/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; code?: string; value?: View };
};

type Range = { min: number; max: number } | null;
interface Legal {
  check: boolean;
  call: number | null;
  bet: Range;
  raise: Range;
}
/** What the bench reads of a view (`/state`, the move's answer) and of a seat (`/join`). */
interface View {
  sessionId: string;
  seat: number;
  hand: { handId: string; no: number; seq: number; status: string; legal: Legal | null } | null;
}

interface Bot {
  table: string;
  sessionId: string;
  seat: number;
  /** The newest view shown (hand number, move count): an older one is not shown. */
  no: number;
  seq: number;
  acting: boolean;
  /** The newest view shown. */
  view: HandView | null;
  ws: WebSocket | null;
  /** Moves sent on the socket waiting for their answer, by id. */
  pending: Map<string, (r: { success: boolean; code?: string; value?: View }) => void>;
}
const bots: Bot[] = new Array(PLAYERS);
const t0 = Date.now();
await pool(ids, 16, async (m, i) => {
  const table = `bench-${Math.floor(i / SEATS)}`;
  const token = await issueLaunchToken(ctx as never, m.id, "PNP");
  const s = await call("session", { token, tableId: table });
  bots[i] = {
    table,
    sessionId: (s.value as View).sessionId,
    seat: 0,
    no: 0,
    seq: 0,
    acting: false,
    view: null,
    ws: null,
    pending: new Map(),
  };
});
console.log(`${PLAYERS} sessions at ${TABLES} tables opened in ${secondsSince(t0)} s`);

// Per move (its hand's number and move count): when it was sent and answered. Per table: when
// each seat's socket heard a move, and each view a seat's screen read (hand number, move count).
interface Move {
  handId: string;
  no: number;
  seq: number;
  table: string;
  sent: number;
  answered: number;
}
const moves: Move[] = [];
/** Per table: each `cards.changed` a seat's socket heard (the hand and move count of its view). */
const heardAt = new Map<string, Array<{ seat: number; no: number; seq: number; at: number }>>();
const reads = new Map<string, Array<{ seat: number; no: number; seq: number; at: number }>>();
let measuring = false;
let refused = 0;
/** When each refusal came (printed relative to the window's start: a burst is a lapse). */
const refusedAt: number[] = [];
const refusals = new Map<string, number>();

/** The bot's screen shows a view; if it is its move it acts at once (a simple, loose player). */
function show(bot: Bot, v: HandView): void {
  const h = v.hand;
  if (!h) return;
  if (h.no < bot.no || (h.no === bot.no && h.seq < bot.seq)) return;
  bot.no = h.no;
  bot.seq = h.seq;
  bot.view = v;
  const list = reads.get(bot.table) ?? [];
  list.push({ seat: bot.seat, no: h.no, seq: h.seq, at: Date.now() });
  reads.set(bot.table, list);
  if (!stopping && h.status === "playing" && h.legal && !bot.acting) void act(bot, h.legal as Legal);
}

/** A move over the bot's socket, answered by its `acted` (the request's envelope). */
function actOnSocket(
  bot: Bot,
  body: Record<string, unknown>,
): Promise<{ success: boolean; code?: string; value?: View }> {
  const id = String(++actIds);
  return new Promise((resolve) => {
    bot.pending.set(id, resolve);
    bot.ws?.send(JSON.stringify({ type: "act", id, ...body }));
  });
}
let actIds = 0;

async function act(bot: Bot, legal: Legal) {
  bot.acting = true;
  const r = Math.random();
  const action = legal.check
    ? r < 0.8 || !legal.bet
      ? { type: "check" }
      : { type: "bet", to: legal.bet.min }
    : r < 0.75 || !legal.raise
      ? { type: "call" }
      : r < 0.95
        ? { type: "fold" }
        : { type: "raise", to: legal.raise.min };
  const sent = Date.now();
  let done = false;
  try {
    const requestId = randomBytes(6).toString("hex");
    // As the screen does: the move on the signed-in socket (BENCH_ACT=http: as a request).
    const res =
      ACT_OVER === "socket" && bot.ws
        ? await actOnSocket(bot, { requestId, action })
        : await call("act", { sessionId: bot.sessionId, requestId, action });
    const answered = Date.now();
    if (!res.success) {
      // A move from a view read before the previous move landed: refused, nothing changed.
      refused++;
      refusals.set(res.code ?? "?", (refusals.get(res.code ?? "?") ?? 0) + 1);
      refusedAt.push(Date.now());
      return;
    }
    done = true;
    const h = (res.value as View).hand;
    // The answer is the mover's view after the move (the screen shows it, as the bot does).
    show(bot, res.value as unknown as HandView);
    if (measuring && h)
      moves.push({ handId: h.handId, no: h.no, seq: h.seq, table: bot.table, sent, answered });
  } finally {
    bot.acting = false;
    // A view that came while the move was out (the next hand dealt with this bot first to act)
    // was shown but not acted on: act on it now. Not after a refusal (its view is the old one).
    const h = bot.view?.hand;
    if (done && !stopping && h?.status === "playing" && h.legal) void act(bot, h.legal as Legal);
  }
}

await pool(bots, 32, async (bot) => {
  const ws = new WebSocket(`ws://127.0.0.1:${PORT}/rgs/ws/cards/${bot.table}`);
  sockets.push(ws);
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  // Signed in: the table's events bring this bot's own part of the view (`mine`).
  const authed = new Promise<void>((resolve) => {
    ws.on("message", (raw) => {
      const at = Date.now();
      const e = JSON.parse(String(raw)) as {
        type: string;
        game?: { handId?: string; seq?: number; view?: HandView };
        mine?: SeatPush | null;
      };
      if (e.type === "authed") resolve();
      if (e.type === "acted") {
        const a = e as unknown as { id: string; success: boolean; code?: string; value?: View };
        bot.pending.get(a.id)?.(a);
        bot.pending.delete(a.id);
      }
      if (e.type !== "cards.changed") return;
      const h = e.game?.view?.hand;
      if (h) {
        const list = heardAt.get(bot.table) ?? [];
        list.push({ seat: bot.seat, no: h.no, seq: h.seq, at });
        heardAt.set(bot.table, list);
      }
      if (e.game?.view) show(bot, withMine(e.game.view, e.mine));
    });
  });
  ws.send(JSON.stringify({ type: "auth", sessionId: bot.sessionId }));
  await authed;
  bot.ws = ws;
});
console.log(`${sockets.length} sockets connected`);

// Sit down: each table's last player completes it and the leader deals.
const tj = Date.now();
await pool(bots, 16, async (bot, i) => {
  const r = await call("join", {
    sessionId: bot.sessionId,
    requestId: "join",
    buyIn: "200.00",
    deviceId: `bench-device-${i}`,
  });
  if (!r.success) throw new Error(`join: ${JSON.stringify(r)}`);
  bot.seat = (r.value as View).seat;
});
console.log(`${PLAYERS} buy-ins in ${secondsSince(tj)} s`);

// Memory: the server process's resident set, each second.
const rss: number[] = [];
const sampler = setInterval(() => {
  try {
    const mb = rssMb(server.pid);
    if (!Number.isNaN(mb)) rss.push(mb);
  } catch {}
}, 1000);
const handsDone = async () =>
  Number(
    (await sqlc.query("SELECT count(*)::int AS n FROM rgs.card_hands WHERE status = 'complete'")).rows[0].n,
  );
// A few seconds of warm-up (the first deals), then the measured window.
await new Promise((r) => setTimeout(r, 3000));
const h0 = await handsDone();
const m0 = Date.now();
measuring = true;
await new Promise((r) => setTimeout(r, SECONDS * 1000));
measuring = false;
const h1 = await handsDone();
const window = (Date.now() - m0) / 1000;
// Let the last moves' broadcasts and reads arrive.
await new Promise((r) => setTimeout(r, 2000));
stopping = true;
clearInterval(sampler);

// The broadcast names the hand by id; the answer's view gives its id too: matched by both.
const heard: number[] = [];
const shown: number[] = [];
const answer: number[] = [];
let incomplete = 0;
for (const m of moves) {
  answer.push(m.answered - m.sent);
  // A seat's socket heard the move with the first event at that move count or later (changes
  // that come together share one event), or of a later hand; its screen shows the move once it has a view
  // at least as new (this hand at this move count or later, or a later hand).
  const firstHeard = new Map<number, number>();
  for (const x of heardAt.get(m.table) ?? [])
    if (x.at >= m.sent && (x.no > m.no || (x.no === m.no && x.seq >= m.seq)) && !firstHeard.has(x.seat))
      firstHeard.set(x.seat, x.at);
  const sockets = [...firstHeard.values()];
  const firstRead = new Map<number, number>();
  for (const r of reads.get(m.table) ?? [])
    if (r.at >= m.sent && (r.no > m.no || (r.no === m.no && r.seq >= m.seq)) && !firstRead.has(r.seat))
      firstRead.set(r.seat, r.at);
  if (sockets.length < SEATS || firstRead.size < SEATS) {
    incomplete++;
    continue;
  }
  heard.push(Math.max(...sockets) - m.sent);
  shown.push(Math.max(...firstRead.values()) - m.sent);
}
const line = (name: string, xs: number[]) =>
  `${name}: p50 ${pct(xs, 50)} ms, p99 ${pct(xs, 99)} ms, max ${pct(xs, 100)} ms`;
console.log(`${TABLES} tables × ${SEATS} bots, moves over ${ACT_OVER}, measured ${window.toFixed(1)} s`);
console.log(
  `moves ${moves.length} (${(moves.length / window).toFixed(1)} a second), refused ${refused} ${JSON.stringify(Object.fromEntries(refusals))}`,
);
if (refusedAt.length > 0)
  console.log(
    `refusals from ${((Math.min(...refusedAt) - m0) / 1000).toFixed(1)} s to ${((Math.max(...refusedAt) - m0) / 1000).toFixed(1)} s of the window`,
  );
console.log(line("move answered", answer));
console.log(line(`move → broadcast on all ${SEATS} seats' sockets`, heard));
console.log(line(`move → all ${SEATS} seats' screens read it`, shown));
console.log(`moves not seen by every seat within the run: ${incomplete}`);
console.log(`hands completed: ${h1 - h0} (${((h1 - h0) / window).toFixed(2)} a second)`);
console.log(
  `server memory (resident): start of window ${rss[3]?.toFixed(0) ?? "?"} MB, max ${Math.max(...rss).toFixed(0)} MB, end ${rss.at(-1)?.toFixed(0)} MB`,
);
console.log(`load at start ${loadAtStart}; at end ${loadAverage()}`);
figure("cards_move_broadcast_p99", pct(heard, 99), "ms", "lower");
figure("cards_move_shown_p99", pct(shown, 99), "ms", "lower");
figure("cards_hands_per_second", Number(((h1 - h0) / window).toFixed(2)), "hands/s", "higher");
figure("cards_server_rss_max", Math.round(Math.max(...rss)), "MB", "lower");

for (const ws of sockets) ws.terminate();
await stopServer(server);
await sqlc.end();
await dropDatabase(fresh, { ifExists: false });
process.exit(0);
