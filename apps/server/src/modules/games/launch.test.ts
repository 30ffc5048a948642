import { WinnerBoardSettings } from "@panalo/contracts/admin";
import { LaunchGameValue, RankListValue } from "@panalo/contracts/games";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settings } from "../../db/schema/core.ts";
import { games, gameVendors, recentGames } from "../../db/schema/games.ts";
import { providerTransactions } from "../../db/schema/providers.ts";
import { seedDemoContent } from "../../seed/content.ts";
import { seedGames } from "../../seed/games.ts";
import { providerCall, registerMember } from "../../testing/games-kit.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { switchesOf, writeSetting } from "../content/settings.ts";
import { searchTextOf } from "./repo.ts";

describe("game launch, recent games, popular games and the winner board", () => {
  let t: TestApp;
  let alice = { id: 0, token: "" };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ SITE_HOSTS: "m.panalo.test" });
    await seedDemoContent(t.database.db, t.config);
    await seedGames(t.database.db, t.config);
    const extra = [
      { vendor: "PNL", gameCode: "baccarat-1", gameType: "LIVE", name: "Live Baccarat" },
      { vendor: "TCG_SEA", gameCode: "lotto-645", gameType: "LOTT", name: "Lotto 6/45" },
    ];
    for (const e of extra) {
      await t.database.db.insert(games).values({
        vendor: e.vendor,
        gameCode: e.gameCode,
        gameType: e.gameType,
        gameClassify: "TABLE",
        names: { EN: e.name, TY: e.name },
        searchText: searchTextOf(e.name),
        minBet: 100n,
        minLineNum: 1,
        thumbnail: "/media/1",
      });
    }
    await t.database.db
      .update(gameVendors)
      .set({ launchUrl: "https://live.example.com/play/{gameCode}" })
      .where(eq(gameVendors.vassalage, "PNL"));
    for (const g of await t.database.db.select().from(games)) ids[g.gameCode] = g.nodeId;
    alice = await registerMember(t.app, "Alice001", 100_000n);
  });
  afterAll(async () => t.close());

  const post = async (url: string, payload: Record<string, unknown>, token?: string) =>
    (
      await t.app.inject({
        method: "POST",
        url,
        payload,
        headers: { "x-lang": "EN", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      })
    ).json();
  const launch = (nodeId: unknown, token = alice.token) => post("/wps/game/launchGame", { nodeId }, token);

  it("launches an in-house game in an iframe with a launch token the provider accepts", async () => {
    const res = await launch(ids["panalo-gold"]);
    const v = LaunchGameValue.parse(res.value);
    expect(v.mode).toBe("iframe");
    const url = new URL(v.url, "http://x");
    expect(url.pathname).toBe("/rgs/games/panalo-gold");
    expect(url.searchParams.get("lang")).toBe("EN");
    expect(url.searchParams.get("lobby")).toBe("http://localhost:8080");
    const auth = await providerCall(t.app, "PNG", "authenticate", { token: url.searchParams.get("token") });
    expect(auth.value).toMatchObject({ playerId: alice.id, currency: "PHP", balance: "1000.00" });
  });

  it("records each launch in the member's recent games, latest first", async () => {
    await launch(ids["mango-mania"]);
    await launch(ids["panalo-gold"]);
    const recent = await post("/wps/relay/GCS_recentGame", { pageNo: 1, pageSize: 15 }, alice.token);
    expect(recent.value.list.map((g: { gameCode: string }) => g.gameCode)).toEqual([
      "panalo-gold",
      "mango-mania",
    ]);
    const [row] = await t.database.db
      .select()
      .from(recentGames)
      .where(eq(recentGames.nodeId, ids["panalo-gold"] ?? 0));
    expect(row?.plays).toBe(2);
    const png = await post("/wps/relay/GCS_recentGame", { pageNo: 1, vassalage: "PNS" }, alice.token);
    expect(png.value.list.map((g: { gameCode: string }) => g.gameCode)).toEqual(["mango-mania"]);
  });

  it("answers lottery games with the lottery page", async () => {
    const v = LaunchGameValue.parse((await launch(ids["lotto-645"])).value);
    expect(v).toEqual({ mode: "lottery", url: "/lottery?gameCode=lotto-645" });
  });

  it("serves the launch through one of the operator's CDNs when listed", async () => {
    await t.database.db
      .insert(settings)
      .values({ key: "launchGameCDNs", value: ["https://cdn1.example.com/"] });
    const v = LaunchGameValue.parse((await launch(ids["panalo-gold"])).value);
    expect(v.url.startsWith("https://cdn1.example.com/rgs/games/panalo-gold?")).toBe(true);
    await t.database.db.delete(settings).where(eq(settings.key, "launchGameCDNs"));
  });

  it("refuses unknown games, games or vendors under maintenance, and guests", async () => {
    expect(await launch(999_999)).toMatchObject({ success: false, code: "GAME_NOT_FOUND" });
    expect(await launch("abc")).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await post("/wps/game/launchGame", { nodeId: ids["panalo-gold"] })).toMatchObject({
      code: "NOT_LOGGED_IN",
    });
    await t.database.db.update(games).set({ enabled: false }).where(eq(games.gameCode, "mango-mania"));
    const off = await launch(ids["mango-mania"]);
    expect(off).toMatchObject({ code: "GAME_MAINTENANCE", message: expect.stringContaining("maintenance") });
    await t.database.db.update(games).set({ enabled: true }).where(eq(games.gameCode, "mango-mania"));
    await t.database.db.update(gameVendors).set({ enabled: false }).where(eq(gameVendors.vassalage, "PNS"));
    expect(await launch(ids["mango-mania"])).toMatchObject({ code: "GAME_MAINTENANCE" });
    await t.database.db.update(gameVendors).set({ enabled: true }).where(eq(gameVendors.vassalage, "PNS"));
  });

  it("lets trial accounts play only vendors with play money", async () => {
    await writeSetting(t.database.db, "whitelabel", { switches: switchesOf(["USERNAMEREG3", "FREEPLAY3"]) });
    const trial = (
      await t.app.inject({
        method: "POST",
        url: "/wps/session/login/freeplay",
        payload: { humanCheck: await solvedHumanCheck(t.app) },
      })
    ).json().value;
    expect(await launch(ids["baccarat-1"], trial.token)).toMatchObject({ code: "IN_NEED_TRUE_ACCOUNT" });
    const ok = LaunchGameValue.parse((await launch(ids["jeepney-rush"], trial.token)).value);
    const token = new URL(ok.url, "http://x").searchParams.get("token");
    const auth = await providerCall(t.app, "PNS", "authenticate", { token });
    expect(auth.value).toMatchObject({ currency: "FUN" });
  });

  it("ranks popular games by rounds of the last 7 days, hot games filling the rest", async () => {
    const res = (await t.app.inject({ method: "GET", url: "/lgw/games/popular?count=3" })).json();
    // Launches so far: panalo-gold (Alice), mango-mania, jeepney-rush (trial), lotto.
    expect(res.value).toHaveLength(3);
    const token = new URL(
      LaunchGameValue.parse((await launch(ids["tarsier-treasure"])).value).url,
      "http://x",
    ).searchParams.get("token");
    for (let i = 0; i < 5; i++) {
      const bet = await providerCall(t.app, "PNS", "debit", {
        token,
        playerId: alice.id,
        transactionId: `pop-${i}`,
        roundId: `pop-${i}`,
        amount: "1.00",
        gameCode: "tarsier-treasure",
      });
      expect(bet.success).toBe(true);
    }
    const top = (await t.app.inject({ method: "GET", url: "/lgw/games/popular?count=20" })).json().value;
    expect(top[0].gameCode).toBe("tarsier-treasure");
    expect(new Set(top.map((g: { nodeId: number }) => g.nodeId)).size).toBe(top.length);
    const bad = await t.app.inject({ method: "GET", url: "/lgw/games/popular?count=0" });
    expect(bad.json()).toMatchObject({ code: "VALIDATION_ERROR" });
  });

  it("shows the biggest real wins of the last 7 days with masked names", async () => {
    const win = (id: string, amount: string) =>
      providerCall(t.app, "PNS", "credit", {
        playerId: alice.id,
        transactionId: id,
        roundId: "pop-1",
        betTransactionId: "pop-1",
        amount,
        gameCode: "tarsier-treasure",
      });
    expect((await win("win-small", "2.00")).success).toBe(true);
    expect((await win("win-big", "350.00")).success).toBe(true);
    expect((await win("win-old", "900.00")).success).toBe(true);
    // A losing round's 0.00 "win" and a win below the operator's minimum (1.00 by default) are not winners.
    expect((await win("win-zero", "0.00")).success).toBe(true);
    expect((await win("win-cents", "0.50")).success).toBe(true);
    await t.database.db
      .update(providerTransactions)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(providerTransactions.transactionId, "win-old"));
    const res = await t.app.inject({
      method: "GET",
      url: "/wps/relay/GCSGAME_getRankList?gameCategory=ALL&limitNum=20",
      headers: { "x-lang": "TY" },
    });
    const board = RankListValue.parse(res.json().value);
    expect(board.list.map((e) => e.vo.winAmount)).toEqual(["350.00", "2.00"]);
    expect(board.list[0]?.vo).toMatchObject({
      customerName: "al***01",
      gameName: "Kayamanan ng Tarsier",
      nodeId: ids["tarsier-treasure"],
    });
    // The operator raises the minimum shown (back office → settings → winners).
    await writeSetting(t.database.db, "winners", { minWinShown: "100.00" });
    const raised = await t.app.inject({
      method: "GET",
      url: "/wps/relay/GCSGAME_getRankList?gameCategory=ALL",
    });
    expect(RankListValue.parse(raised.json().value).list.map((e) => e.vo.winAmount)).toEqual(["350.00"]);
    await writeSetting(t.database.db, "winners", { minWinShown: "1.00" });
    expect(WinnerBoardSettings.safeParse({ minWinShown: "0.00" }).success).toBe(false);
    const live = await t.app.inject({
      method: "GET",
      url: "/wps/relay/GCSGAME_getRankList?gameCategory=LIVE",
    });
    expect(live.json().value).toEqual({ list: [] });
    const bad = await t.app.inject({ method: "GET", url: "/wps/relay/GCSGAME_getRankList?limitNum=500" });
    expect(bad.json()).toMatchObject({ code: "VALIDATION_ERROR" });
  });

  it("gives the game a lobby link to the address the player used, only on the installation's own hosts", async () => {
    const lobbyFrom = async (host: string) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/wps/game/launchGame",
        payload: { nodeId: ids["panalo-gold"] },
        headers: { "x-lang": "EN", authorization: `Bearer ${alice.token}`, host },
      });
      return new URL(LaunchGameValue.parse(res.json().value).url, "http://x").searchParams.get("lobby");
    };
    expect(await lobbyFrom("m.panalo.test")).toBe("http://m.panalo.test");
    expect(await lobbyFrom("evil.example")).toBe("http://localhost:8080");
  });
});
