// Used by settle-crash.test.ts: the sportsbook on the database named by CRASH_DB_URL settles
// every open bet whose results are in, and is killed with SIGKILL (crash point
// `sports.after-credits`, armed by the test) right after the platform applied its first batch of
// settlement credits, before the book recorded their answers.
import { buildApp } from "../../server/src/app.ts";
import { loadConfig } from "../../server/src/config.ts";
import { openDatabase } from "../../server/src/db/client.ts";
import { memoryStore } from "../../server/src/lib/shared-store.ts";
import { settleBets } from "./settle.ts";
import { sb } from "./sports-testkit.ts";

const url = process.env.CRASH_DB_URL;
const appSecret = process.env.CRASH_APP_SECRET;
if (!url || !appSecret) throw new Error("CRASH_DB_URL and CRASH_APP_SECRET are required");

const database = await openDatabase({ url });
const config = loadConfig({
  NODE_ENV: "test",
  SEED_DEMO: "false",
  APP_SECRET: appSecret,
  SPORTS_SIMULATOR: "off",
});
const app = await buildApp({ config, database, store: memoryStore() });
await app.ready();
process.stdout.write("settling\n");
await settleBets(sb(app), null);
process.stdout.write("not killed\n");
process.exit(1);
