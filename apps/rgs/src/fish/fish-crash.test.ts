import type { ChildProcess } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcile } from "../../../server/src/modules/ledger/ledger.ts";
import type { TestApp } from "../../../server/src/testing/test-app.ts";
import { rows } from "../db.ts";
import { crashPlatform } from "../rounds/testing.ts";
import { fundedPlayer, mainBalance, providerRows } from "../test-platform.ts";

// A magazine whose process is SIGKILLed is closed exactly once by the sweep of another process:
// wins paid, unfired shots returned. Child processes need a database server.
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const APP_SECRET = "fish-crash-secret-fish-crash-secret-fish-1";

describe.runIf(onServer)("a fish magazine whose process is SIGKILLed", () => {
  let t: TestApp;
  let db: TestApp["database"]["db"];
  let startLeader: Awaited<ReturnType<typeof crashPlatform>>["startLeader"];
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    let opened: Awaited<ReturnType<typeof crashPlatform>>["opened"];
    ({ t, opened, startLeader, close } = await crashPlatform("fish", APP_SECRET));
    db = opened.database.db;
  });
  afterAll(async () => close?.());

  const exited = (c: ChildProcess) =>
    new Promise<string | null>((resolve) => c.on("exit", (code, sig) => resolve(sig ?? String(code))));
  const magazineOf = async (playerId: number) =>
    (
      await rows<{ id: string; status: string; win: unknown; seq: unknown }>(
        db,
        sql`SELECT id, status, win, seq FROM rgs.room_seats WHERE player_id = ${playerId} AND game = 'fish'`,
      )
    )[0];
  const owedByLog = async (id: string) =>
    (
      await rows<{ stake: unknown; win: unknown }>(
        db,
        sql`SELECT stake, win FROM rgs.room_actions WHERE seat_id = ${id}`,
      )
    ).reduce((s, a) => s - BigInt(String(a.stake)) + BigInt(String(a.win)), 5_00n);
  /** Until the magazine is settled by the sweeper (the test's own deadline, not a timing margin). */
  const settled = async (playerId: number) => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const m = await magazineOf(playerId);
      if (m?.status === "settled") return m;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("the magazine was not closed");
  };
  const sweeper = async (holder: string, test: () => Promise<void>) => {
    const s = startLeader(holder, null, { FISH_CHILD_MODE: "sweeper", FISH_IDLE_MS: "300" });
    try {
      await test();
    } finally {
      s.kill("SIGTERM");
      await exited(s);
    }
  };

  it("killed with its magazine open: the sweep closes it, paying its wins and unfired stake once", async () => {
    const p = await fundedPlayer(t, 1_000_00n, "PNF");
    const child = startLeader("player-a", null, {
      FISH_CHILD_MODE: "player",
      FISH_TOKEN: p.token,
      FISH_CHILD_KILL: "after-fire",
    });
    expect(await exited(child)).toBe("SIGKILL");
    const open = await magazineOf(p.id);
    expect(open?.status).toBe("placed");
    expect(Number(open?.seq)).toBeGreaterThan(0);
    expect(await mainBalance(t, p.id)).toBe(995_00n);
    await sweeper("sweeper-a", async () => {
      const m = await settled(p.id);
      const owed = await owedByLog(m.id);
      expect(BigInt(String(m.win))).toBe(owed);
      expect(await mainBalance(t, p.id)).toBe(995_00n + owed);
    });
    expect((await providerRows(t, p.id)).map((c) => c.kind).sort()).toEqual(["bet", "win"]);
  });

  it("killed after the platform paid its close and before it recorded that: paid once by the retry pass", async () => {
    const p = await fundedPlayer(t, 1_000_00n, "PNF");
    const child = startLeader("player-b", "rgs.after-credit", {
      FISH_CHILD_MODE: "player",
      FISH_TOKEN: p.token,
    });
    expect(await exited(child)).toBe("SIGKILL");
    const pending = await magazineOf(p.id);
    expect(pending?.status).toBe("credit_pending");
    const owed = await owedByLog(pending?.id as string);
    // The platform applied the credit before the process died.
    expect(await mainBalance(t, p.id)).toBe(995_00n + owed);
    await sweeper("sweeper-b", async () => {
      const m = await settled(p.id);
      expect(BigInt(String(m.win))).toBe(owed);
    });
    expect(await mainBalance(t, p.id)).toBe(995_00n + owed);
    expect((await providerRows(t, p.id)).map((c) => c.kind).sort()).toEqual(["bet", "win"]);
    expect((await reconcile(db)).ok).toBe(true);
  });
});
