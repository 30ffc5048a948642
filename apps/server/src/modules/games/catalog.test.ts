import { GameListValue, VassGameTypeValue } from "@panalo/contracts/games";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games, gameVendors } from "../../db/schema/games.ts";
import { seedDemoContent } from "../../seed/content.ts";
import { seedGames } from "../../seed/games.ts";
import { registerMember } from "../../testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { searchTextOf } from "./repo.ts";

describe("game catalog calls", () => {
  let t: TestApp;
  let alice = { id: 0, token: "" };
  let bob = { id: 0, token: "" };
  let pinataId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoContent(t.database.db, t.config);
    await seedGames(t.database.db, t.config);
    const [pinata] = await t.database.db
      .insert(games)
      .values({
        vendor: "PNS",
        gameCode: "pinata-pinoy",
        gameType: "RNG",
        gameClassify: "ARCADE",
        names: { EN: "Piñata Pinoy", TY: "Piñata ng Pinoy" },
        searchText: searchTextOf("Piñata Pinoy Piñata ng Pinoy"),
        minBet: 75n,
        minLineNum: 1,
        thumbnail: "/media/1",
        sort: 99,
      })
      .returning();
    pinataId = pinata?.nodeId ?? 0;
    alice = await registerMember(t.app, "Alice001");
    bob = await registerMember(t.app, "Bobby002");
  });
  afterAll(async () => t.close());

  const post = async (url: string, payload: Record<string, unknown>, token?: string, lang = "EN") =>
    (
      await t.app.inject({
        method: "POST",
        url,
        payload,
        headers: { "x-lang": lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      })
    ).json();
  const list = (body: Record<string, unknown>, token?: string, lang?: string) =>
    post("/wps/relay/GCSGAME_gameList", { gameType: "RNG", pageNo: 1, ...body }, token, lang);

  it("lists every seeded in-house game with its maths' RTP, in pages of 15 by default", async () => {
    const res = await list({});
    const v = GameListValue.parse(res.value);
    expect(v.total).toBe(9); // six games, two of them relisted by Panalo Xpress, and a demo arcade game
    expect(v.totalPages).toBe(1);
    const gold = v.games.find((g) => g.gameCode === "panalo-gold");
    expect(gold).toMatchObject({ vassalage: "PNG", gameName: "Panalo Gold", minBet: "0.01", minLineNum: 10 });
    expect(gold?.rtp).toMatch(/^\d{2}\.\d{2}$/);
    expect(gold?.thumbnail).toMatch(/^\/media\/\d+$/);
    const paged = GameListValue.parse((await list({ pageSize: 3, pageNo: 3 })).value);
    expect(paged).toMatchObject({ total: 9, totalPages: 3 });
    expect(paged.games).toHaveLength(3);
  });

  it("names games in the caller's language", async () => {
    const ty = GameListValue.parse((await list({ vassalage: "PNG" }, undefined, "TY")).value);
    expect(ty.games.map((g) => g.gameName)).toContain("Gintong Panalo");
    const byBody = GameListValue.parse((await list({ vassalage: "PNG", language: "TY" })).value);
    expect(byBody.games.map((g) => g.gameName)).toContain("Gintong Panalo");
    // No Japanese name: English is the fallback.
    const ja = GameListValue.parse((await list({ vassalage: "PNG" }, undefined, "JA")).value);
    expect(ja.games.map((g) => g.gameName)).toContain("Panalo Gold");
  });

  it("searches names without regard to case or accents, taking wildcards literally", async () => {
    const found = GameListValue.parse((await list({ gameName: "PINATA" })).value);
    expect(found.games.map((g) => g.nodeId)).toEqual([pinataId]);
    const accented = GameListValue.parse((await list({ gameName: "piñ" })).value);
    expect(accented.games.map((g) => g.nodeId)).toEqual([pinataId]);
    expect(GameListValue.parse((await list({ gameName: "%" })).value).total).toBe(0);
  });

  it("filters by vendor, classify, min bet and lines", async () => {
    const cheap = GameListValue.parse((await list({ minBet: "0.05" })).value);
    expect(cheap.games.map((g) => g.gameCode).sort()).toEqual(["jeepney-rush", "xpress-jeepney-rush"]);
    expect(GameListValue.parse((await list({ minBet: "all" })).value).total).toBe(9);
    const arcade = GameListValue.parse((await list({ vassalage: "PNS", gameClassify: "ARCADE" })).value);
    expect(arcade.games.map((g) => g.nodeId)).toEqual([pinataId]);
    const lines = GameListValue.parse((await list({ minLineNum: 20 })).value);
    expect(lines.games.map((g) => g.gameCode).sort()).toEqual(["jeepney-rush", "xpress-jeepney-rush"]);
    expect(GameListValue.parse((await list({ vassalage: "PNL" })).value).total).toBe(0);
  });

  it("refuses bad list input with VALIDATION_ERROR", async () => {
    for (const bad of [
      { minBet: "0.02" },
      { pageSize: 51 },
      { pageNo: 0 },
      { gameName: "x".repeat(51) },
      { gameType: "CASINO" },
    ]) {
      expect(await list(bad)).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    }
    expect(await post("/wps/relay/GCSGAME_gameList", { pageNo: 1 })).toMatchObject({
      code: "VALIDATION_ERROR",
    });
  });

  it("answers the hot games in one page, by vendor when asked", async () => {
    const all = (await post("/wps/relay/GCSGAME_hotGamesV2", {})).value;
    expect(all).toHaveLength(6);
    const png = (await post("/wps/relay/GCSGAME_hotGamesV2", { vassalage: "PNG" })).value;
    expect(png.map((g: { vassalage: string }) => g.vassalage)).toEqual(["PNG", "PNG"]);
    expect(await post("/wps/relay/GCSGAME_hotGamesV2", { gameType: "NOPE" })).toMatchObject({
      code: "VALIDATION_ERROR",
    });
  });

  it("counts a vendor's games per classify and lists vendors per category", async () => {
    const pns = VassGameTypeValue.parse(
      (await post("/wps/relay/GCSGAME_getVassGameType", { vassalage: "PNS" })).value,
    );
    expect(pns).toEqual([
      { gameClassify: "ARCADE", count: 1 },
      { gameClassify: "SLOT", count: 3 },
    ]);
    expect(await post("/wps/relay/GCSGAME_getVassGameType", {})).toMatchObject({ code: "VALIDATION_ERROR" });
    // A whole category's classifies, so the "all vendors" filter offers none without games.
    const rngTypes = VassGameTypeValue.parse(
      (await post("/wps/relay/GCSGAME_getVassGameType", { gameType: "RNG" })).value,
    );
    expect(rngTypes.map((c) => c.gameClassify)).not.toContain("TABLE");
    expect(rngTypes.every((c) => c.count > 0)).toBe(true);
    const rng = (await post("/wps/relay/GCSGAME_gameVendor", { gameType: "RNG" })).value;
    expect(rng.map((v: { vassalage: string }) => v.vassalage)).toEqual(["PNS", "PNG", "PNX", "PNC"]);
    expect(await post("/wps/relay/GCSGAME_gameVendor", { gameType: "x" })).toMatchObject({
      code: "VALIDATION_ERROR",
    });
  });

  it("keeps favourites per member: guests and other members never see them", async () => {
    const fav = (token: string) =>
      post("/wps/relay/MCSFE_getFavoriteGames", { pageNo: 1, pageSize: 15 }, token);
    const added = await post("/wps/relay/MCSFE_addFavoriteGame", { nodeId: pinataId }, alice.token);
    expect(added.value).toEqual({ nodeId: pinataId, isFavorite: true });
    // Adding twice is harmless.
    await post("/wps/relay/MCSFE_addFavoriteGame", { nodeId: pinataId }, alice.token);
    expect((await fav(alice.token)).value).toMatchObject({ totalPages: 1 });
    expect((await fav(alice.token)).value.content.map((g: { nodeId: number }) => g.nodeId)).toEqual([
      pinataId,
    ]);
    expect((await fav(bob.token)).value).toEqual({ content: [], totalPages: 0 });

    const seen = async (token?: string) =>
      GameListValue.parse((await list({ gameName: "pinata" }, token)).value).games[0]?.isFavorite;
    expect(await seen(alice.token)).toBe(true);
    expect(await seen(bob.token)).toBe(false);
    expect(await seen()).toBe(false);
    expect(await seen("not-a-session-token")).toBe(false);

    const removed = await post("/wps/relay/MCSFE_removeFavoriteGame", { nodeId: pinataId }, alice.token);
    expect(removed.value).toEqual({ nodeId: pinataId, isFavorite: false });
    expect(await seen(alice.token)).toBe(false);
  });

  it("refuses favourites without a session, of unknown games, or with bad input", async () => {
    expect(await post("/wps/relay/MCSFE_addFavoriteGame", { nodeId: pinataId })).toMatchObject({
      code: "NOT_LOGGED_IN",
    });
    expect(await post("/wps/relay/MCSFE_addFavoriteGame", { nodeId: 999_999 }, alice.token)).toMatchObject({
      code: "GAME_NOT_FOUND",
    });
    expect(await post("/wps/relay/MCSFE_addFavoriteGame", { nodeId: "x" }, alice.token)).toMatchObject({
      code: "VALIDATION_ERROR",
    });
    expect(await post("/wps/relay/MCSFE_getFavoriteGames", { pageNo: 1 })).toMatchObject({
      code: "NOT_LOGGED_IN",
    });
    expect(await post("/wps/relay/GCS_recentGame", { pageNo: 1 })).toMatchObject({ code: "NOT_LOGGED_IN" });
  });

  it("answers the games TY message for unknown games in Filipino", async () => {
    const res = await post("/wps/relay/MCSFE_addFavoriteGame", { nodeId: 999_999 }, alice.token, "TY");
    expect(res.message).toBe("Hindi nahanap ang larong ito.");
  });

  it("seeding again adds nothing and keeps the operator's changes", async () => {
    const db = t.database.db;
    await db.update(games).set({ enabled: false }).where(eq(games.gameCode, "mango-mania"));
    await db
      .update(gameVendors)
      .set({ launchUrl: "/elsewhere/{gameCode}" })
      .where(eq(gameVendors.vassalage, "PNS"));
    expect(await seedGames(db, t.config)).toBe(0);
    expect(GameListValue.parse((await list({})).value).total).toBe(8);
    const [pns] = await db.select().from(gameVendors).where(eq(gameVendors.vassalage, "PNS"));
    expect(pns?.launchUrl).toBe("/elsewhere/{gameCode}");
  });
});
