import { COCKFIGHT_GAME_CODE } from "@panalo/contracts/cockfight";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerClients } from "../../../server/src/db/schema/providers.ts";
import { reconcile } from "../../../server/src/modules/ledger/ledger.ts";
import { createTestApp, type TestApp } from "../../../server/src/testing/test-app.ts";
import type { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { replaySignature } from "../history.ts";
import { inHouseProviderSecret } from "../protocol-client.ts";
import type { RoundsContext } from "../rounds/engine.ts";
import { roomTestContext } from "../rounds/testing.ts";
import type { SessionRow } from "../schema.ts";
import { liveSession } from "../session.ts";
import { fundedPlayer, mainBalance, providerRows } from "../test-platform.ts";
import { placeBet } from "./bets.ts";
import { arenaKey, type FightRow } from "./model.ts";
import {
  addFight,
  closeDueFights,
  closeFight,
  confirmResult,
  createEvent,
  declareResult,
  openFight,
  rejectResult,
} from "./operate.ts";

// Cockfight pools on PGlite by default and on PostgreSQL with TEST_DATABASE_URL (the races below
// then run on real row locks): bets racing the operator's close, the four-eyes settlement (a
// result declared twice, or confirmed by the operator who declared it, pays nothing), and
// pari-mutuel payouts through the provider protocol exactly once.
describe("cockfight pools", () => {
  let t: TestApp;
  let clock = new Date();
  let ctx: RoundsContext;
  const heard: Array<Record<string, unknown>> = [];
  let eventId = "";
  let nextFight = 1;

  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await t.database.db
      .insert(providerClients)
      .values({ vendor: "SV3", secret: inHouseProviderSecret(t.config.APP_SECRET ?? "", "SV3") })
      .onConflictDoNothing();
    ctx = roomTestContext(
      t,
      () => clock,
      { holder: "cockfight-test" },
      {
        room: arenaKey(COCKFIGHT_GAME_CODE),
        into: heard,
      },
    );
    const e = await createEvent(ctx, "ana", {
      arena: "Test Arena",
      date: "2026-11-29",
      videoUrl: "/test/stream.m3u8",
      plasadaBp: 500,
      drawPaysX100: 800,
      minBet: "10.00",
      maxBet: "10000.00",
    });
    eventId = e.id;
  });
  afterAll(async () => t.close());

  const fight = () =>
    addFight(ctx, {
      eventId,
      fightNo: nextFight++,
      meron: { owner: "Red Farm", weight: "2.1 kg", record: "3-1" },
      wala: { owner: "Blue Farm", weight: "2.0 kg", record: "2-2" },
    });
  const player = async (): Promise<{ id: number; session: SessionRow }> => {
    const p = await fundedPlayer(t, 1_000_00n, "SV3");
    const res = await t.app.inject({
      method: "POST",
      url: "/rgs/api/cockfight/session",
      payload: { token: p.token, gameCode: COCKFIGHT_GAME_CODE },
    });
    expect(res.statusCode).toBe(200);
    return { id: p.id, session: await liveSession(ctx, res.json().value.sessionId) };
  };
  const bet = (
    p: { session: SessionRow },
    f: FightRow,
    side: "meron" | "wala" | "draw",
    amount: string,
    req = "r",
  ) => placeBet(ctx, p.session, { sessionId: p.session.id, fightId: f.id, requestId: req, side, amount });
  const kinds = async (id: number) => (await providerRows(t, id)).map((c) => c.kind).sort();

  it("pays a meron win pro rata after the plasada, once, and pushes the odds as pools grow", async () => {
    const f = await fight();
    await openFight(ctx, f.id);
    const [a, b, c, d] = await Promise.all([player(), player(), player(), player()]);
    if (!a || !b || !c || !d) throw new Error("players");
    heard.length = 0;
    const first = (await bet(a, f, "meron", "100.00")).bet;
    await bet(b, f, "meron", "200.01");
    await bet(c, f, "wala", "150.00");
    await bet(d, f, "draw", "10.00");
    // Each bet's answer moved the pools and the odds every player sees.
    const last = heard.at(-1) as { game: { odds: Record<string, string | null> } };
    expect(last.game.odds).toEqual({ meron: "1.42", wala: "2.85", draw: "8.00" });
    await closeFight(ctx, f.id);
    await declareResult(ctx, "ana", f.id, "meron");
    const settled = await confirmResult(ctx, "ben", f.id, "meron");
    // Pool 450.01 less 5% (22.50) = 427.51 over 300.01 on meron; 0.01 left to the house.
    expect(settled.commission).toBe(22_50n);
    expect(settled.remainder).toBe(1n);
    expect(settled.oddsPaid).toBe(142n);
    expect(await mainBalance(t, a.id)).toBe(1_000_00n - 100_00n + 142_49n);
    expect(await mainBalance(t, b.id)).toBe(1_000_00n - 200_01n + 285_01n);
    expect(await mainBalance(t, c.id)).toBe(1_000_00n - 150_00n);
    expect(await mainBalance(t, d.id)).toBe(1_000_00n - 10_00n);
    for (const p of [a, b, c, d]) expect(await kinds(p.id)).toEqual(["bet", "win"]);
    // Confirmed again: nothing more is paid.
    await expect(confirmResult(ctx, "cy", f.id, "meron")).rejects.toMatchObject({ code: "FIGHT_STATE" });
    expect(await mainBalance(t, a.id)).toBe(1_000_00n - 100_00n + 142_49n);
    // The player's record shows the fight's result and the odds paid.
    const mine = await t.app.inject({
      method: "GET",
      url: `/rgs/api/cockfight/my-bets?sessionId=${a.session.id}`,
    });
    expect(mine.json().value[0]).toMatchObject({ result: "meron", oddsPaid: "1.42", win: "142.49" });
    // The betting record's recall (a signed link) shows the fight, its result and the odds paid.
    const secret = inHouseProviderSecret(t.config.APP_SECRET ?? "", "SV3");
    const exp = Math.floor(Date.now() / 1000) + 600;
    const url = `/rgs/api/cockfight/replay/${first.betId}?vendor=SV3&player=${a.id}&exp=${exp}&sig=${replaySignature(secret, "SV3", first.betId, a.id, exp)}`;
    expect((await t.app.inject({ method: "GET", url })).json().value).toMatchObject({
      bet: { fightNo: f.fightNo, side: "meron", result: "meron", oddsPaid: "1.42", win: "142.49" },
      fight: { fightNo: f.fightNo, commission: "22.50", remainder: "0.01" },
    });
    const forged = await t.app.inject({
      method: "GET",
      url: url.replace(`player=${a.id}`, `player=${b.id}`),
    });
    expect(forged.statusCode).toBe(401);
  });

  it("twenty bets racing the close: each is in the pool and paid, or refused and not charged", async () => {
    const f = await fight();
    await openFight(ctx, f.id);
    const players = await Promise.all(Array.from({ length: 20 }, () => player()));
    const [results] = await Promise.all([
      Promise.all(
        players.map((p, i) =>
          bet(p, f, i % 2 ? "wala" : "meron", "50.00", "race").then(
            () => "ok",
            (e: RgsError) => e.code,
          ),
        ),
      ),
      closeFight(ctx, f.id),
    ]);
    for (const r of results) expect(["ok", "BETS_CLOSED"]).toContain(r);
    // Once closed, a bet is refused; the same request sent again gets the same refusal, and
    // neither try moves money or reaches the platform.
    const late = await player();
    for (let i = 0; i < 2; i++)
      await expect(bet(late, f, "meron", "50.00", "late")).rejects.toMatchObject({ code: "BETS_CLOSED" });
    expect(await kinds(late.id)).toEqual([]);
    expect(await mainBalance(t, late.id)).toBe(1_000_00n);
    await declareResult(ctx, "ana", f.id, "wala");
    const done = await confirmResult(ctx, "ben", f.id, "wala");
    const taken = results.filter((r) => r === "ok").length;
    expect(done.pools.meron + done.pools.wala).toBe(BigInt(taken) * 50_00n);
    let paid = 0n;
    for (const [i, p] of players.entries()) {
      const k = await kinds(p.id);
      if (results[i] === "ok") expect(k).toEqual(["bet", "win"]);
      else {
        expect(k.filter((x) => x === "bet" || x === "win")).toEqual(k.includes("bet") ? ["bet"] : []);
        expect(await mainBalance(t, p.id)).toBe(1_000_00n);
      }
      paid += (await mainBalance(t, p.id)) - 1_000_00n + (results[i] === "ok" ? 50_00n : 0n);
    }
    // What was paid back plus commission and remainder is every stake that was taken.
    expect(paid + (done.commission ?? 0n) + (done.remainder ?? 0n)).toBe(BigInt(taken) * 50_00n);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("a result declared twice, or confirmed by the operator who declared it, pays nothing", async () => {
    const f = await fight();
    await openFight(ctx, f.id);
    const [a, b] = await Promise.all([player(), player()]);
    if (!a || !b) throw new Error("players");
    await bet(a, f, "meron", "100.00");
    await bet(b, f, "wala", "100.00");
    // Declared before betting closed: refused.
    await expect(declareResult(ctx, "ana", f.id, "meron")).rejects.toMatchObject({ code: "FIGHT_STATE" });
    await closeFight(ctx, f.id);
    await declareResult(ctx, "ana", f.id, "meron");
    await expect(declareResult(ctx, "ben", f.id, "wala")).rejects.toMatchObject({ code: "RESULT_DECLARED" });
    await expect(declareResult(ctx, "ana", f.id, "meron")).rejects.toMatchObject({ code: "RESULT_DECLARED" });
    await expect(confirmResult(ctx, "ana", f.id, "meron")).rejects.toMatchObject({ code: "FOUR_EYES" });
    await expect(confirmResult(ctx, "ben", f.id, "wala")).rejects.toMatchObject({ code: "RESULT_MISMATCH" });
    await expect(rejectResult(ctx, "ana", f.id)).rejects.toMatchObject({ code: "FOUR_EYES" });
    // The declaring operator racing a second confirmation of their own: still nothing.
    const tries = await Promise.all(
      Array.from({ length: 5 }, () =>
        confirmResult(ctx, "ana", f.id, "meron").then(
          () => "ok",
          (e: RgsError) => e.code,
        ),
      ),
    );
    expect(tries).toEqual(Array(5).fill("FOUR_EYES"));
    for (const p of [a, b]) {
      expect(await kinds(p.id)).toEqual(["bet"]);
      expect(await mainBalance(t, p.id)).toBe(1_000_00n - 100_00n);
    }
    const [st] = await rows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM rgs.cockfight_fights WHERE id = ${f.id}`,
    );
    expect(st?.status).toBe("closed");
    // A second operator rejects it; a new declaration and a different confirmation settle once.
    await rejectResult(ctx, "ben", f.id);
    await declareResult(ctx, "ben", f.id, "wala");
    const both = await Promise.all([
      confirmResult(ctx, "ana", f.id, "wala").then(
        () => "ok",
        (e: RgsError) => e.code,
      ),
      confirmResult(ctx, "cy", f.id, "wala").then(
        () => "ok",
        (e: RgsError) => e.code,
      ),
    ]);
    expect(both.sort()).toEqual(["FIGHT_STATE", "ok"]);
    expect(await kinds(b.id)).toEqual(["bet", "win"]);
    expect(await mainBalance(t, b.id)).toBe(1_000_00n - 100_00n + 190_00n);
    expect(await kinds(a.id)).toEqual(["bet", "win"]);
    expect(await mainBalance(t, a.id)).toBe(1_000_00n - 100_00n);
  });

  it("a draw pays draw bets 8× and returns the others; a cancelled fight returns every bet", async () => {
    const f = await fight();
    await openFight(ctx, f.id, 60);
    const [a, b, c] = await Promise.all([player(), player(), player()]);
    if (!a || !b || !c) throw new Error("players");
    await bet(a, f, "meron", "100.00");
    await bet(b, f, "wala", "70.00");
    await bet(c, f, "draw", "20.00");
    // The set closing time passes: bets are refused, the sweep closes the fight.
    clock = new Date(clock.getTime() + 60_000);
    await expect(bet(a, f, "meron", "10.00", "late")).rejects.toMatchObject({ code: "BETS_CLOSED" });
    expect(await closeDueFights(ctx)).toBe(1);
    await declareResult(ctx, "ana", f.id, "draw");
    await confirmResult(ctx, "ben", f.id, "draw");
    expect(await mainBalance(t, a.id)).toBe(1_000_00n);
    expect(await mainBalance(t, b.id)).toBe(1_000_00n);
    expect(await mainBalance(t, c.id)).toBe(1_000_00n - 20_00n + 160_00n);

    const g = await fight();
    await openFight(ctx, g.id);
    await bet(a, g, "meron", "30.00", "g");
    await bet(c, g, "draw", "10.00", "g");
    // Cancelled while still open: it closes and every bet comes back.
    await declareResult(ctx, "ana", g.id, "cancelled");
    await expect(bet(b, g, "wala", "30.00", "g")).rejects.toMatchObject({ code: "BETS_CLOSED" });
    await confirmResult(ctx, "ben", g.id, "cancelled");
    expect(await mainBalance(t, a.id)).toBe(1_000_00n);
    expect(await mainBalance(t, c.id)).toBe(1_000_00n - 20_00n + 160_00n);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});
