// Used by fish/fish-crash.test.ts: a game-server process on the database TABLES_DB_URL, named
// TABLES_HOLDER. FISH_CHILD_MODE=player: opens a session with FISH_TOKEN, joins a low-stake room
// with a magazine, fires at the fish swimming, then either SIGKILLs itself with the magazine open
// (FISH_CHILD_KILL=after-fire) or closes the magazine (with PANALO_CRASH_AT=rgs.after-credit it
// is SIGKILLed after the platform paid and before it recorded that). FISH_CHILD_MODE=sweeper:
// runs the continuous rooms' sweep with the idle limit FISH_IDLE_MS, until SIGTERM.
import { fishKind, swimmingAt } from "@panalo/game-math/fish/index";
import { buildApp } from "../../../server/src/app.ts";
import { loadConfig } from "../../../server/src/config.ts";
import { openDatabase } from "../../../server/src/db/client.ts";
import { memoryStore } from "../../../server/src/lib/shared-store.ts";
import { inHouseProviderSecret, protocolClient, type Transport } from "../protocol-client.ts";
import { startSeats } from "../rounds/continuous.ts";
import { roundsContext } from "../rounds/engine.ts";
import { RoundHub } from "../rounds/hub.ts";
import { openRoomSession } from "../rounds/routes.ts";
import { liveSession } from "../session.ts";
import { closeMagazine, FISH, fire, fishRooms, joinFish } from "./engine.ts";

const url = process.env.TABLES_DB_URL;
const holder = process.env.TABLES_HOLDER;
const appSecret = process.env.TABLES_APP_SECRET;
const mode = process.env.FISH_CHILD_MODE;
if (!url || !holder || !appSecret || (mode !== "player" && mode !== "sweeper"))
  throw new Error("TABLES_DB_URL, TABLES_HOLDER, TABLES_APP_SECRET and FISH_CHILD_MODE are required");

const database = await openDatabase({ url });
const config = loadConfig({
  NODE_ENV: "test",
  SEED_DEMO: "false",
  APP_SECRET: appSecret,
  RGS_RETRY_INTERVAL_MS: "0",
});
const app = await buildApp({ config, database, store: memoryStore() });
await app.ready();
const transport: Transport = async (path, payload, headers) => {
  const res = await app.inject({ method: "POST", url: path, payload, headers });
  return { status: res.statusCode, body: res.body };
};
const ctx = roundsContext(
  {
    db: database.db,
    client: protocolClient(transport, (v) => inHouseProviderSecret(appSecret, v)),
    now: () => new Date(),
    leaseMs: 1000,
  },
  new RoundHub(),
  { holder, leaseTtlMs: 1500 },
);

if (mode === "sweeper") {
  const stop = startSeats(
    ctx,
    [{ ...FISH, idleMs: Number(process.env.FISH_IDLE_MS ?? 1000) }],
    (err) => console.error(err),
    100,
  );
  process.stdout.write("sweeping\n");
  process.once("SIGTERM", () => {
    void stop().then(() => process.exit(0));
  });
} else {
  const opened = await openRoomSession(ctx, {
    vendor: "PNF",
    gameId: "fish:low",
    token: process.env.FISH_TOKEN ?? "",
    lang: "EN",
  });
  const session = await liveSession(ctx, opened.sessionId);
  const joined = await joinFish(ctx, session, { requestId: "child-join", shots: 50, cannon: 1 });
  for (let i = 0; i < 8; i++) {
    const room = (await fishRooms(ctx)).find((r) => r.roomId === joined.sitting.roomId);
    if (!room) break;
    const [aim] = swimmingAt(room.seaSeed, Date.now() - new Date(room.startedAt).getTime()).filter(
      (s) => fishKind(s.kindId).type === "normal",
    );
    if (aim)
      await fire(ctx, session, joined.magazine.magazineId, [
        { requestId: `c${i}`, fish: aim.index, cannon: 1 },
      ]);
  }
  if (process.env.FISH_CHILD_KILL === "after-fire") process.kill(process.pid, "SIGKILL");
  await closeMagazine(ctx, session, joined.magazine.magazineId);
  process.exit(0);
}
