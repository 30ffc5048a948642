import { randomBytes } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import type { Clock } from "../lib/clock.ts";
import { memoryStore, redisStore, type SharedStore } from "../lib/shared-store.ts";
import { postgresTemplate } from "./template.ts";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  store: SharedStore;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close),
 * so the same suites prove locking and races on a real server. There it is a copy of a migrated
 * template (testing/template.ts); `migrate` then only checks the checksums.
 */
export async function openTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  url: string;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: "memory://", loadDataDir: await migratedPglite() });
    // A no-op that checks the checksums: the copy was taken of a database this code migrated.
    await migrate(database);
    return { database, drop: async () => database.close(), url: "" };
  }
  const name = `panalo_t_${randomBytes(6).toString("hex")}`;
  const template = await postgresTemplate(serverUrl);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await migrate(database);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A dump of one freshly migrated PGlite data directory, taken once per test process and loaded
 * by every later database of that process: loading it costs what an initdb does, and saves the
 * whole migration run (every migration and function file) that each test file paid before.
 */
let pgliteDump: Promise<Blob> | undefined;
function migratedPglite(): Promise<Blob> {
  if (pgliteDump) return pgliteDump;
  const dump = (async () => {
    const database = await openDatabase({ dataDir: "memory://" });
    try {
      await migrate(database);
      return await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
    } finally {
      await database.close();
    }
  })();
  // A failed try is not remembered: the next file tries again (only this try is forgotten).
  dump.catch(() => {
    if (pgliteDump === dump) pgliteDump = undefined;
  });
  pgliteDump = dump;
  return dump;
}

export async function createTestApp(
  overrides: Partial<Record<keyof Config, string>> = {},
  opts: {
    clock?: Clock;
    store?: SharedStore;
    /** PostgreSQL only: DATABASE_URL_READ set to the test's own database (a read pool of its own). */
    readPool?: boolean;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: "test",
    SEED_DEMO: "false",
    APP_SECRET: "test-secret-test-secret-test-secret-42",
    // Lottery tests drive draws by hand (apps/rgs/src/lottery); other suites need no draws.
    RGS_LOTTERY_INTERVAL_MS: "0",
    ...overrides,
  });
  const { database, drop, url } = await openTestDatabase();
  if (opts.readPool && url) config.DATABASE_URL_READ = url;
  // With REDIS_URL (CI), counters and pub/sub go through the real Redis, under a prefix of
  // this test file's own so parallel files never see each other's keys.
  const store =
    opts.store ??
    (process.env.REDIS_URL
      ? redisStore(process.env.REDIS_URL, `panalo-test-${randomBytes(4).toString("hex")}:`)
      : memoryStore());
  const app = await buildApp({ config, database, store, clock: opts.clock });
  await app.ready();
  return {
    app,
    database,
    config,
    store,
    close: async () => {
      await app.close();
      if (!opts.store) await store.close();
      await drop();
    },
  };
}
