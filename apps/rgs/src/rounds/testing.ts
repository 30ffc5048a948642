import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../../../server/src/app.ts";
import { loadConfig } from "../../../server/src/config.ts";
import { memoryStore } from "../../../server/src/lib/shared-store.ts";
import { openTestDatabase, type TestApp } from "../../../server/src/testing/test-app.ts";
import { registerInHouseVendors, testContext } from "../test-platform.ts";
import { type RoundsContext, roundsContext } from "./engine.ts";
import { RoundHub } from "./hub.ts";

/**
 * A round engine's context for a test on the platform `t`, on the test's clock `now`, with its
 * own hub; `watch` collects what a socket in that room receives.
 */
export function roomTestContext(
  t: TestApp,
  now: () => Date,
  o: Partial<Pick<RoundsContext, "holder" | "leaseTtlMs" | "closeGraceMs">>,
  watch?: { room: string; into: unknown[] },
): RoundsContext {
  const hub = new RoundHub();
  if (watch) hub.join(watch.room, { playerId: null, send: (s) => watch.into.push(JSON.parse(s)) });
  return roundsContext(testContext(t, undefined, now), hub, o);
}

/**
 * The crash tests' set-up for a game on the round engine: a platform on a fresh PostgreSQL
 * database (the children need a server), and leader processes (rounds/leader-child.ts) running
 * the game's engine there, each named in the lease rows, optionally armed to be SIGKILLed at a
 * crash point (crash-points.ts).
 */
export async function crashPlatform(
  game: "tables" | "bingo" | "fish" | "cards" | "crash" | "cockfight",
  appSecret: string,
): Promise<{
  t: TestApp;
  opened: Awaited<ReturnType<typeof openTestDatabase>>;
  /**
   * A child process; fish runs fish/fish-child.ts (a player's process or a sweeper, by `env`),
   * cards cards/cards-child.ts, cockfight cockfight/cockfight-child.ts (a settling operator's
   * process or a sweeper, by `env`).
   */
  startLeader: (holder: string, crashAt: string | null, env?: Record<string, string>) => ChildProcess;
  /** Every leader started (a test stops the survivors with SIGTERM). */
  children: ChildProcess[];
  close: () => Promise<void>;
}> {
  const opened = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    SEED_DEMO: "false",
    APP_SECRET: appSecret,
    RGS_RETRY_INTERVAL_MS: "0",
  });
  const app = await buildApp({ config, database: opened.database, store: memoryStore() });
  await app.ready();
  const t: TestApp = {
    app,
    database: opened.database,
    config,
    store: memoryStore(),
    close: async () => app.close(),
  };
  await registerInHouseVendors(t);
  const children: ChildProcess[] = [];
  const crashDir = mkdtempSync(join(tmpdir(), `${game}-crash-`));
  const startLeader = (holder: string, crashAt: string | null, env: Record<string, string> = {}) => {
    const script =
      game === "fish"
        ? "apps/rgs/src/fish/fish-child.ts"
        : game === "cards"
          ? "apps/rgs/src/cards/cards-child.ts"
          : game === "cockfight"
            ? "apps/rgs/src/cockfight/cockfight-child.ts"
            : "apps/rgs/src/rounds/leader-child.ts";
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      env: {
        ...process.env,
        ...env,
        NODE_ENV: "test",
        ROUNDS_GAME: game,
        TABLES_DB_URL: opened.url,
        TABLES_HOLDER: holder,
        TABLES_APP_SECRET: appSecret,
        ...(crashAt ? { PANALO_CRASH_AT: crashAt, PANALO_CRASH_DIR: crashDir } : { PANALO_CRASH_AT: "" }),
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    children.push(child);
    return child;
  };
  const close = async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    await t.close();
    await opened.drop();
  };
  return { t, opened, startLeader, children, close };
}
