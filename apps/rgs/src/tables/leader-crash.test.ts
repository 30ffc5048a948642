import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcile } from "../../../server/src/modules/ledger/ledger.ts";
import type { TestApp } from "../../../server/src/testing/test-app.ts";
import { rows } from "../db.ts";
import * as harness from "../rounds/crash-harness.ts";
import { crashPlatform } from "../rounds/testing.ts";
import { fundedPlayer, mainBalance } from "../test-platform.ts";

// "one table's rounds keep running when its leader process is killed (SIGKILL) and
// another takes over, with no round settled twice". Child processes need a database server.
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const APP_SECRET = "tables-crash-secret-tables-crash-secret-1";

describe.runIf(onServer)("a live table whose leader is SIGKILLed", () => {
  let opened: Awaited<ReturnType<typeof crashPlatform>>["opened"];
  let t: TestApp;
  let startLeader: Awaited<ReturnType<typeof crashPlatform>>["startLeader"];
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ t, opened, startLeader, close } = await crashPlatform("tables", APP_SECRET));
    await opened.database.db.execute(
      sql`INSERT INTO rgs.live_tables (id, game, name, chips, min_bet, max_bet, betting_ms, pause_ms)
          VALUES ('crash-dt', 'dragon_tiger', '{"EN":"Crash","TY":"Crash"}', '{100}', 100, 100000, 1500, 300)`,
    );
    // Only this table runs in the children.
    await opened.database.db.execute(sql`UPDATE rgs.live_tables SET enabled = false WHERE id <> 'crash-dt'`);
  });
  afterAll(async () => close?.());

  it("keeps running under a new leader and settles every bet set exactly once", async () => {
    const players = await Promise.all(Array.from({ length: 3 }, () => fundedPlayer(t, 1_000_00n, "PNL")));
    const sessions = await harness.openSessions(t, "tables", players, { tableId: "crash-dt" });
    const takeover = harness.killAndTakeOver(startLeader, "leader-a", "rgs.after-credit", "leader-b");
    const betOn = new Set<string>();
    let staked = 0n;
    // A hang guard, not a timing margin: the rounds after the takeover are counted in the
    // database, so a slow machine only makes the loop longer.
    const deadline = Date.now() + 180_000;
    let settledAfterTakeover = 0;
    while (Date.now() < deadline) {
      const [round] = await rows<{ id: string; status: string; round_no: unknown; settled_at: unknown }>(
        opened.database.db,
        sql`SELECT id, status, round_no, settled_at FROM rgs.table_rounds WHERE table_id = 'crash-dt' ORDER BY round_no DESC LIMIT 1`,
      );
      if (round?.status === "betting" && !betOn.has(round.id)) {
        betOn.add(round.id);
        await Promise.all(
          sessions.map(async (sessionId, i) => {
            const res = await t.app.inject({
              method: "POST",
              url: "/rgs/api/tables/bet",
              payload: {
                sessionId,
                roundId: round.id,
                requestId: `${round.id.slice(0, 8)}-${i}`,
                bets: [
                  { spot: "dragon", amount: "1.00" },
                  { spot: "tiger", amount: "1.00" },
                ],
              },
            });
            if (res.statusCode === 200) staked += 200n;
          }),
        );
      }
      const killedAt = takeover.killedAt();
      const before = await rows<{ n: unknown }>(
        opened.database.db,
        sql`SELECT count(*) AS n FROM rgs.table_rounds WHERE table_id = 'crash-dt' AND status = 'settled'
            AND settled_at > ${new Date(killedAt ?? Date.now() + 1e9).toISOString()}::timestamptz`,
      );
      settledAfterTakeover = killedAt === null ? 0 : Number(before[0]?.n ?? 0);
      if (settledAfterTakeover >= 2) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await takeover.exit).toBe("SIGKILL");
    expect(settledAfterTakeover).toBeGreaterThan(0);
    // Every owed credit is paid by the new leader's retry pass.
    await harness.waitUntilNothingOwed(
      opened.database.db,
      sql`SELECT count(*) AS n FROM rgs.table_bets WHERE status NOT IN ('settled', 'rolled_back', 'refused', 'placed')`,
      90_000,
    );
    takeover.second()?.kill("SIGTERM");
    const bets = await rows<{ id: string; status: string; win: unknown; player_id: unknown }>(
      opened.database.db,
      sql`SELECT b.id, b.status, b.win, b.player_id FROM rgs.table_bets b JOIN rgs.table_rounds r ON r.id = b.round_id
          WHERE r.status = 'settled'`,
    );
    expect(bets.length).toBeGreaterThan(0);
    for (const b of bets) expect(b.status).toBe("settled");
    // One win per bet set on the platform, never two.
    const wins = await harness.winsByRound(opened.database.db);
    for (const n of wins.values()) expect(n).toBe(1);
    for (const b of bets) expect(wins.has(b.id)).toBe(true);
    // Round numbers run on without a gap or a repeat.
    const nos = await rows<{ round_no: unknown }>(
      opened.database.db,
      sql`SELECT round_no FROM rgs.table_rounds WHERE table_id = 'crash-dt' ORDER BY round_no`,
    );
    expect(nos.map((r) => Number(r.round_no))).toEqual(nos.map((_, i) => i + 1));
    // Money: every player's balance is what the settled bet sets say.
    for (const [i, p] of players.entries()) {
      const expected = await harness.balanceFromStakes(opened.database.db, "rgs.table_bets", p.id, 1_000_00n);
      expect(await mainBalance(t, p.id), `player ${i}`).toBe(expected);
    }
    expect(staked).toBeGreaterThan(0n);
    expect((await reconcile(opened.database.db)).ok).toBe(true);
  }, 300_000);
});
