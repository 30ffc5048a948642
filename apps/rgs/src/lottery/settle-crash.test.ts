import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { drawResult, GAMES } from "@panalo/game-math/lottery";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcile } from "../../../server/src/modules/ledger/ledger.ts";
import { createTestApp, type TestApp } from "../../../server/src/testing/test-app.ts";
import { rows } from "../db.ts";
import {
  fundedPlayer,
  injectTransport,
  mainBalance,
  providerRows,
  registerInHouseVendors,
  testContext,
} from "../test-platform.ts";
import { type LotteryContext, lotteryContext } from "./context.ts";
import { type DrawRow, drawByNo, ensureDraws, openDraws, runDueDraws } from "./draws.ts";
import { finishDraws, sendCredits, settleDrawn } from "./settle.ts";
import { lotterySession, openLotterySession, placeSlip } from "./slips.ts";

/**
 * A draw is decided in one transaction (its bets, the credits they earn, the
 * mark) and closed only once decided. Before, a crash after the bets were decided and before
 * the credits were written left winners unpaid for good: finishDraws closed the draw (no open
 * bet, no pending credit) and nothing ever wrote the credits.
 */
const T0 = new Date("2031-05-05T00:00:00+08:00");
const onServer = Boolean(process.env.TEST_DATABASE_URL);

describe("deciding a lottery draw survives a crash", () => {
  let t: TestApp;
  let clock = T0;
  let ctx: LotteryContext;

  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await registerInHouseVendors(t);
    ctx = lotteryContext(testContext(t, injectTransport(t), () => clock));
    await ensureDraws(ctx, true);
  });
  afterAll(async () => t.close());

  const next = async (code: string): Promise<DrawRow> => {
    const [d] = await openDraws(ctx.db, code, clock, 1);
    if (!d) throw new Error(`no open draw of ${code}`);
    return d;
  };
  const resultOf = (d: DrawRow) =>
    drawResult(GAMES[d.gameCode] ?? (GAMES["E3D-1"] as never), d.seed, d.drawNo);
  /** Players with a winning (₱1 → ₱900) and a losing straight each on draw d. */
  const winners = async (d: DrawRow, n: number) => {
    const r = resultOf(d);
    const out = [];
    for (let i = 0; i < n; i++) {
      const p = await fundedPlayer(t, 100_00n, "TCG_SEA");
      const s = await openLotterySession(ctx, { token: p.token });
      const session = await lotterySession(ctx, s.sessionId);
      const line = {
        gameCode: d.gameCode,
        betType: "straight" as const,
        stake: "1.00",
        drawNo: d.drawNo,
        repeat: 1,
      };
      await placeSlip(ctx, session, {
        requestId: randomUUID(),
        lines: [
          { ...line, selection: r },
          { ...line, selection: [((r[0] ?? 0) + 1) % 10, r[1] ?? 0, r[2] ?? 0] },
        ],
      });
      out.push(p);
    }
    return out;
  };
  const drawState = async (d: DrawRow) => {
    const bets = await rows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM rgs.lottery_bets WHERE draw_id = ${d.id}`,
    );
    const credits = await rows<{ slip_id: string }>(
      t.database.db,
      sql`SELECT slip_id FROM rgs.lottery_credits WHERE draw_id = ${d.id}`,
    );
    const draw = await drawByNo(t.database.db, d.drawNo);
    return { bets: bets.map((b) => b.status).sort(), credits: credits.length, status: draw?.status };
  };
  const payAndClose = async () => {
    await settleDrawn(ctx);
    for (;;) if ((await sendCredits(ctx)).claimed === 0) break;
    await finishDraws(ctx);
  };
  const expectPaidOnce = async (players: Array<{ id: number }>) => {
    for (const p of players) {
      expect(await mainBalance(t, p.id)).toBe(100_00n - 2_00n + 900_00n);
      expect((await providerRows(t, p.id)).filter((x) => x.kind === "win")).toHaveLength(1);
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  };

  it("never closes a draw whose bets were decided without their credits, and pays them", async () => {
    clock = T0;
    const d = await next("E3D-1");
    const players = await winners(d, 3);
    clock = new Date(d.drawAt.getTime() + 1000);
    while ((await runDueDraws(ctx)).length > 0);
    // The state the old two-step settlement left when it died between its steps: every bet
    // decided, no credit written, the draw not marked decided.
    const r = resultOf(d);
    await t.database.db.execute(
      sql`UPDATE rgs.lottery_bets SET status = CASE WHEN selection = ${`{${r.join(",")}}`}::int[] THEN 'won' ELSE 'lost' END,
            win = CASE WHEN selection = ${`{${r.join(",")}}`}::int[] THEN 90000 ELSE 0 END, settled_at = now()
          WHERE draw_id = ${d.id} AND status = 'open'`,
    );
    expect(await finishDraws(ctx)).toBe(0);
    expect((await drawState(d)).status).toBe("drawn");
    await payAndClose();
    expect(await drawState(d)).toMatchObject({ status: "settled", credits: 3 });
    await expectPaidOnce(players);
  });

  it.runIf(onServer)(
    "rolls a draw's decision back whole when the worker is killed after deciding its bets, then pays every win once",
    async () => {
      clock = new Date(T0.getTime() + 3_600_000);
      const d = await next("E3D-1");
      const players = await winners(d, 4);
      clock = new Date(d.drawAt.getTime() + 1000);
      while ((await runDueDraws(ctx)).length > 0);
      const [db] = await rows<{ name: string }>(t.database.db, sql`SELECT current_database() AS name`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? "");
      url.pathname = `/${db?.name}`;

      const child = spawn(
        process.execPath,
        ["--import", "tsx", "apps/rgs/src/lottery/settle-crash-child.ts"],
        {
          env: {
            ...process.env,
            CRASH_DB_URL: url.toString(),
            CRASH_APP_SECRET: t.config.APP_SECRET ?? "",
            CRASH_NOW: clock.toISOString(),
            CRASH_DRAW: d.drawNo,
          },
          stdio: ["ignore", "pipe", "inherit"],
        },
      );
      let out = "";
      child.stdout.on("data", (c) => {
        out += c;
      });
      const signal = await new Promise<string | null>((resolve) =>
        child.on("exit", (_c, sig) => resolve(sig)),
      );
      expect(out).toContain(`decided ${d.drawNo}`);
      expect(signal).toBe("SIGKILL");

      // Nothing of the killed decision remains: the bets are open, no credit, the draw not closable.
      expect(await drawState(d)).toEqual({ bets: Array(8).fill("open"), credits: 0, status: "drawn" });
      await finishDraws(ctx); // (closes the empty draws the child decided before it died)
      expect((await drawState(d)).status).toBe("drawn");
      // The next worker decides it whole, pays each win once, then closes it.
      await payAndClose();
      expect(await drawState(d)).toMatchObject({ status: "settled", credits: 4 });
      await expectPaidOnce(players);
    },
    60_000,
  );
});
