import { spawn } from "node:child_process";
import type { RgsSession } from "@panalo/contracts/rgs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/src/app.ts";
import { loadConfig } from "../../server/src/config.ts";
import { memoryStore } from "../../server/src/lib/shared-store.ts";
import { reconcile } from "../../server/src/modules/ledger/ledger.ts";
import { openTestDatabase, type TestApp } from "../../server/src/testing/test-app.ts";
import { rounds } from "./schema.ts";
import {
  api,
  fundedPlayer,
  GAME,
  mainBalance,
  providerRows,
  registerInHouseVendors,
} from "./test-platform.ts";

// The RGS killed between the bet and the win: after a restart the round settles. The child needs
// a database server it can reach too (PostgreSQL).
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const APP_SECRET = "crash-secret-crash-secret-crash-secret-1";

describe.runIf(onServer)("an RGS killed between the bet and the win", () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  const apps: TestApp[] = [];
  /** One RGS (with the platform) on the shared database; `retryMs` 0 = no retry worker. */
  const start = async (retryMs: number): Promise<TestApp> => {
    const config = loadConfig({
      NODE_ENV: "test",
      SEED_DEMO: "false",
      APP_SECRET,
      RGS_RETRY_INTERVAL_MS: String(retryMs),
    });
    const store = memoryStore();
    const app = await buildApp({ config, database: opened.database, store });
    await app.ready();
    const t: TestApp = { app, database: opened.database, config, store, close: async () => app.close() };
    apps.push(t);
    return t;
  };
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await opened.drop();
  });

  it("settles the round exactly once after a restart", async () => {
    const first = await start(0);
    await registerInHouseVendors(first);
    const p = await fundedPlayer(first, 20_00n);
    const session = (
      await api<{ value: RgsSession }>(first, "POST", "/rgs/api/session", { token: p.token, gameId: GAME })
    ).json.value;

    const child = spawn(process.execPath, ["--import", "tsx", "apps/rgs/src/crash-child.ts"], {
      env: {
        ...process.env,
        CRASH_DB_URL: opened.url,
        CRASH_SESSION: session.sessionId,
        CRASH_APP_SECRET: APP_SECRET,
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (c) => {
      out += c;
    });
    const signal = await new Promise<string | null>((resolve) =>
      child.on("exit", (_code, sig) => resolve(sig)),
    );
    expect(out).toContain("debited");
    expect(signal).toBe("SIGKILL");

    const roundNow = async () =>
      (await opened.database.db.select().from(rounds).where(eq(rounds.sessionId, session.sessionId)))[0];
    const dead = await roundNow();
    expect(dead?.status).toBe("credit_pending");
    expect(await mainBalance(first, p.id)).toBe(19_00n); // the bet is taken, the win is owed

    // The restarted RGS's retry worker finds the round once its lease runs out and pays it.
    const restarted = await start(100);
    const deadline = Date.now() + 20_000;
    while ((await roundNow())?.status !== "settled" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const settled = await roundNow();
    expect(settled?.status).toBe("settled");
    const win = settled?.win ?? -1n;
    expect(await mainBalance(restarted, p.id)).toBe(20_00n - 100n + win);
    const rows = await providerRows(restarted, p.id);
    expect(rows.filter((r) => r.kind === "bet")).toHaveLength(1);
    expect(rows.filter((r) => r.kind === "win")).toHaveLength(1);
    expect((await reconcile(opened.database.db)).ok).toBe(true);
  }, 60_000);
});
