// Used by the crash tests of the games on the round engine (tables/leader-crash.test.ts,
// bingo/bingo-crash.test.ts): a game-server process that runs the engine for the game named by
// ROUNDS_GAME ("tables" or "bingo") on the database named by TABLES_DB_URL, named TABLES_HOLDER
// in the lease rows. With the crash points armed (PANALO_CRASH_AT=rgs.after-credit,
// crash-points.ts) it is SIGKILLed after the platform paid its first win and before it
// recorded that.
import { buildApp } from "../../../server/src/app.ts";
import { loadConfig } from "../../../server/src/config.ts";
import { openDatabase } from "../../../server/src/db/client.ts";
import { memoryStore } from "../../../server/src/lib/shared-store.ts";
import { BINGO } from "../bingo/engine.ts";
import { inHouseProviderSecret, protocolClient, type Transport } from "../protocol-client.ts";
import { TABLES } from "../tables/engine.ts";
import { roundsContext, startRounds } from "./engine.ts";
import { RoundHub } from "./hub.ts";

const url = process.env.TABLES_DB_URL;
const holder = process.env.TABLES_HOLDER;
const appSecret = process.env.TABLES_APP_SECRET;
const game = { tables: TABLES, bingo: BINGO }[process.env.ROUNDS_GAME ?? ""];
if (!url || !holder || !appSecret || !game)
  throw new Error("TABLES_DB_URL, TABLES_HOLDER, TABLES_APP_SECRET and ROUNDS_GAME are required");

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
  { holder, leaseTtlMs: 1500, closeGraceMs: 300 },
);
const stop = startRounds(ctx, [game], (err) => console.error(err), { reloadMs: 300, retryMs: 200 });
process.stdout.write("running\n");
process.once("SIGTERM", () => {
  void stop().then(() => process.exit(0));
});
