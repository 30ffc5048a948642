import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { registerMember } from "../../testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";

const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
const PASSWORD = "Operator-pass-2026";
const OPS = {
  cash: { username: "qx_cash", role: "finance", totpSecret: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ" },
  writer: { username: "qx_writer", role: "content", totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" },
} as const;

/** The deposit and withdrawal queues: a range of Manila days, and a CSV of every matching row. */
describe("deposit and withdrawal lists by date, exported", () => {
  let t: TestApp;
  const cookie: Record<string, string> = {};
  let other = 0;
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
    const member = (await registerMember(t.app, "queuex")).id;
    const q = (query: ReturnType<typeof sql>) => queryRows<{ id: string }>(t.database.db, query);
    const [ch] = await q(sql`INSERT INTO payment_channels (code, kind, name, min_amount, max_amount)
      VALUES ('qx-bank', 'bank', 'Bank, "QX"', 100, 10000000) RETURNING id`);
    // 150 deposits on 2030-06-01 (Manila), 5 on 2030-06-02; 3 withdrawals on each day.
    for (let i = 0; i < 155; i++) {
      const at = i < 150 ? "2030-06-01T02:00:00Z" : "2030-06-02T02:00:00Z";
      await q(sql`INSERT INTO deposits (member_id, channel_id, request_id, amount, currency, status, reference, created_at)
        VALUES (${member}, ${ch?.id}, ${`qx${i}`}, ${10_000 + i}, 'PHP', 'approved', ${i === 0 ? "=cmd()" : `R${i}`}, ${at}::timestamptz)`);
    }
    const payout = JSON.stringify({
      kind: "ewallet",
      provider: "gcash",
      accountName: "X",
      accountNumber: "09171234567",
    });
    for (let i = 0; i < 6; i++) {
      const at = i < 3 ? "2030-06-01T02:00:00Z" : "2030-06-02T02:00:00Z";
      await q(sql`INSERT INTO withdrawals (member_id, request_id, amount, currency, payout, status, created_at)
        VALUES (${member}, ${`qw${i}`}, ${50_000 + i}, 'PHP', ${payout}::jsonb, 'paid', ${at}::timestamptz)`);
    }
    // Held wins: 2 on 2030-06-01, 1 on 2030-06-02; and 2 of another member on 2030-06-03.
    for (let i = 0; i < 3; i++) {
      const at = i < 2 ? "2030-06-01T02:00:00Z" : "2030-06-02T02:00:00Z";
      await q(sql`INSERT INTO provider_win_reviews (vendor, transaction_id, round_id, member_id, currency, amount, round_bets, round_wins, created_at)
        VALUES ('PNS', ${`hw${i}`}, ${`r${i}`}, ${member}, 'PHP', ${1_000_000 + i}, 100, 0, ${at}::timestamptz)`);
    }
    other = (await registerMember(t.app, "queuey")).id;
    for (let i = 3; i < 5; i++) {
      const decided = i === 3 ? "2030-06-03T03:00:00Z" : null;
      await q(sql`INSERT INTO provider_win_reviews (vendor, transaction_id, round_id, member_id, currency, amount, round_bets, round_wins, status, decided_by, decided_at, created_at)
        VALUES ('PNS', ${`hw${i}`}, ${`r${i}`}, ${other}, 'PHP', ${2_000_000 + i}, 100, 0,
          ${decided ? "rejected" : "pending"}, ${decided ? 1 : null}, ${decided}::timestamptz,
          '2030-06-03T02:00:00Z'::timestamptz)`);
    }
  }, 120_000);
  afterAll(async () => t?.close());

  const get = (who: keyof typeof OPS, url: string) =>
    t.app.inject({ method: "GET", url, headers: { ...H, cookie: cookie[who] } });
  const csvLines = (body: string) => body.slice(1).trimEnd().split("\r\n");

  it("filters deposits by Manila day and exports all of them, not the page", async () => {
    const page = (await get("cash", "/api/admin/deposits?from=2030-06-01&to=2030-06-01&pageSize=20")).json()
      .value;
    expect(page.total).toBe(150);
    expect(page.items).toHaveLength(20);
    const res = await get(
      "cash",
      "/api/admin/deposits/export?from=2030-06-01&to=2030-06-01&page=3&pageSize=20",
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      "id,created (PHT),status,member id,member,amount (PHP),channel,reference,decided (PHT)",
    );
    expect(lines).toHaveLength(151); // the header and 150 rows (more than one export page of 100)
    expect(new Set(lines.slice(1).map((l) => l.split(",")[0])).size).toBe(150);
    // Newest first; pesos with two decimals; Manila time; the channel's comma and quotes quoted.
    expect(lines[1]).toMatch(
      /^\d+,2030-06-01 10:00:00 PHT,approved,\d+,queuex,101\.49,"Bank, ""QX""",R149,$/,
    );
    expect(lines[150]).toContain(',100.00,"Bank, ""QX""",\'=cmd(),');
  });

  it("filters withdrawals by day and exports them with the account number masked", async () => {
    const page = (await get("cash", "/api/admin/withdrawals?from=2030-06-02&to=2030-06-02")).json().value;
    expect(page.total).toBe(3);
    const lines = csvLines((await get("cash", "/api/admin/withdrawals/export?from=2030-06-02")).body);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^\d+,2030-06-02 10:00:00 PHT,paid,\d+,queuex,500\.05,ewallet ••••4567,$/);
    expect(lines.join("\n")).not.toContain("09171234567");
  });

  it("filters held wins by day and exports them", async () => {
    const page = (await get("cash", "/api/admin/win-reviews?from=2030-06-01&to=2030-06-01")).json().value;
    expect(page.total).toBe(2);
    const res = await get("cash", "/api/admin/win-reviews/export?from=2030-06-01&to=2030-06-02&pageSize=1");
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      "id,held (PHT),status,vendor,round,member id,member,amount (PHP),decided by,decided (PHT)",
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^\d+,2030-06-02 10:00:00 PHT,pending,PNS,r2,\d+,queuex,10000\.02,,$/);
  });

  it("filters held wins by member and status, and exports only that member's", async () => {
    const mine = (await get("cash", `/api/admin/win-reviews?memberId=${other}`)).json().value;
    expect(mine.total).toBe(2);
    expect(mine.items.map((r: { username: string }) => r.username)).toEqual(["queuey", "queuey"]);
    const pending = (await get("cash", `/api/admin/win-reviews?memberId=${other}&status=pending`)).json()
      .value;
    expect(pending.items.map((r: { roundId: string }) => r.roundId)).toEqual(["r4"]);
    const res = await get("cash", `/api/admin/win-reviews/export?memberId=${other}&page=2&pageSize=1`);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      "id,held (PHT),status,vendor,round,member id,member,amount (PHP),decided by,decided (PHT)",
    );
    expect(lines.slice(1).map((l) => l.split(",").slice(2, 8))).toEqual([
      ["pending", "PNS", "r4", String(other), "queuey", "20000.04"],
      ["rejected", "PNS", "r3", String(other), "queuey", "20000.03"],
    ]);
    const none = await get("cash", "/api/admin/win-reviews?memberId=x");
    expect(none.statusCode).toBe(400);
    expect(none.json().details.map((d: { path: string }) => d.path)).toContain("memberId");
  });

  it("answers 403 without finance.read and VALIDATION_ERROR to bad input", async () => {
    for (const url of [
      "/api/admin/deposits/export",
      "/api/admin/withdrawals/export",
      "/api/admin/win-reviews/export",
    ]) {
      expect((await get("writer", url)).statusCode, url).toBe(403);
      const bad = await get("cash", `${url}?from=01-06-2030`);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().code).toBe("VALIDATION_ERROR");
      expect(bad.json().details.map((d: { path: string }) => d.path)).toContain("from");
    }
  });
});
