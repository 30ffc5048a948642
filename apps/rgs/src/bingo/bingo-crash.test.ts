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

// As tables/leader-crash.test.ts for the tables: a bingo room keeps running when its
// leader process is SIGKILLed after the platform paid a prize and before it recorded that; the
// next leader draws on, and no game is drawn or paid twice. Child processes need a database server.
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const APP_SECRET = "bingo-crash-secret-bingo-crash-secret-12";

describe.runIf(onServer)("a bingo room whose leader is SIGKILLed", () => {
  let opened: Awaited<ReturnType<typeof crashPlatform>>["opened"];
  let t: TestApp;
  let startLeader: Awaited<ReturnType<typeof crashPlatform>>["startLeader"];
  let children: ChildProcess[] = [];
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ t, opened, startLeader, children, close } = await crashPlatform("bingo", APP_SECRET));
    await opened.database.db
      .insert(providerClients)
      .values({ vendor: "PNB", secret: inHouseProviderSecret(APP_SECRET, "PNB") })
      .onConflictDoNothing();
    await opened.database.db.execute(
      sql`INSERT INTO rgs.bingo_rooms (id, kind, name, ticket_price, pool_bp, split, sales_ms, ball_ms)
          VALUES ('crash-b90', 'bingo90', '{"EN":"Crash","TY":"Crash"}', 100, 8000,
            '{"line": 1500, "two_lines": 2500, "full_house": 6000}', 1500, 50)`,
    );
    await opened.database.db.execute(sql`UPDATE rgs.bingo_rooms SET enabled = false WHERE id <> 'crash-b90'`);
  });
  afterAll(async () => close?.());

  it("draws on under a new leader and pays every purchase exactly once", async () => {
    const players = await Promise.all(Array.from({ length: 3 }, () => fundedPlayer(t, 1_000_00n, "PNB")));
    const sessions = await harness.openSessions(t, "bingo", players, { roomId: "crash-b90" });
    const takeover = harness.killAndTakeOver(startLeader, "bingo-a", "rgs.after-credit", "bingo-b");
    const bought = new Set<string>();
    const deadline = Date.now() + 100_000;
    while (Date.now() < deadline) {
      const [game] = await rows<{ id: string; status: string }>(
        opened.database.db,
        sql`SELECT id, status FROM rgs.bingo_games WHERE room_id = 'crash-b90' ORDER BY game_no DESC LIMIT 1`,
      );
      if (game?.status === "selling" && !bought.has(game.id)) {
        bought.add(game.id);
        await Promise.all(
          sessions.map((sessionId, i) =>
            t.app.inject({
              method: "POST",
              url: "/rgs/api/bingo/buy",
              payload: { sessionId, gameId: game.id, requestId: `${game.id.slice(0, 8)}-${i}`, count: 2 + i },
            }),
          ),
        );
      }
      const [after] = await rows<{ n: unknown }>(
        opened.database.db,
        sql`SELECT count(*) AS n FROM rgs.bingo_games WHERE room_id = 'crash-b90' AND status = 'settled' AND tickets_sold > 0
            AND settled_at > ${new Date(takeover.killedAt() ?? Date.now() + 1e9).toISOString()}::timestamptz`,
      );
      if (Number(after?.n ?? 0) >= 2) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await takeover.exit).toBe("SIGKILL");
    await harness.waitUntilNothingOwed(
      opened.database.db,
      sql`SELECT count(*) AS n FROM rgs.bingo_purchases WHERE status IN ('debit_pending', 'credit_pending', 'rollback_pending')
          AND game_id IN (SELECT id FROM rgs.bingo_games WHERE status IN ('settled', 'void'))`,
      30_000,
    );
    harness.stopChildren(children);
    const paid = await rows<{ id: string; status: string }>(
      opened.database.db,
      sql`SELECT p.id, p.status FROM rgs.bingo_purchases p JOIN rgs.bingo_games g ON g.id = p.game_id
          WHERE g.status = 'settled'`,
    );
    expect(paid.length).toBeGreaterThan(0);
    for (const p of paid) expect(p.status).toBe("settled");
    // One prize credit per purchase on the platform, never two.
    const wins = await harness.winsByRound(opened.database.db);
    for (const n of wins.values()) expect(n).toBe(1);
    for (const p of paid) expect(wins.has(p.id)).toBe(true);
    // Each settled game's prizes add up to its pool; game numbers run on without a gap.
    const games = await rows<{
      game_no: unknown;
      pool: unknown;
      wins_total: unknown;
      status: string;
      tickets_sold: unknown;
    }>(
      opened.database.db,
      sql`SELECT game_no, pool, wins_total, status, tickets_sold FROM rgs.bingo_games WHERE room_id = 'crash-b90' ORDER BY game_no`,
    );
    expect(games.map((g) => Number(g.game_no))).toEqual(games.map((_, i) => i + 1));
    for (const g of games)
      if (g.status === "settled" && Number(g.tickets_sold) > 0)
        expect(String(g.wins_total)).toBe(String(g.pool));
    // Money: every player's balance is what their purchases say.
    for (const [i, p] of players.entries()) {
      const expected = await harness.balanceFromStakes(
        opened.database.db,
        "rgs.bingo_purchases",
        p.id,
        1_000_00n,
      );
      expect(await mainBalance(t, p.id), `player ${i}`).toBe(expected);
    }
    expect((await reconcile(opened.database.db)).ok).toBe(true);
  }, 160_000);
});
