import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent } from "../../seed/content.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";

// The in-house vendors come with drawn logos; the operator uploads the others
// and sets them on the vendor; the site's game menus carry them to the footer.
let nowMs = Date.UTC(2026, 10, 22, 8, 0, 0);
const clock = { now: () => new Date(nowMs) };
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
const OWNER = {
  username: "owner1",
  password: "Owner-password-2026",
  totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
};
const SUPPORT = {
  username: "support1",
  password: "Support-password-2026",
  totpSecret: "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU",
};
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000202a0a5b2a40000000049454e44ae426082",
  "hex",
);

describe("partner logos", () => {
  let t: TestApp;
  let owner = "";
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    await seedDemoContent(t.database.db, t.config);
    await createOperator(t.database.db, { ...OWNER, role: "owner" });
    await createOperator(t.database.db, { ...SUPPORT, role: "support" });
    owner = await login(OWNER);
  });
  afterAll(async () => t.close());

  async function login(who: typeof OWNER): Promise<string> {
    nowMs += 30_000;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: H,
      payload: {
        username: who.username,
        password: who.password,
        totp: totpAt(who.totpSecret, Math.floor(nowMs / 30_000)),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
  }

  async function upload(cookie: string): Promise<string> {
    const boundary = "----panalologo";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="l.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/media",
      headers: { ...H, cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.url;
  }

  const list = async (cookie: string) =>
    t.app.inject({ method: "GET", url: "/api/admin/partner-logos", headers: { ...H, cookie } });
  const menus = async () =>
    (await t.app.inject({ method: "GET", url: "/lgw/games/game_menus" }))
      .json()
      .value.flatMap(
        (m: { vendors: Array<{ vassalage: string; logo: string; logoHover: string }> }) => m.vendors,
      );

  it("seeds every in-house vendor with its drawn SVG logo, served as an image", async () => {
    const vendors = await menus();
    expect(vendors.length).toBeGreaterThan(0);
    for (const v of vendors) {
      const img = await t.app.inject({ method: "GET", url: v.logo });
      expect(img.headers["content-type"]).toBe("image/svg+xml");
      // The drawn logo (not the old placeholder): the name with a fixed length, never cut off.
      expect(img.body).toContain("textLength=");
      expect(v.logoHover).toBe(v.logo);
    }
  });

  it("sets an uploaded logo on a vendor; the site's menus carry it", async () => {
    const url = await upload(owner);
    const before = (await list(owner))
      .json()
      .value.items.find((v: { vassalage: string }) => v.vassalage === "PNL");
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/admin/partner-logos/PNL",
      headers: { ...H, cookie: owner },
      payload: { logo: url, logoHover: null, version: before.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ logo: url, logoHover: url, version: before.version + 1 });
    const pnl = (await menus()).find((v: { vassalage: string }) => v.vassalage === "PNL");
    expect(pnl).toMatchObject({ logo: url, logoHover: url });

    // The same version again is stale: someone else's change is never overwritten unseen.
    const stale = await t.app.inject({
      method: "PUT",
      url: "/api/admin/partner-logos/PNL",
      headers: { ...H, cookie: owner },
      payload: { logo: "", logoHover: null, version: before.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe("VERSION_CONFLICT");
  });

  it("refuses an address that is not a stored image, an unknown vendor and a reader", async () => {
    const items = (await list(owner)).json().value.items;
    const pns = items.find((v: { vassalage: string }) => v.vassalage === "PNS");
    const put = (vendor: string, payload: object, cookie = owner) =>
      t.app.inject({
        method: "PUT",
        url: `/api/admin/partner-logos/${vendor}`,
        headers: { ...H, cookie },
        payload,
      });
    const outside = await put("PNS", {
      logo: "https://evil.example/x.png",
      logoHover: null,
      version: pns.version,
    });
    expect(outside.statusCode).toBe(400);
    const missing = await put("PNS", { logo: "/media/999999", logoHover: null, version: pns.version });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe("MEDIA_MISSING");
    expect((await put("NOPE", { logo: "", logoHover: null, version: 1 })).statusCode).toBe(404);
    const support = await login(SUPPORT);
    expect((await list(support)).statusCode).toBe(200);
    expect((await put("PNS", { logo: "", logoHover: null, version: pns.version }, support)).statusCode).toBe(
      403,
    );
  });
});
