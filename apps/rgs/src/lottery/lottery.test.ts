import { randomUUID } from "node:crypto";
import type { LotteryBets, LotterySession, LotterySlip } from "@panalo/contracts/lottery";
import { drawResult, GAMES } from "@panalo/game-math/lottery";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcile } from "../../../server/src/modules/ledger/ledger.ts";
import { createTestApp, type TestApp } from "../../../server/src/testing/test-app.ts";
import { RgsError } from "../context.ts";
import { rows } from "../db.ts";
import { rgsErrorHandler } from "../plugin.ts";
import type { ProtocolCall, Transport } from "../protocol-client.ts";
import type { SessionRow } from "../schema.ts";
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
import { lotteryRoutes } from "./routes.ts";
import { CREDITS_BATCH_FROM, finishDraws, sendCredits, settleDrawn } from "./settle.ts";
import { cancelSlip, lotterySession, openLotterySession, placeSlip } from "./slips.ts";

// A Monday in Manila, far enough ahead that the real clock never reaches its draws.
const T0 = new Date("2031-03-03T00:00:00+08:00");
const onServer = Boolean(process.env.TEST_DATABASE_URL);

describe("the lottery: draws, slips, settlement", () => {
  let t: TestApp;
  let clock = T0;
  const ctxWith = (transport?: Transport): LotteryContext =>
    lotteryContext(testContext(t, transport ?? injectTransport(t), () => clock));
  let ctx: LotteryContext;

  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await registerInHouseVendors(t);
    ctx = ctxWith();
    await ensureDraws(ctx, true);
  });
  afterAll(async () => t.close());

  const player = async (minor: bigint) => {
    const p = await fundedPlayer(t, minor, "TCG_SEA");
    const s = await openLotterySession(ctx, { token: p.token });
    return { ...p, sessionId: s.sessionId, session: await lotterySession(ctx, s.sessionId) };
  };
  const next = async (code: string, after = clock): Promise<DrawRow> => {
    const [d] = await openDraws(ctx.db, code, after, 1);
    if (!d) throw new Error(`no open draw of ${code}`);
    return d;
  };
  const slip = (session: SessionRow, lines: Parameters<typeof placeSlip>[2]["lines"], c = ctx) =>
    placeSlip(c, session, { requestId: randomUUID(), lines });
  const refused = async (p: Promise<unknown>): Promise<RgsError> => {
    const e = await p.then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(RgsError);
    return e as RgsError;
  };
  /** The result a draw will have (the test reads the hidden seed; players cannot). */
  const resultOf = (d: DrawRow) => {
    const math = GAMES[d.gameCode];
    if (!math) throw new Error(d.gameCode);
    return drawResult(math, d.seed, d.drawNo);
  };
  const runDraw = async (d: DrawRow, c = ctx) => {
    clock = new Date(d.drawAt.getTime() + 1000);
    while ((await runDueDraws(c)).length > 0);
    await settleDrawn(c);
    for (;;) if ((await sendCredits(c)).claimed === 0) break;
    await finishDraws(c);
  };
  const betsOf = async (slipId: string) =>
    rows<{ status: string; win: unknown }>(
      t.database.db,
      sql`SELECT status, win FROM rgs.lottery_bets WHERE slip_id = ${slipId} ORDER BY id`,
    );

  it("creates the draws ahead with their seed hash public and the seed hidden", async () => {
    const d = await next("E3D-1");
    expect(d.drawAt.getTime()).toBe(T0.getTime() + 60_000);
    expect(d.cutoffAt.getTime()).toBe(d.drawAt.getTime() - 10_000);
    expect(d.drawNo).toBe("E3D-1-20310303-0001");
    const res = await t.app.inject({ method: "GET", url: `/rgs/lottery/draw?drawNo=${d.drawNo}` });
    const body = res.json();
    expect(body.value.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.value.seed).toBeNull();
    expect(JSON.stringify(body)).not.toContain(d.seed);
    // Idempotent: a second pass (or a second process) adds nothing.
    expect(await ensureDraws(ctxWith(), true)).toBe(0);
    // 6/42 draws on Tuesday, Thursday and Saturday at 21:00 Manila.
    const six = await next("6/42");
    expect(six.drawNo).toBe("642-20310304-2100");
  });

  it("closes sales exactly at cut-off: 1 ms before is taken, 1 ms after and at cut-off refused", async () => {
    const p = await player(100_00n);
    const d = await next("E3D-3");
    const line = {
      gameCode: "E3D-3",
      betType: "straight" as const,
      selection: [1, 2, 3],
      stake: "1.00",
      drawNo: d.drawNo,
      repeat: 1,
    };
    clock = new Date(d.cutoffAt.getTime() - 1);
    const ok = await slip(p.session, [line]);
    expect(ok.status).toBe("placed");
    expect(ok.bets[0]?.drawNo).toBe(d.drawNo);
    clock = new Date(d.cutoffAt.getTime());
    expect((await refused(slip(p.session, [line]))).code).toBe("SALES_CLOSED");
    clock = new Date(d.cutoffAt.getTime() + 1);
    const e = await refused(slip(p.session, [line]));
    expect(e.code).toBe("SALES_CLOSED");
    expect(e.params?.draw).toBe(d.drawNo);
    expect(await mainBalance(t, p.id)).toBe(99_00n);
    clock = T0;
  });

  it("pays a straight and a rambolito win once, and closes the round", async () => {
    clock = T0;
    const p = await player(100_00n);
    const d = await next("E3D-1");
    const r = resultOf(d);
    const ramb = [r[2] ?? 0, r[0] ?? 0, r[1] ?? 0];
    const distinct = new Set(r).size;
    const lines = [
      {
        gameCode: "E3D-1",
        betType: "straight" as const,
        selection: r,
        stake: "2.00",
        drawNo: d.drawNo,
        repeat: 1,
      },
      {
        gameCode: "E3D-1",
        betType: "straight" as const,
        selection: [r[0] ?? 0, r[1] ?? 0, ((r[2] ?? 0) + 1) % 10],
        stake: "3.00",
        drawNo: d.drawNo,
        repeat: 1,
      },
      ...(distinct > 1
        ? [
            {
              gameCode: "E3D-1",
              betType: "rambolito" as const,
              selection: ramb,
              stake: "6.00",
              drawNo: d.drawNo,
              repeat: 1,
            },
          ]
        : []),
    ];
    const placed = await slip(p.session, lines);
    const stakes = distinct > 1 ? 11_00n : 5_00n;
    expect(placed.total).toBe(distinct > 1 ? "11.00" : "5.00");
    expect(await mainBalance(t, p.id)).toBe(100_00n - stakes);
    await runDraw(d);
    const perms = distinct === 3 ? 6n : 3n;
    const win = 200n * 900n + (distinct > 1 ? (600n * 900n) / perms : 0n);
    expect(await mainBalance(t, p.id)).toBe(100_00n - stakes + win);
    const bets = await betsOf(placed.slipId);
    expect(bets.map((b) => b.status)).toEqual(distinct > 1 ? ["won", "lost", "won"] : ["won", "lost"]);
    const wins = (await providerRows(t, p.id)).filter((x) => x.kind === "win");
    expect(wins).toHaveLength(1); // one credit per slip and draw
    expect(wins[0]?.transactionId).toBe(`${placed.slipId}:${d.drawNo}:win`);
    expect((await drawByNo(t.database.db, d.drawNo))?.status).toBe("settled");
    // Running everything again pays nothing more.
    await runDraw(d);
    expect(await mainBalance(t, p.id)).toBe(100_00n - stakes + win);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("runs a draw once across two schedulers started together, late draws at their own time", async () => {
    const a = ctxWith();
    const b = ctxWith();
    const first = await next("E3D-1");
    // The server was "down" for five minutes: five draws of E3D-1 became due meanwhile.
    clock = new Date(first.drawAt.getTime() + 4 * 60_000 + 500);
    const [x, y] = await Promise.all([runDueDraws(a), runDueDraws(b)]);
    const all = [...(x ?? []), ...(y ?? [])];
    const ids = all.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    const e1 = all
      .filter((d) => d.gameCode === "E3D-1")
      .sort((m, n) => m.drawAt.getTime() - n.drawAt.getTime());
    expect(e1).toHaveLength(5);
    for (let i = 0; i < 5; i++) {
      expect(e1[i]?.drawAt.getTime()).toBe(first.drawAt.getTime() + i * 60_000); // original time
      const stored = await drawByNo(t.database.db, e1[i]?.drawNo ?? "");
      expect(stored?.status).toBe("drawn");
      expect(stored?.drawAt.getTime()).toBe(first.drawAt.getTime() + i * 60_000);
      expect(stored?.result).toEqual(resultOf(stored as DrawRow));
    }
    expect(await runDueDraws(a)).toHaveLength(0);
    await settleDrawn(a);
    await finishDraws(a);
  });

  it("a refused debit (insufficient funds) leaves no bet and no liability", async () => {
    const p = await player(1_00n);
    const d = await next("E3D-5");
    const e = await refused(
      slip(p.session, [
        {
          gameCode: "E3D-5",
          betType: "straight",
          selection: [4, 4, 4],
          stake: "5.00",
          drawNo: d.drawNo,
          repeat: 1,
        },
      ]),
    );
    expect(e.code).toBe("INSUFFICIENT_FUNDS");
    expect(e.balance).toBe("1.00");
    const left = await rows<{ n: unknown }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM rgs.lottery_bets WHERE player_id = ${p.id}`,
    );
    expect(Number(left[0]?.n)).toBe(0);
    const [liab] = await rows<{ exposure: unknown }>(
      t.database.db,
      sql`SELECT exposure FROM rgs.lottery_liability WHERE draw_id = ${d.id} AND combination = '4-4-4'`,
    );
    expect(Number(liab?.exposure ?? 0)).toBe(0);
    expect(await mainBalance(t, p.id)).toBe(1_00n);
  });

  it("refuses the bet that crosses a number's liability limit, naming the number", async () => {
    await t.database.db.execute(
      sql`UPDATE rgs.lottery_games SET liability_limit = 2000000 WHERE code = 'E3D-5'`,
    );
    try {
      const p = await player(100_00n);
      const d = await next("E3D-5");
      const line = (stake: string, selection = [7, 1, 7]) => ({
        gameCode: "E3D-5",
        betType: "straight" as const,
        selection,
        stake,
        drawNo: d.drawNo,
        repeat: 1,
      });
      // 900× : ₱10 risks ₱9,000 on 7-1-7; the limit is ₱20,000.
      await slip(p.session, [line("10.00")]);
      await slip(p.session, [line("10.00")]);
      const e = await refused(slip(p.session, [line("10.00")]));
      expect(e.code).toBe("LIABILITY_LIMIT");
      expect(e.params?.number).toBe("7-1-7");
      const res = await t.app.inject({
        method: "POST",
        url: "/rgs/lottery/slips",
        headers: { authorization: `Bearer ${p.sessionId}`, "x-lang": "EN" },
        payload: { requestId: randomUUID(), lines: [line("10.00")] },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain("7-1-7");
      // Another number is fine, and a rambolito covering 7-1-7 is refused too.
      await slip(p.session, [line("10.00", [1, 7, 7])]);
      const e2 = await refused(
        slip(p.session, [{ ...line("20.00", [7, 7, 1]), betType: "rambolito" as const }]),
      );
      expect(e2.code).toBe("LIABILITY_LIMIT");
      expect(await mainBalance(t, p.id)).toBe(70_00n);
    } finally {
      await t.database.db.execute(
        sql`UPDATE rgs.lottery_games SET liability_limit = 50000000 WHERE code = 'E3D-5'`,
      );
    }
  });

  it.runIf(onServer)("keeps the liability limit under concurrency (PostgreSQL)", async () => {
    await t.database.db.execute(
      sql`UPDATE rgs.lottery_games SET liability_limit = 3000000 WHERE code = 'E3D-5'`,
    );
    try {
      const players = await Promise.all(Array.from({ length: 10 }, () => player(50_00n)));
      const d = await next("E3D-5");
      const out = await Promise.allSettled(
        players.map((p) =>
          slip(p.session, [
            {
              gameCode: "E3D-5",
              betType: "straight",
              selection: [3, 3, 9],
              stake: "10.00",
              drawNo: d.drawNo,
              repeat: 1,
            },
          ]),
        ),
      );
      const ok = out.filter((o) => o.status === "fulfilled");
      expect(ok).toHaveLength(3); // 3 × ₱9,000 ≤ ₱30,000 < 4 × ₱9,000
      for (const o of out)
        if (o.status === "rejected") expect((o.reason as RgsError).code).toBe("LIABILITY_LIMIT");
      const [liab] = await rows<{ exposure: unknown }>(
        t.database.db,
        sql`SELECT exposure FROM rgs.lottery_liability WHERE draw_id = ${d.id} AND combination = '3-3-9'`,
      );
      expect(BigInt(liab?.exposure as string)).toBe(2_700_000n);
    } finally {
      await t.database.db.execute(
        sql`UPDATE rgs.lottery_games SET liability_limit = 50000000 WHERE code = 'E3D-5'`,
      );
    }
  });

  it("cancels a slip before cut-off (refund), refuses after cut-off and for another player", async () => {
    clock = T0;
    const p = await player(100_00n);
    const other = await player(100_00n);
    const d = await next("3D");
    const line = {
      gameCode: "3D",
      betType: "straight" as const,
      selection: [5, 6, 7],
      stake: "10.00",
      drawNo: d.drawNo,
      repeat: 2,
    };
    const a = await slip(p.session, [line]);
    expect(a.bets).toHaveLength(2); // repeat for the next 2 draws
    expect(new Set(a.bets.map((b) => b.drawNo)).size).toBe(2);
    expect(await mainBalance(t, p.id)).toBe(80_00n);
    // Another player can neither cancel nor see it.
    expect((await refused(cancelSlip(ctx, other.session, a.slipId))).code).toBe("SLIP_NOT_FOUND");
    const seen = await t.app.inject({
      method: "GET",
      url: "/rgs/lottery/bets",
      headers: { authorization: `Bearer ${other.sessionId}` },
    });
    expect((seen.json().value as LotteryBets).items).toHaveLength(0);
    const mine = await t.app.inject({
      method: "GET",
      url: "/rgs/lottery/bets?status=open",
      headers: { authorization: `Bearer ${p.sessionId}` },
    });
    expect((mine.json().value as LotteryBets).items.map((b) => b.slipId)).toEqual([a.slipId, a.slipId]);
    const cancelled = await cancelSlip(ctx, p.session, a.slipId);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.bets.every((b) => b.status === "cancelled")).toBe(true);
    expect(await mainBalance(t, p.id)).toBe(100_00n);
    expect((await refused(cancelSlip(ctx, p.session, a.slipId))).code).toBe("CANCEL_NOT_ALLOWED");
    // After cut-off: refused, the stake stays.
    const b = await slip(p.session, [{ ...line, repeat: 1 }]);
    clock = new Date(d.cutoffAt.getTime() + 1);
    expect((await refused(cancelSlip(ctx, p.session, b.slipId))).code).toBe("SALES_CLOSED");
    expect(await mainBalance(t, p.id)).toBe(90_00n);
    // A game that does not allow cancelling.
    clock = T0;
    const e = await next("E3D-5");
    const c = await slip(p.session, [
      {
        gameCode: "E3D-5",
        betType: "straight",
        selection: [1, 1, 1],
        stake: "1.00",
        drawNo: e.drawNo,
        repeat: 1,
      },
    ]);
    expect((await refused(cancelSlip(ctx, p.session, c.slipId))).code).toBe("CANCEL_NOT_ALLOWED");
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("refuses bad stakes and selections with a message a player understands", async () => {
    clock = T0;
    const p = await player(100_00n);
    const post = (lines: unknown[]) =>
      t.app.inject({
        method: "POST",
        url: "/rgs/lottery/slips",
        headers: { authorization: `Bearer ${p.sessionId}`, "x-lang": "EN" },
        payload: { requestId: randomUUID(), lines },
      });
    const base = { gameCode: "3D", betType: "straight", selection: [1, 2, 3], stake: "10.00" };
    // The one money parser: "10" and "10.5" are amounts; a sign, a comma, a space or a third decimal is not.
    for (const stake of [
      "-10.00",
      "0.00",
      "999999999999.00",
      "1e3",
      "abc",
      "1,000.00",
      " 10.00",
      "10.005",
      10,
    ]) {
      const res = await post([{ ...base, stake }]);
      expect(res.statusCode, String(stake)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await post([{ ...base, stake: "5000.01" }])).json().code).toBe("STAKE_LIMIT");
    expect((await post([{ ...base, stake: "9.99" }])).json().message).toContain("10.00");
    for (const [betType, selection] of [
      ["straight", [1, 2]],
      ["straight", [1, 2, 10]],
      ["rambolito", [7, 7, 7]],
      ["pick", [1, 2, 3]],
      ["straight", [1.5, 2, 3]],
    ] as const) {
      const res = await post([{ ...base, betType, selection }]);
      expect(res.statusCode).toBe(400);
      expect(["SELECTION_INVALID", "VALIDATION_ERROR"]).toContain(res.json().code);
    }
    const pick = await post([
      { gameCode: "6/42", betType: "pick", selection: [1, 2, 3, 4, 5, 5], stake: "20.00" },
    ]);
    expect(pick.json().code).toBe("SELECTION_INVALID");
    const unknown = await post([{ ...base, gameCode: "9D" }]);
    expect(unknown.json().code).toBe("GAME_NOT_FOUND");
    const noSession = await t.app.inject({
      method: "POST",
      url: "/rgs/lottery/slips",
      payload: { requestId: "x", lines: [base] },
    });
    expect(noSession.statusCode).toBe(401);
    expect(await mainBalance(t, p.id)).toBe(100_00n);
    // A good slip through the API, answered again for the same requestId (one debit).
    const requestId = randomUUID();
    const once = async () =>
      t.app.inject({
        method: "POST",
        url: "/rgs/lottery/slips",
        headers: { authorization: `Bearer ${p.sessionId}` },
        payload: { requestId, lines: [{ ...base, quickPick: true }] },
      });
    const [r1, r2] = [await once(), await once()];
    expect((r1.json().value as LotterySlip).slipId).toBe((r2.json().value as LotterySlip).slipId);
    expect(await mainBalance(t, p.id)).toBe(90_00n);
  });

  it("finishes a settlement interrupted mid-way without paying twice", async () => {
    clock = new Date(T0.getTime() + 3_600_000);
    // Earlier tests' draws and credits out of the way: only this draw's credits are sent below.
    while ((await runDueDraws(ctx)).length > 0);
    await settleDrawn(ctx);
    for (;;) if ((await sendCredits(ctx)).claimed === 0) break;
    const d = await next("E3D-1");
    const r = resultOf(d);
    const players = await Promise.all(Array.from({ length: 6 }, () => player(100_00n)));
    let expectedWin = 0n;
    for (const p of players) {
      // Each slip: a winning straight (₱1 → ₱900) and a losing one.
      await slip(p.session, [
        { gameCode: "E3D-1", betType: "straight", selection: r, stake: "1.00", drawNo: d.drawNo, repeat: 1 },
        {
          gameCode: "E3D-1",
          betType: "straight",
          selection: [((r[0] ?? 0) + 1) % 10, r[1] ?? 0, r[2] ?? 0],
          stake: "1.00",
          drawNo: d.drawNo,
          repeat: 1,
        },
      ]);
      expectedWin += 900_00n;
    }
    // The platform applies the 2nd credit but its answer is lost; from the 4th on, nothing
    // gets through: the "process" stops there.
    let credits = 0;
    const inner = injectTransport(t);
    const broken: Transport = async (url, body, headers) => {
      const call = url.split("/").pop() as ProtocolCall;
      if (call !== "credit") return inner(url, body, headers);
      credits++;
      if (credits >= 4) throw new Error("connect ECONNREFUSED");
      const res = await inner(url, body, headers);
      if (credits === 2) throw new Error("socket hang up");
      return res;
    };
    const dying = ctxWith(broken);
    clock = new Date(d.drawAt.getTime() + 1000);
    while ((await runDueDraws(dying)).length > 0);
    await settleDrawn(dying, { batch: 3 });
    await sendCredits(dying, { concurrency: 1 });
    const paidSoFar = await rows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM rgs.lottery_credits WHERE draw_id = ${d.id}`,
    );
    expect(paidSoFar.filter((c) => c.status === "paid")).toHaveLength(2);
    expect(paidSoFar).toHaveLength(6);
    // Restarted (a fresh context), after the lease: everything owed is paid, once.
    clock = new Date(clock.getTime() + 10 * 60_000);
    const fresh = ctxWith();
    await settleDrawn(fresh);
    for (;;) if ((await sendCredits(fresh)).claimed === 0) break;
    await finishDraws(fresh);
    for (const p of players) {
      expect(await mainBalance(t, p.id)).toBe(100_00n - 2_00n + 900_00n);
      expect((await providerRows(t, p.id)).filter((x) => x.kind === "win")).toHaveLength(1);
    }
    expect((await drawByNo(t.database.db, d.drawNo))?.status).toBe("settled");
    expect(expectedWin).toBe(6n * 900_00n);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("opens a session from a launch token and serves the menu, results and open draws", async () => {
    const p = await fundedPlayer(t, 10_00n, "TCG_SEA");
    const res = await t.app.inject({
      method: "POST",
      url: "/rgs/lottery/session",
      payload: { token: p.token },
    });
    const s = res.json().value as LotterySession;
    expect(s.balance).toBe("10.00");
    const again = await t.app.inject({
      method: "POST",
      url: "/rgs/lottery/session",
      payload: { token: p.token },
    });
    expect(again.json().code).toBe("TOKEN_INVALID"); // one-time token
    const menu = (
      await t.app.inject({ method: "GET", url: "/lgw/vn/games/game_menu?prizeMode=SEA&device=WEB" })
    ).json();
    expect(menu.value.games.map((g: { code: string }) => g.code)).toEqual([
      "2D",
      "3D",
      "4D",
      "6/42",
      "6/45",
      "6/49",
      "6/55",
      "6/58",
      "E3D-1",
      "E3D-3",
      "E3D-5",
    ]);
    const e3 = menu.value.games.find((g: { code: string }) => g.code === "E3D-1");
    expect(e3.gameType).toBe("ELOTT");
    expect(e3.currentDraw.seed).toBeNull();
    const results = (
      await t.app.inject({ method: "GET", url: "/lgw/vn/numeros/opened/game?gameCode=E3D-1&count=100" })
    ).json();
    expect(results.value.items.length).toBeGreaterThan(0);
    const last = results.value.items[0];
    expect(last.seed).toMatch(/^[0-9a-f]{64}$/);
    const verify = (
      await t.app.inject({
        method: "POST",
        url: "/rgs/lottery/verify",
        payload: { drawNo: last.drawNo, seed: last.seed },
      })
    ).json();
    expect(verify.value.valid).toBe(true);
    expect(verify.value.result).toEqual(last.result);
    const wrong = (
      await t.app.inject({
        method: "POST",
        url: "/rgs/lottery/verify",
        payload: { drawNo: last.drawNo, seed: "ab".repeat(32) },
      })
    ).json();
    expect(wrong.value.valid).toBe(false);
    const open = await t.app.inject({
      method: "GET",
      url: "/lotto/lgw/games/opened/numero?gameCode=3D",
      headers: { authorization: `Bearer ${s.sessionId}` },
    });
    expect(open.json().value.items.length).toBeGreaterThan(0);
    const anon = await t.app.inject({ method: "GET", url: "/lotto/lgw/games/opened/numero?gameCode=3D" });
    expect(anon.statusCode).toBe(401);
  });

  it("pushes results to every page and wins to the player's own page, live (SSE)", async () => {
    const sse = Fastify();
    sse.setErrorHandler(rgsErrorHandler);
    lotteryRoutes(sse, ctx);
    await sse.listen({ port: 0, host: "127.0.0.1" });
    const port = (sse.server.address() as { port: number }).port;
    const abort = new AbortController();
    try {
      await ensureDraws(ctx, true);
      const p = await player(100_00n);
      const other = await player(100_00n);
      const d = await next("E3D-1");
      const r = resultOf(d);
      const placed = await slip(p.session, [
        { gameCode: "E3D-1", betType: "straight", selection: r, stake: "1.00", drawNo: d.drawNo, repeat: 1 },
      ]);
      await slip(other.session, [
        { gameCode: "E3D-1", betType: "straight", selection: r, stake: "1.00", drawNo: d.drawNo, repeat: 1 },
      ]);
      const open = async (query: string) => {
        const res = await fetch(`http://127.0.0.1:${port}/lottery/events${query}`, { signal: abort.signal });
        expect(res.headers.get("content-type")).toContain("text/event-stream");
        const reader = (res.body as ReadableStream<Uint8Array>).getReader();
        let text = "";
        return {
          until: async (needle: string) => {
            while (!text.includes(needle)) {
              const { value, done } = await reader.read();
              if (done) break;
              text += new TextDecoder().decode(value);
            }
            return text;
          },
          text: () => text,
        };
      };
      const mine = await open(`?sessionId=${p.sessionId}`);
      const anyone = await open("");
      await mine.until('"type":"hello"');
      await anyone.until('"type":"hello"');
      await runDraw(d);
      const got = await mine.until("event: settlement");
      expect(got).toContain(`"drawNo":"${d.drawNo}"`);
      expect(got).toContain(`"slipId":"${placed.slipId}"`);
      expect(got).toContain('"win":"900.00"');
      const pub = await anyone.until("event: result");
      expect(pub).toContain(`"result":[${r.join(",")}]`);
      expect(anyone.text()).not.toContain("settlement");
      const badSession = await fetch(`http://127.0.0.1:${port}/lottery/events?sessionId=${randomUUID()}`);
      expect(badSession.status).toBe(401);
    } finally {
      abort.abort();
      await sse.close();
    }
  });

  /** Earlier tests' draws and credits out of the way at `at`: only the next ones are counted. */
  const quiet = async (at: Date) => {
    clock = at;
    await ensureDraws(ctx, true);
    while ((await runDueDraws(ctx)).length > 0);
    await settleDrawn(ctx);
    for (;;) if ((await sendCredits(ctx)).claimed === 0) break;
    await finishDraws(ctx);
  };
  const line = (d: DrawRow, selection: number[]) => ({
    gameCode: d.gameCode,
    betType: "straight" as const,
    selection,
    stake: "1.00",
    drawNo: d.drawNo,
    repeat: 1,
  });
  const miss = (r: number[]) => [((r[0] ?? 0) + 1) % 10, r[1] ?? 0, r[2] ?? 0];

  it("pays a big draw's credits in batches, once, when a batch's answer is lost", async () => {
    await quiet(new Date(T0.getTime() + 2 * 3_600_000));
    const d = await next("E3D-3");
    const r = resultOf(d);
    const p = await player(1_000_00n);
    // Enough slips for the batched path; every third one wins ₱900.
    const n = CREDITS_BATCH_FROM + 4;
    for (let i = 0; i < n; i++) await slip(p.session, [line(d, i % 3 === 0 ? r : miss(r))]);
    const winners = Math.ceil(n / 3);
    // The platform applies the first `credits` request, but its answer is lost.
    const inner = injectTransport(t);
    const calls: string[] = [];
    const lossy: Transport = async (url, body, headers) => {
      const call = url.split("/").pop() as string;
      calls.push(call);
      const res = await inner(url, body, headers);
      if (call === "credits" && calls.filter((c) => c === "credits").length === 1)
        throw new Error("socket hang up");
      return res;
    };
    const dying = ctxWith(lossy);
    clock = new Date(d.drawAt.getTime() + 1000);
    while ((await runDueDraws(dying)).length > 0);
    await settleDrawn(dying);
    expect(await sendCredits(dying)).toEqual({ claimed: n, paid: 0 });
    const owed = await rows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM rgs.lottery_credits WHERE draw_id = ${d.id}`,
    );
    expect(owed.map((c) => c.status)).toEqual(Array(n).fill("pending"));
    // After the lease, the same batch again: the platform answers what it applied, once.
    clock = new Date(clock.getTime() + 10 * 60_000);
    expect(await sendCredits(dying)).toEqual({ claimed: n, paid: n });
    await finishDraws(dying);
    expect(calls.filter((c) => c === "credits")).toHaveLength(2);
    expect(calls.filter((c) => c === "credit")).toHaveLength(0);
    expect(await mainBalance(t, p.id)).toBe(1_000_00n - BigInt(n) * 1_00n + BigInt(winners) * 900_00n);
    const wins = (await providerRows(t, p.id)).filter((x) => x.kind === "win");
    expect(wins).toHaveLength(n); // one credit per slip (0.00 closes a losing slip's round)
    expect(wins.filter((w) => w.amount > 0n)).toHaveLength(winners);
    expect((await drawByNo(t.database.db, d.drawNo))?.status).toBe("settled");
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it.runIf(onServer)(
    "two settle workers on two draws and a late bet pay every win once (PostgreSQL)",
    async () => {
      await quiet(new Date(T0.getTime() + 3 * 3_600_000));
      const da = await next("E3D-1");
      const db = await next("E3D-3");
      const ra = resultOf(da);
      const rb = resultOf(db);
      const players = await Promise.all(Array.from({ length: 8 }, () => player(100_00n)));
      // Each player: a slip on each draw; on draw A everyone wins, on draw B every other one.
      await Promise.all(
        players.map(async (p, i) => {
          await slip(p.session, [line(da, ra), line(da, miss(ra))]);
          await slip(p.session, [line(db, i % 2 === 0 ? rb : miss(rb))]);
        }),
      );
      // A late bet: its debit is held in flight until both draws were drawn and decided, so its
      // bets open on draws already decided (the slip's debit answered late).
      const late = await player(100_00n);
      let release: () => void = () => {};
      let reached: () => void = () => {};
      const held = new Promise<void>((res) => {
        release = res;
      });
      const atDebit = new Promise<void>((res) => {
        reached = res;
      });
      const inner = injectTransport(t);
      const slow: Transport = async (url, body, headers) => {
        if (url.endsWith("/debit")) {
          reached();
          await held;
        }
        return inner(url, body, headers);
      };
      const lateSlip = slip(late.session, [line(da, ra)], ctxWith(slow));
      await atDebit; // stored with its bets pending, before the cut-off
      clock = new Date(Math.max(da.drawAt.getTime(), db.drawAt.getTime()) + 1000);
      while ((await runDueDraws(ctx)).length > 0);
      // Two workers settle together: each draw decided by one of them, its credits written once.
      const a = ctxWith();
      const b = ctxWith();
      await Promise.all([settleDrawn(a), settleDrawn(b)]);
      release();
      expect((await lateSlip).status).toBe("placed");
      await Promise.all([settleDrawn(a), settleDrawn(b)]);
      const send = async (c: LotteryContext) => {
        for (;;) if ((await sendCredits(c, { limit: 5 })).claimed === 0) break;
      };
      await Promise.all([send(a), send(b)]);
      await Promise.all([finishDraws(a), finishDraws(b)]);
      for (const [i, p] of players.entries()) {
        const won = 900_00n + (i % 2 === 0 ? 900_00n : 0n);
        expect(await mainBalance(t, p.id)).toBe(100_00n - 3_00n + won);
        const wins = (await providerRows(t, p.id)).filter((x) => x.kind === "win");
        expect(wins).toHaveLength(2); // one credit per slip and draw
      }
      expect(await mainBalance(t, late.id)).toBe(100_00n - 1_00n + 900_00n);
      expect((await providerRows(t, late.id)).filter((x) => x.kind === "win")).toHaveLength(1);
      expect((await drawByNo(t.database.db, da.drawNo))?.status).toBe("settled");
      expect((await drawByNo(t.database.db, db.drawNo))?.status).toBe("settled");
      expect((await reconcile(t.database.db)).ok).toBe(true);
    },
  );
});
