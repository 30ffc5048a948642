import type { ChildProcess } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerClients } from "../../../server/src/db/schema/providers.ts";
import { reconcile } from "../../../server/src/modules/ledger/ledger.ts";
import type { TestApp } from "../../../server/src/testing/test-app.ts";
import { rows } from "../db.ts";
import { inHouseProviderSecret } from "../protocol-client.ts";
import * as harness from "../rounds/crash-harness.ts";
import { crashPlatform } from "../rounds/testing.ts";
import { fundedPlayer, mainBalance } from "../test-platform.ts";
import { crashTestRoom } from "./testing.ts";

// As bingo/bingo-crash.test.ts for bingo: a crash room's leader process is SIGKILLed after a
// round crashed (the crash shown) and before it settled it (crash point "crash.before-settle",
// engine.ts); the next leader settles that round once and the room runs on. Every bet is paid
// exactly once: one debit and one credit each on the platform. Child processes need a server.
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const APP_SECRET = "crash-leader-secret-crash-leader-secret-1";

describe.runIf(onServer)(
  "a crash room whose leader is SIGKILLed between the crash and the settlement",
  () => {
    let opened: Awaited<ReturnType<typeof crashPlatform>>["opened"];
    let t: TestApp;
    let startLeader: Awaited<ReturnType<typeof crashPlatform>>["startLeader"];
    let children: ChildProcess[] = [];
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ t, opened, startLeader, children, close } = await crashPlatform("crash", APP_SECRET));
      await opened.database.db
        .insert(providerClients)
        .values({ vendor: "PNC", secret: inHouseProviderSecret(APP_SECRET, "PNC") })
        .onConflictDoNothing();
      await opened.database.db.execute(sql`UPDATE rgs.crash_rooms SET enabled = false`);
      // Short rounds: the first ones crash between 1.20x and 2.00x (at most 11.6 s of flight).
      await crashTestRoom(opened.database.db, "crash-k", {
        length: 50,
        bettingMs: 1500,
        pauseMs: 200,
        pick: (p) => p.slice(0, 4).every((x) => x >= 120 && x < 200),
      });
    });
    afterAll(async () => close?.());

    it("settles the crashed round once under the next leader", async () => {
      const players = await Promise.all(Array.from({ length: 3 }, () => fundedPlayer(t, 1_000_00n, "PNC")));
      const sessions = await harness.openSessions(t, "crash", players, { roomId: "crash-k" });
      const takeover = harness.killAndTakeOver(startLeader, "crash-a", "crash.before-settle", "crash-b");
      const bet = new Set<string>();
      const cashed = new Set<string>();
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        const [g] = await rows<{ id: string; status: string }>(
          opened.database.db,
          sql`SELECT id, status FROM rgs.crash_rounds WHERE room_id = 'crash-k' ORDER BY round_no DESC LIMIT 1`,
        );
        if (g?.status === "betting" && !bet.has(g.id)) {
          bet.add(g.id);
          // p0: automatic 1.10x (below every crash here: wins); p1: automatic 50x (loses);
          // p2: cashes out by hand as soon as the round flies.
          await Promise.all(
            sessions.map((sessionId, i) =>
              t.app.inject({
                method: "POST",
                url: "/rgs/api/crash/bet",
                payload: {
                  sessionId,
                  roundId: g.id,
                  requestId: `${g.id.slice(0, 8)}-${i}`,
                  amount: "10.00",
                  ...(i === 0 ? { autoCashout: "1.10" } : i === 1 ? { autoCashout: "50.00" } : {}),
                },
              }),
            ),
          );
        }
        if (g?.status === "flying" && bet.has(g.id) && !cashed.has(g.id)) {
          cashed.add(g.id);
          await t.app.inject({
            method: "POST",
            url: "/rgs/api/crash/cashout",
            payload: { sessionId: sessions[2], roundId: g.id },
          });
        }
        const [after] = await rows<{ n: unknown }>(
          opened.database.db,
          sql`SELECT count(*) AS n FROM rgs.crash_rounds WHERE room_id = 'crash-k' AND status = 'settled'
            AND settled_at > ${new Date(takeover.killedAt() ?? Date.now() + 1e9).toISOString()}::timestamptz
            AND id IN (SELECT round_id FROM rgs.crash_bets)`,
        );
        if (Number(after?.n ?? 0) >= 2) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await takeover.exit).toBe("SIGKILL");
      await harness.waitUntilNothingOwed(
        opened.database.db,
        sql`SELECT count(*) AS n FROM rgs.crash_bets WHERE status IN ('debit_pending', 'credit_pending', 'rollback_pending')
          AND round_id IN (SELECT id FROM rgs.crash_rounds WHERE status IN ('settled', 'void'))`,
        30_000,
      );
      harness.stopChildren(children);
      const killedAt = takeover.killedAt();
      // The round the first leader crashed and died in was settled by the second, once.
      const [killedRound] = await rows<{ id: string; status: string; crash_at: string; settled_at: string }>(
        opened.database.db,
        sql`SELECT id, status, crash_at, settled_at FROM rgs.crash_rounds
          WHERE room_id = 'crash-k' AND crash_at < ${new Date(killedAt ?? 0).toISOString()}::timestamptz
          ORDER BY round_no DESC LIMIT 1`,
      );
      expect(killedRound?.status).toBe("settled");
      expect(new Date(killedRound?.settled_at ?? 0).getTime()).toBeGreaterThan(killedAt ?? 0);
      const paid = await rows<{
        id: string;
        status: string;
        player_id: unknown;
        cashout_x100: unknown;
        auto_x100: unknown;
      }>(
        opened.database.db,
        sql`SELECT b.id, b.status, b.player_id, b.cashout_x100, b.auto_x100 FROM rgs.crash_bets b
          JOIN rgs.crash_rounds r ON r.id = b.round_id WHERE r.status = 'settled'`,
      );
      expect(paid.length).toBeGreaterThan(0);
      const [inKilled] = await rows<{ n: unknown }>(
        opened.database.db,
        sql`SELECT count(*) AS n FROM rgs.crash_bets WHERE round_id = ${killedRound?.id ?? null}::uuid AND status = 'settled'`,
      );
      expect(Number(inKilled?.n)).toBe(3);
      for (const p of paid) expect(p.status).toBe("settled");
      // p0's automatic 1.10x below every crash point: always cashed out; p1's 50x: never.
      for (const p of paid) {
        if (Number(p.auto_x100) === 110) expect(Number(p.cashout_x100)).toBe(110);
        if (Number(p.auto_x100) === 5000) expect(p.cashout_x100).toBeNull();
      }
      const wins = await harness.winsByRound(opened.database.db);
      for (const n of wins.values()) expect(n).toBe(1);
      for (const p of paid) expect(wins.has(p.id)).toBe(true);
      for (const [i, p] of players.entries()) {
        const expected = await harness.balanceFromStakes(
          opened.database.db,
          "rgs.crash_bets",
          p.id,
          1_000_00n,
        );
        expect(await mainBalance(t, p.id), `player ${i}`).toBe(expected);
      }
      expect((await reconcile(opened.database.db)).ok).toBe(true);
    }, 200_000);
  },
);
