import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { banners, notices } from "../../db/schema/content.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "./operators.ts";
import { totpAt } from "./totp.ts";

/**
 * A banner or notice link leaves the site only when the operator marked it
 * external; an in-site route starts with a single "/" ("//host", "/\host" and schemes like
 * javascript: are refused on save, and never served to the site even if stored earlier).
 */
describe("banner and notice links", () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

  beforeAll(async () => {
    t = await createTestApp();
    await createOperator(t.database.db, {
      username: "content1",
      role: "owner",
      password: "Content-pass-2026!",
      totpSecret: SECRET,
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: { "x-requested-with": "panalo-admin" },
      payload: {
        username: "content1",
        password: "Content-pass-2026!",
        totp: totpAt(SECRET, Math.floor(Date.now() / 30000)),
      },
    });
    headers = {
      cookie: `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`,
      "x-requested-with": "panalo-admin",
      "x-lang": "EN",
    };
  });
  afterAll(async () => t.close());

  const banner = (linkageType: string | null, linkage: string | null, external?: boolean) =>
    t.app.inject({
      method: "POST",
      url: "/api/admin/banners",
      headers,
      payload: {
        groupName: "home",
        imageUrl: "/media/1",
        alt: { TY: "a", EN: "a" },
        linkageType,
        linkage,
        ...(external === undefined ? {} : { external }),
        sortOrder: 0,
        enabled: true,
        startsAt: null,
        endsAt: null,
      },
    });
  const notice = (html: string, external?: boolean) =>
    t.app.inject({
      method: "POST",
      url: "/api/admin/notices",
      headers,
      payload: {
        type: "B",
        title: { TY: "Balita", EN: "News" },
        content: { TY: html, EN: html },
        ...(external === undefined ? {} : { external }),
        startsAt: null,
        endsAt: null,
        sortOrder: 0,
        enabled: true,
      },
    });

  it("refuses a route link that leaves the site, naming the field", async () => {
    for (const link of [
      "//evil.example/x",
      "/\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "https://evil.example",
      "promo",
    ]) {
      const res = await banner("ROUTE", link);
      expect(res.statusCode, link).toBe(400);
      expect(res.json().details, link).toEqual([{ path: "linkage", message: "link_invalid" }]);
      expect(res.json().message).toContain("“linkage”");
    }
    expect((await banner("ROUTE", "/promotions?tab=2")).statusCode).toBe(200);
  });

  it("takes an address that leaves the site only when the banner is marked external", async () => {
    const unmarked = await banner("URL", "https://partner.example/promo");
    expect(unmarked.statusCode).toBe(400);
    expect(unmarked.json().details).toEqual([{ path: "linkage", message: "link_not_external" }]);
    for (const link of [
      "javascript:alert(1)",
      "//partner.example",
      "data:text/html,x",
      "mailto:a@b.example",
    ]) {
      const res = await banner("URL", link, true);
      expect(res.statusCode, link).toBe(400);
    }
    const marked = await banner("URL", "https://partner.example/promo", true);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().value).toMatchObject({ external: true, linkage: "https://partner.example/promo" });
    const site = (await t.app.inject({ method: "GET", url: "/wps/system/banners?groups=home" })).json().value;
    expect(site).toContainEqual(
      expect.objectContaining({
        linkageType: "URL",
        linkage: "https://partner.example/promo",
        external: true,
      }),
    );
  });

  it("refuses notice links that leave the site unless the notice is marked external", async () => {
    const bad = await notice('<p><a href="//evil.example">x</a></p>');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toEqual({ path: "content.TY", message: "link_invalid" });
    const script = await notice('<p><a href="jav&#x61;script:alert(1)">x</a></p>', true);
    expect(script.statusCode).toBe(400);
    const unmarked = await notice('<p><a href="https://partner.example">x</a></p>');
    expect(unmarked.json().details[0]).toEqual({ path: "content.TY", message: "link_not_external" });

    const internal = await notice('<p><a href="/promotions">x</a></p>');
    expect(internal.statusCode).toBe(200);
    // An in-site link opens in the site, not in a new tab.
    expect(internal.json().value.content.EN).toBe('<p><a href="/promotions">x</a></p>');
    const marked = await notice('<p><a href="https://partner.example">x</a></p>', true);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().value.content.EN).toBe(
      '<p><a href="https://partner.example" rel="noopener noreferrer nofollow" target="_blank">x</a></p>',
    );
  });

  it("never serves a route or address link stored before the rules", async () => {
    await t.database.db.insert(banners).values([
      {
        groupName: "rng",
        imageUrl: "/media/1",
        alt: { EN: "old" },
        linkageType: "ROUTE",
        linkage: "//evil.example",
      },
      {
        groupName: "rng",
        imageUrl: "/media/1",
        alt: { EN: "old" },
        linkageType: "URL",
        linkage: "https://x.example",
      },
    ]);
    await t.database.db.insert(notices).values({ type: "B", title: { EN: "t" }, content: { EN: "c" } });
    const site = (await t.app.inject({ method: "GET", url: "/wps/system/banners?groups=rng" })).json().value;
    expect(site.map((b: { linkage: string | null }) => b.linkage)).toEqual([null, null]);
  });
});
