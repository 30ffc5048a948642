import { AdminPlayersQuery } from "@panalo/contracts/list-query";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";
import { checkPlayerExport, PLAYERS_CSV_HEADER } from "./service.ts";

const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
const PASSWORD = "Operator-pass-2026";
const OPS = {
  support: { username: "pl_owner", role: "owner", totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" },
  writer: { username: "pl_writer", role: "content", totpSecret: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ" },
} as const;

/** The players list: status, KYC, upline agent, registration and last sign-in days; order; pages. */
describe("the players list", () => {
  let t: TestApp;
  const cookie: Record<string, string> = {};
  let agent = 0;
  beforeAll(async () => {
    t = await createTestApp();
    for (const [key, op] of Object.entries(OPS)) {
      await createOperator(t.database.db, { ...op, password: PASSWORD });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/session",
        headers: H,
        payload: {
          username: op.username,
          password: PASSWORD,
          totp: totpAt(op.totpSecret, Math.floor(Date.now() / 30000)),
        },
      });
      cookie[key] = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
    }
    const q = (query: ReturnType<typeof sql>) => queryRows<{ id: string }>(t.database.db, query);
    const [a] = await q(
      sql`INSERT INTO members (username, is_agent, created_at) VALUES ('pl_agent', 1, '2030-01-01T00:00:00Z') RETURNING id`,
    );
    agent = Number(a?.id);
    // 12 players registered on 2030-02-01 … 2030-02-12 (Manila), every third locked, every
    // fourth verified, the first six under the agent; the even ones signed in on 2030-03-01.
    for (let i = 1; i <= 12; i++) {
      const day = String(i).padStart(2, "0");
      await q(sql`INSERT INTO members (username, status, kyc_status, upline_id, created_at, last_login_at)
        VALUES (${`pl_p${day}`}, ${i % 3 === 0 ? "locked" : "active"}, ${i % 4 === 0 ? "verified" : "none"},
          ${i <= 6 ? agent : null}, ${`2030-02-${day}T04:00:00Z`}::timestamptz,
          ${i % 2 === 0 ? "2030-03-01T04:00:00Z" : null}::timestamptz)`);
    }
  }, 120_000);
  afterAll(async () => t?.close());

  const get = (who: keyof typeof OPS, url: string) =>
    t.app.inject({ method: "GET", url, headers: { ...H, cookie: cookie[who] } });
  const names = (v: { items: Array<{ username: string }> }) => v.items.map((p) => p.username);

  it("filters on the server and orders and pages what matches", async () => {
    const locked = (await get("support", "/api/admin/players?status=locked&q=pl_p")).json().value;
    expect(names(locked)).toEqual(["pl_p12", "pl_p09", "pl_p06", "pl_p03"]);
    const verified = (
      await get("support", "/api/admin/players?kyc=verified&sort=username&direction=asc")
    ).json().value;
    expect(names(verified)).toEqual(["pl_p04", "pl_p08", "pl_p12"]);
    const team = (await get("support", `/api/admin/players?agent=${agent}&pageSize=4&page=2`)).json().value;
    expect(team.total).toBe(6);
    expect(names(team)).toEqual(["pl_p02", "pl_p01"]);
    const registered = (
      await get("support", "/api/admin/players?registeredFrom=2030-02-03&registeredTo=2030-02-05")
    ).json().value;
    expect(names(registered)).toEqual(["pl_p05", "pl_p04", "pl_p03"]);
    const seen = (
      await get(
        "support",
        "/api/admin/players?lastLoginFrom=2030-03-01&lastLoginTo=2030-03-01&sort=lastLoginAt&direction=desc",
      )
    ).json().value;
    expect(seen.total).toBe(6);
  });

  it("filters by VIP level and main balance range in pesos, and shows and sorts by both", async () => {
    const q = (query: ReturnType<typeof sql>) => queryRows(t.database.db, query);
    // pl_p01 ₱0.50 level 2; pl_p02 ₱100.00 level 2; pl_p03 ₱2,500.75 level 1; the rest have no
    // main account yet (₱0) and no loyalty row (level 0).
    const set = [
      ["pl_p01", 50, 2],
      ["pl_p02", 10_000, 2],
      ["pl_p03", 250_075, 1],
    ] as const;
    for (const [name, minor, level] of set) {
      await q(sql`INSERT INTO ledger_accounts (member_id, kind, currency, balance)
        SELECT id, 'main', currency, ${minor} FROM members WHERE username = ${name}`);
      await q(sql`INSERT INTO loyalty_members (member_id, vip_level)
        SELECT id, ${level} FROM members WHERE username = ${name}`);
    }
    const list = async (query: string) =>
      (await get("support", `/api/admin/players?q=pl_p&sort=username&direction=asc&${query}`)).json().value;
    expect(names(await list("vip=2"))).toEqual(["pl_p01", "pl_p02"]);
    expect((await list("vip=0")).total).toBe(9);
    expect(names(await list("balanceMin=100.00"))).toEqual(["pl_p02", "pl_p03"]);
    expect(names(await list("balanceMin=0.50&balanceMax=100"))).toEqual(["pl_p01", "pl_p02"]);
    // No lower bound: members without an account (₱0) are in range.
    expect((await list("balanceMax=0.50")).total).toBe(10);
    expect(names(await list("vip=2&balanceMin=1"))).toEqual(["pl_p02"]);
    const richest = (
      await get("support", "/api/admin/players?q=pl_p&sort=balance&direction=desc&pageSize=2")
    ).json().value;
    expect(
      richest.items.map((p: { username: string; balance: string; vipLevel: number }) => [
        p.username,
        p.balance,
        p.vipLevel,
      ]),
    ).toEqual([
      ["pl_p03", "2500.75", 1],
      ["pl_p02", "100.00", 2],
    ]);
  });

  it("exports every player of the filters and order shown as CSV with a BOM, balances in pesos", async () => {
    // Runs after the balances above: pl_p01 ₱0.50, pl_p02 ₱100.00, pl_p03 ₱2,500.75.
    const res = await get(
      "support",
      "/api/admin/players/export?q=pl_p&balanceMin=0.50&sort=balance&direction=desc&page=2&pageSize=1",
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="players-.*\.csv"$/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines[0]).toBe(PLAYERS_CSV_HEADER.join(","));
    // Every matching row (the page and its size are not the file's), in the list's order.
    const rows = lines.slice(1).map((l) => l.split(","));
    expect(rows.map((r) => [r[1], r[7], r[8]])).toEqual([
      ["pl_p03", "2500.75", "PHP"],
      ["pl_p02", "100.00", "PHP"],
      ["pl_p01", "0.50", "PHP"],
    ]);
    expect(rows.map((r) => r[6])).toEqual(["1", "2", "2"]);
    expect(rows[0]?.[9]).toMatch(/^2030-02-03 12:00:00 PHT$/);

    const locked = await get("support", "/api/admin/players/export?status=locked&q=pl_p");
    const lockedRows = locked.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n")
      .slice(1);
    const list = (await get("support", "/api/admin/players?status=locked&q=pl_p")).json().value;
    expect(lockedRows).toHaveLength(list.total);
    for (const line of lockedRows) expect(line.split(",")[5]).toBe("locked");
  });

  it("refuses an export above the row cap before the file starts, and bad input like the list", async () => {
    const query = AdminPlayersQuery.parse({ q: "pl_p" });
    await expect(checkPlayerExport(t.database.db, query, 3)).rejects.toMatchObject({
      code: "EXPORT_TOO_LARGE",
      httpStatus: 400,
    });
    expect(await checkPlayerExport(t.database.db, query, 12)).toBe(12);
    expect((await get("writer", "/api/admin/players/export")).statusCode).toBe(403);
    const bad = await get("support", "/api/admin/players/export?balanceMin=1.234");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("VALIDATION_ERROR");
  });

  it("answers 403 without players.read and VALIDATION_ERROR to bad input", async () => {
    expect((await get("writer", "/api/admin/players?status=locked")).statusCode).toBe(403);
    for (const bad of [
      "status=gone",
      "kyc=maybe",
      "agent=x",
      "vip=-1",
      "balanceMin=12.345",
      "balanceMax=abc",
      "registeredFrom=2030/02/01",
      "sort=password",
      "pageSize=999",
    ]) {
      const res = await get("support", `/api/admin/players?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code, bad).toBe("VALIDATION_ERROR");
      expect(
        res.json().details.map((d: { path: string }) => d.path),
        bad,
      ).toContain(bad.split("=")[0]);
    }
  });
});
