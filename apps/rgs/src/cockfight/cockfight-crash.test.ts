import type { ChildProcess } from "node:child_process";
import { COCKFIGHT_GAME_CODE } from "@panalo/contracts/cockfight";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerClients } from "../../../server/src/db/schema/providers.ts";
import { reconcile } from "../../../server/src/modules/ledger/ledger.ts";
import type { TestApp } from "../../../server/src/testing/test-app.ts";
import { rows } from "../db.ts";
import { inHouseProviderSecret } from "../protocol-client.ts";
import { stopChildren } from "../rounds/crash-harness.ts";
import type { RoundsContext } from "../rounds/engine.ts";
import { crashPlatform, roomTestContext } from "../rounds/testing.ts";
import { liveSession } from "../session.ts";
import { fundedPlayer, mainBalance, providerRows } from "../test-platform.ts";
import { placeBet } from "./bets.ts";
import { addFight, closeFight, confirmResult, createEvent, declareResult, openFight } from "./operate.ts";

// As bingo/bingo-crash.test.ts for a bingo room: the process settling a fight (the second
// operator's confirmation and its credits) is SIGKILLed after the platform paid the first
// credit and before it recorded that. Another process's sweep takes the owed credits over
// once their lease runs out: every bet is paid (or given back) exactly once, the fight is
// settled once. Child processes need a database server.
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const APP_SECRET = "cockfight-crash-secret-cockfight-crash-1";

describe.runIf(onServer)("a fight whose settling process is SIGKILLed", () => {
  let t: TestApp;
  let opened: Awaited<ReturnType<typeof crashPlatform>>["opened"];
  let startLeader: Awaited<ReturnType<typeof crashPlatform>>["startLeader"];
  let children: ChildProcess[] = [];
  let close: (() => Promise<void>) | undefined;
  let ctx: RoundsContext;
  beforeAll(async () => {
    ({ t, opened, startLeader, children, close } = await crashPlatform("cockfight", APP_SECRET));
    await opened.database.db
      .insert(providerClients)
      .values({ vendor: "SV3", secret: inHouseProviderSecret(APP_SECRET, "SV3") })
      .onConflictDoNothing();
    // This process only bets and operates; it runs no sweep (the children do).
    ctx = roomTestContext(t, () => new Date(), { holder: "cockfight-crash-test" });
  });
  afterAll(async () => close?.());

  it("a draw settled across the crash pays the draw and gives meron and wala back, once each", async () => {
    const e = await createEvent(ctx, "ana", {
      arena: "Crash Arena",
      date: "2026-11-29",
      videoUrl: "/test/stream.m3u8",
      plasadaBp: 500,
      drawPaysX100: 800,
      minBet: "10.00",
      maxBet: "10000.00",
    });
    const f = await addFight(ctx, {
      eventId: e.id,
      fightNo: 1,
      meron: { owner: "Red Farm", weight: "2.1 kg", record: "3-1" },
      wala: { owner: "Blue Farm", weight: "2.0 kg", record: "2-2" },
    });
    await openFight(ctx, f.id);
    const bets = [
      { side: "meron", amount: 100_00n },
      { side: "wala", amount: 150_00n },
      { side: "draw", amount: 10_00n },
      { side: "meron", amount: 20_00n },
    ] as const;
    const players: number[] = [];
    for (const [i, b] of bets.entries()) {
      const p = await fundedPlayer(t, 1_000_00n, "SV3");
      const res = await t.app.inject({
        method: "POST",
        url: "/rgs/api/cockfight/session",
        payload: { token: p.token, gameCode: COCKFIGHT_GAME_CODE },
      });
      const session = await liveSession(ctx, res.json().value.sessionId);
      await placeBet(ctx, session, {
        sessionId: session.id,
        fightId: f.id,
        requestId: `b${i}`,
        side: b.side,
        amount: (Number(b.amount) / 100).toFixed(2),
      });
      players.push(p.id);
    }
    await closeFight(ctx, f.id);
    await declareResult(ctx, "ana", f.id, "draw");

    // The second operator's confirmation runs in a process that dies after the first credit.
    const settling = startLeader("cockfight-a", "rgs.after-credit", {
      COCKFIGHT_CONFIRM: `${f.id}:draw:ben`,
    });
    const signal = await new Promise<string | null>((resolve) =>
      settling.on("exit", (_c, sig) => resolve(sig)),
    );
    expect(signal).toBe("SIGKILL");
    const owedAtDeath = await rows<{ status: string }>(
      opened.database.db,
      sql`SELECT status FROM rgs.cockfight_bets WHERE fight_id = ${f.id}`,
    );
    // The settlement committed before the credits: every bet owes its credit, none recorded.
    expect(owedAtDeath.map((b) => b.status)).toEqual(bets.map(() => "credit_pending"));
    // The platform already paid at least the first (the credits go out side by side; the
    // process died at the first answer, before recording any).
    const paidBefore = await rows<{ n: unknown }>(
      opened.database.db,
      sql`SELECT count(*) AS n FROM provider_transactions WHERE kind = 'win' AND member_id = ANY(${`{${players.join(",")}}`}::int[])`,
    );
    expect(Number(paidBefore[0]?.n)).toBeGreaterThanOrEqual(1);
    // A confirmation sent again (the operator's retry) finds the fight settled: nothing more.
    await expect(confirmResult(ctx, "ben", f.id, "draw")).rejects.toMatchObject({ code: "FIGHT_STATE" });

    // Another process's sweep takes the owed credits once their lease ran out.
    startLeader("cockfight-b", null);
    const until = Date.now() + 60_000;
    for (;;) {
      const [left] = await rows<{ n: unknown }>(
        opened.database.db,
        sql`SELECT count(*) AS n FROM rgs.cockfight_bets WHERE fight_id = ${f.id} AND status <> 'settled'`,
      );
      if (Number(left?.n) === 0) break;
      if (Date.now() > until) throw new Error("the owed credits were not sent");
      await new Promise((r) => setTimeout(r, 100));
    }
    stopChildren(children);

    // Draw: the draw bet is paid 8x, meron and wala are given back; each once on the platform.
    const expected = bets.map((b) => (b.side === "draw" ? 1_000_00n - b.amount + 8n * b.amount : 1_000_00n));
    for (const [i, id] of players.entries()) {
      expect((await providerRows(t, id)).map((r) => r.kind).sort(), `player ${i}`).toEqual(["bet", "win"]);
      expect(await mainBalance(t, id), `player ${i}`).toBe(expected[i]);
    }
    const [fight] = await rows<{ status: string; confirmed_by: string; wins_total: unknown }>(
      opened.database.db,
      sql`SELECT status, confirmed_by, wins_total FROM rgs.cockfight_fights WHERE id = ${f.id}`,
    );
    expect(fight).toMatchObject({ status: "settled", confirmed_by: "ben" });
    expect(BigInt(String(fight?.wins_total))).toBe(100_00n + 150_00n + 80_00n + 20_00n);
    expect((await reconcile(opened.database.db)).ok).toBe(true);
  }, 160_000);
});
