// Used by crash.test.ts: an RGS on the database named by CRASH_DB_URL plays one round of the
// session CRASH_SESSION and is killed with SIGKILL after the platform took the bet and the
// outcome was stored, just before the win is sent.
import { buildApp } from "../../server/src/app.ts";
import { loadConfig } from "../../server/src/config.ts";
import { openDatabase } from "../../server/src/db/client.ts";
import { memoryStore } from "../../server/src/lib/shared-store.ts";
import { inHouseProviderSecret, protocolClient, type Transport } from "./protocol-client.ts";
import { spin } from "./spin.ts";

const url = process.env.CRASH_DB_URL;
const sessionId = process.env.CRASH_SESSION;
const appSecret = process.env.CRASH_APP_SECRET;
if (!url || !sessionId || !appSecret)
  throw new Error("CRASH_DB_URL, CRASH_SESSION and CRASH_APP_SECRET are required");

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
  if (path.endsWith("/credit")) {
    process.stdout.write("debited\n");
    // The process dies here: the bet is taken, the round is credit_pending, the win unsent.
    process.kill(process.pid, "SIGKILL");
    await new Promise(() => undefined);
  }
  const res = await app.inject({ method: "POST", url: path, payload, headers });
  return { status: res.statusCode, body: res.body };
};
await spin(
  {
    db: database.db,
    client: protocolClient(transport, (v) => inHouseProviderSecret(appSecret, v)),
    now: () => new Date(),
    leaseMs: 1000,
  },
  { sessionId, betPerLine: "0.10", requestId: "crash-spin-1" },
);
process.stdout.write("not killed\n");
process.exit(1);
