// bench/crash/fanout.ts: the crash feed's fan-out alone (bench/crash/README.md). One room of
// BENCH_SOCKETS (2,000) WebSocket connections on loopback (the clients in a child process); the
// hub (rounds/hub.ts) publishes 200 feed events of three cash-outs, one every 50 ms, to every
// socket, the sockets taking them the way the room's route gives them (rounds/routes.ts): through
// ws (`send` of the encoded bytes: a frame header per socket, a corked two-buffer write) or as the
// hub's one prebuilt frame written to the connection. The modes alternate (A B A B …) so a load
// that changes weighs on both. Prints per mode the process's CPU per event (user + system) and
// the time one event's loop over the sockets takes (p50 / p99).
// Run: npx tsx bench/crash/fanout.ts
import { fork } from "node:child_process";
import { createRequire } from "node:module";
import { type RoomSocket, RoundHub } from "../../apps/rgs/src/rounds/hub.ts";
import { loadAverage } from "../lib/figure.ts";

// The server's ws (the one @fastify/websocket brings), not the root's older copy.
const require = createRequire(require_resolve_fastify_ws());
function require_resolve_fastify_ws(): string {
  return createRequire(import.meta.url).resolve("@fastify/websocket");
}
const ws = require("ws") as typeof import("ws");
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const EVENTS = 200;

if (process.argv[2] === "client") {
  const port = Number(process.argv[3]);
  let open = 0;
  for (let i = 0; i < SOCKETS; i++) {
    const c = new ws.WebSocket(`ws://127.0.0.1:${port}`);
    c.on("open", () => {
      if (++open === SOCKETS) process.send?.("ready");
    });
    c.on("message", () => undefined);
    c.on("error", () => undefined);
  }
} else {
  const loadAtStart = loadAverage();
  const wss = new ws.WebSocketServer({ port: 0 });
  await new Promise((r) => wss.once("listening", r));
  let mode: "ws" | "frame" = "ws";
  const hub = new RoundHub();
  wss.on("connection", (socket) => {
    const w = socket as unknown as {
      _socket: { write(b: Buffer): boolean };
      _sender: { _state: number; _queue: unknown[] };
    };
    const conn: RoomSocket = {
      playerId: null,
      send: (text) => socket.send(text),
    };
    // As rounds/routes.ts, by mode.
    Object.defineProperty(conn, "sendFrame", {
      get: () =>
        mode === "frame"
          ? (frame: Buffer) => {
              if (w._sender._state === 0 && w._sender._queue.length === 0) w._socket.write(frame);
              else socket.send(frame.subarray(frame[1] === 126 ? 4 : 2), { binary: false });
            }
          : undefined,
    });
    conn.sendEncoded = (bytes) => socket.send(bytes, { binary: false });
    hub.join("crash:bench", conn);
  });
  const child = fork(import.meta.filename, ["client", String((wss.address() as { port: number }).port)], {
    execArgv: ["--import", "tsx"],
  });
  await new Promise((r) => child.once("message", r));
  const item = (i: number) => ({
    kind: "cashout",
    betId: `a3f1c2d4-1111-2222-3333-4444555566${String(i).padStart(2, "0")}`,
    player: "pl***12",
    cashout: "2.37",
    win: "2.37",
    at: Date.now(),
  });
  const results: Record<string, { cpu: number[]; loop: number[] }> = {
    ws: { cpu: [], loop: [] },
    frame: { cpu: [], loop: [] },
  };
  for (const m of ["ws", "frame", "ws", "frame", "ws", "frame"] as const) {
    mode = m;
    const c0 = process.cpuUsage();
    for (let k = 0; k < EVENTS; k++) {
      const a = performance.now();
      hub.publish({
        type: "crash.feed",
        tableId: "crash:bench",
        game: { roundNo: 1, items: [item(k), item(k + 1), item(k + 2)] },
      });
      results[m]?.loop.push(performance.now() - a);
      await new Promise((r) => setTimeout(r, 50));
    }
    const c = process.cpuUsage(c0);
    results[m]?.cpu.push((c.user + c.system) / 1000 / EVENTS);
  }
  for (const [m, r] of Object.entries(results)) {
    r.loop.sort((a, b) => a - b);
    const p = (q: number) => (r.loop[Math.floor(q * (r.loop.length - 1))] ?? 0).toFixed(1);
    console.log(
      `${m}: CPU per event ${r.cpu.map((x) => x.toFixed(1)).join(" / ")} ms; one event to ${SOCKETS} sockets p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`,
    );
  }
  console.log(`load at start ${loadAtStart}; at end ${loadAverage()}`);
  child.kill("SIGKILL");
  wss.close();
  process.exit(0);
}
