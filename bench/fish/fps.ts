// bench/fish/fps: the fish screen's frame rate on a phone held in landscape, in Chromium.
// One player opens the sea from its launch link in a phone-sized landscape viewport (touch,
// device pixel ratio BENCH_DPR, default 2.625 as a mid-range Android phone) with the CPU slowed
// BENCH_CPU_SLOWDOWN times (default 4: the slowdown Lighthouse uses for a mid-range phone), turns
// auto-fire on, and BENCH_BOTS other players (default 3, the rest of the room's four seats) fire
// at the same sea 4 shots a second over their sockets, so the screen draws their cannons, bullets
// and kills too. For BENCH_SECONDS (default 20) the page records every animation frame's time;
// the bench prints frames a second (average), the 1 % and 5 % lows, the share of frames slower
// than 33 ms, and the load average. Targets: 60 frames a second on a mid-range phone, 30 at the
// least.
// Run: npx tsx bench/fish/fps.ts   (builds the game client first if apps/rgs/dist/ui is missing)
//   BENCH_CPU_SLOWDOWN=1 …  the machine's own speed; CHROMIUM_PATH (default /usr/bin/chromium)
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fishKind, swimmingAt } from "@panalo/game-math/fish/index";
import { chromium } from "playwright-core";
import WebSocket from "ws";
import { issueLaunchToken } from "../../apps/server/src/modules/providers/service.ts";
import { benchContext, dropDatabase, freshDatabase, fundedPlayers, inHouseVendors } from "../lib/database.ts";
import { figure, loadAverage } from "../lib/figure.ts";
import { percentile } from "../lib/measure.ts";
import { startServer, stopServer, waitUntilHealthy } from "../lib/server.ts";

const loadAtStart = loadAverage();
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const BOTS = Math.min(3, Number(process.env.BENCH_BOTS ?? 3));
const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const DPR = Number(process.env.BENCH_DPR ?? 2.625);
const PORT = Number(process.env.BENCH_PORT ?? 8194);
const serverUrl =
  process.env.BENCH_PG ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const APP_SECRET = randomBytes(24).toString("hex");
const root = join(import.meta.dirname, "../..");

if (!existsSync(join(root, "apps/rgs/dist/ui/index.html"))) {
  console.log("building the game client (apps/rgs/dist/ui) …");
  execFileSync("npm", ["run", "build", "-w", "apps/rgs"], { cwd: root, stdio: "inherit" });
}

const fresh = await freshDatabase(serverUrl, "panalo_fish_fps");
const { database } = fresh;
await inHouseVendors(database, APP_SECRET, ["PNF"]);
const ids = await fundedPlayers(database, BOTS + 1, (i) => `fps${i}`, 1_000_000_00n);
const ctx = benchContext(database, APP_SECRET);
const server = startServer({
  port: PORT,
  databaseUrl: fresh.url,
  appSecret: APP_SECRET,
  env: { RGS_TABLES_ENGINE: "on" },
});
process.on("exit", () => server.kill("SIGKILL"));
const base = `http://127.0.0.1:${PORT}`;
await waitUntilHealthy(base);

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

// The player on the phone: the launch link, as the site's lobby opens it.
const [me, ...others] = ids;
if (!me) throw new Error("no player");
const link = `${base}/rgs/fish/low?token=${encodeURIComponent(await issueLaunchToken(ctx as never, me.id, "PNF"))}&lang=EN`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
const context = await browser.newContext({
  viewport: { width: 915, height: 412 },
  deviceScaleFactor: DPR,
  isMobile: true,
  hasTouch: true,
});
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await page.goto(link);
await page.locator("#app[data-state=ready]").waitFor({ timeout: 60_000 });
const roomId = (await page.locator("#app").getAttribute("data-room")) ?? "";

// The room's other seats: players firing 4 shots a second at its sea over their sockets.
interface Room {
  roomId: string;
  seaSeed: string;
  startedAt: string;
}
let stop = false;
const bots: Array<Promise<void>> = [];
const sockets: WebSocket[] = [];
for (const m of others) {
  const token = await issueLaunchToken(ctx as never, m.id, "PNF");
  const { sessionId } = await call<{ sessionId: string }>("/rgs/api/fish/session", { token, level: "low" });
  const joined = await call<{ magazine: { magazineId: string }; room: Room }>("/rgs/api/fish/join", {
    sessionId,
    requestId: "join",
    shots: 1000,
    cannon: 1,
  });
  if (joined.room.roomId !== roomId) console.log(`a bot sat in room ${joined.room.roomId}, not the phone's`);
  const ws = new WebSocket(`ws://127.0.0.1:${PORT}/rgs/ws/fish/${encodeURIComponent(joined.room.roomId)}`);
  await new Promise<void>((resolve, reject) => {
    ws.on("error", reject);
    ws.on("open", () => ws.send(JSON.stringify({ type: "auth", sessionId })));
    ws.on("message", (raw: Buffer) => {
      if (raw.toString() === '{"type":"authed"}') resolve();
    });
  });
  sockets.push(ws);
  let n = 0;
  bots.push(
    (async () => {
      while (!stop) {
        const t = Date.now() - Date.parse(joined.room.startedAt);
        const fish = swimmingAt(joined.room.seaSeed, t).filter((s) => fishKind(s.kindId).type === "normal");
        const aim = fish[Math.floor(Math.random() * fish.length)];
        if (aim)
          ws.send(
            JSON.stringify({
              type: "fire",
              id: ++n,
              magazineId: joined.magazine.magazineId,
              shots: [{ requestId: `b${n}`, fish: aim.index, cannon: 1 }],
            }),
          );
        await new Promise((r) => setTimeout(r, 250));
      }
    })(),
  );
}

// Auto-fire on the phone, the CPU slowed, then every animation frame's time for SECONDS.
await page.getByTestId("fish-auto").click();
if (SLOWDOWN > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOWDOWN });
// The page's JavaScript is profiled over the window (V8's sampling profiler, 1 ms): the time
// the page's own scripts (the game, PixiJS) take a frame, apart from what the browser does
// natively (drawing, WebGL, compositing: "(program)"). BENCH_PAGE_PROFILE=<file> keeps it.
const profile = process.env.BENCH_PAGE_PROFILE;
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 1000 });
await cdp.send("Profiler.start");
// (A page script as text: the bench's compiler would name the functions with a helper the page lacks.)
const frames = (await page.evaluate(`new Promise((resolve) => {
  const times = [];
  const first = performance.now();
  const step = (now) => {
    times.push(now);
    if (now - first < ${SECONDS * 1000}) requestAnimationFrame(step);
    else resolve(times);
  };
  requestAnimationFrame(step);
})`)) as number[];
const { profile: taken } = await cdp.send("Profiler.stop");
if (profile) writeFileSync(profile, JSON.stringify(taken));
const selfUs = new Map<string, number>();
const nodeOf = new Map(taken.nodes.map((n) => [n.id, n]));
(taken.samples ?? []).forEach((id, i) => {
  const f = nodeOf.get(id)?.callFrame;
  const key = f?.url
    ? `${f.functionName || "(anonymous)"} ${f.url.split("/").at(-1)}:${f.lineNumber}`
    : (f?.functionName ?? "?");
  selfUs.set(key, (selfUs.get(key) ?? 0) + (taken.timeDeltas?.[i] ?? 0));
});
const sampledUs = [...selfUs.values()].reduce((a, b) => a + b, 0);
const nativeUs = (selfUs.get("(program)") ?? 0) + (selfUs.get("(idle)") ?? 0);
const scriptUs = sampledUs - nativeUs;
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
const shots = Number((await page.locator("#app").getAttribute("data-fired")) ?? Number.NaN);
const roomShots = Number((await page.locator("#app").getAttribute("data-room-shots")) ?? 0);
stop = true;
await Promise.all(bots);
for (const ws of sockets) ws.terminate();
await browser.close();
await stopServer(server, 10_000);
await dropDatabase(fresh);

const gaps = frames.slice(1).map((t, i) => t - (frames[i] as number));
const span = ((frames.at(-1) as number) - (frames[0] as number)) / 1000;
const fps = gaps.length / span;
// "1 % low": the frame rate the slowest 1 % of frames ran at.
const low1 = 1000 / percentile(gaps, 99);
const low5 = 1000 / percentile(gaps, 95);
const slow = gaps.filter((g) => g > 1000 / 30 + 0.5).length / gaps.length;
console.log(
  `fish screen, 915×412 landscape at ${DPR}× pixels, CPU slowed ${SLOWDOWN}×, auto-fire on, ${BOTS} other players firing 4 shots a second: ` +
    `${gaps.length} frames in ${span.toFixed(1)} s = ${fps.toFixed(1)} frames a second; 5 % low ${low5.toFixed(1)}, 1 % low ${low1.toFixed(1)}; ` +
    `${(slow * 100).toFixed(1)} % of frames slower than 33 ms (target 60 a second, 30 at the least)` +
    (Number.isFinite(shots)
      ? `; the phone fired ${shots} shots and drew ${roomShots} of the other seats`
      : ""),
);
console.log(
  `the page's scripts (the game and PixiJS, at the CPU slowdown): ${(scriptUs / 1000 / gaps.length).toFixed(2)} ms a frame ` +
    `(${((scriptUs / sampledUs) * 100).toFixed(1)} % of the window); the browser's native work (drawing, WebGL, compositing, waiting): ${((nativeUs / sampledUs) * 100).toFixed(1)} %`,
);
for (const [k, us] of [...selfUs]
  .filter(([k]) => k !== "(program)" && k !== "(idle)")
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(process.env.BENCH_TOP ?? 8)))
  console.log(`  ${((us / sampledUs) * 100).toFixed(1).padStart(5)} %  ${k}`);
console.log(`load average ${loadAverage()} at the end (${loadAtStart} at the start)`);
figure("fish_screen_fps", Number(fps.toFixed(1)), "frames/s", "higher");
figure("fish_screen_fps_low1", Number(low1.toFixed(1)), "frames/s", "higher");
figure("fish_screen_script_ms_per_frame", Number((scriptUs / 1000 / gaps.length).toFixed(2)), "ms", "lower");
process.exit(0);
