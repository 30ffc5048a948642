// Used by leader-crash.test.ts: a game-server process that runs the live tables' engine on the
// database named by TABLES_DB_URL, named TABLES_HOLDER in the lease rows. With the crash points
// armed (PANALO_CRASH_AT=rgs.after-credit, crash-points.ts) it is SIGKILLed after the platform
// paid its first win and before it recorded that.
import { buildApp } from "../../../server/src/app.ts";
import { loadConfig } from "../../../server/src/config.ts";
import { openDatabase } from "../../../server/src/db/client.ts";
import { memoryStore } from "../../../server/src/lib/shared-store.ts";
import { inHouseProviderSecret, protocolClient, type Transport } from "../protocol-client.ts";
import { startTableEngine, tablesContext } from "./engine.ts";
import { TableHub } from "./hub.ts";

const url = process.env.TABLES_DB_URL;
const holder = process.env.TABLES_HOLDER;
const appSecret = process.env.TABLES_APP_SECRET;
if (!url || !holder || !appSecret)
  throw new Error("TABLES_DB_URL, TABLES_HOLDER and TABLES_APP_SECRET are required");

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
const ctx = tablesContext(
  {
    db: database.db,
    client: protocolClient(transport, (v) => inHouseProviderSecret(appSecret, v)),
    now: () => new Date(),
    leaseMs: 1000,
  },
  new TableHub(),
  { holder, leaseTtlMs: 1500, closeGraceMs: 300 },
);
const stop = startTableEngine(ctx, (err) => console.error(err), { reloadMs: 300, retryMs: 200 });
process.stdout.write("running\n");
process.once("SIGTERM", () => {
  void stop().then(() => process.exit(0));
});
