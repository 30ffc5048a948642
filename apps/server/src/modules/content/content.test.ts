import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent } from "../../seed/content.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/** Every public content and system call the site makes, on the seeded demo brand. */
describe("content and system calls", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoContent(t.database.db, t.config);
  });
  afterAll(async () => t.close());

  const get = (url: string, lang = "TY") =>
    t.app.inject({ method: "GET", url, headers: { "x-lang": lang, "x-forwarded-for": "8.8.8.8" } });

  it("answers the permission response with status 0, brand, switches, resources and the visitor's IP", async () => {
    const res = await get("/wps/system/status");
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v.systemStatus).toBe(0);
    expect(v.brand.name).toBe("Panalo");
    expect(v.brand.currencySymbol).toBe("₱");
    expect(v.brand.minimumAge).toBe(21);
    expect(v.whitelabel.USERNAMEREG3).toBe(true);
    expect(v.location.ip).toBe("127.0.0.1"); // no trusted proxy configured: the header is ignored
    expect(v.resources.map((r: { resourceType: string }) => r.resourceType)).toContain("FACEBOOK");
    const android = v.resources.find((r: { resourceType: string }) => r.resourceType === "ANDROID_APP");
    expect(android.qrCodeUrl).toBe("/media/qr/ANDROID_APP.svg");
    expect(v.maintenance.enabled).toBe(false);
    expect(v.regionRestriction.blocked).toBe(false);
  });

  it("gives texts in the caller's language, Filipino by default", async () => {
    const ty = (await get("/wps/system/helpCenter", "TY")).json().value;
    const en = (await get("/wps/system/helpCenter", "EN")).json().value;
    expect(ty[0].articles.length).toBeGreaterThan(0);
    expect(ty[1].title).toBe("Deposito at Withdrawal");
    expect(en[1].title).toBe("Deposits and Withdrawals");
    // An unknown language falls back to Filipino.
    expect((await get("/wps/system/helpCenter", "XX")).json().value[1].title).toBe("Deposito at Withdrawal");
  });

  it("serves the menu tree of module switches grouped as the spec's tree", async () => {
    const tree = (await get("/wps/system/whitelabel")).json().value;
    expect(tree.map((n: { modId: string }) => n.modId)).toEqual(["REGGRP", "HOMEPAGE"]);
    const reg = tree[0].childrenNodes.find((n: { modId: string }) => n.modId === "USERNAMEREG3");
    expect(reg.enabled).toBe("1");
    const free = tree[0].childrenNodes.find((n: { modId: string }) => n.modId === "FREEPLAY3");
    expect(free.enabled).toBe("0");
  });

  it("routes the site's domains", async () => {
    const v = (await get("/wps/system/domainRoute")).json().value;
    expect(v.routers.map((r: { type: string }) => r.type)).toEqual(["API", "GAME", "IMAGE", "WEB"]);
  });

  it("lists banners by group and refuses an unknown group", async () => {
    const home = (await get("/wps/system/banners?groups=home")).json().value;
    expect(home).toHaveLength(3);
    expect(home[0].url).toMatch(/^\/media\/\d+$/);
    expect(home[0].linkageType).toBe("ROUTE");
    const two = (await get("/wps/system/banners?groups=home,promotions")).json().value;
    expect(two).toHaveLength(4);
    const bad = await get("/wps/system/banners?groups=home,<script>");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    expect(bad.json().message).toMatch(/field/i);
  });

  it("serves banner images from the media store with long caching", async () => {
    const [first] = (await get("/wps/system/banners?groups=home")).json().value;
    const img = await get(first.url);
    expect(img.statusCode).toBe(200);
    expect(img.headers["content-type"]).toBe("image/svg+xml");
    expect(img.headers["cache-control"]).toContain("immutable");
    expect(img.body).toContain("<svg");
    expect((await get("/media/999999")).statusCode).toBe(404);
    expect((await get("/media/abc")).statusCode).toBe(404);
  });

  it("lists announcements by type and the home marquee notices", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/wps/relay/MCSFE_getListAnnouncements",
      payload: { types: ["B"] },
      headers: { "x-lang": "EN" },
    });
    const list = res.json().value;
    expect(list.length).toBe(13);
    expect(list.every((n: { type: string }) => n.type === "B")).toBe(true);
    expect(list[0].title).toBe("Scheduled maintenance on Sunday, 2:00–4:00 AM");
    const home = (await get("/wps/notice/home")).json().value;
    expect(home).toHaveLength(4);
    expect(home[0].type).toBe("H");
  });

  it("refuses a bad announcement request with a clear error", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/wps/relay/MCSFE_getListAnnouncements",
      payload: { types: ["ZZ"] },
      headers: { "x-lang": "EN" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_ERROR");
    expect(res.json().details[0].path).toBe("types.0");
    const empty = await t.app.inject({
      method: "POST",
      url: "/wps/relay/MCSFE_getListAnnouncements",
      payload: { types: [] },
    });
    expect(empty.statusCode).toBe(400);
    // The message is in Filipino when no language is sent.
    expect(empty.json().message).toMatch(/field/);
  });

  it("serves resources with a QR code for the app download", async () => {
    const list = (await get("/wps/system/resources")).json().value;
    expect(list.length).toBe(5);
    const qr = await get("/media/qr/IOS_APP.svg");
    expect(qr.statusCode).toBe(200);
    expect(qr.body).toContain("<svg");
    expect((await get("/media/qr/FACEBOOK.svg")).statusCode).toBe(404);
    expect((await get("/media/qr/..%2Fetc.svg")).statusCode).toBe(404);
  });

  it("serves search texts per route in the caller's language", async () => {
    const en = (await get("/wps/system/seo", "EN")).json().value;
    const rng = en.find((e: { path: string }) => e.path === "/rng");
    expect(rng.title).toBe("Online Slot Games | Panalo");
  });

  it("builds the nav from categories that have vendors", async () => {
    const menus = (await get("/lgw/games/game_menus")).json().value;
    expect(menus[0].gameType).toBe("RNG");
    expect(menus[0].vendors[0]).toMatchObject({ vassalage: "PNS", isHot: 1 });
    // Every category in the nav has a vendor; the card rooms' vendor puts PVP in it.
    expect(menus.every((m: { vendors: unknown[] }) => m.vendors.length > 0)).toBe(true);
    const pvp = menus.find((m: { gameType: string }) => m.gameType === "PVP");
    expect(pvp?.vendors.map((v: { vassalage: string }) => v.vassalage)).toContain("PNP");
  });

  it("stores the language choice and refuses an unknown one", async () => {
    const ok = await t.app.inject({
      method: "PUT",
      url: "/wps/member/language",
      payload: { language: "EN" },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["set-cookie"]).toContain("panalo_lang=EN");
    const bad = await t.app.inject({
      method: "PUT",
      url: "/wps/member/language",
      payload: { language: "klingon" },
      headers: { "x-lang": "EN" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    expect(bad.json().message).toBe("Some fields are not valid. Please check them and try again.");
  });

  it("answers malformed JSON with the envelope, not a crash", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/wps/relay/MCSFE_getListAnnouncements",
      payload: "{not json",
      headers: { "content-type": "application/json", "x-lang": "EN" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});

describe("system status behind a trusted proxy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUSTED_PROXIES: "127.0.0.1" });
    await seedDemoContent(t.database.db, t.config);
  });
  afterAll(async () => t.close());

  it("believes X-Forwarded-For from a configured proxy and looks up the country", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/wps/system/status",
      headers: { "x-forwarded-for": "8.8.8.8" },
    });
    expect(res.json().value.location).toEqual({ ip: "8.8.8.8", countryCode: "US" });
  });
});
