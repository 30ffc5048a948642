// The RGS as a process of its own (the default is mounted inside the platform, apps/server):
// its own PostgreSQL database, calls to the platform over HTTP. Run: npx tsx apps/rgs/src/main.ts
import fastifyWebsocket from "@fastify/websocket";
import { drizzle } from "drizzle-orm/node-postgres";
import Fastify from "fastify";
import pg from "pg";
import { z } from "zod";
import { type RgsDb, survivePoolErrors } from "./db.ts";
import { rgsAdminSecret } from "./lottery/admin-auth.ts";
import { lotteryGatewayPlugin, rgsPlugin } from "./plugin.ts";
import { fetchTransport, inHouseProviderSecret } from "./protocol-client.ts";

const Env = z.object({
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  /** The RGS's own PostgreSQL database (schema `rgs`). */
  RGS_DATABASE_URL: z.string().min(1),
  /** The platform's base URL: its /provider/<VENDOR>/<call> routes. */
  RGS_PLATFORM_URL: z.string().url(),
  /** The platform's APP_SECRET, from which both sides derive the in-house vendors' secrets. */
  RGS_APP_SECRET: z.string().min(32),
  RGS_RETRY_INTERVAL_MS: z.coerce.number().int().min(0).default(2000),
  RGS_LOTTERY_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  RGS_TABLES_ENGINE: z.enum(["on", "off"]).default("on"),
  RGS_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * The reverse proxies in front of the game server (comma-separated addresses or CIDR ranges):
   * their X-Forwarded-For gives the player's address (req.ip), which the card tables' fair play
   * compares. Empty: the connection's address.
   */
  RGS_TRUSTED_PROXIES: z.string().default(""),
});
const parsed = Env.safeParse(process.env);
if (!parsed.success) {
  const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  throw new Error(`Invalid RGS configuration:\n${lines.join("\n")}`);
}
const env = parsed.data;
const pool = new pg.Pool({ connectionString: env.RGS_DATABASE_URL, max: 20 });
// A connection the server ends, idle or in use, must not crash the game server (db.ts).
survivePoolErrors(pool, (message) => console.error(message));
const db: RgsDb = drizzle(pool);
const proxies = env.RGS_TRUSTED_PROXIES.split(",")
  .map((p) => p.trim())
  .filter(Boolean);
// pluginTimeout: a plugin that has not started in two minutes is hung (the 10 s default is
// shorter than a start on a busy two-core machine).
const app = Fastify({
  logger: { level: env.LOG_LEVEL },
  trustProxy: proxies.length > 0 ? proxies : false,
  pluginTimeout: 120_000,
});
const options = {
  db,
  transport: fetchTransport(env.RGS_PLATFORM_URL, env.RGS_CALL_TIMEOUT_MS),
  secretOf: (vendor: string) => inHouseProviderSecret(env.RGS_APP_SECRET, vendor),
  retryIntervalMs: env.RGS_RETRY_INTERVAL_MS,
  lotteryIntervalMs: env.RGS_LOTTERY_INTERVAL_MS,
  tablesEngine: env.RGS_TABLES_ENGINE === "on",
  adminSecret: rgsAdminSecret(env.RGS_APP_SECRET),
};
// The live tables' sockets (/rgs/ws/tables/:tableId).
await app.register(fastifyWebsocket);
await app.register(rgsPlugin, { prefix: "/rgs", ...options });
// The lottery's spec §7 paths (/lgw/vn/*, /lotto/lgw/*) at the root: the proxy sends them here.
await app.register(lotteryGatewayPlugin, { ...options, lotteryIntervalMs: 0 });
app.addHook("onClose", async () => pool.end());
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
await app.listen({ host: env.HOST, port: env.PORT });
