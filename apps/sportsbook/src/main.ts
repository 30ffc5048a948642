// The sportsbook as a process of its own (the default is mounted inside the platform,
// apps/server): calls to the platform over HTTP (the provider protocol for money, its host API
// for members, launch tokens and the audit trail); players and operators reach it through the
// platform's proxy (SPORTSBOOK_MODE=external). Run: npx tsx apps/sportsbook/src/main.ts

import fastifyWebsocket from "@fastify/websocket";
import { fetchTransport, inHouseProviderSecret } from "@panalo/rgs/protocol-client";
import { rejectNul } from "@panalo/service-kit/input";
import { drizzle } from "drizzle-orm/node-postgres";
import Fastify from "fastify";
import pg from "pg";
import { z } from "zod";
import type { SportsContext } from "./context.ts";
import type { Db } from "./db.ts";
import { keepRawBodies } from "./identity.ts";
import { memoryRelay } from "./memory-relay.ts";
import { type SportsWorkers, sportsbookPlugin } from "./plugin.ts";
import { remoteHost } from "./remote-host.ts";
import { startUofAdapter } from "./uof-amqp.ts";

const Env = z.object({
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8092),
  /**
   * The book's PostgreSQL database: its tables are in schema `sportsbook`, made by its own
   * migrations (apps/sportsbook/migrations, run by the plugin at start), so it may be a database
   * of its own or the platform's (the book reads and writes nothing outside its schema).
   */
  SPORTSBOOK_DATABASE_URL: z.string().min(1),
  /** The platform's base URL: its /provider/<VENDOR>/<call> and /provider/PNSB/host/<call> routes. */
  SPORTSBOOK_PLATFORM_URL: z.string().url(),
  /** The platform's APP_SECRET, from which both sides derive the vendors' protocol secrets. */
  SPORTSBOOK_APP_SECRET: z.string().min(32),
  SPORTSBOOK_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** How often the settle sweep runs (due money calls, stale placements, settleable bets). */
  SPORTSBOOK_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  SPORTS_SIMULATOR: z.enum(["on", "off"]).default("on"),
  SPORTS_SIM_TICK_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  UOF_AMQP_URL: z
    .string()
    .regex(/^amqps?:\/\//)
    .optional(),
  UOF_ACCESS_TOKEN: z.string().max(200).default(""),
  UOF_BOOKMAKER_ID: z.coerce.number().int().min(0).default(0),
  UOF_NODE_ID: z.coerce.number().int().min(0).max(999).optional(),
  UOF_API_URL: z
    .string()
    .regex(/^https?:\/\//)
    .default("https://api.betradar.com"),
  UOF_EXCHANGE: z.string().min(1).max(100).default("unifiedfeed"),
  UOF_QUEUE: z.string().max(100).optional(),
  UOF_PRODUCTS: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .default("1,3"),
  UOF_ALIVE_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(20),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});
const parsed = Env.safeParse(process.env);
if (!parsed.success) {
  const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  throw new Error(`Invalid sportsbook configuration:\n${lines.join("\n")}`);
}
const env = parsed.data;
const pool = new pg.Pool({ connectionString: env.SPORTSBOOK_DATABASE_URL, max: 20 });
// A connection the server ends must fail the one call that held it, never the process.
pool.on("error", (err) => console.error(`database: idle connection lost (${err.message})`));
pool.on("connect", (client) => {
  client.on("error", (err) => console.error(`database: connection lost while in use (${err.message})`));
});
const db = drizzle(pool) as unknown as Db; // node-postgres's drizzle: the same query surface
const transport = fetchTransport(env.SPORTSBOOK_PLATFORM_URL, env.SPORTSBOOK_CALL_TIMEOUT_MS);
const app = Fastify({ logger: { level: env.LOG_LEVEL }, pluginTimeout: 120_000 });
await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
app.addHook("preHandler", rejectNul);
// A forwarded caller is signed over the body's exact text: keep it for the check.
keepRawBodies(app);
let book: SportsContext | null = null;
let workers: SportsWorkers | null = null;
await app.register(sportsbookPlugin, {
  db,
  config: { ...env, APP_SECRET: env.SPORTSBOOK_APP_SECRET },
  // One process: odds pushes reach the sockets of this process.
  store: memoryRelay(),
  host: remoteHost({ transport, secret: inHouseProviderSecret(env.SPORTSBOOK_APP_SECRET, "PNSB") }),
  transport,
  exposeParams: true,
  onContext: (ctx, w) => {
    book = ctx;
    workers = w;
  },
});
app.get("/health", async () => ({ success: true, value: { status: "ok", service: "sportsbook" } }));
await app.listen({ host: env.HOST, port: env.PORT });

// The book's scheduled work, run here alone (the platform's jobs sports.* do nothing while the
// book is external): the simulator's ticks and the settle sweep, each pass after the last ended.
const timers = new Map<string, NodeJS.Timeout>();
let stopping = false;
const every = (ms: number, name: string, pass: () => Promise<unknown>) => {
  if (ms <= 0) return;
  const loop = () => {
    pass()
      .catch((err: unknown) => app.log.error({ err }, `${name} failed`))
      .finally(() => {
        if (!stopping) timers.set(name, setTimeout(loop, ms));
      });
  };
  timers.set(name, setTimeout(loop, ms));
};
const w = workers as SportsWorkers | null;
if (w) {
  every(env.SPORTS_SIM_TICK_MS || 60_000, "sports simulator", () =>
    w.simulate({ scheduledFor: new Date(), manual: true }),
  );
  every(env.SPORTSBOOK_SWEEP_INTERVAL_MS, "sports settle sweep", () => w.settleSweep());
}
// The Sportradar Unified Odds Feed over AMQP, when UOF_AMQP_URL is set.
const uof = book
  ? await startUofAdapter(book, (level, msg, detail) => app.log[level]({ detail }, msg))
  : null;

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    stopping = true;
    for (const t of timers.values()) clearTimeout(t);
    void (async () => {
      await uof?.stop();
      await app.close();
      await pool.end();
      process.exit(0);
    })();
  });
}
