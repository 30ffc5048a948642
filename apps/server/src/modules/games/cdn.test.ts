import { LaunchGameValue } from "@panalo/contracts/games";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { seedDemoContent } from "../../seed/content.ts";
import { seedGames } from "../../seed/games.ts";
import { registerMember } from "../../testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";

/** A clock the test moves, so each operator sign-in uses a fresh TOTP step. */
let nowMs = Date.now();
const clock = { now: () => new Date(nowMs) };
const OWNER = {
  username: "cdnowner",
  password: "Owner-password-2026",
  totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
};
const READER = {
  username: "cdnreader",
  password: "Reader-password-2026",
  totpSecret: "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU",
};
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
const LAUNCH = ["https://cdn1.example.com", "https://cdn2.example.com/", "https://cdn3.example.com/edge"];
const IMAGES = ["https://img1.example.com", "https://img2.example.com"];

describe("launch and image CDNs: the back-office lists, the status answer and the launch", () => {
  let t: TestApp;
  let owner = "";
  let member = { id: 0, token: "" };

  const signIn = async (who: typeof OWNER) => {
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
    return `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
  };
  const put = (path: string, payload: unknown, cookie = owner) =>
    t.app.inject({
      method: "PUT",
      url: `/api/admin/settings/${path}`,
      headers: { ...H, cookie },
      payload: payload as object,
    });
  const status = async () =>
    (await t.app.inject({ method: "GET", url: "/wps/system/status", headers: { "x-lang": "EN" } })).json()
      .value;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    await seedDemoContent(t.database.db, t.config);
    await seedGames(t.database.db, t.config);
    await createOperator(t.database.db, { ...OWNER, role: "owner" });
    await createOperator(t.database.db, { ...READER, role: "content" });
    owner = await signIn(OWNER);
    member = await registerMember(t.app, "CdnPlayer1", 100_00n);
  });
  afterAll(async () => t.close());

  it("answers empty lists until the operator sets them", async () => {
    const v = await status();
    expect(v.launchGameCDNs).toEqual([]);
    expect(v.imageCDNs).toEqual([]);
  });

  it("saves both lists from the back office, audited, and the status answer shows them", async () => {
    const a = await put("launch-cdns", LAUNCH);
    expect(a.statusCode, a.body).toBe(200);
    expect((await put("image-cdns", IMAGES)).statusCode).toBe(200);
    const v = await status();
    expect(v.launchGameCDNs).toEqual(LAUNCH);
    expect(v.imageCDNs).toEqual(IMAGES);
    const audit = await queryRows<{ entity_type: string; after: unknown }>(
      t.database.db,
      sql`SELECT entity_type, after FROM audit_log WHERE entity_type LIKE 'settings.%CDNs' ORDER BY id`,
    );
    expect(audit.map((r) => r.entity_type)).toEqual(["settings.launchGameCDNs", "settings.imageCDNs"]);
    expect(audit[0]?.after).toEqual(LAUNCH);
  });

  it("refuses plain http, queries, duplicates, more than 20 and operators without the permission", async () => {
    for (const bad of [
      ["http://cdn.example.com"],
      ["https://cdn.example.com/?x=1"],
      ["https://user:pw@cdn.example.com"],
      ["javascript:alert(1)"],
      ["https://cdn.example.com", "https://CDN.example.com/"],
      Array.from({ length: 21 }, (_, i) => `https://c${i}.example.com`),
    ]) {
      const res = await put("launch-cdns", bad);
      expect(res.json(), JSON.stringify(bad)).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    }
    const reader = await signIn(READER);
    expect((await put("image-cdns", [], reader)).statusCode).toBe(403);
    expect((await status()).launchGameCDNs).toEqual(LAUNCH);
  });

  it("spreads launches over every listed CDN", async () => {
    const [game] = await queryRows<{ node_id: number }>(
      t.database.db,
      sql`SELECT node_id FROM games WHERE game_code = 'panalo-gold'`,
    );
    const hosts = new Map<string, number>();
    for (let i = 0; i < 45; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/wps/game/launchGame",
        payload: { nodeId: game?.node_id },
        headers: { authorization: `Bearer ${member.token}` },
      });
      const url = new URL(LaunchGameValue.parse(res.json().value).url);
      const base = LAUNCH.find((c) => url.href.startsWith(`${c.replace(/\/$/, "")}/rgs/games/panalo-gold?`));
      expect(base, url.href).toBeDefined();
      hosts.set(base ?? "", (hosts.get(base ?? "") ?? 0) + 1);
    }
    // Each of 3 is missed by chance with probability 3·(2/3)^45 ≈ 4e-8.
    expect([...hosts.keys()].sort()).toEqual([...LAUNCH].sort());
  });

  it("launches from the site's own origin again once the list is emptied", async () => {
    expect((await put("launch-cdns", [])).statusCode).toBe(200);
    const [game] = await queryRows<{ node_id: number }>(
      t.database.db,
      sql`SELECT node_id FROM games WHERE game_code = 'panalo-gold'`,
    );
    const res = await t.app.inject({
      method: "POST",
      url: "/wps/game/launchGame",
      payload: { nodeId: game?.node_id },
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(LaunchGameValue.parse(res.json().value).url.startsWith("/rgs/games/panalo-gold?")).toBe(true);
  });
});
