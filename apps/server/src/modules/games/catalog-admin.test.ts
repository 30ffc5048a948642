import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/admin.ts";
import { seedDemoContent } from "../../seed/content.ts";
import { seedGames } from "../../seed/games.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";

/** The games catalogue in the back office, seen through the player's calls. */
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };

type Game = {
  nodeId: number;
  gameCode: string;
  vendor: string;
  version: number;
  names: Record<string, string>;
};

describe("games catalogue in the back office", () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoContent(t.database.db, t.config);
    await seedGames(t.database.db, t.config);
    const ops = [
      ["editor1", "content", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"],
      ["fin1", "finance", "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU"],
    ] as const;
    for (const [name, role, secret] of ops) {
      await createOperator(t.database.db, {
        username: name,
        role,
        password: "Games-pass-2026",
        totpSecret: secret,
      });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/session",
        headers: H,
        payload: {
          username: name,
          password: "Games-pass-2026",
          totp: totpAt(secret, Math.floor(Date.now() / 30000)),
        },
      });
      cookies[name] = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
    }
  }, 180_000);
  afterAll(async () => t.close());

  const call = (op: string, method: "GET" | "PUT" | "POST", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...H, cookie: cookies[op] ?? "" },
      ...(payload ? { payload } : {}),
    });
  const playerList = async (lang = "EN", gameName?: string) =>
    (
      await t.app.inject({
        method: "POST",
        url: "/wps/relay/GCSGAME_gameList",
        headers: { "x-lang": lang },
        payload: { gameType: "RNG", pageNo: 1, pageSize: 50, ...(gameName ? { gameName } : {}) },
      })
    ).json().value.games as Array<{ gameCode: string; gameName: string; isHot: number; thumbnail: string }>;
  const gameOf = async (code: string): Promise<Game> => {
    const page = (await call("editor1", "GET", `/api/admin/games?q=${code}`)).json().value;
    return page.items.find((g: Game) => g.gameCode === code);
  };
  const edit = (g: Game, change: Record<string, unknown>, op = "editor1") =>
    call(op, "PUT", `/api/admin/games/${g.nodeId}`, {
      names: g.names,
      gameType: "RNG",
      gameClassify: "SLOT",
      thumbnail: "/media/1",
      enabled: true,
      isHot: false,
      sort: 10,
      version: g.version,
      ...change,
    });

  it("turns a game off and on: the player's list follows at once, audited", async () => {
    const gold = await gameOf("panalo-gold");
    expect((await playerList()).map((g) => g.gameCode)).toContain("panalo-gold");
    const off = await edit(gold, { enabled: false });
    expect(off.json().value).toMatchObject({ enabled: false, version: gold.version + 1 });
    expect((await playerList()).map((g) => g.gameCode)).not.toContain("panalo-gold");
    // The version the editor loaded is stale now.
    expect((await edit(gold, { enabled: true })).json().code).toBe("VERSION_CONFLICT");
    await edit(
      { ...gold, version: gold.version + 1 },
      { enabled: true, isHot: true, thumbnail: "https://cdn.example/gold.png" },
    );
    const back = (await playerList()).find((g) => g.gameCode === "panalo-gold");
    expect(back).toMatchObject({ isHot: 1, thumbnail: "https://cdn.example/gold.png" });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "game"), eq(auditLog.entityId, `${gold.vendor}:panalo-gold`)))
      .orderBy(auditLog.id);
    expect(audit.map((a) => (a.after as { enabled: boolean }).enabled)).toEqual([false, true]);
  });

  it("names a game in each language, shown and searched in the player's language", async () => {
    const g = await gameOf("panalo-gold");
    const res = await edit(g, {
      names: { EN: "Panalo Gold", TY: "Panalo Ginto", JA: "パナロ・ゴールド", CN: "" },
      enabled: true,
      isHot: true,
    });
    expect(res.json().value.names).toEqual({ EN: "Panalo Gold", TY: "Panalo Ginto", JA: "パナロ・ゴールド" });
    expect((await playerList("JA")).find((x) => x.gameCode === "panalo-gold")?.gameName).toBe(
      "パナロ・ゴールド",
    );
    expect((await playerList("EN", "ginto")).map((x) => x.gameCode)).toEqual(["panalo-gold"]);
    // A name in neither English nor Filipino, an unknown category or a script image is refused.
    const again = await gameOf("panalo-gold");
    for (const bad of [{ names: { JA: "x" } }, { gameType: "CARDS" }, { thumbnail: "javascript:alert(1)" }]) {
      expect((await edit(again, bad)).json().code).toBe("VALIDATION_ERROR");
    }
  });

  it("turns a vendor off: its games and its menu entry leave the player site", async () => {
    const vendors = (await call("editor1", "GET", "/api/admin/games/vendors")).json().value;
    const png = vendors.find((v: { vassalage: string }) => v.vassalage === "PNG");
    expect(png.games).toBeGreaterThan(0);
    const off = await call("editor1", "PUT", `/api/admin/games/vendors/${png.nodeId}`, {
      displayName: "Panalo Gold Studio",
      enabled: false,
      isHot: true,
      sort: 5,
      smallIcon: png.smallIcon,
      logo: png.logo,
      logoHover: png.logoHover,
      version: png.version,
    });
    expect(off.json().value).toMatchObject({ enabled: false, displayName: "Panalo Gold Studio" });
    expect((await playerList()).some((g) => g.gameCode === "panalo-gold")).toBe(false);
    const menus = (await t.app.inject({ method: "GET", url: "/lgw/games/game_menus" })).json().value;
    const vendorsShown = menus.flatMap((m: { vendors: Array<{ vassalage: string }> }) =>
      m.vendors.map((v) => v.vassalage),
    );
    expect(vendorsShown).not.toContain("PNG");
  });

  it("refuses an operator whose role may not edit content", async () => {
    const g = await gameOf("panalo-gold");
    expect((await call("fin1", "GET", "/api/admin/games")).statusCode).toBe(403);
    expect((await edit(g, { enabled: false }, "fin1")).statusCode).toBe(403);
    expect((await gameOf("panalo-gold")).version).toBe(g.version);
  });

  it("orders the site's nav and hides a category, as the back office sets it, audited", async () => {
    const navOf = async () =>
      (
        (await t.app.inject({ method: "GET", url: "/lgw/games/game_menus" })).json().value as Array<{
          gameType: string;
        }>
      ).map((m) => m.gameType);
    const before = await navOf();
    expect(before.length).toBeGreaterThan(2);
    const cats = (await call("editor1", "GET", "/api/admin/games/categories")).json().value as Array<{
      code: string;
      shown: boolean;
    }>;
    // The last category in the nav goes first; the second is hidden.
    const [first, second] = before;
    const last = before.at(-1);
    const order = [...cats.filter((c) => c.code === last), ...cats.filter((c) => c.code !== last)].map(
      (c) => ({ code: c.code, shown: c.code !== second }),
    );
    const saved = await call("editor1", "PUT", "/api/admin/games/categories", { order });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await navOf();
    expect(after[0]).toBe(last);
    expect(after[1]).toBe(first);
    expect(after).not.toContain(second);
    // Every category named once, or nothing changes.
    const partial = await call("editor1", "PUT", "/api/admin/games/categories", { order: order.slice(1) });
    expect(partial.json()).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    expect((await call("fin1", "PUT", "/api/admin/games/categories", { order })).statusCode).toBe(403);
    expect(await navOf()).toEqual(after);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, "game_nav"));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.operatorName).toBe("editor1");
  });

  it("adds a game by hand: the player's list shows it in its category and language, audited", async () => {
    const game = {
      vendor: "PNG",
      gameCode: "panalo-hand-1",
      names: { EN: "Lucky Carabao", TY: "Suwerteng Kalabaw" },
      gameType: "RNG",
      gameClassify: "SLOT",
      minBet: "2.00",
      isHot: true,
    };
    // Turned back on: the vendor test above turned PNG off.
    const vendors = (await call("editor1", "GET", "/api/admin/games/vendors")).json().value;
    const png = vendors.find((v: { vassalage: string }) => v.vassalage === "PNG");
    if (!png.enabled)
      await call("editor1", "PUT", `/api/admin/games/vendors/${png.nodeId}`, {
        displayName: png.displayName,
        enabled: true,
        isHot: png.isHot,
        sort: png.sort,
        smallIcon: png.smallIcon,
        logo: png.logo,
        logoHover: png.logoHover,
        version: png.version,
      });
    const res = await call("editor1", "POST", "/api/admin/games", game);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      vendor: "PNG",
      gameCode: "panalo-hand-1",
      isHot: true,
      enabled: true,
    });
    const listed = (await playerList("TY")).find((g) => g.gameCode === "panalo-hand-1");
    expect(listed).toMatchObject({ gameName: "Suwerteng Kalabaw", isHot: 1 });
    expect((await playerList("EN", "carabao")).map((g) => g.gameCode)).toEqual(["panalo-hand-1"]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "game"), eq(auditLog.entityId, "PNG:panalo-hand-1")));
    expect(audit.map((a) => [a.action, a.operatorName])).toEqual([["create", "editor1"]]);

    // The same code twice, an unknown vendor, a game without a name: each refused at its field.
    const field = async (body: Record<string, unknown>) => {
      const r = (await call("editor1", "POST", "/api/admin/games", body)).json();
      expect(r.code).toBe("VALIDATION_ERROR");
      return r.details[0];
    };
    expect(await field(game)).toEqual({ path: "gameCode", message: "game_code_taken" });
    expect(await field({ ...game, gameCode: "x-2", vendor: "NOPE" })).toEqual({
      path: "vendor",
      message: "vendor_unknown",
    });
    expect((await field({ ...game, gameCode: "x-3", names: { JA: "x" } })).path).toBe("names.EN");
    expect((await field({ ...game, gameCode: "bad code!" })).message).toBe("game_code_invalid");
    // Only an operator who may edit the catalogue adds to it.
    expect((await call("fin1", "POST", "/api/admin/games", { ...game, gameCode: "x-4" })).statusCode).toBe(
      403,
    );
  });
});
