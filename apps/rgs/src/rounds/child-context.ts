// The set-up every crash test's child process shares (rounds/testing.ts starts them): the
// platform app on the database named by TABLES_DB_URL, the game server's protocol client
// talking to it in-process, and a round engine context whose leases are named TABLES_HOLDER.
// The child then runs its own game's loop and is SIGKILLed by the test at a crash point.
import { buildApp } from "../../../server/src/app.ts";
import { loadConfig } from "../../../server/src/config.ts";
import { openDatabase } from "../../../server/src/db/client.ts";
import { memoryStore } from "../../../server/src/lib/shared-store.ts";
import { inHouseProviderSecret, protocolClient, type Transport } from "../protocol-client.ts";
import { roundsContext } from "./engine.ts";
import { RoundHub } from "./hub.ts";

export async function childRoundsContext(opts: { closeGraceMs?: number } = {}) {
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
  return roundsContext(
    {
      db: database.db,
      client: protocolClient(transport, (v) => inHouseProviderSecret(appSecret, v)),
      now: () => new Date(),
      leaseMs: 1000,
    },
    new RoundHub(),
    {
      holder,
      leaseTtlMs: 1500,
      ...(opts.closeGraceMs === undefined ? {} : { closeGraceMs: opts.closeGraceMs }),
    },
  );
}

/** Tells the test the loop runs, and stops it cleanly on SIGTERM. */
export function runUntilTerm(stop: () => Promise<void>): void {
  process.stdout.write("running\n");
  process.once("SIGTERM", () => {
    void stop().then(() => process.exit(0));
  });
}
