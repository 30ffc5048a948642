import { randomUUID } from "node:crypto";
import { BetRecordValue, BetReplayValue } from "@panalo/contracts/betting-record";
import { RgsReplay } from "@panalo/contracts/rgs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { providerTransactions } from "../../db/schema/providers.ts";
import { seedDemoContent } from "../../seed/content.ts";
import { seedGames } from "../../seed/games.ts";
import { providerCall, registerMember } from "../../testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { inHouseProviderSecret } from "../providers/service.ts";
import { replaySignature } from "./betting-record.ts";

const manilaDay = (d = new Date()) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Manila" }).format(d);
const daysAgo = (n: number) => manilaDay(new Date(Date.now() - n * 86_400_000));

describe("betting record (personalHistoryCopy) and game recall links", () => {
  let t: TestApp;
  let alice = { id: 0, token: "" };
  let bob = { id: 0, token: "" };
  /** Rounds alice played on the game server, newest last. */
  const rgsRounds: Array<{ roundId: string; bet: string; win: string }> = [];

  const post = async (url: string, payload: unknown, token?: string) => {
    const res = await t.app.inject({
      method: "POST",
      url,
      payload: payload as Record<string, unknown>,
      headers: { "x-lang": "EN", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return res.json();
  };
  const record = async (token: string, filters: Record<string, unknown> = {}) => {
    const res = await post(
      "/wps/relay/GCS_betRecord",
      { startDate: daysAgo(6), endDate: daysAgo(0), ...filters },
      token,
    );
    if (!res.success) throw new Error(JSON.stringify(res));
    return BetRecordValue.parse(res.value);
  };
  /** A launch token of a vendor for a member, through the real launch call. */
  const launchToken = async (token: string, gameCode: string) => {
    const [g] = await queryRows<{ node_id: number }>(
      t.database.db,
      sql`SELECT node_id FROM games WHERE game_code = ${gameCode}`,
    );
    const v = (await post("/wps/game/launchGame", { nodeId: g?.node_id }, token)).value;
    return new URL(v.url, "http://x").searchParams.get("token") ?? "";
  };

  beforeAll(async () => {
    t = await createTestApp({ RGS_RETRY_INTERVAL_MS: "0" });
    await seedDemoContent(t.database.db, t.config);
    await seedGames(t.database.db, t.config);
    alice = await registerMember(t.app, "Alice777", 500_00n);
    bob = await registerMember(t.app, "Bobby777", 500_00n);

    // Three spins of a real in-house game (PNG panalo-gold): the game server's own rounds.
    const session = (
      await t.app.inject({
        method: "POST",
        url: "/rgs/api/session",
        payload: { token: await launchToken(alice.token, "panalo-gold"), gameId: "panalo-gold" },
      })
    ).json().value;
    for (let i = 0; i < 3; i++) {
      const spin = (
        await t.app.inject({
          method: "POST",
          url: "/rgs/api/spin",
          payload: { sessionId: session.sessionId, betPerLine: "0.10", requestId: randomUUID() },
        })
      ).json().value;
      rgsRounds.push({ roundId: spin.roundId, bet: spin.bet, win: spin.win });
    }

    // A third-party style round by hand on PNS: two bets, one win, closed.
    const pns = await launchToken(alice.token, "mango-mania");
    const call = (c: string, body: Record<string, unknown>) => providerCall(t.app, "PNS", c, body);
    await call("debit", {
      token: pns,
      playerId: alice.id,
      transactionId: "m1-b1",
      roundId: "m1",
      amount: "2.00",
      gameCode: "mango-mania",
    });
    await call("debit", {
      token: pns,
      playerId: alice.id,
      transactionId: "m1-b2",
      roundId: "m1",
      amount: "3.00",
      gameCode: "mango-mania",
    });
    await call("credit", {
      playerId: alice.id,
      transactionId: "m1-w",
      roundId: "m1",
      betTransactionId: "m1-b2",
      amount: "12.50",
      roundClosed: true,
      gameCode: "mango-mania",
    });
    // An open round (a bet, no result yet) and a rolled-back one.
    await call("debit", {
      token: pns,
      playerId: alice.id,
      transactionId: "m2-b",
      roundId: "m2",
      amount: "1.00",
      gameCode: "mango-mania",
    });
    await call("debit", {
      token: pns,
      playerId: alice.id,
      transactionId: "m3-b",
      roundId: "m3",
      amount: "4.00",
      gameCode: "mango-mania",
    });
    await call("rollback", {
      playerId: alice.id,
      transactionId: "m3-r",
      roundId: "m3",
      refTransactionId: "m3-b",
      amount: "4.00",
    });
    // Ten days ago: outside the default week.
    await call("debit", {
      token: pns,
      playerId: alice.id,
      transactionId: "old-b",
      roundId: "old",
      amount: "7.00",
      gameCode: "mango-mania",
    });
    await t.database.db
      .update(providerTransactions)
      .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(and(eq(providerTransactions.vendor, "PNS"), eq(providerTransactions.roundId, "old")));

    // Bob's round must never show up in alice's record.
    const bobToken = await launchToken(bob.token, "mango-mania");
    await providerCall(t.app, "PNS", "debit", {
      token: bobToken,
      playerId: bob.id,
      transactionId: "bob-b",
      roundId: "bob-round",
      amount: "9.00",
      gameCode: "mango-mania",
    });
  });
  afterAll(async () => t.close());

  it("lists the member's own rounds, newest first, one row per round, with bet, win, net and status", async () => {
    const v = await record(alice.token);
    expect(v.total).toBe(6);
    expect(v.currency).toBe("PHP");
    expect(v.items.map((r) => r.roundId)).toEqual([
      "m3",
      "m2",
      "m1",
      ...rgsRounds.map((r) => r.roundId).reverse(),
    ]);
    const [m3, m2, m1] = v.items;
    expect(m1).toMatchObject({
      vassalage: "PNS",
      vendorName: "Panalo Slots",
      gameCode: "mango-mania",
      gameName: "Mango Mania",
      bet: "5.00",
      win: "12.50",
      net: "7.50",
      status: "settled",
      replay: true,
    });
    expect(m2).toMatchObject({ bet: "1.00", win: "0.00", net: "-1.00", status: "open" });
    // A rolled-back stake came back: nothing was lost, and there is nothing to replay.
    expect(m3).toMatchObject({ bet: "4.00", win: "0.00", net: "0.00", status: "rolled_back", replay: false });
    for (const [i, played] of [...rgsRounds].reverse().entries()) {
      const row = v.items[3 + i];
      expect(row).toMatchObject({ vassalage: "PNG", gameName: "Panalo Gold", status: "settled" });
      expect(row?.bet).toBe(played.bet);
      expect(row?.win).toBe(played.win);
    }
    expect(v.items.some((r) => r.roundId === "bob-round")).toBe(false);
  });

  it("totals the whole filtered range, not only the page, and pages through it", async () => {
    const all = await record(alice.token);
    const sum = (k: "bet" | "win" | "net") =>
      all.items.reduce((s, r) => s + Math.round(Number(r[k]) * 100), 0) / 100;
    const first = await record(alice.token, { pageSize: 4 });
    expect(first.items).toHaveLength(4);
    expect(first.totals).toEqual(all.totals);
    expect(Number(all.totals.bet)).toBeCloseTo(sum("bet"), 2);
    expect(Number(all.totals.win)).toBeCloseTo(sum("win"), 2);
    expect(Number(all.totals.net)).toBeCloseTo(sum("net"), 2);
    expect(all.totals.rounds).toBe(6);
    const second = await record(alice.token, { pageSize: 4, page: 2 });
    expect(second.items.map((r) => r.roundId)).toEqual(all.items.slice(4).map((r) => r.roundId));
    expect(second.totals).toEqual(all.totals);
  });

  it("filters by date range, vendor and category", async () => {
    const older = await record(alice.token, { startDate: daysAgo(12), endDate: daysAgo(8) });
    expect(older.items.map((r) => r.roundId)).toEqual(["old"]);
    expect(older.totals).toMatchObject({ rounds: 1, bet: "7.00", win: "0.00", net: "-7.00" });
    const png = await record(alice.token, { vassalage: "PNG" });
    expect(png.items.map((r) => r.roundId).sort()).toEqual(rgsRounds.map((r) => r.roundId).sort());
    expect((await record(alice.token, { gameType: "RNG" })).total).toBe(6);
    expect((await record(alice.token, { gameType: "LIVE" })).total).toBe(0);
  });

  it("refuses a range longer than 31 days, reversed dates, and guests", async () => {
    const long = await post(
      "/wps/relay/GCS_betRecord",
      { startDate: daysAgo(40), endDate: daysAgo(0) },
      alice.token,
    );
    expect(long).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    const reversed = await post(
      "/wps/relay/GCS_betRecord",
      { startDate: daysAgo(0), endDate: daysAgo(3) },
      alice.token,
    );
    expect(reversed).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    expect(
      await post("/wps/relay/GCS_betRecord", { startDate: daysAgo(1), endDate: daysAgo(0) }),
    ).toMatchObject({ success: false, code: "NOT_LOGGED_IN" });
  });

  it("reads the range through the member's bets index", async () => {
    // A few thousand other rows, so the planner has a reason to use an index.
    await t.database.db.execute(sql`
      INSERT INTO provider_transactions (vendor, transaction_id, kind, round_id, member_id, amount, fingerprint)
      SELECT 'PNS', 'bulk-' || g, 'bet', 'bulk-' || g, ${bob.id}, 100, 'x' FROM generate_series(1, 3000) g`);
    await t.database.db.execute(sql`ANALYZE provider_transactions`);
    const plan = await queryRows<{ "QUERY PLAN": string }>(
      t.database.db,
      sql`EXPLAIN SELECT vendor, round_id, min(created_at) FROM provider_transactions
        WHERE member_id = ${alice.id} AND kind = 'bet' AND created_at >= now() - interval '7 days'
        GROUP BY vendor, round_id`,
    );
    expect(plan.map((p) => p["QUERY PLAN"]).join("\n")).toContain("provider_transactions_member_bets_idx");
  });

  it("signs a replay link for the member's own in-house round; the game server opens exactly that round", async () => {
    const played = rgsRounds[1];
    if (!played) throw new Error("no rounds");
    const res = await post(
      "/wps/relay/GCS_betReplay",
      { vassalage: "PNG", roundId: played.roundId },
      alice.token,
    );
    const link = BetReplayValue.parse(res.value);
    const url = new URL(link.url, "http://x");
    expect(url.pathname).toBe(`/rgs/replay/${played.roundId}`);
    expect(url.searchParams.get("player")).toBe(String(alice.id));
    expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(600_000);
    const page = await t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect([200, 503]).toContain(page.statusCode); // 503 only when the game client is not built
    const api = await t.app.inject({
      method: "GET",
      url: `/rgs/api/replay/${played.roundId}${url.search}`,
      headers: { "x-lang": "EN" },
    });
    expect(api.statusCode).toBe(200);
    const v = RgsReplay.parse(api.json().value);
    expect(v.round).toMatchObject({ roundId: played.roundId, bet: played.bet, win: played.win });
    expect(v.round.outcome).not.toBeNull();
    expect(v.game.id).toBe("panalo-gold");
  });

  it("refuses another member's round, a provider without replays, and tampered or expired links", async () => {
    const played = rgsRounds[0];
    if (!played) throw new Error("no rounds");
    // Bob asks for alice's round: answered as if it did not exist.
    expect(
      await post("/wps/relay/GCS_betReplay", { vassalage: "PNG", roundId: played.roundId }, bob.token),
    ).toMatchObject({ success: false, code: "ROUND_NOT_FOUND" });
    expect(
      await post("/wps/relay/GCS_betReplay", { vassalage: "PNS", roundId: "bob-round" }, alice.token),
    ).toMatchObject({ success: false, code: "ROUND_NOT_FOUND" });

    const link = BetReplayValue.parse(
      (await post("/wps/relay/GCS_betReplay", { vassalage: "PNG", roundId: played.roundId }, alice.token))
        .value,
    );
    const q = new URL(link.url, "http://x").searchParams;
    const open = async (roundId: string, change: Record<string, string>) => {
      const p = new URLSearchParams(q);
      for (const [k, v] of Object.entries(change)) p.set(k, v);
      const res = await t.app.inject({
        method: "GET",
        url: `/rgs/api/replay/${roundId}?${p}`,
        headers: { "x-lang": "EN" },
      });
      return { status: res.statusCode, code: res.json().code as string | undefined };
    };
    // The link names alice: claiming to be bob, or opening another round with it, fails the signature.
    expect(await open(played.roundId, { player: String(bob.id) })).toEqual({
      status: 401,
      code: "REPLAY_LINK_INVALID",
    });
    const other = rgsRounds[2]?.roundId ?? "";
    expect((await open(other, {})).code).toBe("REPLAY_LINK_INVALID");
    expect((await open(played.roundId, { exp: String(Number(q.get("exp")) + 60) })).code).toBe(
      "REPLAY_LINK_INVALID",
    );
    const flipped = (q.get("sig") ?? "").replace(/^./, (c) => (c === "0" ? "1" : "0"));
    expect((await open(played.roundId, { sig: flipped })).code).toBe("REPLAY_LINK_INVALID");

    // Correctly signed but expired, or expiring implausibly late: refused too.
    const secret = inHouseProviderSecret(t.config.APP_SECRET ?? "", "PNG");
    const signed = (exp: number, player = alice.id) => ({
      exp: String(exp),
      player: String(player),
      sig: replaySignature(secret, "PNG", played.roundId, player, exp),
    });
    const now = Math.floor(Date.now() / 1000);
    expect((await open(played.roundId, signed(now - 5))).code).toBe("REPLAY_LINK_INVALID");
    expect((await open(played.roundId, signed(now + 86_400))).code).toBe("REPLAY_LINK_INVALID");
    // A valid signature for a player the round does not belong to finds nothing.
    expect(await open(played.roundId, signed(now + 300, bob.id))).toEqual({
      status: 404,
      code: "ROUND_NOT_FOUND",
    });
    expect((await open(played.roundId, signed(now + 300))).status).toBe(200);
  });

  it("offers no replay for a vendor without a replay page", async () => {
    await t.database.db.execute(sql`UPDATE game_vendors SET replay_url = NULL WHERE vassalage = 'PNS'`);
    const v = await record(alice.token);
    expect(v.items.find((r) => r.roundId === "m1")?.replay).toBe(false);
    expect(
      await post("/wps/relay/GCS_betReplay", { vassalage: "PNS", roundId: "m1" }, alice.token),
    ).toMatchObject({ success: false, code: "REPLAY_NOT_AVAILABLE" });
  });

  it("labels a free-spin round (bet 0.00) once, even resent; a free-spin bet above 0.00 is refused and moves nothing", async () => {
    const carol = await registerMember(t.app, "Carol777", 500_00n);
    const token = await launchToken(carol.token, "mango-mania");
    const call = (c: string, body: Record<string, unknown>) => providerCall(t.app, "PNS", c, body);
    const free = {
      token,
      playerId: carol.id,
      transactionId: "fs1-b",
      roundId: "fs1",
      amount: "0.00",
      gameCode: "mango-mania",
      freeSpin: true,
    };
    expect(
      await call("debit", { ...free, transactionId: "fs0-b", roundId: "fs0", amount: "1.00" }),
    ).toMatchObject({
      success: false,
      code: "VALIDATION_ERROR",
    });
    // A grant named on a bet that is not a free spin is refused too.
    expect(
      await call("debit", {
        ...free,
        transactionId: "fs0-b",
        roundId: "fs0",
        freeSpin: false,
        grantId: "g1",
      }),
    ).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    expect((await call("debit", { ...free, grantId: "g1" })).success).toBe(true);
    expect((await call("debit", { ...free, grantId: "g1" })).success).toBe(true); // resent: one label
    expect(
      (
        await call("credit", {
          playerId: carol.id,
          transactionId: "fs1-w",
          roundId: "fs1",
          betTransactionId: "fs1-b",
          amount: "3.00",
          roundClosed: true,
          gameCode: "mango-mania",
        })
      ).success,
    ).toBe(true);
    expect(
      (
        await call("debit", {
          ...free,
          transactionId: "p1-b",
          roundId: "p1",
          amount: "1.00",
          freeSpin: false,
        })
      ).success,
    ).toBe(true);

    const v = await record(carol.token);
    expect(v.items.map((r) => [r.roundId, r.freeSpin, r.bet, r.win])).toEqual([
      ["p1", false, "1.00", "0.00"],
      ["fs1", true, "0.00", "3.00"],
    ]);
    const [labels] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM provider_free_rounds WHERE member_id = ${carol.id} AND grant_id = 'g1'`,
    );
    expect(labels?.n).toBe(1);
    // 500.00 − 1.00 (the paid bet) + 3.00 (the free spin's win); the refused bet moved nothing.
    expect((await post("/wps/relay/GCS_merchantWallet", {}, carol.token)).value.balance).toBe("502.00");
  });
});
